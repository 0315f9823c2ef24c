import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared';

export default defineProject({
  ...sourceResolution,
  test: { name: 'core', include: ['src/**/*.test.ts'], environment: 'node', typecheck: { enabled: false } },
});
