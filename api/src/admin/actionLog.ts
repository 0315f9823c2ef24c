import type { AdminActionType } from '@coursekit/core';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import type { AdminAuth } from './guard';

/**
 * Writes admin_action_log: who did what to whom, from which user agent. The action is one core's
 * AdminActionTypeSchema names, the schema the console reads the log with.
 */
export async function logAction(
  ctx: AppContext,
  admin: AdminAuth,
  actionType: AdminActionType,
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
