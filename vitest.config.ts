import { defineConfig } from 'vitest/config';

// Every workspace with tests has its own vitest.config.ts; `npm test` runs them all as projects.
export default defineConfig({
  test: {
    // Two files at a time. Vitest's default is one fewer than the cores, which is one here: most
    // files wait on PostgreSQL, Chromium or a server of their own far more than they compute, so a
    // second file in flight uses the time the first spends waiting. The browser journeys of the site
    // stay one after another (their project turns file parallelism off).
    maxWorkers: 2,
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
