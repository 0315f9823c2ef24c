import path from 'node:path';
import { backupPglite, backupPostgres, pgliteDir, restorePglite, restorePostgres } from './backup';

// `npm run db:backup [-- file]` and `npm run db:restore -- file`, for the database the API would use:
// DATABASE_URL's PostgreSQL, else the embedded PGlite in DATA_DIR (.data).

const [command, fileArg] = process.argv.slice(2);
const url = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const out = (line: string) => process.stdout.write(`${line}\n`);

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const defaultFile = path.resolve(
  'backups',
  `coursekit-${url ? 'postgres' : 'pglite'}-${stamp}.${url ? 'dump' : 'tar.gz'}`,
);

try {
  if (command === 'backup') {
    const file = path.resolve(fileArg ?? defaultFile);
    if (url) await backupPostgres(url, file);
    else await backupPglite(dataDir, file);
    out(
      `backed up ${url ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${pgliteDir(dataDir)}`} to ${file}`,
    );
    out(`restore with: npm run db:restore -- ${file}   (into an empty ${url ? 'database' : 'DATA_DIR'})`);
  } else if (command === 'restore' && fileArg) {
    const file = path.resolve(fileArg);
    if (url) await restorePostgres(url, file);
    else await restorePglite(dataDir, file);
    out(
      `restored ${file} into ${url ? 'the database of DATABASE_URL' : pgliteDir(dataDir)}; start the API on it`,
    );
  } else {
    out('usage: npm run db:backup [-- file]   |   npm run db:restore -- file');
    process.exitCode = 2;
  }
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exitCode = 1;
}
