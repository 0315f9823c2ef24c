/** learner §2: up to two initials from the display name (or the e-mail), default 'U'. */
export function avatarInitials(displayName: string | null | undefined, email?: string | null): string {
  const source = displayName?.trim() || email?.split('@')[0]?.trim() || '';
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const initials = words
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toUpperCase();
  return initials || 'U';
}

/** learner §9: hard-coded module durations in minutes; 30 for any other module. */
export const MODULE_DURATION_MINUTES: Readonly<Record<number, number>> = {
  1: 41,
  2: 40,
  3: 34,
  4: 23,
  5: 13,
};
export const DEFAULT_MODULE_DURATION_MINUTES = 30;

export function moduleDurationMinutes(moduleId: number): number {
  return MODULE_DURATION_MINUTES[moduleId] ?? DEFAULT_MODULE_DURATION_MINUTES;
}

/** '41m', '1h 5m', '2h 0m'. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** learner §1/§9: what the course states about its own length (the spec's figures, kept as written). */
export const COURSE_TIME = {
  estimated: '8-10 hours',
  syllabus: '2h 32m',
  preAssessment: '10-15 minutes',
  maintenanceDuration: '15-30 minutes',
} as const;

/** learner §4: a session is too close to expiry when 60 seconds or less remain. */
export const SESSION_REFRESH_THRESHOLD_SECONDS = 60;

export function sessionNeedsRefresh(expiresAtSeconds: number, nowMs: number = Date.now()): boolean {
  return expiresAtSeconds - nowMs / 1000 <= SESSION_REFRESH_THRESHOLD_SECONDS;
}

/** learner §9 timings. */
export const TIMINGS = {
  authInitTimeoutMs: 3000,
  adminCacheMs: 30_000,
  sessionValidationCacheMs: 5000,
  verificationRedirectMs: 2000,
  progressRetryMax: 3,
  progressRetryDelayMs: 1000,
} as const;
