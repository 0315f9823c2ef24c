import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pino, { type Logger } from 'pino';
import { rowsOf } from '../admin/analyticsSql';
import { configFromEnv } from '../config';
import type { Clock } from '../context';
import { type Database, type Db, openDatabase } from '../db/index';
import { type Mailer, smtpMailer } from '../mail/mailer';
import { type Outbox, outboxMailer } from '../mail/outbox';
import { type ReminderCtx, reminderWorker } from '../organisations/reminders';
import type { ReceivedMail } from './smtpMailbox';

// Reminder instances woken by hand, at a clock of the test's, as API instances would wake on their
// timers: for the organisation's reminder tests of the API and for its browser journey (which reads
// what its own API process wrote). No harness import, so the site's journeys can load it.

export const DAY = 86_400_000;

/** The outbox that delivers the reminders, retrying at once (tests flush it by hand). */
export const testOutbox = (db: Db, logger: Logger, transport: Mailer): Outbox =>
  outboxMailer({ db, logger, transport, pollMs: 3_600_000, retryDelaysMs: Array(10).fill(0) });

/** What an API process started with `env` runs its reminders with (its config), at `clock`, quiet. */
export const processReminderBase = (env: NodeJS.ProcessEnv, clock: Clock): Omit<ReminderCtx, 'db'> => ({
  config: configFromEnv(env),
  clock,
  logger: pino({ level: 'silent' }),
});

/**
 * The database of an API process started with `env`: its PostgreSQL database, or its embedded
 * PGlite's data directory (once the process has stopped: one process alone opens it).
 */
export function openProcessDatabase(env: NodeJS.ProcessEnv): Promise<Database> {
  const { databaseUrl, dataDir } = configFromEnv(env);
  return openDatabase({ url: databaseUrl, dataDir, max: 2 });
}

/**
 * An embedded PGlite holding a copy of the PostgreSQL database at `url`, as it is now (pg_dump's
 * plain SQL, its rows as INSERTs): the same data on the other driver.
 */
export async function pgliteCopyOf(url: string): Promise<Database> {
  const { stdout } = await promisify(execFile)(
    'pg_dump',
    ['--inserts', '--no-owner', '--no-privileges', '--dbname', url],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const pglite = new PGlite();
  // psql's meta-commands (\restrict) are not SQL, and the dump empties the search path.
  await pglite.exec(stdout.replace(/^\\.*$/gm, ''));
  await pglite.exec('set search_path to public');
  return openDatabase({ pglite });
}

export interface ReminderInstances {
  /**
   * One wake-up of every instance at the same moment, then their outboxes flushed to the SMTP
   * server: how many reminders they enqueued between them.
   */
  wake(): Promise<number>;
  /** Closes the outboxes and the pools these instances opened. */
  close(): Promise<void>;
}

/**
 * `count` reminder instances on one database, as `count` API processes run them: on PostgreSQL
 * (`databaseUrl`) each with a pool of its own; on embedded PGlite (`db`, which one process alone
 * opens) one. Their clock, logger and config are `base`'s; their mail goes to `smtpUrl`.
 */
export async function reminderInstances(
  base: Omit<ReminderCtx, 'db'>,
  options: { smtpUrl: string } & ({ databaseUrl: string; count: number } | { db: Db }),
): Promise<ReminderInstances> {
  const pools: Database[] = [];
  if ('databaseUrl' in options) {
    for (let n = 0; n < options.count; n++)
      pools.push(await openDatabase({ url: options.databaseUrl, max: 4 }));
  }
  const contexts =
    'db' in options ? [{ ...base, db: options.db }] : pools.map((p) => ({ ...base, db: p.db }));
  const outboxes = contexts.map((ctx) =>
    testOutbox(ctx.db, ctx.logger, smtpMailer(options.smtpUrl, ctx.logger)),
  );
  return {
    async wake() {
      const workers = contexts.map((ctx) => reminderWorker(ctx, { pollMs: 0 }));
      const runs = await Promise.all(workers.map((w) => w.run()));
      await Promise.all(outboxes.map((o) => o.flush()));
      return runs.reduce((n, r) => n + r.sent, 0);
    },
    async close() {
      for (const o of outboxes) o.close();
      await Promise.all(pools.map((p) => p.close()));
    },
  };
}

/** Each kind of reminder (reminderMail.ts's subjects), with how many of it each address received. */
export type ReminderTally = Partial<
  Record<'week_before' | 'day_before' | 'overdue' | 'digest', Record<string, number>>
>;

function count(tally: ReminderTally, kind: keyof ReminderTally, to: string, n = 1) {
  const byTo = tally[kind] ?? {};
  byTo[to] = (byTo[to] ?? 0) + n;
  tally[kind] = byTo;
}

/** The reminders among the mails an SMTP server received, by kind and address (other mail left out). */
export function tallyReminderMails(received: ReceivedMail[]): ReminderTally {
  const tally: ReminderTally = {};
  for (const m of received) {
    const kind = /^Due (tomorrow|today): /.test(m.subject)
      ? 'day_before'
      : m.subject.startsWith('Due on ')
        ? 'week_before'
        : m.subject.startsWith('Overdue: ')
          ? 'overdue'
          : / weekly summary, \d+ overdue$/.test(m.subject)
            ? 'digest'
            : undefined;
    if (kind) count(tally, kind, m.to);
  }
  return tally;
}

/** The reminders the database records as sent (each key once: reminders.ts), by kind and address. */
export async function tallyReminderSends(db: Db): Promise<ReminderTally> {
  const rows = await rowsOf<{ kind: keyof ReminderTally; email: string; n: number }>(
    { db },
    sql`select s.kind, u.email, count(*)::int as n from reminder_sends s join users u on u.id = s.user_id
         group by s.kind, u.email`,
  );
  const tally: ReminderTally = {};
  for (const r of rows) count(tally, r.kind, r.email, Number(r.n));
  return tally;
}

/** Mail the outbox has still to deliver (not yet sent, not given up on). */
export async function undeliveredMail(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    { db },
    sql`select count(*)::int as n from mail_outbox where status = 'pending'`,
  );
  return Number(row?.n ?? 0);
}
