import { createServer } from 'node:http';
import path from 'node:path';
import type { Logger } from 'pino';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import { createApp } from '../app';
import type { Config } from '../config';
import { seed } from '../content/seed';
import { directoryStorage } from '../content/storage';
import { type Database, openDatabase } from '../db/index';
import type { MetricsText } from '../http/metrics';
import { devMailbox, smtpMailer } from '../mail/mailer';
import { outboxMailer } from '../mail/outbox';
import { reminderWorker } from '../organisations/reminders';
import { warmUp } from './warmUp';

export interface InstanceOptions {
  config: Config;
  logger: Logger;
  /** 'single': this process migrates and seeds too; 'worker': the cluster's primary did. */
  role: 'single' | 'worker';
  /** What GET /metrics answers on the public port (a worker asks its primary for all workers). */
  readMetrics?: () => Promise<MetricsText>;
  /** Called once listening, with the seed's outcome in a single process. */
  onListening(info: { seeded: Awaited<ReturnType<typeof seed>> | undefined; mail: string }): void;
}

export const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS) || 10_000;

/** Where mail goes, for the banner (the primary of a cluster says it without opening a mailer). */
export function describeMail(config: Config, logger: Logger): string {
  if (config.smtpUrl) {
    return `${smtpMailer(config.smtpUrl, logger).describe()}, through the mail_outbox table (retried with backoff)`;
  }
  const url = `http://localhost:${config.port}`;
  return `dev mailbox ${path.join(config.dataDir, 'mailbox')}/*.eml — list at ${url}/api/dev/mailbox`;
}

/** DATABASE_POOL_MAX: connections per worker (10); with PostgreSQL on the same few cores, more only queue in the kernel. */
const poolMax = () => Number(process.env.DATABASE_POOL_MAX) || 10;

export const openConfiguredDatabase = (config: Config): Promise<Database> =>
  openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, max: poolMax() });

/**
 * One API server: a single process (`WEB_CONCURRENCY=1`, or embedded PGlite) or one cluster worker.
 * Opens the database, listens on PORT (a cluster's workers share it), and on SIGTERM/SIGINT stops
 * gracefully: readiness answers 503, no new connections, in-flight requests finish (at most
 * SHUTDOWN_GRACE_MS), the SSE streams end, the pool closes, exit 0.
 */
export async function runInstance(options: InstanceOptions): Promise<{ registry: Registry }> {
  const { config, logger } = options;
  const database = await openConfiguredDatabase(config);
  if (options.role === 'single') await database.migrate();
  const storage = directoryStorage(path.join(config.dataDir, 'storage'));
  const mailboxDir = path.join(config.dataDir, 'mailbox');
  // SMTP mail goes through the outbox (stored first, retried with backoff) so a mail server that is
  // down loses nothing; the dev mailbox writes files and cannot be down. Reminders are always put in
  // the outbox (in the transaction that records them), which delivers to whichever of the two it is.
  const direct = config.smtpUrl ? smtpMailer(config.smtpUrl, logger) : devMailbox(mailboxDir, logger);
  const outbox = outboxMailer({ db: database.db, logger, transport: direct });
  const mailer = config.smtpUrl ? outbox : direct;
  const seeded =
    options.role === 'single' ? await seed({ db: database.db, storage, logger, config }) : undefined;
  let stopping = false;
  const { app, ctx, close, metrics } = createApp({
    db: database,
    mailer,
    config,
    logger,
    storage,
    draining: () => stopping,
    readMetrics: options.readMetrics,
  });
  collectDefaultMetrics({ register: metrics.registry, prefix: 'coursekit_' });
  // Every instance wakes the reminders; the job table's claims make each organisation's run one.
  const reminders = reminderWorker(ctx, {
    pollMs: config.reminderPollMs,
    onEnqueued: () => void outbox.flush(),
  });

  const server = createServer(app);
  server.keepAliveTimeout = 5_000;
  const url = `http://localhost:${config.port}`;
  const mail = config.smtpUrl
    ? mailer.describe()
    : `dev mailbox ${mailboxDir}/*.eml — list at ${url}/api/dev/mailbox`;
  await warmUp(ctx, config.databaseUrl ? poolMax() : 1);
  server.listen(config.port, () => options.onListening({ seeded, mail }));

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
    reminders.close();
    outbox.close();
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
  return { registry: metrics.registry };
}
