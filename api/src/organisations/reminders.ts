import { type AssignmentStatus, assignmentStatus } from '@coursekit/core';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../admin/analyticsSql';
import type { AppContext } from '../context';
import { type Db, schema } from '../db/index';
import { platformTexts } from '../settings/service';
import { unsubscribeLinks } from './reminderLink';
import { type LearnerReminderKind, learnerReminderMail, managerDigestMail } from './reminderMail';
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

const { organisations, reminderJobs, reminderSends, mailOutbox } = schema;

const DAY_MS = 86_400_000;
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

/**
 * Which reminder a person's assigned course is due now: core's assignmentStatus says completed
 * (none) or overdue; otherwise the day before (due within a day) or the week before (within 7).
 */
function reminderKind(status: AssignmentStatus, dueAt: number, now: number): LearnerReminderKind | null {
  if (status === 'completed') return null;
  if (status === 'overdue') return 'overdue';
  if (dueAt - now <= DAY_MS) return 'day_before';
  if (dueAt - now <= 7 * DAY_MS) return 'week_before';
  return null;
}

/** The hour a job is for, UTC: `2026-11-29T08`. */
const periodOf = (now: number) => new Date(now).toISOString().slice(0, 13);

/** The ISO week of a date, UTC: `2026-W48` (a manager's digest goes once a week). */
function isoWeek(now: number): string {
  const d = new Date(now);
  const day = (d.getUTCDay() + 6) % 7; // Monday 0
  const thursday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day + 3);
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

interface Candidate {
  assignment_id: string;
  user_id: string;
  due_at: Date | string;
  email: string;
  name: string | null;
  course: string;
  course_title: string;
  lessons_total: number | string;
  lessons_done: number | string;
  attempted: boolean;
  sent_kinds: string[] | null;
}

/**
 * Every person and course of the organisation due within a week or overdue, not yet sent its overdue
 * reminder and not opted out: one row per person and course (the earliest due of their own and
 * their groups' assignments), with the facts core's status rule reads and the kinds sent already.
 */
function candidatesSql(organisationId: string, now: number) {
  const horizon = new Date(now + 7 * DAY_MS).toISOString();
  return sql`
    with assigned as (
      select a.id as assignment_id, a.user_id, a.course_id, a.due_at
        from organisation_assignments a
       where a.organisation_id = ${organisationId} and a.user_id is not null
         and a.due_at <= ${horizon}::timestamptz
      union all
      select a.id, gm.user_id, a.course_id, a.due_at
        from organisation_assignments a
        join organisation_group_members gm on gm.group_id = a.group_id and gm.organisation_id = a.organisation_id
       where a.organisation_id = ${organisationId} and a.group_id is not null
         and a.due_at <= ${horizon}::timestamptz
    ), pairs as (
      select distinct on (user_id, course_id) assignment_id, user_id, course_id, due_at
        from assigned
       order by user_id, course_id, due_at, assignment_id
    ), open as (
      select p.* from pairs p
       where not exists (select 1 from reminder_opt_outs o
                          where o.organisation_id = ${organisationId} and o.user_id = p.user_id)
         and not exists (select 1 from reminder_sends s
                          where s.organisation_id = ${organisationId} and s.user_id = p.user_id
                            and s.kind = 'overdue' and s.about = p.assignment_id::text)
    ), totals as (
      select course_id, count(*)::int as n from lessons
       where is_active and course_id in (select distinct course_id from open)
       group by course_id
    ), done as (
      select up.user_id, up.course_id, count(*)::int as n
        from user_progress up
        join lessons l on l.course_id = up.course_id and l.lesson_key = up.lesson_key and l.is_active
       where up.completed and up.user_id in (select user_id from open)
       group by up.user_id, up.course_id
    ), quiz as (
      select qa.user_id, qa.course_id
        from quiz_attempts qa
        join quizzes q on q.id = qa.quiz_id and q.kind = 'course'
       where qa.user_id in (select user_id from open)
       group by qa.user_id, qa.course_id
    ), sent as (
      select s.user_id, s.about, array_agg(s.kind) as kinds
        from reminder_sends s
       where s.organisation_id = ${organisationId} and s.kind <> 'digest'
       group by s.user_id, s.about
    )
    select o.assignment_id, o.user_id, o.due_at, u.email, coalesce(pr.display_name, u.name) as name,
           c.slug as course, c.title as course_title,
           coalesce(t.n, 0) as lessons_total, coalesce(d.n, 0) as lessons_done,
           (q.user_id is not null) as attempted, st.kinds as sent_kinds
      from open o
      join users u on u.id = o.user_id
      left join profiles pr on pr.user_id = u.id
      join courses c on c.id = o.course_id
      left join totals t on t.course_id = o.course_id
      left join done d on d.user_id = o.user_id and d.course_id = o.course_id
      left join quiz q on q.user_id = o.user_id and q.course_id = o.course_id
      left join sent st on st.user_id = o.user_id and st.about = o.assignment_id::text
     order by o.user_id, o.course_id`;
}

interface Reminder {
  userId: string;
  kind: LearnerReminderKind | 'digest';
  about: string;
  mail: Awaited<ReturnType<typeof learnerReminderMail>>;
}

/**
 * Records the reminders' keys and, for the keys not recorded before, puts their mail in the outbox,
 * in one transaction: a reminder is enqueued exactly when its key is first written. Answers how many.
 */
async function enqueue(db: Db, organisationId: string, items: Reminder[], now: number): Promise<number> {
  if (items.length === 0) return 0;
  return inOrganisation(db, organisationId, async (tx) => {
    const recorded = await tx
      .insert(reminderSends)
      .values(
        items.map((i) => ({
          organisationId,
          userId: i.userId,
          kind: i.kind,
          about: i.about,
          sentAt: new Date(now),
        })),
      )
      .onConflictDoNothing()
      .returning({ userId: reminderSends.userId, kind: reminderSends.kind, about: reminderSends.about });
    const fresh = new Set(recorded.map((r) => `${r.userId} ${r.kind} ${r.about}`));
    const mails = items.filter((i) => fresh.has(`${i.userId} ${i.kind} ${i.about}`)).map((i) => i.mail);
    // The outbox's own clock decides when it delivers (next_attempt_at defaults to the database's now).
    if (mails.length > 0) await tx.insert(mailOutbox).values(mails);
    return mails.length;
  });
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
