import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared';

// `npm run test:cluster`: nginx (Debian's, installed when missing) in front of three API processes on
// one PostgreSQL scratch database, loopback only. Minutes, not seconds: outside `npm test`.
export default defineProject({
  ...sourceResolution,
  test: {
    name: 'cluster',
    root: `${import.meta.dirname}/..`,
    include: ['cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
