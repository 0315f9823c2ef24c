import { defineProject } from 'vitest/config';

// The packages in real runtimes: each SCORM package in an iframe of an LMS page whose window holds
// scorm-again, the cmi5 package launched by a test LMS against a loopback LRS, in Debian's Chromium.
// The global setup builds the player and exports the three packages through the real API.
export default defineProject({
  test: {
    name: 'lms-browser',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./exportPackages.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
