import { DEFAULT_PLATFORM_TEXTS } from '@coursekit/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, schema } from '../db/index';
import { serialPasses } from '../db/serialPasses';
import type { Mailer, MailMessage } from './mailer';

const { mailOutbox, securityEvents } = schema;

/** Waits before the 2nd, 3rd… attempt; after the last, the mail is marked failed (about 15 h in all). */
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000];

export interface OutboxOptions {
  db: Db;
  logger: Logger;
  /** What actually delivers (SMTP). */
  transport: Mailer;
  retryDelaysMs?: number[];
  /** How often each instance looks for mail that is due (15 s). */
  pollMs?: number;
  /** How long a claimed row is left to one instance before another may try it (5 min). */
  leaseMs?: number;
}

export interface Outbox extends Mailer {
  /** Sends every mail that is due now (tests; the timer does it otherwise). */
  flush(): Promise<void>;
  close(): void;
}

/**
 * A mailer that loses nothing when the mail server is down: send() stores the mail and returns, and
 * delivery is tried at once and then with backoff, by whichever instance claims the row. A failed
 * delivery is a security event (admin's security log) naming the address and the error; once sent,
 * the body (and any extra headers) is cleared because its links carry tokens.
 */
export function outboxMailer(options: OutboxOptions): Outbox {
  const { db, logger, transport } = options;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const leaseMs = options.leaseMs ?? 300_000;

  const deliverOne = async (row: typeof mailOutbox.$inferSelect) => {
    const attempts = row.attempts + 1;
    try {
      await transport.send({
        to: row.to,
        fromName: row.fromName ?? DEFAULT_PLATFORM_TEXTS.site_name,
        subject: row.subject,
        text: row.text ?? '',
        html: row.html ?? '',
        ...(row.headers ? { headers: row.headers } : {}),
      });
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          attempts,
          sentAt: new Date(),
          text: null,
          html: null,
          headers: null,
          lastError: null,
        })
        .where(eq(mailOutbox.id, row.id));
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const gaveUp = attempts > delays.length;
      await db
        .update(mailOutbox)
        .set({
          status: gaveUp ? 'failed' : 'pending',
          attempts,
          lastError: error.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + (delays[attempts - 1] ?? 0)),
        })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending')));
      logger.warn({ outboxId: row.id, attempts, gaveUp, error }, 'mail not delivered');
      if (attempts === 1 || gaveUp) {
        await db.insert(securityEvents).values({
          type: gaveUp ? 'mail_delivery_abandoned' : 'mail_delivery_failed',
          email: row.to,
          details: { outbox_id: row.id, subject: row.subject, attempts, error: error.slice(0, 200) },
        });
      }
    }
  };

  const deliverDue = async () => {
    // Times are the app's clock throughout (insert, lease, backoff), and a pass only takes rows due
    // when it began: a mail that just failed waits for its backoff, even a zero one in tests.
    const passStart = new Date();
    for (;;) {
      // Claim a batch with a lease (FOR UPDATE SKIP LOCKED): two instances never send one mail at once.
      const claimed = await db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() + leaseMs) })
        .where(
          sql`${mailOutbox.id} in (select id from ${mailOutbox} where ${mailOutbox.status} = 'pending'
            and ${mailOutbox.nextAttemptAt} <= ${passStart.toISOString()} order by id limit 10 for update skip locked)`,
        )
        .returning();
      if (claimed.length === 0) return;
      for (const row of claimed) await deliverOne(row);
    }
  };

  const passes = serialPasses(deliverDue, (err) =>
    logger.warn({ err }, 'mail outbox: could not read due mail; will retry'),
  );
  const { flush } = passes;

  const timer = setInterval(() => void flush(), options.pollMs ?? 15_000);
  timer.unref();

  return {
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values({
        to: message.to,
        fromName: message.fromName,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ?? null,
        nextAttemptAt: new Date(),
      });
      if (!passes.closed) void flush(); // at once, but the request does not wait for the mail server
    },
    describe: () => `${transport.describe()}, through the mail_outbox table (retried with backoff)`,
    flush,
    close() {
      passes.close();
      clearInterval(timer);
    },
  };
}
