import {
  lessonDoesNotExist,
  moduleDoesNotExist,
  type ProgressRecord,
  type ProgressState,
  summarizeProgress,
} from '@coursekit/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { moduleExists } from '../course/service';
import { schema } from '../db/index';
import { fail } from '../http/errors';

const { modules, lessons, userProgress, quizzes, quizAttempts } = schema;

const toRecord = (row: typeof userProgress.$inferSelect): ProgressRecord => ({
  id: row.id,
  user_id: row.userId,
  lesson_id: row.lessonId,
  lesson_key: row.lessonKey,
  module_id: row.moduleId,
  completed: row.completed,
  lesson_order: row.lessonOrder,
  tracking_method: row.trackingMethod,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * Records plus core's summary. A fixed five statements whatever the size of the course: modules,
 * active lessons, the learner's records, quizzes, the learner's completed attempts.
 */
export async function progressState(ctx: AppContext, userId: string): Promise<ProgressState> {
  const [moduleRows, lessonRows, recordRows, quizRows, attemptRows] = await Promise.all([
    ctx.db.select({ id: modules.id, order_index: modules.orderIndex }).from(modules),
    ctx.db
      .select({
        id: lessons.id,
        lesson_key: lessons.lessonKey,
        module_id: lessons.moduleId,
        order: lessons.order,
      })
      .from(lessons)
      .where(eq(lessons.isActive, true)),
    ctx.db.select().from(userProgress).where(eq(userProgress.userId, userId)).orderBy(userProgress.id),
    ctx.db.select({ id: quizzes.id, kind: quizzes.kind }).from(quizzes),
    ctx.db
      .select({
        quiz_id: quizAttempts.quizId,
        passed: quizAttempts.passed,
        completed_at: quizAttempts.completedAt,
      })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), isNotNull(quizAttempts.completedAt))),
  ]);
  const records = recordRows.map(toRecord);
  const summary = summarizeProgress({
    modules: moduleRows,
    lessons: lessonRows,
    records,
    quizzes: quizRows,
    attempts: attemptRows.map((a) => ({ ...a, completed_at: a.completed_at?.toISOString() ?? null })),
  });
  return { records, summary };
}

/**
 * Marks a lesson complete or not by its stable key, for the signed-in learner only. One row per
 * (user, lesson key): concurrent calls meet in the upsert.
 */
export async function setLessonCompleted(
  ctx: AppContext,
  userId: string,
  lessonKey: string,
  completed: boolean,
): Promise<ProgressState> {
  const [lesson] = await ctx.db
    .select()
    .from(lessons)
    .where(and(eq(lessons.lessonKey, lessonKey), eq(lessons.isActive, true)));
  if (!lesson) throw fail('not_found', lessonDoesNotExist(lessonKey));
  const now = new Date(ctx.clock.now());
  await ctx.db
    .insert(userProgress)
    .values({
      userId,
      lessonId: lesson.id,
      lessonKey,
      moduleId: lesson.moduleId,
      completed,
      lessonOrder: lesson.order,
      trackingMethod: 'stable',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [userProgress.userId, userProgress.lessonKey],
      set: {
        completed,
        lessonId: lesson.id,
        moduleId: lesson.moduleId,
        lessonOrder: lesson.order,
        trackingMethod: 'stable',
        updatedAt: now,
      },
    });
  return progressState(ctx, userId);
}

/** Deletes all of the learner's progress and quiz attempts. */
export async function resetProgress(ctx: AppContext, userId: string): Promise<ProgressState> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userProgress).where(eq(userProgress.userId, userId));
    await tx.delete(quizAttempts).where(eq(quizAttempts.userId, userId));
  });
  return progressState(ctx, userId);
}

/** Deletes one module's progress after checking the module exists. */
export async function resetModule(ctx: AppContext, userId: string, moduleId: number): Promise<ProgressState> {
  if (!(await moduleExists(ctx, moduleId))) throw fail('not_found', moduleDoesNotExist(moduleId));
  await ctx.db
    .delete(userProgress)
    .where(and(eq(userProgress.userId, userId), eq(userProgress.moduleId, moduleId)));
  return progressState(ctx, userId);
}
