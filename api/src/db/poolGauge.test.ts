import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ScratchDatabase, scratchDatabase } from '../test/scratchDatabase';
import { type Database, openDatabase } from './index';

// The pool figures of GET /metrics, held to what the pool really does: postgres.js keeps its queues
// private, so an upgrade that changes its internals must fail here rather than report zeros.

/** Starts a drizzle query now (its promises are lazy: they run when first awaited). */
const started = (query: PromiseLike<unknown>) => Promise.resolve(query);

describe.runIf(process.env.DATABASE_URL)('pool figures (postgres)', () => {
  let scratch: ScratchDatabase;
  let database: Database;
  beforeAll(async () => {
    scratch = await scratchDatabase(process.env.DATABASE_URL!, 'ck_pool');
    database = await openDatabase({ url: scratch.url, max: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('counts statements on their connections and those waiting for one, then none', async () => {
    expect(database.pool()).toEqual({ size: 2, inUse: 0, waiting: 0 });
    const sleeping = [
      database.query('select pg_sleep(0.4)', []),
      started(database.db.execute(sql`select pg_sleep(0.4)`)),
      database.query('select pg_sleep(0.4)', []),
    ];
    await vi.waitFor(() => expect(database.pool().waiting).toBe(1), { timeout: 2_000, interval: 10 });
    expect(database.pool()).toEqual({ size: 2, inUse: 2, waiting: 1 });
    await Promise.all(sleeping);
    expect(database.pool()).toEqual({ size: 2, inUse: 0, waiting: 0 });
  });

  it('counts a transaction as one connection for its whole length, failed or not', async () => {
    let inside = { size: 0, inUse: 0, waiting: 0 };
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Holding the connection, no statement running: the one above has answered, the next is not sent.
      await new Promise((r) => setImmediate(r));
      inside = database.pool();
    });
    expect(inside).toEqual({ size: 2, inUse: 1, waiting: 0 });
    await expect(database.query('select * from no_such_table', [])).rejects.toThrow();
    expect(database.pool()).toEqual({ size: 2, inUse: 0, waiting: 0 });
  });
});

describe('pool figures (pglite)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(() => database?.close());

  it('has one connection: a second statement waits for the first', async () => {
    // PGlite runs in this thread: look before either statement has had a chance to run.
    const running = [database.query('select 1', []), database.query('select 2', [])];
    expect(database.pool()).toEqual({ size: 1, inUse: 1, waiting: 1 });
    await Promise.all(running);
    expect(database.pool()).toEqual({ size: 1, inUse: 0, waiting: 0 });
  });
});
