import type { AssignmentStatus } from '@coursekit/core';
import { sql } from 'drizzle-orm';
import { type Db, schema } from '../db/index';
import type { LearnerReminderKind, learnerReminderMail } from './reminderMail';
import { inOrganisation } from './scope';

// What a reminder run reads and writes: who is due which reminder, and the record that makes each
// reminder go exactly once (its key written in the same transaction that puts its mail in the outbox).

const { reminderSends, mailOutbox } = schema;

const DAY_MS = 86_400_000;

/** The start (UTC) of the day `days` before the day of `dueAt`. */
function dayStartBefore(dueAt: number, days: number): number {
  const d = new Date(dueAt);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - days);
}

/**
 * Which reminder a person's assigned course is due now: core's assignmentStatus says completed
 * (none) or overdue; otherwise, by calendar day (UTC), the day before the due date's day or from the
 * day a week before it. A due date picked as a bare date ends that day (23:59:59.999): its day-before
 * reminder goes on the day before, not in the last hours of the day it is due.
 */
export function reminderKind(
  status: AssignmentStatus,
  dueAt: number,
  now: number,
): LearnerReminderKind | null {
  if (status === 'completed') return null;
  if (status === 'overdue') return 'overdue';
  if (now >= dayStartBefore(dueAt, 1)) return 'day_before';
  if (now >= dayStartBefore(dueAt, 7)) return 'week_before';
  return null;
}

/** The hour a job is for, UTC: `2026-11-29T08`. */
export const periodOf = (now: number) => new Date(now).toISOString().slice(0, 13);

/** The ISO week of a date, UTC: `2026-W48` (a manager's digest goes once a week). */
export function isoWeek(now: number): string {
  const d = new Date(now);
  const day = (d.getUTCDay() + 6) % 7; // Monday 0
  const thursday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day + 3);
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface Candidate {
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
 * Every person and course of the organisation due within 8 days (the day a week before a due date's
 * day starts at most 8 days before it) or overdue, not yet sent its overdue
 * reminder and not opted out: one row per person and course (the earliest due of their own and
 * their groups' assignments), with the facts core's status rule reads and the kinds sent already.
 */
export function candidatesSql(organisationId: string, now: number) {
  const horizon = new Date(now + 8 * DAY_MS).toISOString();
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

export interface Reminder {
  userId: string;
  kind: LearnerReminderKind | 'digest';
  about: string;
  mail: Awaited<ReturnType<typeof learnerReminderMail>>;
}

/**
 * Records the reminders' keys and, for the keys not recorded before, puts their mail in the outbox,
 * in one transaction: a reminder is enqueued exactly when its key is first written. Answers how many.
 */
export async function enqueue(
  db: Db,
  organisationId: string,
  items: Reminder[],
  now: number,
): Promise<number> {
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
