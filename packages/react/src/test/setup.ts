import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy…/waitFor wait up to 5 s, not 1 s: on a loaded 2-core CI machine a first render of a lazy
// widget can take longer than a second; a test that should fail still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// Toasts and the module-completed dialog load on first use; load them once here, so that a test
// waits for what the learner sees, not for the test runner compiling a module on a busy machine.
await Promise.all([import('../ui/ToastRegion'), import('../course-player/ModuleCompletedDialog')]);
