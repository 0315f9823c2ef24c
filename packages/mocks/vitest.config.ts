import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'mocks', include: ['src/**/*.test.ts'], environment: 'node' },
});
