import {
  type AdminAdapter,
  type AdminCourse,
  type AdminCoursesAdapter,
  adminMessages,
  type CourseAdapter,
  CourseError,
  courseUpdate,
} from '@coursekit/core';
import { createMemoryAdapter, createMemoryStore } from '@coursekit/mocks';

/** The second course of the test world: not in the memory store, so its answers are made here. */
export const SECOND: AdminCourse = {
  slug: 'meter-reports',
  title: 'Reading a Meter-Data Report',
  status: 'draft',
  is_default: false,
  modules: 3,
  lessons: 9,
  learners: 0,
};

/**
 * The admin-console world of the memory adapter with a second course beside the store's own: the
 * second course is listed, changed by core's rule (as the API and the mocks change a course), and
 * answers its own counts through `forCourse`; `courses` overrides any other part (an import, say).
 */
export function twoCourses(courses: Partial<AdminCoursesAdapter> = {}) {
  const store = createMemoryStore('admin-console');
  const adapter = createMemoryAdapter(store);
  const memory = adapter.admin!;
  let second = { ...SECOND };
  const part: AdminCoursesAdapter = {
    ...memory.courses!,
    list: async () => [...(await memory.courses!.list()), second],
    async update(slug, changes) {
      if (slug !== second.slug) return memory.courses!.update(slug, changes);
      const after = courseUpdate(second, changes);
      if (!after.ok) throw new CourseError('conflict', adminMessages[after.refusal]);
      second = { ...second, status: after.status, is_default: after.is_default };
      return second;
    },
    ...courses,
  };
  const secondAdmin: AdminAdapter = {
    ...memory,
    courses: part,
    stats: async () => ({ ...(await memory.stats()), totalModules: 3, totalLessons: 9, totalQuizzes: 2 }),
    forCourse: (course) => forCourse(course),
  };
  const admin: AdminAdapter = { ...memory, courses: part, forCourse: (course) => forCourse(course) };
  const forCourse = (course: string | undefined) =>
    course === second.slug
      ? secondAdmin
      : course === undefined
        ? admin
        : { ...memory.forCourse!(course), courses: part };
  return { store, adapter: { ...adapter, admin } as CourseAdapter };
}
