import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared';

export default defineProject({
  ...sourceResolution,
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Two files at a time on two cores beside the browser journeys: 5 s is too tight for a slow step.
    testTimeout: 15_000,
    // *.test-d.ts: the public types, checked by tsc (vitest's typecheck mode) in the same run, unless
    // `npm test`'s typecheck step has just run tsc on this same tsconfig (TYPES_CHECKED=1)
    typecheck: {
      enabled: process.env.TYPES_CHECKED !== '1',
      include: ['src/**/*.test-d.ts'],
      tsconfig: './tsconfig.test.json',
    },
  },
});
