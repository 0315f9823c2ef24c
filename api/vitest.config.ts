import { defineProject } from 'vitest/config';
import { sourceResolution } from '../vitest.shared';

export default defineProject({
  ...sourceResolution,
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Migrates and seeds once per run; each file's server starts from a copy (harness.ts).
    globalSetup: ['./src/test/globalSetup.ts'],
    testTimeout: 30_000,
    // A server's start (migrations, the course loaded, the bootstrap admin's argon2id hash) takes
    // 2–5 s alone; with PGlite on a 2-core machine running other suites it was seen past 60 s.
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
