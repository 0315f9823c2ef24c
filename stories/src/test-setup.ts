import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy…/waitFor wait up to 5 s, not 1 s: on a loaded 2-core CI machine a first render of a lazy
// widget can take longer than a second; a test that should fail still fails, only later.
configure({ asyncUtilTimeout: 5000 });
