import { defineConfig } from 'vitest/config';

// Every workspace with tests has its own vitest.config.ts; `npm test` runs them all as projects.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'packages/*/e2e/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/*/e2e/vitest.config.ts',
      '*/vitest.config.ts',
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/core/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/*.test-d.ts', 'packages/core/src/testing/**'],
      thresholds: { 'packages/core/src/**': { lines: 90 } },
      reporter: ['text-summary', 'text'],
    },
  },
});
