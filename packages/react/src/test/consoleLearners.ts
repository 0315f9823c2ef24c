import type { CourseAdapter, UserProgressView } from '@coursekit/core';
import { createMemoryAdapter, createMemoryStore } from '@coursekit/mocks';

export interface Learner {
  userId: string;
  name: string;
  view: UserProgressView;
}

/** The admin-console scenario's learners and their progress, so a test can pick the state it needs. */
export async function consoleLearners(adapter?: CourseAdapter): Promise<Learner[]> {
  const admin = (adapter ?? createMemoryAdapter(createMemoryStore('admin-console'))).admin!;
  const profiles = await admin.users.selectable();
  return Promise.all(
    profiles.map(async (p) => ({
      userId: p.user_id,
      name: p.display_name ?? 'Unknown User',
      view: await admin.userProgress.get(p.user_id),
    })),
  );
}

/** A learner mid-course who has taken a course quiz more than once. */
export const findMidCourse = (list: Learner[]) =>
  must(
    list.find(
      (l) =>
        l.view.summary.hasStarted &&
        !l.view.summary.isComplete &&
        l.view.quizzes.some((q) => q.quiz.kind === 'course' && q.summary.totalAttempts > 1),
    ),
    'a mid-course learner with several quiz attempts',
  );

/** A learner with no progress at all. */
export const findFresh = (list: Learner[]) =>
  must(
    list.find((l) => !l.view.summary.hasStarted),
    'a learner who has not started',
  );

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the admin-console scenario has no ${what}`);
  return value;
}
