import { type AdminEndpoint, CourseError, messages } from '@coursekit/core';
import { and, eq } from 'drizzle-orm';
import type { Request, Response, Router } from 'express';
import type * as zm from 'zod/mini';
import { securityEvent } from '../auth/events';
import { authenticate } from '../auth/sessions';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail, validationError } from '../http/errors';

/** Who is acting: the admin's id and what the admin action log records of the request. */
export interface AdminAuth {
  userId: string;
  sessionId: string;
  userAgent: string | null;
}

const where = (req: Request) => ({ method: req.method, path: req.originalUrl.split('?')[0] });

/**
 * admin §2/§6 guard, on every request: a valid, unrevoked session (401 'Session validation failed.
 * Please sign in again.'), then the admin role looked up in the database (403 'Insufficient
 * permissions to access this resource.'). Each refusal is a security event with the spec's reason.
 */
export async function requireAdmin(ctx: AppContext, req: Request): Promise<AdminAuth> {
  let auth: Awaited<ReturnType<typeof authenticate>>;
  try {
    auth = await authenticate(ctx, req.get('authorization'));
  } catch (err) {
    if (!(err instanceof CourseError) || err.code !== 'unauthorized') throw err;
    await securityEvent(ctx, 'invalid_session', {
      ip: req.ip,
      details: { ...where(req), reason: err.message },
    });
    throw fail('unauthorized', messages.guardSessionFailed);
  }
  if (auth.sessionType !== 'normal') {
    await securityEvent(ctx, 'invalid_session', {
      userId: auth.userId,
      ip: req.ip,
      details: { ...where(req), reason: 'recovery session' },
    });
    throw fail('unauthorized', messages.guardSessionFailed);
  }
  let isAdmin: boolean;
  try {
    const [row] = await ctx.db
      .select({ role: schema.userRoles.role })
      .from(schema.userRoles)
      .where(and(eq(schema.userRoles.userId, auth.userId), eq(schema.userRoles.role, 'admin')));
    isAdmin = Boolean(row);
  } catch (err) {
    ctx.logger.error({ err }, 'admin role lookup failed');
    await securityEvent(ctx, 'admin_access_denied', { userId: auth.userId, ip: req.ip, details: where(req) });
    throw fail('forbidden', messages.guardSecurityFailed);
  }
  if (!isAdmin) {
    await securityEvent(ctx, 'insufficient_role', { userId: auth.userId, ip: req.ip, details: where(req) });
    throw fail('forbidden', messages.guardInsufficientRole);
  }
  return { userId: auth.userId, sessionId: auth.sessionId, userAgent: req.get('user-agent') ?? null };
}

interface Parser<P> {
  safeParse(value: unknown): { success: true; data: P } | { success: false; error: { issues: unknown[] } };
}

type BodyOf<E extends AdminEndpoint> = E['body'] extends zm.ZodMiniType ? zm.infer<E['body']> : undefined;
type QueryOf<E extends AdminEndpoint> = E['query'] extends zm.ZodMiniType ? zm.infer<E['query']> : undefined;

export interface AdminHandlerInput<E extends AdminEndpoint, P> {
  admin: AdminAuth;
  body: BodyOf<E>;
  query: QueryOf<E>;
  params: P;
  req: Request;
  res: Response;
}

/**
 * Mounts one endpoint of core's `adminEndpoints` behind the guard. The guard runs before any input
 * is read, so a signed-out or non-admin caller learns nothing about the input's shape. Invalid
 * input from an admin (the schema's or a service's check) is a 400 and a 'validation_error'
 * security event.
 */
function parse(parser: Parser<unknown> | undefined, value: unknown, part: string): unknown {
  if (!parser) return undefined;
  const parsed = parser.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error.issues as never, part);
  return parsed.data;
}

export function mountAdmin<E extends AdminEndpoint, P = Record<string, never>>(
  router: Router,
  ctx: AppContext,
  endpoint: E,
  options: { params?: Parser<P> },
  handler: (input: AdminHandlerInput<E, P>) => Promise<unknown>,
): void {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  router[method](endpoint.path, async (req, res) => {
    const admin = await requireAdmin(ctx, req);
    let answer: unknown;
    try {
      const params = parse(options.params, req.params, 'path') ?? {};
      const query = parse(endpoint.query, req.query ?? {}, 'query');
      const body = parse(endpoint.body, req.body ?? {}, 'body');
      answer = await handler({
        admin,
        body: body as BodyOf<E>,
        query: query as QueryOf<E>,
        params: params as P,
        req,
        res,
      });
    } catch (err) {
      if (err instanceof CourseError && err.code === 'validation_error') {
        await securityEvent(ctx, 'validation_error', {
          userId: admin.userId,
          ip: req.ip,
          details: { ...where(req), message: err.message, fields: err.fields ?? {} },
        });
      }
      throw err;
    }
    if (res.headersSent) return;
    if (answer === undefined) res.status(204).end();
    else res.status(endpoint.status ?? 200).json(answer);
  });
}

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
