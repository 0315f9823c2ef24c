import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared';

export default defineProject({
  ...sourceResolution,
  test: { name: 'embed', include: ['src/**/*.test.ts'], environment: 'node' },
});
