import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseStructures } from '../course/structure';
import { type Database, openDatabase } from '../db/index';
import { DRIVERS, startServer, type TestServer } from '../test/harness';
import { warmUp } from './warmUp';

// An instance readies itself before it listens: the first requests after a start or a deploy (a
// whole cohort's at once) find the pool's connections open and every course's structure in memory.

const logger = pino({ level: 'silent' });

describe.each(DRIVERS)('warming an instance up before it listens (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  /** The server's database with caches of its own, empty as an instance's are when it starts. */
  const freshInstance = () => ({ database: Object.create(server.database) as Database, logger });

  it('has every course’s structure in memory before the first request', async () => {
    const courses = (await server.database.query<{ id: number }>('select id from courses', [])).map((c) => ({
      id: c.id,
    }));
    expect(courses.length).toBeGreaterThan(1);

    const cold = freshInstance();
    let before = server.database.statements();
    await courseStructures(cold, courses);
    expect(server.database.statements()).toBeGreaterThan(before);

    const warm = freshInstance();
    await warmUp(warm, 2);
    before = server.database.statements();
    const structures = await courseStructures(warm, courses);
    expect(server.database.statements()).toBe(before);
    expect([...structures.keys()].sort()).toEqual(courses.map((c) => c.id).sort());
  });

  // Skipped on PGlite: it has no pool, only its one connection in the process.
  it.runIf(driver === 'postgres')('opens the pool’s connections', async () => {
    const connections = async () =>
      (
        await server.database.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = current_database()',
          [],
        )
      )[0]!.n;
    const database = await openDatabase({ url: server.databaseUrl!, max: 3 });
    try {
      const before = await connections();
      await warmUp({ database, logger }, 3);
      expect((await connections()) - before).toBeGreaterThanOrEqual(3);
    } finally {
      await database.close();
    }
  });
});
