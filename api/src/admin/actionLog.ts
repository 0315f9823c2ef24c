import type { AppContext } from '../context';
import { schema } from '../db/index';
import type { AdminAuth } from './guard';

/** Writes admin_action_log: who did what to whom, from which user agent. */
export async function logAction(
  ctx: AppContext,
  admin: AdminAuth,
  actionType: string,
  targetUserId: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await ctx.db.insert(schema.adminActionLog).values({
    adminUserId: admin.userId,
    targetUserId,
    actionType,
    actionDetails: details,
    userAgent: admin.userAgent?.slice(0, 1000) ?? null,
    createdAt: new Date(ctx.clock.now()),
  });
}
