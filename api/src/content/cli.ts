// `npm run content:load -w @coursekit/api`: loads api/content into the configured database now (new
// lessons inserted, changed ones versioned with 'Content migration', missing ones deactivated).
// The server does this by itself only on first start; use this after editing the course.
import path from 'node:path';
import pino from 'pino';
import { configFromEnv } from '../config';
import { openDatabase } from '../db/index';
import { applyCourse, copyImages, readCourse } from './loader';
import { directoryStorage } from './storage';

const config = configFromEnv();
const logger = pino({ level: 'info' });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const summary = await applyCourse(database.db, await readCourse());
  const images = await copyImages(directoryStorage(path.join(config.dataDir, 'storage')));
  logger.info({ ...summary, images }, 'course content loaded');
} finally {
  await database.close();
}
