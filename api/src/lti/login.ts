import { randomBytes } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { hashToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { sendErrorPage, sendScriptPage } from './pages';
import { registrationFor } from './registrations';

/** How long a login may wait for its launch. */
const LOGIN_TTL_MS = 10 * 60_000;
/** The cookie that binds a login's state to the browser; its name carries a prefix of the state. */
export const bindingCookie = (state: string) => `ck_lti_${state.slice(0, 16)}`;

/** Expired login states and nonces are swept at most this often, by the logins themselves. */
const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<AppContext, number>();

/** Deletes login states nobody came back with and nonces past any token's age. */
async function sweep(ctx: AppContext, now: number): Promise<void> {
  const last = lastSweep.get(ctx);
  if (last !== undefined && Math.abs(now - last) < SWEEP_EVERY_MS) return;
  lastSweep.set(ctx, now);
  await ctx.db.delete(schema.ltiLoginStates).where(lt(schema.ltiLoginStates.expiresAt, new Date(now)));
  await ctx.db.delete(schema.ltiNonces).where(lt(schema.ltiNonces.expiresAt, new Date(now)));
}

const text = (max: number) => z.string().min(1).max(max);

/** The third-party login initiation's parameters (LTI 1.3 §4.1); platforms may send more. */
const LoginParams = z.object({
  iss: text(2000),
  login_hint: text(2000),
  target_link_uri: text(2000).url(),
  lti_message_hint: z.optional(text(4000)),
  client_id: z.optional(text(255)),
  lti_deployment_id: z.optional(text(255)),
  lti_storage_target: z.optional(text(200)),
});

const launchUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/api/lti/launch`;

/**
 * GET or POST /api/lti/login: a registered platform starts a launch. The state and nonce are kept
 * here, with the hash of a random value that binds them to this browser: a `Partitioned;
 * SameSite=None; Secure` cookie where the browser keeps one, and the platform's storage
 * (lti.put_data) when the platform offers it, for browsers that block the cookie. Then the browser
 * goes to the platform's authorization endpoint, which posts the id_token to the launch.
 */
export async function ltiLogin(ctx: AppContext, req: Request, res: Response): Promise<void> {
  const parsed = LoginParams.safeParse(req.method === 'POST' ? req.body : req.query);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.')))].join(', ');
    sendErrorPage(res, 400, `The LMS's login request is missing or has invalid parameters: ${fields}.`);
    return;
  }
  const params = parsed.data;
  const registration = await registrationFor(ctx, params.iss, params.client_id);
  if (!registration) {
    sendErrorPage(res, 400, 'This LMS is not registered with CourseKit (unknown issuer or client id).');
    return;
  }
  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(32).toString('base64url');
  const binding = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await sweep(ctx, now);
  await ctx.db.insert(schema.ltiLoginStates).values({
    state,
    nonce,
    registrationId: registration.id,
    bindingHash: hashToken(binding),
    storageTarget: params.lti_storage_target ?? null,
    createdAt: new Date(now),
    expiresAt: new Date(now + LOGIN_TTL_MS),
  });
  const auth = new URL(registration.authLoginUrl);
  const query = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: registration.clientId,
    redirect_uri: launchUrl(ctx),
    login_hint: params.login_hint,
    state,
    nonce,
    ...(params.lti_message_hint ? { lti_message_hint: params.lti_message_hint } : {}),
  };
  for (const [k, v] of Object.entries(query)) auth.searchParams.set(k, v);
  res.cookie(bindingCookie(state), binding, {
    httpOnly: true,
    secure: true,
    sameSite: 'none',
    partitioned: true,
    path: '/api/lti',
    maxAge: LOGIN_TTL_MS,
  });
  if (params.lti_storage_target) {
    // The platform's storage keeps the binding too; the page puts it there, then goes on.
    sendScriptPage(res, 'Opening the course…', {
      mode: 'put',
      target: params.lti_storage_target,
      origin: new URL(registration.authLoginUrl).origin,
      key: `ck_lti_${state}`,
      value: binding,
      next: auth.toString(),
    });
    return;
  }
  res.redirect(302, auth.toString());
}
