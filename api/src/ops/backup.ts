import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';

const run = promisify(execFile);

// `npm run db:backup` / `npm run db:restore`: the whole database in one file, for either driver.
// PostgreSQL: pg_dump's custom format (schema, every row, the migrations table), restored by
// pg_restore into an empty database. Embedded PGlite: PGlite's own dump of its data directory (a
// gzipped tarball), restored into an empty DATA_DIR.

/** Where pg_dump and pg_restore are: PG_BIN, else Debian's postgresql-client on PATH. */
const tool = (name: 'pg_dump' | 'pg_restore') =>
  process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name;

/** pg_dump of the database at `url` into `file` (custom format: compressed, restorable table by table). */
export async function backupPostgres(url: string, file: string): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  await run(tool('pg_dump'), [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${file}`,
    `--dbname=${url}`,
  ]);
}

/** How many tables the database holds outside PostgreSQL's own schemas. */
async function tableCount(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<Array<{ n: number }>>`select count(*)::int as n from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')`;
    return row!.n;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * pg_restore of `file` into the database at `url`, which must exist and be empty: a restore never
 * mixes a backup with rows already there (create a new database, restore, then point DATABASE_URL
 * at it).
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  const tables = await tableCount(url);
  if (tables > 0) {
    throw new Error(
      `the database of DATABASE_URL already holds ${tables} tables: restore into a new, empty database (createdb …) and point DATABASE_URL at it`,
    );
  }
  await run(tool('pg_restore'), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
}

/** The data directory PGlite keeps under DATA_DIR (db/index.ts opens the same). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata');

/**
 * PGlite's own dump (`dumpDataDir`, a gzipped tarball of its data directory) of an open instance, or
 * of DATA_DIR's database. PGlite is one process's database: back DATA_DIR up with the API stopped.
 */
export async function backupPglite(source: PGlite | string, file: string): Promise<void> {
  const pg = typeof source === 'string' ? new PGlite(pgliteDir(source)) : source;
  try {
    await pg.waitReady;
    const dump = await pg.dumpDataDir('gzip');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    if (typeof source === 'string') await pg.close();
  }
}

/** Loads a PGlite dump into DATA_DIR, whose database directory must not exist yet (or be empty). */
export async function restorePglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  const dir = pgliteDir(dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} already holds a database: restore into a new DATA_DIR and point DATA_DIR at it`);
  }
  mkdirSync(dir, { recursive: true });
  const pg = new PGlite(dir, { loadDataDir: new Blob([readFileSync(file)]) });
  await pg.waitReady;
  await pg.close();
}
