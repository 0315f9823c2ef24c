import type { CourseBundle, ProgressRecord } from '@coursekit/core';
import type { LearnerState } from './learnerState';

/** The learner's completed lessons as the API's progress records (lessons the bundle lacks are skipped). */
export function progressRecords(
  bundle: CourseBundle,
  completed: LearnerState['lessons'],
  userId: string,
): ProgressRecord[] {
  return completed.flatMap(({ key, at }, index) => {
    const lesson = bundle.lessons.find((l) => l.lesson_key === key);
    if (!lesson) return [];
    return [
      {
        id: index + 1,
        user_id: userId,
        lesson_id: lesson.id,
        lesson_key: key,
        module_id: lesson.module_id,
        completed: true,
        lesson_order: lesson.order,
        tracking_method: 'stable' as const,
        updated_at: at,
      },
    ];
  });
}
