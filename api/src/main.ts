import { createServer } from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { createApp } from './app';
import { configFromEnv } from './config';
import { seed } from './content/seed';
import { directoryStorage } from './content/storage';
import { openDatabase } from './db/index';
import { devMailbox, smtpMailer } from './mail/mailer';
import { outboxMailer } from './mail/outbox';

// Reads the environment, migrates, seeds on first start, listens; SIGTERM/SIGINT shut down gracefully.
const config = configFromEnv();
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
// DATABASE_POOL_MAX: connections per instance (10); with PostgreSQL on the same few cores, more
// connections only queue in the kernel instead of in the pool.
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  max: Number(process.env.DATABASE_POOL_MAX) || undefined,
});
await database.migrate();
const storage = directoryStorage(path.join(config.dataDir, 'storage'));
const mailboxDir = path.join(config.dataDir, 'mailbox');
// SMTP mail goes through the outbox (stored first, retried with backoff) so a mail server that is
// down loses nothing; the dev mailbox writes files and cannot be down.
const outbox = config.smtpUrl
  ? outboxMailer({ db: database.db, logger, transport: smtpMailer(config.smtpUrl, logger) })
  : undefined;
const mailer = outbox ?? devMailbox(mailboxDir, logger);
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

const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS) || 10_000;
let stopping = false;
// While stopping, every answer closes its connection, so keep-alive clients come back to another
// instance instead of sending one more request here.
server.on('request', (_req, res) => {
  if (stopping) res.setHeader('Connection', 'close');
});

/** Stops accepting, lets in-flight requests finish (at most GRACE_MS), ends the streams, closes the pool. */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, graceMs: GRACE_MS }, 'shutting down: no new connections, finishing requests');
  const force = setTimeout(() => {
    logger.error('shutdown grace period over with requests still running; exiting');
    process.exit(1);
  }, GRACE_MS);
  force.unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  await close(); // ends the SSE streams, which would otherwise hold the server open
  outbox?.close();
  server.closeIdleConnections();
  // A keep-alive connection turns idle when its request ends: close those as they do.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  await closed; // every in-flight request has been answered
  clearInterval(idle);
  await database.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
