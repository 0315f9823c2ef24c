import { messages } from '@coursekit/core';
import { and, eq } from 'drizzle-orm';
import type { Request } from 'express';
import { type AdminAuth, adminGuard, guardSession } from '../admin/guard';
import { securityEvent } from '../auth/events';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import type { Guard } from '../http/route';
import { inOrganisation } from './scope';

const { organisationMembers, organisations, userRoles } = schema;

/** Who acts on an organisation: a manager of it, or a platform admin (the audit log names which). */
export interface ManagerAuth extends AdminAuth {
  organisationId: string;
  as: 'manager' | 'admin';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const where = (req: Request) => ({ method: req.method, path: req.originalUrl.split('?')[0] });

/**
 * The guard of core's managerEndpoints, on every request: a valid session (401), then a manager's
 * membership of the organisation in the path, looked up in that organisation's row-level-security
 * scope, or the admin role (403 otherwise). The refusal is the same whether the id names another
 * organisation, none, or is no id at all, so a refused caller learns nothing about it. A suspended
 * organisation's managers are refused too; admins still reach it.
 */
async function requireManager(ctx: AppContext, req: Request): Promise<ManagerAuth> {
  const auth = await guardSession(ctx, req, ['normal', 'partner']);
  const param = req.params.organisationId;
  const organisationId = typeof param === 'string' ? param : '';
  const who = { userId: auth.userId, sessionId: auth.sessionId, userAgent: req.get('user-agent') ?? null };
  const [admin] = await ctx.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, auth.userId), eq(userRoles.role, 'admin')))
    .limit(1);
  // A partner-token session is never an admin (as everywhere else).
  if (admin && auth.sessionType === 'normal') return { ...who, organisationId, as: 'admin' };
  if (UUID.test(organisationId)) {
    const [member] = await inOrganisation(ctx.db, organisationId, (tx) =>
      tx
        .select({ status: organisations.status })
        .from(organisationMembers)
        .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
        .where(
          and(
            eq(organisationMembers.organisationId, organisationId),
            eq(organisationMembers.userId, auth.userId),
            eq(organisationMembers.role, 'manager'),
          ),
        ),
    );
    if (member?.status === 'active') return { ...who, organisationId, as: 'manager' };
  }
  await securityEvent(
    ctx,
    'insufficient_role',
    { userId: auth.userId, ip: req.ip, details: where(req) },
    { countBy: 'organisation manager' },
  );
  throw fail('forbidden', messages.guardInsufficientRole);
}

export const managerGuard: Guard<ManagerAuth> = {
  check: requireManager,
  onInvalidInput: (ctx, req, who, err) => adminGuard.onInvalidInput!(ctx, req, who, err),
};
