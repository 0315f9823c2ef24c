import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';

/** Where harness.ts finds the seeded databases (set here, inherited by the test workers). */
export const SNAPSHOT_VARIABLE = 'COURSEKIT_TEST_PGLITE_SNAPSHOT';
export const TEMPLATE_VARIABLE = 'COURSEKIT_TEST_PG_TEMPLATE';

/**
 * Migrates and seeds once for the whole API project instead of once per test file: a PGlite dump and,
 * with DATABASE_URL, a PostgreSQL template database (made in a child process: global setup runs
 * outside the workspaces' `source` resolution). Dropped and removed after the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-seeded-'));
  const script = fileURLToPath(new URL('./makeSeededDatabases.ts', import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', script, path.join(dir, 'pglite.tar')],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const made = JSON.parse(stdout) as { snapshot: string; template?: string };
  process.env[SNAPSHOT_VARIABLE] = made.snapshot;
  if (made.template) process.env[TEMPLATE_VARIABLE] = made.template;
  return async () => {
    delete process.env[SNAPSHOT_VARIABLE];
    delete process.env[TEMPLATE_VARIABLE];
    rmSync(dir, { recursive: true, force: true });
    if (made.template && process.env.DATABASE_URL) {
      const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${made.template} with (force)`);
      await admin.end({ timeout: 5 });
    }
  };
}
