import {
  decideRateLimit,
  type RateLimitDecision,
  type RateLimitPolicy,
  type RateLimitState,
} from '@coursekit/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { securityEvent } from './events';

/**
 * Server-only throttles on failed sign-ins, beyond the spec's 5-per-60-s form limit per e-mail:
 * at most 100 failures an hour for one account, and 100 failures in 15 minutes from one
 * client address (credential stuffing across many accounts; generous, since a partner's whole
 * office may share one address). Only failures count, so a busy office signing in is never slowed.
 */
export const SIGN_IN_FAILURE_LIMITS = {
  account: { limit: 100, windowMs: 60 * 60_000 },
  address: { limit: 100, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimitPolicy>;

/**
 * core's decideRateLimit over a row per key, locked with SELECT … FOR UPDATE inside a transaction so
 * concurrent requests on any instance see one another's hits.
 */
export async function consumeRateLimit(
  ctx: AppContext,
  key: string,
  policy: RateLimitPolicy,
): Promise<RateLimitDecision> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.insert(schema.rateLimits).values({ key, hits: [] }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(schema.rateLimits)
      .where(eq(schema.rateLimits.key, key))
      .for('update');
    const decision = decideRateLimit(
      { hits: row?.hits ?? [], blockedUntil: row?.blockedUntil ?? null },
      now,
      policy,
    );
    await tx
      .update(schema.rateLimits)
      .set({ hits: decision.next.hits, blockedUntil: decision.next.blockedUntil, updatedAt: new Date(now) })
      .where(eq(schema.rateLimits.key, key));
    return decision;
  });
}

/** Whether one more action of `key` would be allowed, without recording one (one read). */
export async function peekRateLimit(
  ctx: AppContext,
  key: string,
  policy: RateLimitPolicy,
): Promise<RateLimitDecision> {
  const [row] = await ctx.db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, key));
  const state: RateLimitState = { hits: row?.hits ?? [], blockedUntil: row?.blockedUntil ?? null };
  return decideRateLimit(state, ctx.clock.now(), policy);
}

/** Who is calling, as far as the limits and the security log care. */
export interface RequestMeta {
  ip?: string | undefined;
}

/**
 * One action of `key` under `policy`; over the limit, a `rate_limited` security event and a
 * `rate_limited` error with the spec's `message` (and Retry-After).
 */
export async function enforceRateLimit(
  ctx: AppContext,
  key: string,
  policy: RateLimitPolicy,
  message: string,
  meta: RequestMeta,
  email: string,
): Promise<void> {
  const decision = await consumeRateLimit(ctx, key, policy);
  if (!decision.allowed) {
    await securityEvent(
      ctx,
      'rate_limited',
      { email, ip: meta.ip, details: { key, retryAfterMs: decision.retryAfterMs } },
      { countBy: key },
    );
    throw Object.assign(fail('rate_limited', message), { retryAfterMs: decision.retryAfterMs });
  }
}
