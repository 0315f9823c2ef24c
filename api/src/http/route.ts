import type { Endpoint } from '@coursekit/core';
import type { Request, Response, Router } from 'express';
import type * as zm from 'zod/mini';
import { authenticate } from '../auth/sessions';
import type { AppContext } from '../context';
import { validationError } from './errors';

export interface AuthInfo {
  userId: string;
  sessionId: string;
  /** 'partner': signed in by a trusted partner's token; no session row, never an admin. */
  sessionType: 'normal' | 'recovery' | 'partner';
}

type BodyOf<E extends Endpoint> = E['body'] extends zm.ZodMiniType ? zm.infer<E['body']> : undefined;
type AuthOf<E extends Endpoint> = E['auth'] extends 'none' ? null : AuthInfo;

interface ParamsSchema<P> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: P }
    | { success: false; error: { issues: Parameters<typeof validationError>[0] } };
}

export interface HandlerInput<E extends Endpoint, P> {
  body: BodyOf<E>;
  params: P;
  auth: AuthOf<E>;
  req: Request;
  res: Response;
}

/**
 * Mounts one endpoint of core's table: its method and path, its auth, its body schema; the handler
 * answers the value to send (JSON, with `status`) or undefined for 204.
 */
export function mount<E extends Endpoint, P = Record<string, never>>(
  router: Router,
  ctx: AppContext,
  endpoint: E,
  options: { params?: ParamsSchema<P>; status?: number },
  handler: (input: HandlerInput<E, P>) => Promise<unknown>,
): void {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  router[method](endpoint.path, async (req, res) => {
    const auth = endpoint.auth === 'none' ? null : await authenticate(ctx, req.get('authorization'));
    let params = {} as P;
    if (options.params) {
      const parsed = options.params.safeParse(req.params);
      if (!parsed.success) throw validationError(parsed.error.issues, 'path');
      params = parsed.data;
    }
    let body: unknown;
    if (endpoint.body) {
      const parsed = endpoint.body.safeParse(req.body ?? {});
      if (!parsed.success) throw validationError(parsed.error.issues as never, 'body');
      body = parsed.data;
    }
    const answer = await handler({ body: body as BodyOf<E>, params, auth: auth as AuthOf<E>, req, res });
    if (res.headersSent) return;
    if (answer === undefined) res.status(204).end();
    else res.status(options.status ?? 200).json(answer);
  });
}
