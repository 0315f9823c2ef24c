import { type CourseAdapter, type Role, TIMINGS } from '@coursekit/core';

interface Cached {
  at: number;
  value: Promise<Role[]>;
}
const cache = new Map<string, Cached>();

/**
 * learner §6: the user's roles, cached per user for 30 s; an error counts as no role. Components use
 * `useIsAdmin`.
 */
export function checkRoles(adapter: CourseAdapter, userId: string, now = Date.now()): Promise<Role[]> {
  const hit = cache.get(userId);
  if (hit && now - hit.at < TIMINGS.adminCacheMs) return hit.value;
  const value = adapter.profile.roles().catch((): Role[] => []);
  cache.set(userId, { at: now, value });
  return value;
}

/** Forgets every cached answer (sign-out, tests). */
export function clearAdminCache(): void {
  cache.clear();
}
