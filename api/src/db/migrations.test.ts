import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRIVERS } from '../test/harness';
import { scratchDatabase } from '../test/scratchDatabase';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from './index';

// Every migration in api/drizzle, applied to a database at the migration before it that holds a
// row in each of its tables: every row survives (on the columns the migration keeps), and the
// schema reached step by step, with data, is the schema of a fresh migrate from an empty database.

interface JournalEntry {
  idx: number;
  tag: string;
}
const JOURNAL = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};
const LAST = Math.max(...JOURNAL.entries.map((e) => e.idx));

/** Tables a migration drops on purpose: their rows go with them. */
const DROPPED: Record<string, string[]> = {
  // 0001 drops the first admin tables; 0002 creates them again with their present shape.
  '0001_admin_tables_drop': ['admin_action_log', 'diagnostic_settings', 'progress_cleanup_log'],
};

/** Columns a migration changes on purpose in every row. */
const BUMPED: Record<string, string[]> = {
  // The cache counter: a migration that changes what a course serves bumps it, so that every
  // instance drops its caches.
  course_version: ['version'],
};

/** api/drizzle up to migration `last`: its .sql files, meta/ and a journal cut after `last`. */
function migrationsUpTo(root: string, last: number): string {
  const dir = path.join(root, String(last));
  cpSync(path.join(MIGRATIONS_FOLDER, 'meta'), path.join(dir, 'meta'), { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const entries = JOURNAL.entries.filter((e) => e.idx <= last);
  writeFileSync(journalFile, JSON.stringify({ ...JOURNAL, entries }, null, 2));
  for (const e of entries)
    copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** A fresh database: in-memory PGlite, or a throw-away database on DATABASE_URL's server. */
async function freshDatabase(driver: 'pglite' | 'postgres') {
  if (driver === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const scratch = await scratchDatabase(process.env.DATABASE_URL!, 'ck_migrations');
  const database = await openDatabase({ url: scratch.url, max: 2 });
  return {
    database,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

interface Column {
  table: string;
  column: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}
interface ForeignKey {
  table: string;
  columns: string[];
  ref_table: string;
  ref_columns: string[];
}

async function tables(database: Database): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    [],
  );
  return rows.map((r) => r.name);
}

async function columns(database: Database): Promise<Column[]> {
  return database.query<Column>(
    `select table_name as "table", column_name as "column", data_type, udt_name, is_nullable, column_default,
       is_identity, is_generated
     from information_schema.columns c
     where table_schema = 'public' and exists (select 1 from pg_tables t where t.schemaname = 'public' and t.tablename = c.table_name)
     order by table_name, ordinal_position`,
    [],
  );
}

async function foreignKeys(database: Database): Promise<ForeignKey[]> {
  return database.query<ForeignKey>(
    `select c.conrelid::regclass::text as "table", c.confrelid::regclass::text as ref_table,
       (select json_agg(a.attname order by k.ord) from unnest(c.conkey) with ordinality k(num, ord)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num) as columns,
       (select json_agg(a.attname order by k.ord) from unnest(c.confkey) with ordinality k(num, ord)
          join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.num) as ref_columns
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = 'public'`,
    [],
  );
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A value of the column's type, as a SQL expression (enum: its first label). */
async function valueFor(database: Database, c: Column, n: number): Promise<string> {
  if (c.data_type === 'ARRAY') return `'{}'`;
  if (c.data_type === 'USER-DEFINED') {
    const [label] = await database.query<{ label: string }>(
      `select e.enumlabel as label from pg_enum e join pg_type t on t.oid = e.enumtypid
       where t.typname = $1 order by e.enumsortorder limit 1`,
      [c.udt_name],
    );
    return label ? `'${label.label}'` : 'null';
  }
  switch (c.udt_name) {
    case 'int2':
    case 'int4':
    case 'int8':
    case 'numeric':
    case 'float4':
    case 'float8':
      return '1';
    case 'bool':
      return 'true';
    case 'uuid':
      return 'gen_random_uuid()';
    case 'timestamptz':
    case 'timestamp':
      return `'2026-01-02T03:04:05Z'`;
    case 'date':
      return `'2026-01-02'`;
    case 'json':
    case 'jsonb':
      return `'{}'`;
    case 'bytea':
      return `'\\x00'`;
    case 'inet':
      return `'127.0.0.1'`;
    default:
      // Text: distinct per table, so unique keys across tables never meet.
      return `'${c.column}-${n}'`;
  }
}

/** Columns a table's check constraint wants left null (an assignment is to a person or a group). */
const NULL_FOR_CHECKS: Record<string, string[]> = { organisation_assignments: ['group_id'] };

/**
 * Writes one row in each empty table, parents before children: every column that has no default of
 * its own gets a value of its type, a foreign key the key of its parent's row.
 */
async function fillEmptyTables(database: Database) {
  const all = await columns(database);
  const keys = await foreignKeys(database);
  const pending = new Set(await tables(database));
  for (const table of [...pending]) {
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from ${quote(table)}`, []);
    if (row!.n > 0) pending.delete(table);
  }
  let n = 0;
  while (pending.size > 0) {
    const ready = [...pending].find((t) =>
      keys.every((k) => k.table !== t || k.ref_table === t || !pending.has(k.ref_table)),
    );
    if (!ready) throw new Error(`foreign keys in a cycle among ${[...pending].join(', ')}`);
    pending.delete(ready);
    n++;
    const names: string[] = [];
    const values: string[] = [];
    for (const c of all.filter((c) => c.table === ready)) {
      if (c.is_identity === 'YES' || c.is_generated === 'ALWAYS' || c.column_default?.startsWith('nextval('))
        continue;
      const key = keys.find((k) => k.table === ready && k.columns.includes(c.column));
      names.push(quote(c.column));
      if (NULL_FOR_CHECKS[ready]?.includes(c.column)) {
        values.push('null');
      } else if (key) {
        const refColumn = key.ref_columns[key.columns.indexOf(c.column)]!;
        values.push(
          key.ref_table === ready
            ? 'null'
            : `(select ${quote(refColumn)} from ${quote(key.ref_table)} order by 1 limit 1)`,
        );
      } else {
        values.push(await valueFor(database, c, n));
      }
    }
    await database.query(
      `insert into ${quote(ready)} (${names.join(', ')}) values (${values.join(', ')})`,
      [],
    );
  }
}

/** Every row of every table, as JSON, in a stable order. */
async function contents(database: Database): Promise<Record<string, Array<Record<string, unknown>>>> {
  const out: Record<string, Array<Record<string, unknown>>> = {};
  for (const table of await tables(database)) {
    const [row] = await database.query<{ rows: Array<Record<string, unknown>> }>(
      `select coalesce(json_agg(row_to_json(t)), '[]') as rows from ${quote(table)} t`,
      [],
    );
    out[table] = row!.rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return out;
}

/** What a migrate leaves: tables and columns, constraints, indexes, policies, types, functions, triggers. */
async function schemaDump(database: Database) {
  const q = (text: string) => database.query<Record<string, unknown>>(text, []);
  return {
    columns: await columns(database),
    constraints: await q(
      `select c.conrelid::regclass::text as "table", c.conname as name, pg_get_constraintdef(c.oid) as def
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where n.nspname = 'public' order by 1, 2`,
    ),
    indexes: await q(
      `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`,
    ),
    rowSecurity: await q(
      `select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    ),
    policies: await q(
      `select tablename, policyname, permissive, roles::text as roles, cmd, qual, with_check
       from pg_policies where schemaname = 'public' order by 1, 2`,
    ),
    types: await q(
      `select t.typname as name, (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e
         where e.enumtypid = t.oid) as labels
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
       where n.nspname = 'public' and t.typtype = 'e' order by 1`,
    ),
    functions: await q(
      `select p.proname as name, pg_get_functiondef(p.oid) as def
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1, 2`,
    ),
    triggers: await q(
      `select tgrelid::regclass::text as "table", tgname as name, pg_get_triggerdef(t.oid) as def
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and not t.tgisinternal order by 1, 2`,
    ),
  };
}

/** `before`'s rows, each still in `after` on the columns that `after` still has. */
function lostRows(
  before: Record<string, Array<Record<string, unknown>>>,
  after: Record<string, Array<Record<string, unknown>>>,
  dropped: string[],
): string[] {
  const lost: string[] = [];
  for (const [table, rows] of Object.entries(before)) {
    if (dropped.includes(table)) continue;
    const now = after[table];
    if (!now) {
      lost.push(`${table}: the table is gone`);
      continue;
    }
    // The columns both sides have: the migration may add columns or drop them.
    const kept = new Set(
      Object.keys(now[0] ?? {}).filter((k) => rows[0] && k in rows[0] && !BUMPED[table]?.includes(k)),
    );
    const project = (r: Record<string, unknown>) =>
      JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => kept.has(k))));
    const present = new Set(now.map(project));
    for (const r of rows) if (!present.has(project(r))) lost.push(`${table}: ${JSON.stringify(r)}`);
  }
  return lost;
}

describe.each(DRIVERS)('migrations (%s)', (driver) => {
  it('migrate from an empty database, and one by one from the previous migration holding data, to the same schema', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'coursekit-migrations-'));
    const fresh = await freshDatabase(driver);
    const stepped = await freshDatabase(driver);
    try {
      await fresh.database.migrate();
      const [applied] = await fresh.database.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
        [],
      );
      expect(applied!.n).toBe(JOURNAL.entries.length);

      await stepped.database.migrate(migrationsUpTo(root, 0));
      for (let idx = 1; idx <= LAST; idx++) {
        const tag = JOURNAL.entries.find((e) => e.idx === idx)!.tag;
        await fillEmptyTables(stepped.database);
        const before = await contents(stepped.database);
        await stepped.database.migrate(migrationsUpTo(root, idx));
        const after = await contents(stepped.database);
        const dropped = DROPPED[tag] ?? [];
        expect(lostRows(before, after, dropped), `rows lost by ${tag}`).toEqual([]);
      }
      await fillEmptyTables(stepped.database);

      expect(await schemaDump(stepped.database)).toEqual(await schemaDump(fresh.database));
    } finally {
      await Promise.all([fresh.drop(), stepped.drop()]);
      rmSync(root, { recursive: true, force: true });
    }
  }, 300_000);
});
