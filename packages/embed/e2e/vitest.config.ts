import { defineProject } from 'vitest/config';

// The embed in a real browser: the standalone bundle on a partner's page (another origin), the real
// API, Debian's Chromium. The bundle is built first (globalSetup).
export default defineProject({
  test: {
    name: 'embed-browser',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./buildBundle.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
