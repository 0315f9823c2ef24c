import {
  adminMessages,
  averageLessonVersion,
  CLEANUP_LOG_LIMIT,
  isOrphanedProgress,
  migrationTarget,
  type ProgressCleanupLog,
  type TrackingOverview,
} from '@coursekit/core';
import { now } from '../store/memoryTables';
import { type AdminTables, logAction, requireUser } from './adminTables';

/** Stable Lesson Tracking administration (admin §2, §7), by core's rules/stableTracking.ts. */
export function adminTracking(tables: AdminTables) {
  const { store } = tables;
  const { progress } = store.tables;
  const lessons = store.lessonsList;
  const isOrphaned = (record: (typeof progress)[number]) => isOrphanedProgress(record, lessons);

  return {
    overview(): TrackingOverview {
      const active = lessons.filter((l) => l.is_active);
      return {
        totalRecords: progress.length,
        stableRecords: progress.filter((r) => r.tracking_method === 'stable').length,
        legacyRecords: progress.filter((r) => r.tracking_method === 'legacy').length,
        orphanedRecords: progress.filter(isOrphaned).length,
        averageLessonVersion: averageLessonVersion(active.map((l) => l.version)),
        modules: store.modulesList.map((m) => {
          const records = progress.filter((r) => r.module_id === m.id);
          return {
            moduleId: m.id,
            name: m.name,
            activeLessons: active.filter((l) => l.module_id === m.id).length,
            records: records.length,
            stableRecords: records.filter((r) => r.tracking_method === 'stable').length,
          };
        }),
      };
    },

    /** cleanupOrphanedProgress: deletes orphaned records and writes a cleanup log row. */
    cleanup(actor: string): { success: boolean; cleaned_records: number } {
      let cleaned = 0;
      for (let i = progress.length - 1; i >= 0; i--) {
        if (isOrphaned(progress[i]!)) {
          progress.splice(i, 1);
          cleaned += 1;
        }
      }
      tables.cleanupLog.push({
        id: tables.nextId(),
        cleanup_type: 'orphaned_progress',
        reason: adminMessages.orphanedProgressReason,
        records_affected: cleaned,
        performed_at: now(),
      });
      logAction(tables, actor, 'progress_cleanup', null, { cleaned_records: cleaned });
      return { success: true, cleaned_records: cleaned };
    },

    /**
     * migrateProgressToStable(userId): each legacy record (or one without a key) moves to core's
     * migrationTarget; where a stable record for that lesson exists, the two merge.
     */
    migrate(actor: string, userId: string): { success: boolean; migrated_records: number } {
      requireUser(tables, userId);
      let migrated = 0;
      const legacy = progress.filter(
        (r) => r.user_id === userId && (r.tracking_method === 'legacy' || r.lesson_key === null),
      );
      for (const record of legacy) {
        const lesson = migrationTarget(record, lessons);
        if (!lesson) continue;
        const existing = progress.find(
          (r) => r.user_id === userId && r.lesson_key === lesson.lesson_key && r !== record,
        );
        if (existing) {
          existing.completed ||= record.completed;
          existing.tracking_method = 'stable';
          existing.updated_at = now();
          progress.splice(progress.indexOf(record), 1);
        } else {
          Object.assign(record, {
            lesson_key: lesson.lesson_key,
            lesson_id: lesson.id,
            module_id: lesson.module_id,
            lesson_order: lesson.order,
            tracking_method: 'stable',
            updated_at: now(),
          });
        }
        migrated += 1;
      }
      logAction(tables, actor, 'progress_migrated', userId, { migrated_records: migrated });
      return { success: true, migrated_records: migrated };
    },

    /** admin §9: the latest cleanup log rows, newest first. */
    cleanupLog: (): ProgressCleanupLog[] =>
      [...tables.cleanupLog]
        .sort((a, b) => b.performed_at.localeCompare(a.performed_at) || b.id - a.id)
        .slice(0, CLEANUP_LOG_LIMIT),
  };
}
