import type {
  AdminActionLog,
  Page,
  ProgressCleanupLog,
  ProgressRecord,
  SecurityEvent,
  TrackingOverview,
} from '@coursekit/core';
import { type AdminState, logAction, newestFirst, now, paged, pageOf, requireUser } from './adminState';

/** admin §9: the cleanup log shows the last 50 entries. */
export const CLEANUP_LOG_LIMIT = 50;

type PageQuery = { page?: number | string | undefined; pageSize?: number | string | undefined };

/** Stable Lesson Tracking administration and the audit trail (admin §2, §6, §7). */
export function adminTracking(state: AdminState) {
  const { store } = state;
  const { progress } = store.tables;
  const lessons = store.lessonsList;

  /** Orphaned: no lesson (active or not) answers to the record's key, or to its id when it has none. */
  const isOrphaned = (r: ProgressRecord) =>
    !lessons.some((l) => (r.lesson_key !== null ? l.lesson_key === r.lesson_key : l.id === r.lesson_id));

  return {
    overview(): TrackingOverview {
      const active = lessons.filter((l) => l.is_active);
      const versions = active.reduce((n, l) => n + (l.version ?? 1), 0);
      return {
        totalRecords: progress.length,
        stableRecords: progress.filter((r) => r.tracking_method === 'stable').length,
        legacyRecords: progress.filter((r) => r.tracking_method === 'legacy').length,
        orphanedRecords: progress.filter(isOrphaned).length,
        // admin §9: rounded to one decimal, a missing version counting as 1
        averageLessonVersion: active.length === 0 ? 0 : Math.round((versions / active.length) * 10) / 10,
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
      state.cleanupLog.push({
        id: state.nextId(),
        cleanup_type: 'orphaned_progress',
        reason: 'Progress records whose lesson no longer exists',
        records_affected: cleaned,
        performed_at: now(),
      });
      logAction(state, actor, 'progress_cleanup', null, { cleaned_records: cleaned });
      return { success: true, cleaned_records: cleaned };
    },

    /**
     * migrateProgressToStable(userId): each legacy record gets its lesson's stable key (by lesson id,
     * else by module and order); where a stable record for that key exists, the two merge.
     */
    migrate(actor: string, userId: string): { success: boolean; migrated_records: number } {
      requireUser(state, userId);
      let migrated = 0;
      const legacy = progress.filter(
        (r) => r.user_id === userId && (r.tracking_method === 'legacy' || r.lesson_key === null),
      );
      for (const record of legacy) {
        const lesson =
          lessons.find((l) => record.lesson_key !== null && l.lesson_key === record.lesson_key) ??
          lessons.find((l) => l.id === record.lesson_id) ??
          lessons.find(
            (l) => l.is_active && l.module_id === record.module_id && l.order === record.lesson_order,
          );
        if (!lesson) continue;
        const existing = progress.find(
          (r) => r.user_id === userId && r.lesson_key === lesson.lesson_key && r !== record,
        );
        if (existing) {
          existing.completed ||= record.completed;
          existing.tracking_method = 'stable';
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
      logAction(state, actor, 'progress_migrated', userId, { migrated_records: migrated });
      return { success: true, migrated_records: migrated };
    },

    cleanupLog: (): ProgressCleanupLog[] =>
      [...state.cleanupLog]
        .sort((a, b) => b.performed_at.localeCompare(a.performed_at) || b.id - a.id)
        .slice(0, CLEANUP_LOG_LIMIT),

    /** The admin action log, newest first, 50 a page by default. */
    actions(query: PageQuery = {}): Page<AdminActionLog> {
      const { page, pageSize } = pageOf(query, 50);
      return paged(newestFirst(state.actions), page, pageSize);
    },

    securityEvents(
      query: PageQuery & { event_type?: SecurityEvent['event_type'] } = {},
    ): Page<SecurityEvent> {
      const { page, pageSize } = pageOf(query, 50);
      const kind = query.event_type;
      const events = kind ? state.securityEvents.filter((e) => e.event_type === kind) : state.securityEvents;
      return paged(newestFirst(events), page, pageSize);
    },
  };
}
