import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../../vitest.shared';

// End-to-end journeys: the built host app on the real API, in Debian's Chromium.
export default defineProject({
  // The LTI journey's test LMS (api/src/test) imports workspaces by their sources.
  ...sourceResolution,
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./globalSetup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One API and one browser serve every journey; files run one after another.
    fileParallelism: false,
  },
});
