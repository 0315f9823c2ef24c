import { adminMessages, type SystemStats, type UserProgressView } from '@coursekit/core';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { CourseRef } from '../course/structure';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { progressState, resetModule, resetProgress } from '../progress/service';
import { listAttempts, listQuizzes, toAttempt } from '../quizzes/service';
import { logAction } from './actionLog';
import type { AdminAuth } from './guard';
import { getUser } from './users';

const { users, modules, lessons, quizzes, quizAttempts } = schema;

/** The admin user-progress page's data: summary (with modules), quiz summaries, pre-assessment. */
/** The admin user-progress page's data in one course. */
export async function userProgressView(
  ctx: AppContext,
  course: CourseRef,
  userId: string,
): Promise<UserProgressView> {
  await getUser(ctx, userId);
  const [state, quizList, [pre]] = await Promise.all([
    progressState(ctx, course, userId),
    listQuizzes(ctx, course, userId),
    ctx.db
      .select({ attempt: quizAttempts })
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
      .where(
        and(
          eq(quizAttempts.userId, userId),
          eq(quizzes.courseId, course.id),
          eq(quizzes.kind, 'pre_assessment'),
          isNotNull(quizAttempts.completedAt),
        ),
      )
      .orderBy(desc(quizAttempts.completedAt), desc(quizAttempts.id))
      .limit(1),
  ]);
  return {
    userId,
    summary: state.summary,
    quizzes: quizList,
    preAssessment: pre ? toAttempt(pre.attempt) : null,
  };
}

/** A learner's attempts of one quiz, newest first, once the learner is known to exist. */
export const userQuizAttempts = async (
  ctx: AppContext,
  course: CourseRef,
  userId: string,
  quizId: number,
) => {
  await getUser(ctx, userId);
  return listAttempts(ctx, course, userId, quizId);
};

export async function adminResetProgress(
  ctx: AppContext,
  course: CourseRef,
  admin: AdminAuth,
  userId: string,
) {
  const user = await getUser(ctx, userId);
  await resetProgress(ctx, course, userId);
  await logAction(ctx, admin, 'progress_reset', userId, {
    display_name: user.display_name,
    course: course.slug,
  });
}

export async function adminResetModule(
  ctx: AppContext,
  course: CourseRef,
  admin: AdminAuth,
  userId: string,
  moduleId: number,
) {
  await getUser(ctx, userId);
  await resetModule(ctx, course, userId, moduleId);
  await logAction(ctx, admin, 'module_progress_reset', userId, { module_id: moduleId, course: course.slug });
}

export async function adminResetQuiz(ctx: AppContext, admin: AdminAuth, userId: string, quizId: number) {
  await getUser(ctx, userId);
  const [quiz] = await ctx.db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw fail('not_found', adminMessages.adminQuizNotFound);
  const removed = await ctx.db
    .delete(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId)))
    .returning({ id: quizAttempts.id });
  await logAction(ctx, admin, 'quiz_progress_reset', userId, { quiz_id: quizId, attempts: removed.length });
}

export async function adminResetPreAssessment(
  ctx: AppContext,
  course: CourseRef,
  admin: AdminAuth,
  userId: string,
) {
  await getUser(ctx, userId);
  const pre = ctx.db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.courseId, course.id), eq(quizzes.kind, 'pre_assessment')));
  const removed = await ctx.db
    .delete(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.quizId, pre)))
    .returning({ id: quizAttempts.id });
  await logAction(ctx, admin, 'pre_assessment_reset', userId, {
    attempts: removed.length,
    course: course.slug,
  });
}

/** The console's four summary cards (one statement): the platform's users, the default course's content. */
export async function systemStats(ctx: AppContext, { id }: CourseRef): Promise<SystemStats> {
  const [row] = await ctx.db
    .select({
      totalUsers: sql<number>`(select count(*) from ${users})::int`,
      totalModules: sql<number>`(select count(*) from ${modules} where ${modules.courseId} = ${id})::int`,
      totalLessons: sql<number>`(select count(*) from ${lessons} where ${lessons.isActive} and ${lessons.courseId} = ${id})::int`,
      totalQuizzes: sql<number>`(select count(*) from ${quizzes} where ${quizzes.courseId} = ${id})::int`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}
