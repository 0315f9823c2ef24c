// Migrates and seeds, once per test run, the databases every API test file starts from (run by
// globalSetup.ts with tsx and the `source` condition): an embedded database dumped to a file that
// each file's PGlite loads, and, when DATABASE_URL is set, a PostgreSQL database that each file's
// scratch database copies as its template. Prints { snapshot, template } as JSON.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import postgres from 'postgres';
import { seed } from '../content/seed';
import { directoryStorage } from '../content/storage';
import { type Database, openDatabase } from '../db/index';
import { testConfig } from './harness';

const [snapshotFile] = process.argv.slice(2);
if (!snapshotFile) throw new Error('usage: makeSeededDatabases.ts <snapshot file>');

async function migrateAndSeed(database: Database): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-seed-'));
  try {
    await database.migrate();
    const storage = directoryStorage(path.join(dataDir, 'storage'));
    // No organisation is bootstrapped here: each file's server seeds its copy with its own config, and
    // a first start with CORS_ORIGINS or PARTNER_* makes the organisation then.
    const config = { ...testConfig(dataDir), corsOrigins: [], partner: undefined };
    await seed({ db: database.db, storage, logger: pino({ level: 'silent' }), config });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pglite = new PGlite();
const embedded = await openDatabase({ pglite });
await migrateAndSeed(embedded);
const dump = await pglite.dumpDataDir('none');
writeFileSync(snapshotFile, Buffer.from(await dump.arrayBuffer()));
await embedded.close();

let template: string | undefined;
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  template = `ck_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${template}`);
  await admin.end({ timeout: 5 });
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ url: url.toString(), max: 2 });
  await migrateAndSeed(database);
  // A template must have no session connected while it is copied.
  await database.close();
}
process.stdout.write(JSON.stringify({ snapshot: snapshotFile, template }));
