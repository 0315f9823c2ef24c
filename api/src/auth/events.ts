import type { AppContext } from '../context';
import { schema } from '../db/index';

/** Security events are rows admins can read (DESIGN decision 4), and a log line. */
export async function securityEvent(
  ctx: AppContext,
  type: string,
  data: {
    userId?: string | null;
    email?: string | null;
    ip?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  ctx.logger.warn({ event: type, userId: data.userId, email: data.email }, 'security event');
  try {
    await ctx.db.insert(schema.securityEvents).values({
      type,
      userId: data.userId ?? null,
      email: data.email ?? null,
      ip: data.ip ?? null,
      details: data.details ?? null,
      createdAt: new Date(ctx.clock.now()),
    });
  } catch (err) {
    ctx.logger.error({ err }, 'could not store security event');
  }
}
