import {
  adminMessages,
  averageLessonVersion,
  CLEANUP_LOG_LIMIT,
  migrationTarget,
  type ProgressCleanupLog,
  type TrackingOverview,
} from '@coursekit/core';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { CourseRef } from '../course/structure';
import { schema } from '../db/index';
import { logAction } from './actionLog';
import { jsonOf } from './analyticsSql';
import type { AdminAuth } from './guard';
import { getUser } from './users';

const { lessons, modules, userProgress, progressCleanupLog } = schema;

/** core's isOrphanedProgress in SQL: no lesson, active or not, answers to its key (or id without one). */
const orphaned = sql`not exists (select 1 from ${lessons} l where l.course_id = ${userProgress.courseId}
  and (l.lesson_key = ${userProgress.lessonKey} or (${userProgress.lessonKey} is null and l.id = ${userProgress.lessonId})))`;

/** One course's tracking: its records, and its modules' lessons and versions. */
export async function trackingOverview(ctx: AppContext, course: CourseRef): Promise<TrackingOverview> {
  const inCourse = eq(userProgress.courseId, course.id);
  const [[totals], perModule, moduleRows] = await Promise.all([
    ctx.db
      .select({
        totalRecords: sql<number>`count(*)::int`,
        stableRecords: sql<number>`(count(*) filter (where ${userProgress.trackingMethod} = 'stable'))::int`,
        legacyRecords: sql<number>`(count(*) filter (where ${userProgress.trackingMethod} = 'legacy'))::int`,
        orphanedRecords: sql<number>`(count(*) filter (where ${orphaned}))::int`,
      })
      .from(userProgress)
      .where(inCourse),
    ctx.db
      .select({
        moduleId: userProgress.moduleId,
        records: sql<number>`count(*)::int`,
        stableRecords: sql<number>`(count(*) filter (where ${userProgress.trackingMethod} = 'stable'))::int`,
      })
      .from(userProgress)
      .where(inCourse)
      .groupBy(userProgress.moduleId),
    ctx.db
      .select({
        moduleId: modules.id,
        name: modules.name,
        activeLessons: sql<number>`(count(${lessons.id}) filter (where ${lessons.isActive}))::int`,
        versions: sql<unknown>`coalesce(json_agg(${lessons.version}) filter (where ${lessons.isActive}), '[]'::json)`,
      })
      .from(modules)
      .leftJoin(lessons, and(eq(lessons.courseId, modules.courseId), eq(lessons.moduleId, modules.id)))
      .where(eq(modules.courseId, course.id))
      .groupBy(modules.courseId, modules.id)
      .orderBy(asc(modules.orderIndex)),
  ]);
  const byModule = new Map(perModule.map((m) => [m.moduleId, m]));
  return {
    ...(totals ?? { totalRecords: 0, stableRecords: 0, legacyRecords: 0, orphanedRecords: 0 }),
    averageLessonVersion: averageLessonVersion(
      moduleRows.flatMap((m) => jsonOf<Array<number | null>>(m.versions)),
    ),
    modules: moduleRows.map((m) => ({
      moduleId: m.moduleId,
      name: m.name,
      activeLessons: m.activeLessons,
      records: byModule.get(m.moduleId)?.records ?? 0,
      stableRecords: byModule.get(m.moduleId)?.stableRecords ?? 0,
    })),
  };
}

/** cleanupOrphanedProgress: deletes orphaned records and logs it to progress_cleanup_log. */
export async function cleanupOrphanedProgress(ctx: AppContext, admin: AdminAuth) {
  const cleaned = await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(userProgress).where(orphaned).returning({ id: userProgress.id });
    await tx.insert(progressCleanupLog).values({
      cleanupType: 'orphaned_progress',
      reason: adminMessages.orphanedProgressReason,
      recordsAffected: removed.length,
      performedAt: new Date(ctx.clock.now()),
    });
    return removed.length;
  });
  await logAction(ctx, admin, 'progress_cleanup', null, { cleaned_records: cleaned });
  return { success: true, cleaned_records: cleaned };
}

/**
 * migrateProgressToStable(userId): each legacy record (or one without a key) gets its lesson's
 * stable key, found by lesson id or else by module and lesson order. Where the learner already has
 * a stable record for that key, the two merge (completed if either was).
 */
export async function migrateProgressToStable(ctx: AppContext, admin: AdminAuth, userId: string) {
  await getUser(ctx, userId);
  const migrated = await ctx.db.transaction(async (tx) => {
    const legacy = await tx
      .select()
      .from(userProgress)
      .where(
        and(
          eq(userProgress.userId, userId),
          or(eq(userProgress.trackingMethod, 'legacy'), isNull(userProgress.lessonKey)),
        ),
      );
    if (legacy.length === 0) return 0;
    const lessonRows = (await tx.select().from(lessons)).map((l) => ({
      ...l,
      lesson_key: l.lessonKey,
      module_id: l.moduleId,
      is_active: l.isActive,
    }));
    let count = 0;
    for (const record of legacy) {
      const lesson = migrationTarget(
        {
          lesson_key: record.lessonKey,
          lesson_id: record.lessonId,
          module_id: record.moduleId,
          lesson_order: record.lessonOrder,
        },
        lessonRows.filter((l) => l.courseId === record.courseId),
      );
      if (!lesson) continue;
      const [existing] = await tx
        .select()
        .from(userProgress)
        .where(
          and(
            eq(userProgress.userId, userId),
            eq(userProgress.courseId, record.courseId),
            eq(userProgress.lessonKey, lesson.lessonKey),
          ),
        );
      const now = new Date(ctx.clock.now());
      if (existing && existing.id !== record.id) {
        await tx
          .update(userProgress)
          .set({
            completed: existing.completed || record.completed,
            trackingMethod: 'stable',
            updatedAt: now,
          })
          .where(eq(userProgress.id, existing.id));
        await tx.delete(userProgress).where(eq(userProgress.id, record.id));
      } else {
        await tx
          .update(userProgress)
          .set({
            lessonKey: lesson.lessonKey,
            lessonId: lesson.id,
            moduleId: lesson.moduleId,
            lessonOrder: lesson.order,
            trackingMethod: 'stable',
            updatedAt: now,
          })
          .where(eq(userProgress.id, record.id));
      }
      count += 1;
    }
    return count;
  });
  await logAction(ctx, admin, 'progress_migrated', userId, { migrated_records: migrated });
  return { success: true, migrated_records: migrated };
}

export async function cleanupLog(ctx: AppContext): Promise<ProgressCleanupLog[]> {
  const rows = await ctx.db
    .select()
    .from(progressCleanupLog)
    .orderBy(desc(progressCleanupLog.performedAt), desc(progressCleanupLog.id))
    .limit(CLEANUP_LOG_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    cleanup_type: r.cleanupType,
    reason: r.reason,
    records_affected: r.recordsAffected,
    performed_at: r.performedAt.toISOString(),
  }));
}
