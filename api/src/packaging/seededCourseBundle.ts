import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { seed } from '../content/seed';
import { directoryStorage } from '../content/storage';
import { systemClock } from '../context';
import { openDatabase } from '../db/index';
import { testConfig } from '../test/harness';
import { type LoadedCourse, loadCourseBundle } from './courseBundle';

/**
 * The seed's course as a package carries it, loaded the real way (migrations, the content pipeline,
 * loadCourseBundle) into a throw-away embedded database: for tests of the package runtime that
 * need the real course rather than a hand-written one.
 */
export async function seededCourseBundle(): Promise<LoadedCourse> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'coursekit-bundle-'));
  const database = await openDatabase({});
  try {
    await database.migrate();
    const storage = directoryStorage(path.join(dir, 'storage'));
    const config = testConfig(dir);
    await seed({ db: database.db, storage, logger: pino({ level: 'silent' }), config });
    return await loadCourseBundle({ db: database.db, storage, config, clock: systemClock });
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}
