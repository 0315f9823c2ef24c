import { defineProject } from 'vitest/config';
import { sourceResolution } from '../vitest.shared';

export default defineProject({
  ...sourceResolution,
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
