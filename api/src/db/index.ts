import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { createListener } from './listener';
import { gaugePglite, gaugePostgres, type PoolStats } from './poolGauge';
import * as schema from './schema';

export { schema };

/** The drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** A database connection plus what the server needs beyond queries: fan-out, health, shutdown. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the generated migrations in api/drizzle. */
  /** Applies the migrations of `folder` (api/drizzle; another folder only in tests of migrations). */
  migrate(folder?: string): Promise<void>;
  /**
   * LISTEN on a channel; resolves to a function that stops listening. `onListen` runs each time the
   * LISTEN is (re)established: notifications sent while the connection was down are lost, so a
   * listener that caches drops its cache there. `onLost` runs when the connection is lost (a
   * listener that caches stops caching until `onListen`).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListen?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  /** NOTIFY every listener of every instance. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * One hot-path statement with $1… parameters, prepared once per pooled connection on PostgreSQL
   * (parse and plan once, then bind and execute). Rows as objects; json columns parsed.
   */
  query<T>(text: string, params: unknown[]): Promise<T[]>;
  /** SQL statements run since start (the bench reads it). */
  statements(): number;
  /** Connections in use and statements waiting for one, now (GET /metrics). */
  pool(): PoolStats;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A PostgreSQL URL; without it, embedded PGlite. */
  url?: string | undefined;
  /** PGlite's directory; omitted: in memory (tests). */
  dataDir?: string | undefined;
  /** An embedded database opened by the caller (tests: one loaded from a seeded dump); wins over dataDir. */
  pglite?: PGlite | undefined;
  /** postgres.js pool size (10 by default). */
  max?: number | undefined;
  /** Seconds to wait for a PostgreSQL connection before failing the request (2 by default). */
  connectTimeout?: number | undefined;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let count = 0;
  const logger = { logQuery: () => void count++ };
  if (options.url) {
    // A short connect_timeout: while PostgreSQL is down, requests fail fast with 503 (http/errors.ts)
    // instead of queueing for postgres.js's default 30 s.
    const client = postgres(options.url, {
      max: options.max ?? 10,
      connect_timeout: options.connectTimeout ?? 2,
      // postgres.js waits up to 20 s (3^retries/100 s) between reconnects, and a queued query waits
      // with it: a request would hang through an outage. A short, capped pause keeps each queued
      // query's failure (503) and the recovery after a restart within a fraction of a second.
      backoff: (retries: number) => Math.min(0.05 * retries, 0.25),
      onnotice: () => {},
    });
    const pool = gaugePostgres(client, options.max ?? 10);
    const listener = createListener(options.url, { connectTimeout: options.connectTimeout ?? 2 });
    const db = drizzlePostgres(client, { schema, logger }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      migrate: (folder = MIGRATIONS_FOLDER) =>
        migratePostgres(drizzlePostgres(client), { migrationsFolder: folder }),
      listen: (channel, onMessage, onListen, onLost) => listener.listen(channel, onMessage, onListen, onLost),
      async notify(channel, payload) {
        await client.notify(channel, payload);
      },
      async query<T>(text: string, params: unknown[]) {
        count++;
        return (await client.unsafe(text, params as never[], { prepare: true })) as unknown as T[];
      },
      statements: () => count,
      pool,
      close: async () => {
        await Promise.all([listener.end(), client.end({ timeout: 5 })]);
      },
    };
  }
  let client: PGlite;
  if (options.pglite) {
    client = options.pglite;
  } else if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const pool = gaugePglite(client);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: (folder = MIGRATIONS_FOLDER) =>
      migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    async listen(channel, onMessage, onListen) {
      const stop = await client.listen(channel, onMessage);
      onListen?.();
      return () => stop();
    },
    async notify(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async query<T>(text: string, params: unknown[]) {
      count++;
      return (await client.query<T>(text, params)).rows;
    },
    statements: () => count,
    pool,
    close: () => client.close(),
  };
}

/** The newest migration in api/drizzle, as drizzle records it once applied (its journal's `when`). */
export function latestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** True when the database answers within `timeoutMs` (a readiness check must not hang). */
export async function ping(db: Db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

// postgres.js's own codes, Node's socket errors, and SQLSTATEs of a server that is going away or not
// up yet (class 08 connection exception, 57P01-03 shutdown/starting up, 53300 too many connections).
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** True when `err` (or the driver's error drizzle wraps in `cause`) is a unique-constraint violation (23505). */
export const isUniqueViolation = (err: unknown) =>
  /duplicate key|unique constraint/i.test(String((err as { message?: string })?.message)) ||
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** True when `err` (or what it wraps: drizzle wraps the driver's error in `cause`) means the database is unreachable. */
export function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    const errors = (e as { errors?: unknown }).errors; // AggregateError of a multi-address connect
    if (Array.isArray(errors) && errors.some(isConnectionError)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
