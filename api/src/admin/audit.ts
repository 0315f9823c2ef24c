import {
  type AdminActionLog,
  AUDIT_PAGE_SIZE,
  type Page,
  pageWindow,
  type SecurityEvent,
  type SecurityEventType,
} from '@coursekit/core';
import { desc, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';

const { adminActionLog, securityEvents } = schema;

// admin §6/§8: the admin action log and the security events, newest first, paged.

type PageQuery = { page?: number | undefined; pageSize?: number | undefined };

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

export async function auditSecurityEvents(ctx: AppContext, query: PageQuery): Promise<Page<SecurityEvent>> {
  const { page, pageSize, offset } = pageWindow(query, AUDIT_PAGE_SIZE);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(securityEvents)
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(pageSize)
      .offset(offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(securityEvents),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      event_type: r.type as SecurityEventType,
      user_id: r.userId,
      details: { ...(r.email ? { email: r.email } : {}), ...r.details },
      ip: r.ip,
      created_at: r.createdAt.toISOString(),
    })),
    total: count?.n ?? 0,
    page,
    pageSize,
  };
}
