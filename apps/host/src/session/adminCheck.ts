import { type CourseAdapter, TIMINGS } from '@coursekit/core';

interface Cached {
  at: number;
  value: Promise<boolean>;
}
const cache = new Map<string, Cached>();

/**
 * learner §6: whether the user is an admin, cached per user for 30 s; an error counts as not admin.
 * Components use `useIsAdmin`.
 */
export function checkAdmin(adapter: CourseAdapter, userId: string, now = Date.now()): Promise<boolean> {
  const hit = cache.get(userId);
  if (hit && now - hit.at < TIMINGS.adminCacheMs) return hit.value;
  const value = adapter.profile
    .roles()
    .then((roles) => roles.includes('admin'))
    .catch(() => false);
  cache.set(userId, { at: now, value });
  return value;
}

/** Forgets every cached answer (sign-out, tests). */
export function clearAdminCache(): void {
  cache.clear();
}
