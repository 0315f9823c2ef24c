import {
  type AdminActionLog,
  AUDIT_PAGE_SIZE,
  type Page,
  pageWindow,
  type SecurityEvent,
  type SecurityEventType,
} from '@coursekit/core';
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';

const { adminActionLog, securityEvents } = schema;

// admin §6/§8: the admin action log and the security events, newest first, paged; and the
// security log's retention.

type PageQuery = { page?: number | undefined; pageSize?: number | undefined };

/** Security events older than this are deleted (hourly, off the request path). */
export const SECURITY_EVENT_RETENTION_DAYS = 90;
const PRUNE_EVERY_MS = 60 * 60_000;

export async function auditActions(ctx: AppContext, query: PageQuery): Promise<Page<AdminActionLog>> {
  const { page, pageSize, offset } = pageWindow(query, AUDIT_PAGE_SIZE);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(adminActionLog)
      .orderBy(desc(adminActionLog.createdAt), desc(adminActionLog.id))
      .limit(pageSize)
      .offset(offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(adminActionLog),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      admin_user_id: r.adminUserId,
      target_user_id: r.targetUserId,
      action_type: r.actionType as AdminActionLog['action_type'],
      action_details: r.actionDetails,
      user_agent: r.userAgent,
      created_at: r.createdAt.toISOString(),
    })),
    total: count?.n ?? 0,
    page,
    pageSize,
  };
}

export async function auditSecurityEvents(
  ctx: AppContext,
  query: PageQuery & { event_type?: SecurityEventType | undefined },
): Promise<Page<SecurityEvent>> {
  const { page, pageSize, offset } = pageWindow(query, AUDIT_PAGE_SIZE);
  const kind = query.event_type ? eq(securityEvents.type, query.event_type) : undefined;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(securityEvents)
      .where(kind)
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(pageSize)
      .offset(offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(securityEvents).where(kind),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      event_type: r.type as SecurityEventType,
      user_id: r.userId,
      details: { ...(r.email ? { email: r.email } : {}), ...r.details },
      ip: r.ip,
      created_at: r.createdAt.toISOString(),
      ...(r.count > 1 ? { count: r.count } : {}),
    })),
    total: count?.n ?? 0,
    page,
    pageSize,
  };
}

/** Deletes the security events past the retention; answers how many. */
export async function pruneSecurityEvents(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now() - SECURITY_EVENT_RETENTION_DAYS * 24 * 60 * 60_000);
  const deleted = await ctx.db
    .delete(securityEvents)
    .where(lt(securityEvents.createdAt, cutoff))
    .returning({ id: securityEvents.id });
  return deleted.length;
}

/**
 * Prunes the security log a minute after start and then hourly, in the background: no request
 * waits for it. Every instance may run it; deleting rows already deleted costs nothing.
 */
export function securityEventRetention(ctx: AppContext): { stop(): void } {
  const prune = () =>
    pruneSecurityEvents(ctx).then(
      (n) => n > 0 && ctx.logger.info({ deleted: n }, 'security events past retention deleted'),
      (err) => ctx.logger.warn({ err }, 'could not prune security events'),
    );
  const first = setTimeout(prune, 60_000);
  const every = setInterval(prune, PRUNE_EVERY_MS);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
