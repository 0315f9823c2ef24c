import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';

// The SQL building blocks the analytics report and the progress CSV share, for one course. Everything is
// aggregated in PostgreSQL: only per-module, per-bin and per-question totals (and, for the CSV,
// one row per learner) ever reach JavaScript, so 10,000 learners cost one round trip per figure.

const { users, userRoles, profiles, lessons, userProgress, quizzes, quizAttempts } = schema;

/** Runs a statement and answers its rows, whichever driver is underneath. */
export async function rowsOf<T>(ctx: Pick<AppContext, 'db'>, query: SQL): Promise<T[]> {
  const result = (await ctx.db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A json column as an object: parsed by one driver, text from the other. */
export const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Learners: every account without the admin role (admins testing the course would skew it). */
export const learnerCte = sql`learner as (
  select u.id, u.email, u.created_at, coalesce(p.display_name, u.name) as display_name
  from ${users} u
  left join ${profiles} p on p.user_id = u.id
  where not exists (select 1 from ${userRoles} r where r.user_id = u.id and r.role = 'admin')
)`;

/**
 * done(user_id, lesson_id, module_id): each active lesson a learner has completed, once. Records
 * match by stable lesson key, legacy ones without a key by lesson id (core's completedLessonIds).
 * A keyed record is already unique per learner and lesson (unique index, unique lesson keys), so
 * only the rare legacy rows are de-duplicated: no sort or hash over every progress row.
 */
export const doneCte = (courseId: number) => sql`done as (
  select p.user_id, l.id as lesson_id, l.module_id
  from ${userProgress} p
  join ${lessons} l on l.course_id = p.course_id and l.lesson_key = p.lesson_key and l.is_active
  where p.completed and p.course_id = ${courseId}
  union all
  select distinct p.user_id, l.id, l.module_id
  from ${userProgress} p
  join ${lessons} l on l.id = p.lesson_id and l.is_active
  where p.completed and p.lesson_key is null and p.course_id = ${courseId}
    and not exists (
      select 1 from ${userProgress} k
      where k.user_id = p.user_id and k.course_id = p.course_id and k.lesson_key = l.lesson_key and k.completed
    )
)`;

/** module_total(module_id, total): active lessons per module. */
export const moduleTotalCte = (courseId: number) => sql`module_total as (
  select module_id, count(*)::int as total from ${lessons}
  where is_active and course_id = ${courseId} group by module_id
)`;

/**
 * user_module(user_id, module_id, n, complete): a learner's completed lessons per module; grouped
 * before the learner filter so the join sees one row per learner and module, not per record.
 */
export const userModuleCte = sql`user_module as (
  select per.user_id, per.module_id, per.n, per.n >= mt.total as complete
  from (select user_id, module_id, count(*)::int as n from done group by user_id, module_id) per
  join learner on learner.id = per.user_id
  join module_total mt on mt.module_id = per.module_id
)`;

/** Completed attempts of learners, with the quiz's kind. */
export const attemptCte = (courseId: number) => sql`attempt as (
  select a.id, a.user_id, a.quiz_id, q.kind, a.percentage, a.passed, a.answers, a.questions, a.completed_at
  from ${quizAttempts} a
  join ${quizzes} q on q.id = a.quiz_id
  join learner on learner.id = a.user_id
  where a.completed_at is not null and q.course_id = ${courseId}
)`;

/** An ISO-8601 UTC text of a timestamptz, the same on both drivers. */
export const isoText = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
