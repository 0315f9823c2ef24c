import type { Lesson, ProgressRecord } from '../schemas/entities';
import { round1 } from './analytics';

// Stable Lesson Tracking administration (admin §2/§7/§9), defined once. The API computes the
// orphan test and the counts in SQL (api/src/admin/tracking.ts follows `isOrphanedProgress`); the
// mocks call these functions. The admin conformance suite checks both on the same records.

/** admin §9: the cleanup log shows the last 50 entries. */
export const CLEANUP_LOG_LIMIT = 50;

type LessonIdentity = Pick<Lesson, 'id' | 'lesson_key'>;

/**
 * A progress record is orphaned when no lesson, active or not, answers to its lesson key, or to
 * its lesson id when it has no key. A deactivated lesson keeps its progress: a later content load
 * may bring it back.
 */
export function isOrphanedProgress(
  record: Pick<ProgressRecord, 'lesson_key' | 'lesson_id'>,
  lessons: ReadonlyArray<LessonIdentity>,
): boolean {
  return !lessons.some((l) =>
    record.lesson_key !== null ? l.lesson_key === record.lesson_key : l.id === record.lesson_id,
  );
}

/** admin §9: the average lesson version of the active lessons, one decimal, a missing one counting 1. */
export function averageLessonVersion(versions: ReadonlyArray<number | null | undefined>): number {
  if (versions.length === 0) return 0;
  return round1(versions.reduce<number>((sum, v) => sum + (v ?? 1), 0) / versions.length);
}

/**
 * The lesson a legacy record (or one without a key) moves to on migrateProgressToStable: the
 * lesson of its key, else of its id, else the active lesson at its module and order.
 */
export function migrationTarget<
  L extends Pick<Lesson, 'id' | 'lesson_key' | 'module_id' | 'order' | 'is_active'>,
>(
  record: Pick<ProgressRecord, 'lesson_key' | 'lesson_id' | 'module_id' | 'lesson_order'>,
  lessons: ReadonlyArray<L>,
): L | undefined {
  return (
    (record.lesson_key !== null ? lessons.find((l) => l.lesson_key === record.lesson_key) : undefined) ??
    (record.lesson_id !== null ? lessons.find((l) => l.id === record.lesson_id) : undefined) ??
    (record.lesson_order !== null
      ? lessons.find(
          (l) => l.is_active && l.module_id === record.module_id && l.order === record.lesson_order,
        )
      : undefined)
  );
}
