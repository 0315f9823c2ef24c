import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineProject } from 'vitest/config';

// Unit tests of the host's own parts (jsdom), and its screens with the widgets in them (their
// styles are vanilla-extract files, compiled as in @coursekit/react's own tests). The end-to-end
// journeys are the `e2e` project in e2e/.
export default defineProject({
  plugins: [vanillaExtractPlugin()],
  resolve: { conditions: ['source'] },
  // The same sources for a test file that asks for Node (`@vitest-environment node`).
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'host',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Two test files run at once on a 2-core machine: a whole screen's first render in jsdom was seen
    // near 5 s, vitest's default limit. A limit, not an assertion: a test still fails on what it checks.
    testTimeout: 30_000,
  },
});
