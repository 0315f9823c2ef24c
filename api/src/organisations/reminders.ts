import { type AssignmentStatus, assignmentStatus } from '@coursekit/core';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../admin/analyticsSql';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { platformTexts } from '../settings/service';
import { unsubscribeLinks } from './reminderLink';
import { type LearnerReminderKind, learnerReminderMail, managerDigestMail } from './reminderMail';
import {
  type Candidate,
  candidatesSql,
  enqueue,
  isoWeek,
  periodOf,
  type Reminder,
  reminderKind,
} from './remindersDue';
import { reportRows } from './report';
import { inOrganisation, PLATFORM } from './scope';

// Reminders run inside every API instance. Each wake-up makes this hour's job for every active
// organisation (a unique key: one per organisation and hour, whoever makes it) and then claims due
// jobs with FOR UPDATE SKIP LOCKED and a lease, so two instances never run one organisation at once
// and a job whose instance died is claimed again when its lease has passed. A job enqueues each
// reminder due by recording its key (organisation, person, kind, assignment or week) in the same
// transaction that puts its mail in the mail outbox: a key recorded already means that reminder went,
// so a run after a crash, or a second instance, sends nothing twice and loses nothing. The outbox
// then delivers with its own retries, through a mail-server outage.

const { organisations, reminderJobs } = schema;

/** How many reminders one transaction enqueues. */
const BATCH = 500;
/** Overdue people listed in a manager's digest; the rest are counted. */
const DIGEST_LIST = 20;

export type ReminderCtx = Pick<AppContext, 'db' | 'clock' | 'logger' | 'config'>;

export interface ReminderOptions {
  /** How often the instance wakes (5 minutes); 0: no timer, `run()` only (tests, the bench). */
  pollMs?: number;
  /** How long a claimed job is left to its instance before another may claim it (5 minutes). */
  leaseMs?: number;
  /** Reminders per transaction (500). */
  batchSize?: number;
  /** After a run enqueued mail: the outbox's flush, so it goes now rather than at its next poll. */
  onEnqueued?: () => void;
  /** Runs after each batch is committed; a throw stands for the instance dying there (tests). */
  afterBatch?: (batch: { organisationId: string; sent: number }) => void | Promise<void>;
}

interface RunSummary {
  /** Jobs this instance finished. */
  jobs: number;
  /** Reminders it enqueued. */
  sent: number;
  /** Assignment pairs it looked at. */
  scanned: number;
}

export interface ReminderWorker {
  /** One wake-up: makes this hour's jobs and works every due one (a call during a run joins it). */
  run(): Promise<RunSummary>;
  close(): void;
}

