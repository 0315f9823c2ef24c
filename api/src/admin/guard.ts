import { CourseError, messages, type Role } from '@coursekit/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Request } from 'express';
import { securityEvent } from '../auth/events';
import { authenticate } from '../auth/sessions';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import type { AuthInfo, Guard } from '../http/route';

/** Who is acting: the admin's id and what the admin action log records of the request. */
export interface AdminAuth {
  userId: string;
  sessionId: string;
  userAgent: string | null;
}

const where = (req: Request) => ({ method: req.method, path: req.originalUrl.split('?')[0] });

/**
 * The session half of every role guard: a valid, unrevoked session of one of the `accepted` types,
 * else 401 'Session validation failed. Please sign in again.' and a security event with the reason.
 * Anyone can send an invalid token, so those events are counted per client address, reason and hour
 * (auth/events.ts) rather than stored one row each.
 */
export async function guardSession(
  ctx: AppContext,
  req: Request,
  accepted: readonly AuthInfo['sessionType'][],
): Promise<AuthInfo> {
  let auth: AuthInfo;
  try {
    auth = await authenticate(ctx, req.get('authorization'));
  } catch (err) {
    if (!(err instanceof CourseError) || err.code !== 'unauthorized') throw err;
    await securityEvent(
      ctx,
      'invalid_session',
      { ip: req.ip, details: { ...where(req), reason: err.message } },
      { countBy: err.message },
    );
    throw fail('unauthorized', messages.guardSessionFailed);
  }
  if (!accepted.includes(auth.sessionType)) {
    await securityEvent(ctx, 'invalid_session', {
      userId: auth.userId,
      ip: req.ip,
      details: { ...where(req), reason: `${auth.sessionType} session` },
    });
    throw fail('unauthorized', messages.guardSessionFailed);
  }
  return auth;
}

/**
 * admin §2/§6 guard, on every request: a valid, unrevoked session (401 'Session validation failed.
 * Please sign in again.'), then the admin role looked up in the database (403 'Insufficient
 * permissions to access this resource.'). Each refusal is a security event with the spec's reason;
 * the ones anyone can repeat at will are counted rather than stored one row each.
 */
const requireAdmin = (ctx: AppContext, req: Request) => requireRole(ctx, req, ['admin']);

async function requireRole(ctx: AppContext, req: Request, roles: readonly Role[]): Promise<AdminAuth> {
  const auth = await guardSession(ctx, req, ['normal']);
  let allowed: boolean;
  try {
    const [row] = await ctx.db
      .select({ role: schema.userRoles.role })
      .from(schema.userRoles)
      .where(and(eq(schema.userRoles.userId, auth.userId), inArray(schema.userRoles.role, [...roles])))
      .limit(1);
    allowed = Boolean(row);
  } catch (err) {
    ctx.logger.error({ err }, 'admin role lookup failed');
    await securityEvent(ctx, 'admin_access_denied', { userId: auth.userId, ip: req.ip, details: where(req) });
    throw fail('forbidden', messages.guardSecurityFailed);
  }
  if (!allowed) {
    // Any learner can send these: counted per learner, address and hour.
    await securityEvent(
      ctx,
      'insufficient_role',
      { userId: auth.userId, ip: req.ip, details: where(req) },
      { countBy: 'role' },
    );
    throw fail('forbidden', messages.guardInsufficientRole);
  }
  return { userId: auth.userId, sessionId: auth.sessionId, userAgent: req.get('user-agent') ?? null };
}

/**
 * The admin guard for `mount`. Invalid input from an admin (the schema's or a service's check) is
 * still a 400, and also a 'validation_error' security event.
 */
export const adminGuard: Guard<AdminAuth> = {
  check: requireAdmin,
  async onInvalidInput(ctx, req, admin, err) {
    await securityEvent(ctx, 'validation_error', {
      userId: admin.userId,
      ip: req.ip,
      details: { ...where(req), message: err.message, fields: err.fields ?? {} },
    });
  },
};

/**
 * The studio's author guard: as the admin guard, but a moderator passes too. Used only
 * for the endpoints core's table marks `authors: true`; publishing and restoring keep the admin guard.
 */
export const authorGuard: Guard<AdminAuth> = {
  check: (ctx, req) => requireRole(ctx, req, ['admin', 'moderator']),
  onInvalidInput: adminGuard.onInvalidInput!,
};
