import { decideRateLimit, type RateLimitDecision, type RateLimitPolicy } from '@coursekit/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';

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