export function reminderWorker(ctx: ReminderCtx, options: ReminderOptions = {}): ReminderWorker {
  const { db, logger } = ctx;
  const leaseMs = options.leaseMs ?? 300_000;
  const batchSize = options.batchSize ?? BATCH;

  /** This hour's job for every active organisation; the unique key makes it once across instances. */
  const schedule = async (now: number) => {
    const at = new Date(now).toISOString();
    await inOrganisation(db, PLATFORM, (tx) =>
      tx.execute(sql`insert into reminder_jobs (organisation_id, period, run_after, created_at)
        select id, ${periodOf(now)}, ${at}::timestamptz, ${at}::timestamptz from organisations where status = 'active'
        on conflict (organisation_id, period) do nothing`),
    );
  };

  /** One due job, leased to this instance (FOR UPDATE SKIP LOCKED: no two instances take one). */
  const claim = async (now: number) => {
    const [job] = await db
      .update(reminderJobs)
      .set({ runAfter: new Date(now + leaseMs), attempts: sql`${reminderJobs.attempts} + 1` })
      .where(
        sql`${reminderJobs.id} in (select id from ${reminderJobs} where ${reminderJobs.status} = 'pending'
          and ${reminderJobs.runAfter} <= ${new Date(now).toISOString()}::timestamptz
          order by id limit 1 for update skip locked)`,
      )
      .returning();
    return job;
  };

  const learnerReminders = async (
    org: typeof organisations.$inferSelect,
    site: string,
    now: number,
  ): Promise<{ sent: number; scanned: number }> => {
    const rows = await inOrganisation(db, org.id, (tx) =>
      rowsOf<Candidate>({ db: tx }, candidatesSql(org.id, now)),
    );
    const due: Array<Candidate & { kind: LearnerReminderKind; dueMs: number }> = [];
    for (const row of rows) {
      const dueMs = new Date(row.due_at).getTime();
      const status = assignmentStatus({
        lessonsDone: Number(row.lessons_done),
        lessonsTotal: Number(row.lessons_total),
        attempted: row.attempted,
        dueAt: dueMs,
        now,
      });
      const kind = reminderKind(status, dueMs, now);
      if (kind && !(row.sent_kinds ?? []).includes(kind)) due.push({ ...row, kind, dueMs });
    }
    let sent = 0;
    for (let i = 0; i < due.length; i += batchSize) {
      const items = await Promise.all(
        due.slice(i, i + batchSize).map(
          async (r): Promise<Reminder> => ({
            userId: r.user_id,
            kind: r.kind,
            about: r.assignment_id,
            mail: learnerReminderMail({
              kind: r.kind,
              site,
              organisation: org.name,
              to: r.email,
              name: r.name,
              courseTitle: r.course_title,
              courseUrl: `${ctx.config.publicUrl}/courses/${encodeURIComponent(r.course)}`,
              dueAt: new Date(r.dueMs),
              sentAt: new Date(now),
              unsubscribe: await unsubscribeLinks(ctx, org.id, r.user_id),
            }),
          }),
        ),
      );
      const n = await enqueue(db, org.id, items, now);
      sent += n;
      await options.afterBatch?.({ organisationId: org.id, sent: n });
    }
    return { sent, scanned: rows.length };
  };

  /** Each manager's digest of the week, from the report's rows: counts by status and who is overdue. */
  const digests = async (org: typeof organisations.$inferSelect, site: string, now: number) => {
    const week = isoWeek(now);
    const managers = await inOrganisation(db, org.id, (tx) =>
      rowsOf<{ user_id: string; email: string; name: string | null }>(
        { db: tx },
        sql`select m.user_id, u.email, coalesce(pr.display_name, u.name) as name
              from organisation_members m
              join users u on u.id = m.user_id
              left join profiles pr on pr.user_id = u.id
             where m.organisation_id = ${org.id} and m.role = 'manager'
               and not exists (select 1 from reminder_opt_outs o where o.organisation_id = m.organisation_id and o.user_id = m.user_id)
               and not exists (select 1 from reminder_sends s where s.organisation_id = m.organisation_id
                                 and s.user_id = m.user_id and s.kind = 'digest' and s.about = ${week})
             order by u.email`,
      ),
    );
    if (managers.length === 0) return 0;
    const { rows } = await inOrganisation(db, org.id, (tx) =>
      reportRows({ db: tx, organisationId: org.id, clock: { now: () => now } }, {}),
    );
    if (rows.length === 0) return 0;
    const counts: Record<AssignmentStatus, number> = {
      not_started: 0,
      in_progress: 0,
      completed: 0,
      overdue: 0,
    };
    for (const r of rows) counts[r.status] += 1;
    const overdue = rows
      .filter((r) => r.status === 'overdue')
      .sort((a, b) => (a.due_at ?? '').localeCompare(b.due_at ?? '') || a.email.localeCompare(b.email));
    const items = await Promise.all(
      managers.map(
        async (m): Promise<Reminder> => ({
          userId: m.user_id,
          kind: 'digest',
          about: week,
          mail: managerDigestMail({
            site,
            organisation: org.name,
            to: m.email,
            name: m.name,
            counts,
            overdue: overdue.slice(0, DIGEST_LIST).map((r) => ({
              person: r.display_name ? `${r.display_name} (${r.email})` : r.email,
              course: r.course_title,
              dueAt: new Date(r.due_at!),
            })),
            moreOverdue: Math.max(0, overdue.length - DIGEST_LIST),
            reportUrl: `${ctx.config.publicUrl}/o/${encodeURIComponent(org.slug)}`,
            unsubscribe: await unsubscribeLinks(ctx, org.id, m.user_id),
          }),
        }),
      ),
    );
    return enqueue(db, org.id, items, now);
  };

  const runJob = async (
    job: typeof reminderJobs.$inferSelect,
  ): Promise<{ sent: number; scanned: number }> => {
    const now = ctx.clock.now();
    const [org] = await inOrganisation(db, job.organisationId, (tx) =>
      tx.select().from(organisations).where(eq(organisations.id, job.organisationId)),
    );
    let sent = 0;
    let scanned = 0;
    // An organisation suspended since its job was made sends nothing.
    if (org && org.status === 'active') {
      const { site_name } = await platformTexts(ctx);
      ({ sent, scanned } = await learnerReminders(org, site_name, now));
      sent += await digests(org, site_name, now);
    }
    await db
      .update(reminderJobs)
      .set({ status: 'done', finishedAt: new Date(ctx.clock.now()), sent, lastError: null })
      .where(eq(reminderJobs.id, job.id));
    return { sent, scanned };
  };

  const pass = async (): Promise<RunSummary> => {
    const summary: RunSummary = { jobs: 0, sent: 0, scanned: 0 };
    await schedule(ctx.clock.now());
    for (;;) {
      const job = await claim(ctx.clock.now());
      if (!job) break;
      try {
        const { sent, scanned } = await runJob(job);
        summary.jobs += 1;
        summary.sent += sent;
        summary.scanned += scanned;
      } catch (err) {
        // The job keeps its lease: once it has passed, any instance claims it again, and the keys
        // already recorded keep what this attempt enqueued from going twice.
        logger.warn(
          { err, organisationId: job.organisationId, period: job.period },
          'reminder run failed; retried after its lease',
        );
        await db
          .update(reminderJobs)
          .set({ lastError: String(err instanceof Error ? err.message : err).slice(0, 500) })
          .where(eq(reminderJobs.id, job.id))
          .catch(() => {});
      }
    }
    if (summary.sent > 0) {
      logger.info(summary, 'reminders enqueued');
      options.onEnqueued?.();
    }
    return summary;
  };

  let running: Promise<RunSummary> | undefined;
  const run = () => {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer =
    options.pollMs === 0
      ? undefined
      : setInterval(() => {
          run().catch((err) => logger.warn({ err }, 'reminders: could not run; will retry'));
        }, options.pollMs ?? 300_000);
  timer?.unref();
  return {
    run,
    close() {
      if (timer) clearInterval(timer);
    },
  };
}
