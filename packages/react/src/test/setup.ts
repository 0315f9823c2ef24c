import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Toasts and the module-completed dialog load on first use; load them once here, so that a test
// waits for what the learner sees, not for the test runner compiling a module on a busy machine.
await Promise.all([import('../ui/ToastRegion'), import('../course-player/ModuleCompletedDialog')]);
