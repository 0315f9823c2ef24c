// `npm run content:load -w @coursekit/api`: loads every course folder of api/content/courses into the
// configured database now (new lessons inserted, changed ones versioned with 'Content migration',
// missing ones deactivated; learners' progress kept). The server loads a course by itself only when
// it is not in the database yet; use this after editing a course's folder.
import path from 'node:path';
import pino from 'pino';
import { configFromEnv } from '../config';
import { openDatabase } from '../db/index';
import { applyCourse } from './applyCourse';
import { readCourseFiles } from './courseZip';
import { copyImages, courseFolders, readCourse } from './loader';
import { directoryStorage } from './storage';

const config = configFromEnv();
const logger = pino({ level: 'info' });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const storage = directoryStorage(path.join(config.dataDir, 'storage'));
  for (const dir of courseFolders()) {
    const summary = await applyCourse(
      database.db,
      await readCourse(dir),
      undefined,
      await readCourseFiles(dir),
    );
    const images = await copyImages(storage, dir);
    logger.info({ ...summary, images }, 'course content loaded');
  }
} finally {
  await database.close();
}
