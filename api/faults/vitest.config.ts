import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared';

// `npm run test:faults`: the fault suite, with a PostgreSQL server of its own that it stops and
// restarts, and the API as child processes; plus the quick fault cases that `npm test` also runs.
export default defineProject({
  ...sourceResolution,
  test: {
    name: 'faults',
    root: `${import.meta.dirname}/..`,
    include: ['faults/**/*.fault.test.ts', 'src/db/databaseDown.test.ts', 'src/mail/outbox.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Each file starts its own PostgreSQL server and API processes: one at a time on 2 cores.
    fileParallelism: false,
  },
});
