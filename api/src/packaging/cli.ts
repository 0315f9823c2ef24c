// `npm run package -w @coursekit/api -- --format scorm12|scorm2004|cmi5 [--course <slug>] [--out <dir>]`:
// the course as an LMS package, from the configured database (DATABASE_URL, or PGlite in DATA_DIR;
// a fresh one is migrated and loaded from api/content first, as `npm start` would).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PACKAGE_FORMATS, PackageFormatSchema } from '@coursekit/core';
import pino from 'pino';
import { configFromEnv } from '../config';
import { seed } from '../content/seed';
import { directoryStorage } from '../content/storage';
import { systemClock } from '../context';
import { openDatabase } from '../db/index';
import { buildCoursePackage, LMS_DIST } from './buildPackage';
import { loadCourseBundle } from './courseBundle';

const { values } = parseArgs({
  options: { format: { type: 'string' }, course: { type: 'string' }, out: { type: 'string' } },
});
const format = PackageFormatSchema.safeParse(values.format);
if (!format.success) {
  process.stderr.write(
    `--format must be one of ${PACKAGE_FORMATS.join(', ')} (got ${values.format ?? 'nothing'})\n`,
  );
  process.exit(2);
}
// npm runs scripts from the workspace; a relative --out means where the command was typed.
const outDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out ?? '.');

if (!existsSync(path.join(LMS_DIST, `player-${format.data}.js`))) {
  execFileSync(process.execPath, [path.join(LMS_DIST, '..', 'build.mjs')], { stdio: 'inherit' });
}

const config = configFromEnv();
const logger = pino({ level: 'warn' });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const storage = directoryStorage(path.join(config.dataDir, 'storage'));
  await seed({ db: database.db, storage, logger, config });
  const course = await loadCourseBundle(
    { db: database.db, storage, config, clock: systemClock },
    values.course,
  );
  const built = await buildCoursePackage(course, format.data);
  await mkdir(outDir, { recursive: true });
  const file = path.join(outDir, built.fileName);
  await writeFile(file, built.zip);
  process.stdout.write(
    `${file}\n  ${format.data}: ${built.files.length} files, ${(built.zip.byteLength / 1024).toFixed(1)} KB zipped, player ${(built.playerBytes / 1024).toFixed(1)} KB\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
