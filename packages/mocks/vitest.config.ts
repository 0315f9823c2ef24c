import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared';

export default defineProject({
  ...sourceResolution,
  test: { name: 'mocks', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 15_000 },
});
