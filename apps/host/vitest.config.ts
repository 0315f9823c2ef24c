import { defineProject } from 'vitest/config';

// Unit tests of the host's own parts (jsdom). The end-to-end journeys are the `e2e` project in e2e/.
export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'host',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
  },
});
