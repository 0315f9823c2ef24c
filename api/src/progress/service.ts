import {
  lessonDoesNotExist,
  moduleDoesNotExist,
  type ProgressRecord,
  type ProgressState,
} from '@coursekit/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { moduleExists } from '../course/service';
import { type CourseRef, courseStructure } from '../course/structure';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { ATTEMPT_JSON, type AttemptJson, summarizeLearner } from './summary';

const { userProgress, quizAttempts } = schema;

interface RecordJson {
  id: number;
  user_id: string;
  lesson_id: number | null;
  lesson_key: string | null;
  module_id: number;
  completed: boolean;
  lesson_order: number | null;
  tracking_method: 'legacy' | 'stable';
  updated_at: string;
}
interface StateRow {
  version: string | null;
  records: RecordJson[];
  attempts: AttemptJson[];
  /** Completion only: 1 when the lesson key named an active lesson (and the row was written). */
  written?: number;
}

// The learner's records and completed attempts (with the pre-assessment's answers when the course
// has test-out on), plus the course's structure_version to check the cached structure against, in
// one statement (json_agg: one row whatever the number of records).
const RECORD_JSON = `json_build_object('id', p.id, 'user_id', p.user_id, 'lesson_id', p.lesson_id,
  'lesson_key', p.lesson_key, 'module_id', p.module_id, 'completed', p.completed, 'lesson_order', p.lesson_order,
  'tracking_method', p.tracking_method, 'updated_at', p.updated_at)`;
const STATE_COLUMNS = (
  records: string,
  user = '$1',
) => `(select structure_version::text from courses where id = $2) as version,
  coalesce((select json_agg(${RECORD_JSON} order by p.id) from ${records} p), '[]') as records,
  coalesce((select json_agg(${ATTEMPT_JSON}) from quiz_attempts a join quizzes q on q.id = a.quiz_id
    where a.user_id = ${user} and a.course_id = $2 and a.completed_at is not null), '[]') as attempts`;
const STATE_SQL = `select ${STATE_COLUMNS('(select * from user_progress where user_id = $1 and course_id = $2)')}`;
// The same state for many learners at once: their ids as a JSON array (both drivers bind text alike).
const STATES_SQL = `select u.id as user_id, ${STATE_COLUMNS(
  '(select * from user_progress where user_id = u.id and course_id = $2)',
  'u.id',
)} from (select distinct value::uuid as id from json_array_elements_text($1::json)) u`;

// Completion: look the lesson up, upsert the row and read the state back in one statement. The
// state's snapshot predates the upsert, so the written row replaces the old one of the same key.
const COMPLETE_SQL = `with lesson as (
    select id, module_id, "order" from lessons where course_id = $2 and lesson_key = $3 and is_active
  ), written as (
    insert into user_progress (user_id, course_id, lesson_id, lesson_key, module_id, completed, lesson_order,
      tracking_method, created_at, updated_at)
    select $1::uuid, $2::int, lesson.id, $3, lesson.module_id, $4::boolean, lesson."order", 'stable', $5::timestamptz, $5::timestamptz
    from lesson
    on conflict (user_id, course_id, lesson_key) do update set completed = excluded.completed, lesson_id = excluded.lesson_id,
      module_id = excluded.module_id, lesson_order = excluded.lesson_order, tracking_method = 'stable',
      updated_at = excluded.updated_at
    returning *
  )
  select (select count(*)::int from written) as written, ${STATE_COLUMNS(
    `(select * from user_progress where user_id = $1 and course_id = $2 and lesson_key is distinct from $3
      union all select * from written)`,
  )}`;

const toRecord = (row: RecordJson): ProgressRecord => ({
  ...row,
  updated_at: new Date(row.updated_at).toISOString(),
});

/** Records plus core's summary, over the course structure this instance keeps in memory. */
async function stateOf(ctx: AppContext, courseId: number, row: StateRow): Promise<ProgressState> {
  const course = await courseStructure(ctx, courseId, row.version);
  const records = row.records.map(toRecord);
  return { records, summary: summarizeLearner(course, records, row.attempts) };
}

/**
 * Records plus core's summary: one statement (records, attempts, course version) whatever the size of
 * the course; the structure comes from memory (course/structure.ts).
 */
export async function progressState(
  ctx: AppContext,
  course: Pick<CourseRef, 'id'>,
  userId: string,
): Promise<ProgressState> {
  const [row] = await ctx.database.query<StateRow>(STATE_SQL, [userId, course.id]);
  return stateOf(ctx, course.id, row!);
}

/** progressState of many learners of one course, by their ids, in one statement. */
export async function progressStates(
  ctx: AppContext,
  course: Pick<CourseRef, 'id'>,
  userIds: readonly string[],
): Promise<Map<string, ProgressState>> {
  if (userIds.length === 0) return new Map();
  const rows = await ctx.database.query<StateRow & { user_id: string }>(STATES_SQL, [
    JSON.stringify(userIds),
    course.id,
  ]);
  const states = await Promise.all(rows.map((row) => stateOf(ctx, course.id, row)));
  return new Map(rows.map((row, n) => [row.user_id, states[n]!]));
}

/**
 * Marks a lesson complete or not by its stable key, for the signed-in learner only. One row per
 * (user, lesson key): concurrent calls meet in the upsert. One statement (COMPLETE_SQL).
 */
export async function setLessonCompleted(
  ctx: AppContext,
  course: CourseRef,
  userId: string,
  lessonKey: string,
  completed: boolean,
): Promise<ProgressState> {
  const now = new Date(ctx.clock.now()).toISOString(); // as text: both drivers bind it the same way
  const [row] = await ctx.database.query<StateRow>(COMPLETE_SQL, [
    userId,
    course.id,
    lessonKey,
    completed,
    now,
  ]);
  if (!row?.written) throw fail('not_found', lessonDoesNotExist(lessonKey));
  return stateOf(ctx, course.id, row);
}

/** Deletes all of the learner's progress and quiz attempts in this course. */
export async function resetProgress(
  ctx: AppContext,
  course: CourseRef,
  userId: string,
): Promise<ProgressState> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(userProgress)
      .where(and(eq(userProgress.userId, userId), eq(userProgress.courseId, course.id)));
    await tx
      .delete(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, course.id)));
  });
  return progressState(ctx, course, userId);
}

/** Deletes one module's progress after checking the module exists. */
export async function resetModule(
  ctx: AppContext,
  course: CourseRef,
  userId: string,
  moduleId: number,
): Promise<ProgressState> {
  if (!(await moduleExists(ctx, course, moduleId))) throw fail('not_found', moduleDoesNotExist(moduleId));
  await ctx.db
    .delete(userProgress)
    .where(
      and(
        eq(userProgress.userId, userId),
        eq(userProgress.courseId, course.id),
        eq(userProgress.moduleId, moduleId),
      ),
    );
  return progressState(ctx, course, userId);
}
