import { createServer } from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { createApp } from './app';
import { configFromEnv } from './config';
import { seed } from './content/seed';
import { directoryStorage } from './content/storage';
import { openDatabase } from './db/index';
import { devMailbox, smtpMailer } from './mail/mailer';

// Reads the environment, migrates, seeds on first start, listens; SIGTERM/SIGINT shut down gracefully.
const config = configFromEnv();
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const storage = directoryStorage(path.join(config.dataDir, 'storage'));
const mailboxDir = path.join(config.dataDir, 'mailbox');
const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, logger) : devMailbox(mailboxDir, logger);
const seeded = await seed({ db: database.db, storage, logger, config });
const { app, close } = createApp({ db: database, mailer, config, logger, storage });

const server = createServer(app);
server.keepAliveTimeout = 5_000;
server.listen(config.port, () => {
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  CourseKit API — Data Literacy for Facility Managers`,
    `  listening on      ${url}  (API under ${url}/api, OpenAPI at ${url}/api/docs)`,
    `  database          ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.join(config.dataDir, 'pgdata')}`}`,
    `  mail              ${config.smtpUrl ? mailer.describe() : `dev mailbox ${mailboxDir}/*.eml — list at ${url}/api/dev/mailbox`}`,
    `  course            ${seeded.course ? `loaded (${seeded.course.inserted} lessons, ${seeded.course.questions} questions)` : 'already in the database'}`,
    seeded.admin
      ? `  admin             created ${seeded.admin}`
      : '  make an admin     restart with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=<8+ chars, 3 classes> (used when no admin exists)',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: no new connections, finishing requests');
  const force = setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  await close(); // ends the SSE streams, which would otherwise hold the server open
  server.closeIdleConnections();
  await closed; // in-flight requests have finished
  await database.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
