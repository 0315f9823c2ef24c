import type { PGlite } from '@electric-sql/pglite';
import type postgres from 'postgres';

/** How busy an instance's database connections are (GET /metrics). */
export interface PoolStats {
  /** Connections this instance may open. */
  size: number;
  /** Statements and transactions holding a connection now. */
  inUse: number;
  /** Statements and transactions beyond the pool's size: queued for a connection. */
  waiting: number;
}

/**
 * Counts the work in flight on one client: a statement from the moment it is handed to the pool
 * until it settles, a transaction for its whole length (it holds its connection throughout).
 * postgres.js keeps its pool's queues private, so the count is taken at the two doors every query of
 * ours goes through (`unsafe`, which drizzle and Database.query use, and `begin`); a statement
 * handed over when every connection is busy is waiting, whether postgres.js queues it or pipelines
 * it behind another. poolGauge.test.ts holds this to what the pool does.
 */
export function gaugePostgres(client: postgres.Sql, size: number): () => PoolStats {
  let inFlight = 0;
  const settle = () => {
    inFlight -= 1;
  };
  const unsafe = client.unsafe;
  client.unsafe = function tracked(this: unknown, ...args: Parameters<typeof unsafe>) {
    const query = unsafe.apply(this, args) as ReturnType<typeof unsafe> & {
      handler?: (q: unknown) => unknown;
    };
    const text = typeof args[0] === 'string' ? args[0] : '';
    // postgres.js's own `begin` runs through here; the transaction is counted as a whole below.
    if (typeof query.handler !== 'function' || /^begin\b/i.test(text)) return query;
    const dispatch = query.handler;
    query.handler = (q: unknown) => {
      inFlight += 1;
      const pending = q as { resolve(x: unknown): void; reject(x: unknown): void };
      const { resolve, reject } = pending;
      pending.resolve = (x) => {
        settle();
        resolve(x);
      };
      pending.reject = (x) => {
        settle();
        reject(x);
      };
      return dispatch(q);
    };
    return query;
  } as typeof unsafe;
  const begin = client.begin;
  client.begin = async function tracked(this: unknown, ...args: unknown[]) {
    inFlight += 1;
    try {
      return await (begin as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    } finally {
      settle();
    }
  } as typeof begin;
  return () => ({ size, inUse: Math.min(inFlight, size), waiting: Math.max(0, inFlight - size) });
}

/** PGlite is one connection: a query or transaction runs at a time, the others wait for it. */
export function gaugePglite(client: PGlite): () => PoolStats {
  let inFlight = 0;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      inFlight += 1;
      try {
        return await original(...args);
      } finally {
        inFlight -= 1;
      }
    };
  }
  return () => ({ size: 1, inUse: Math.min(inFlight, 1), waiting: Math.max(0, inFlight - 1) });
}
