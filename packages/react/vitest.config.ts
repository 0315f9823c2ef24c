import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared';

export default defineProject({
  plugins: [vanillaExtractPlugin()],
  ...sourceResolution,
  test: {
    name: 'react',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // inject the widget CSS into jsdom, so the scoped-CSS check reads what the browser would get
    css: true,
    setupFiles: ['./src/test/setup.ts'],
    // Two test files run at once on a 2-core machine: a whole screen's first render in jsdom was seen
    // near 5 s, vitest's default limit. A limit, not an assertion: a test still fails on what it checks.
    testTimeout: 30_000,
    // *.test-d.ts: the public types, checked by tsc (vitest's typecheck mode) in the same run, unless
    // `npm test`'s typecheck step has just run tsc on this same tsconfig (TYPES_CHECKED=1)
    typecheck: {
      enabled: process.env.TYPES_CHECKED !== '1',
      include: ['src/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
