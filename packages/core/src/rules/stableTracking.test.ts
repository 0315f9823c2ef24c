import { describe, expect, it } from 'vitest';
import { averageLessonVersion, isOrphanedProgress, migrationTarget } from './stableTracking';

const lessons = [
  { id: 11, lesson_key: 'm1-intro', module_id: 1, order: 1, is_active: true },
  { id: 12, lesson_key: 'm1-old', module_id: 1, order: 2, is_active: false },
  { id: 13, lesson_key: 'm1-new', module_id: 1, order: 2, is_active: true },
];

describe('stable lesson tracking (admin §2/§9)', () => {
  it('calls a record orphaned when no lesson, active or not, answers to its key, or its id without one', () => {
    expect(isOrphanedProgress({ lesson_key: 'm1-old', lesson_id: null }, lessons)).toBe(false);
    expect(isOrphanedProgress({ lesson_key: 'gone', lesson_id: 11 }, lessons)).toBe(true);
    expect(isOrphanedProgress({ lesson_key: null, lesson_id: 12 }, lessons)).toBe(false);
    expect(isOrphanedProgress({ lesson_key: null, lesson_id: 99 }, lessons)).toBe(true);
  });

  it('averages active lessons’ versions to one decimal, a missing version counting 1', () => {
    expect(averageLessonVersion([1, 2, 2])).toBe(1.7);
    expect(averageLessonVersion([null, 3, undefined])).toBe(1.7);
    expect(averageLessonVersion([])).toBe(0);
  });

  it('moves a legacy record to its key’s lesson, else its id’s, else the active one at its place', () => {
    const record = { lesson_key: null, lesson_id: null, module_id: 1, lesson_order: 2 };
    expect(migrationTarget({ ...record, lesson_key: 'm1-old' }, lessons)?.id).toBe(12);
    expect(migrationTarget({ ...record, lesson_id: 11 }, lessons)?.id).toBe(11);
    expect(migrationTarget(record, lessons)?.id).toBe(13);
    expect(migrationTarget({ ...record, lesson_order: 7 }, lessons)).toBeUndefined();
  });
});
