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

/**
 * learner §9: a module's duration is the course's data (course.json `durationMinutes`, served with
 * the module); a module the course gives none to counts 30 minutes.
 */
export const DEFAULT_MODULE_DURATION_MINUTES = 30;

export function moduleDurationMinutes(module: { duration_minutes?: number | null }): number {
  return module.duration_minutes ?? DEFAULT_MODULE_DURATION_MINUTES;
}

/** '45m', '1h 5m', '2h 0m'. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/**
 * What the platform states about its own downtime (learner §2). A course's own time texts (estimated
 * time, syllabus time, pre-assessment time) are the course's data: its outline (CourseOutline).
 */
export const PLATFORM_TIME = {
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

/**
 * The day a certificate was issued, as the PDF and the verification page both print it: the UTC
 * calendar day, so a reader west or east of the server never sees the day before or after. `lang`
 * chooses the words ('23 November 2025' in en-GB, the default); an unknown tag falls back to it.
 */
export function formatIssueDate(iso: string, lang = 'en-GB'): string {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  };
  const date = new Date(iso);
  try {
    return date.toLocaleDateString(lang, options);
  } catch {
    return date.toLocaleDateString('en-GB', options);
  }
}
