import type { UserListQuery } from '@coursekit/core';

/** Every query key of the admin console, in one place, so writes know exactly what to refresh. */
export const adminKeys = {
  all: ['coursekit', 'admin'] as const,
  /** The guard's session and admin-role check. */
  access: () => [...adminKeys.all, 'access'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  /** The session's content Operation Results (kept in the cache so they outlive a tab switch). */
  operations: () => [...adminKeys.all, 'operations'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (query: UserListQuery) => [...adminKeys.users(), 'list', query] as const,
  user: (userId: string) => [...adminKeys.users(), 'one', userId] as const,
  selectable: () => [...adminKeys.all, 'selectable'] as const,
  userProgress: (userId: string) => [...adminKeys.all, 'user-progress', userId] as const,
  attempts: (userId: string, quizId: number) =>
    [...adminKeys.userProgress(userId), 'attempts', quizId] as const,
  diagnostics: () => [...adminKeys.all, 'diagnostics'] as const,
  images: () => [...adminKeys.all, 'images'] as const,
  tracking: () => [...adminKeys.all, 'tracking'] as const,
  cleanupLog: () => [...adminKeys.tracking(), 'cleanup-log'] as const,
  analytics: () => [...adminKeys.all, 'analytics'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
};
