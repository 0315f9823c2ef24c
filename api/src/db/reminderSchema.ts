import { bigserial, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { organisations } from './organisationSchema';
import { users } from './schema';

// Reminders (api/src/organisations/reminders.ts): a durable job table the instances claim rows of
// with FOR UPDATE SKIP LOCKED, the record of every reminder sent (its key makes it once only), and
// the people who turned an organisation's reminders off.

/**
 * One organisation's reminder run for one period (an hour): made by whichever instance wakes first
 * (its key makes it once), claimed by one with a lease, done when every reminder due is enqueued. A
 * run whose instance died is claimed again once its lease has passed.
 */
export const reminderJobs = pgTable(
  'reminder_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The hour the run is for (ISO, UTC: `2026-11-29T08`). */
    period: text('period').notNull(),
    status: text('status', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be claimed: its creation, then the end of its current claim's lease. */
    runAfter: ts('run_after').notNull(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
    /** Reminders this run enqueued (the bench and the log read it). */
    sent: integer('sent').notNull().default(0),
  },
  (t) => [
    uniqueIndex('reminder_jobs_org_period').on(t.organisationId, t.period),
    index('reminder_jobs_due').on(t.status, t.runAfter),
  ],
);

/**
 * A reminder sent: its key is the organisation, the person, the kind (`week_before`, `day_before`,
 * `overdue`, `digest`) and what it is about (the assignment, or the week of a manager's digest). It
 * is written in the transaction that puts the mail in the outbox, so a reminder is enqueued once.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['week_before', 'day_before', 'overdue', 'digest'] }).notNull(),
    /** The assignment's id, or the ISO week of a digest (`2026-W48`). */
    about: text('about').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.userId, t.kind, t.about] })],
);

/** A person who turned an organisation's reminders off (the link in every reminder). */
export const reminderOptOuts = pgTable(
  'reminder_opt_outs',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.userId] })],
);
