import { type ProgressCsvRow, percent, progressCsv, progressCsvFileName } from '@coursekit/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { CourseRef } from '../course/structure';
import { schema } from '../db/index';
import {
  attemptCte,
  doneCte,
  isoText,
  learnerCte,
  moduleTotalCte,
  rowsOf,
  userModuleCte,
} from './analyticsSql';

const { userProgress } = schema;

type Row = {
  user_id: string;
  display_name: string | null;
  email: string | null;
  lessons_completed: number;
  total_lessons: number;
  modules_completed: number;
  pre_assessment: number | null;
  best_course: number | null;
  passed: boolean | null;
  last_activity: string | null;
};

/**
 * One row per learner, oldest account first, computed in one statement. The pre-assessment column
 * is the LATEST attempt's percentage, as on the admin user-progress page's card; passed is true when
 * any course-quiz attempt passed (admin §4's quiz summary).
 */
/** One row per learner, about one course. */
async function progressCsvRows(ctx: AppContext, { id: courseId }: CourseRef): Promise<ProgressCsvRow[]> {
  const rows = await rowsOf<Row>(
    ctx,
    sql`with ${learnerCte}, ${doneCte(courseId)}, ${moduleTotalCte(courseId)}, ${userModuleCte}, ${attemptCte(courseId)},
    course_total as (select coalesce(sum(total), 0)::int as total from module_total),
    per_user as (
      select user_id, sum(n)::int as lessons, count(*) filter (where complete)::int as modules
      from user_module group by user_id
    ),
    pre as (
      select distinct on (user_id) user_id, percentage
      from attempt where kind = 'pre_assessment'
      order by user_id, completed_at desc, id desc
    ),
    best as (
      select user_id, max(percentage)::float8 as best, bool_or(passed) as passed
      from attempt where kind = 'course' group by user_id
    ),
    activity as (
      select user_id, max(at) as at from (
        select user_id, updated_at as at from ${userProgress} where course_id = ${courseId}
        union all
        select user_id, completed_at from attempt
      ) moments group by user_id
    )
    select l.id as user_id, l.display_name, l.email,
      coalesce(pu.lessons, 0)::int as lessons_completed, ct.total as total_lessons,
      coalesce(pu.modules, 0)::int as modules_completed,
      pre.percentage::float8 as pre_assessment, best.best as best_course, best.passed,
      ${isoText(sql`act.at`)} as last_activity
    from learner l
    cross join course_total ct
    left join per_user pu on pu.user_id = l.id
    left join pre on pre.user_id = l.id
    left join best on best.user_id = l.id
    left join activity act on act.user_id = l.id
    order by l.created_at, l.id`,
  );
  return rows.map((r) => ({
    userId: r.user_id,
    displayName: r.display_name,
    email: r.email,
    lessonsCompleted: r.lessons_completed,
    totalLessons: r.total_lessons,
    percent: percent(r.lessons_completed, r.total_lessons),
    modulesCompleted: r.modules_completed,
    preAssessmentPercent: r.pre_assessment,
    bestCourseQuizPercent: r.best_course,
    passed: r.passed ?? false,
    lastActivity: r.last_activity,
  }));
}

/** The progress CSV and its dated attachment name. */
export async function progressCsvExport(
  ctx: AppContext,
  course: CourseRef,
): Promise<{ file: string; csv: string }> {
  const rows = await progressCsvRows(ctx, course);
  return { file: progressCsvFileName(new Date(ctx.clock.now())), csv: progressCsv(rows) };
}
