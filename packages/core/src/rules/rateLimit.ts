/** How many actions a key may take in a window, and how long it is blocked once it exceeds that. */
export interface RateLimitPolicy {
  limit: number;
  windowMs: number;
  /** When set, exceeding the limit blocks the key for this long (resend verification: 5 minutes). */
  blockMs?: number;
}

/** learner §5/§9. Keys: sign-up and sign-in per e-mail, progress per user and lesson, resend per e-mail. */
export const RATE_LIMITS = {
  signIn: { limit: 5, windowMs: 60_000 },
  signUp: { limit: 5, windowMs: 60_000 },
  progress: { limit: 5, windowMs: 60_000 },
  resendVerification: { limit: 3, windowMs: 60_000, blockMs: 5 * 60_000 },
} as const satisfies Record<string, RateLimitPolicy>;

/** What is remembered for one key: the times of its recent actions and any block. */
export interface RateLimitState {
  hits: number[];
  blockedUntil: number | null;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Milliseconds until the key may act again; 0 when allowed. */
  retryAfterMs: number;
  /** The state to store for the key after this attempt. */
  next: RateLimitState;
}

/**
 * Decides one attempt for one key. Pure, so the browser keeps state in memory and the server
 * keeps it in PostgreSQL (shared by every API instance) with the same rule.
 */
export function decideRateLimit(
  state: RateLimitState,
  now: number,
  policy: RateLimitPolicy,
): RateLimitDecision {
  if (state.blockedUntil !== null && now < state.blockedUntil) {
    return { allowed: false, retryAfterMs: state.blockedUntil - now, next: state };
  }
  const hits = state.hits.filter((at) => at > now - policy.windowMs);
  if (hits.length < policy.limit) {
    return { allowed: true, retryAfterMs: 0, next: { hits: [...hits, now], blockedUntil: null } };
  }
  if (policy.blockMs !== undefined) {
    const blockedUntil = now + policy.blockMs;
    return { allowed: false, retryAfterMs: policy.blockMs, next: { hits, blockedUntil } };
  }
  const oldest = hits[0] ?? now;
  return { allowed: false, retryAfterMs: oldest + policy.windowMs - now, next: { hits, blockedUntil: null } };
}

export interface RateLimiter {
  /** Records an attempt for `key` if allowed, and says whether it was. */
  attempt(key: string): { allowed: boolean; retryAfterMs: number };
  reset(key: string): void;
}

/** An in-memory limiter (the client-side first line of learner §5); `now` is injectable for tests. */
export function createRateLimiter(
  policy: RateLimitPolicy,
  options: { now?: () => number } = {},
): RateLimiter {
  const now = options.now ?? Date.now;
  const states = new Map<string, RateLimitState>();
  return {
    attempt(key) {
      const decision = decideRateLimit(states.get(key) ?? { hits: [], blockedUntil: null }, now(), policy);
      states.set(key, decision.next);
      return { allowed: decision.allowed, retryAfterMs: decision.retryAfterMs };
    },
    reset(key) {
      states.delete(key);
    },
  };
}
