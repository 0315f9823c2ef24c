import { mkdirSync } from 'node:fs';
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
  migrate(): Promise<void>;
  /** LISTEN on a channel; resolves to a function that stops listening. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY every listener of every instance. */
  notify(channel: string, payload: string): Promise<void>;
  /** SQL statements run since start (the bench reads it). */
  statements(): number;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A PostgreSQL URL; without it, embedded PGlite. */
  url?: string | undefined;
  /** PGlite's directory; omitted: in memory (tests). */
  dataDir?: string | undefined;
  /** postgres.js pool size. */
  max?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let count = 0;
  const logger = { logQuery: () => void count++ };
  if (options.url) {
    const client = postgres(options.url, { max: options.max ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema, logger }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      migrate: () => migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_FOLDER }),
      async listen(channel, onMessage) {
        const sub = await client.listen(channel, onMessage);
        return () => sub.unlisten();
      },
      async notify(channel, payload) {
        await client.notify(channel, payload);
      },
      statements: () => count,
      close: () => client.end({ timeout: 5 }),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    async listen(channel, onMessage) {
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
    async notify(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    statements: () => count,
    close: () => client.close(),
  };
}

/** True when the database answers. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
