import type { UserListQuery } from '@coursekit/core';

/**
 * The last part of a course-specific key: the course's slug, or null for the default course. Left
 * out, the key is a prefix of that data for every course (what a write refreshes).
 */
type Course = string | null | undefined;
const of = (course: Course) => (course === undefined ? [] : [course]);

/** Every query key of the admin console, in one place, so writes know exactly what to refresh. */
export const adminKeys = {
  all: ['coursekit', 'admin'] as const,
  /** The guard's session and admin-role check. */
  access: () => [...adminKeys.all, 'access'] as const,
  /** The platform's courses. */
  courses: () => [...adminKeys.all, 'courses'] as const,
  /** The course picked in the console (kept in the cache, so it outlives a change of screen). */
  pickedCourse: () => [...adminKeys.all, 'picked-course'] as const,
  stats: (course?: Course) => [...adminKeys.all, 'stats', ...of(course)] as const,
  /** The session's content Operation Results (kept in the cache so they outlive a tab switch). */
  operations: () => [...adminKeys.all, 'operations'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (query: UserListQuery) => [...adminKeys.users(), 'list', query] as const,
  user: (userId: string) => [...adminKeys.users(), 'one', userId] as const,
  selectable: () => [...adminKeys.all, 'selectable'] as const,
  userProgress: (userId: string, course?: Course) =>
    [...adminKeys.all, 'user-progress', userId, ...of(course)] as const,
  attempts: (userId: string, quizId: number, course: Course) =>
    [...adminKeys.userProgress(userId, course ?? null), 'attempts', quizId] as const,
  diagnostics: () => [...adminKeys.all, 'diagnostics'] as const,
  images: () => [...adminKeys.all, 'images'] as const,
  tracking: () => [...adminKeys.all, 'tracking'] as const,
  trackingOverview: (course?: Course) => [...adminKeys.tracking(), 'overview', ...of(course)] as const,
  cleanupLog: () => [...adminKeys.tracking(), 'cleanup-log'] as const,
  analytics: (course?: Course) => [...adminKeys.all, 'analytics', ...of(course)] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  /** The platform's organisations: the list, one, and a page of one's people. */
  organisations: () => [...adminKeys.all, 'organisations'] as const,
  organisation: (id: string) => [...adminKeys.organisations(), 'one', id] as const,
  organisationMembers: (id: string, page: number) =>
    [...adminKeys.organisations(), 'members', id, page] as const,
  /** The LTI platforms registered with the tool. */
  ltiRegistrations: () => [...adminKeys.all, 'lti', 'registrations'] as const,
};
