import { endpoints } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { mount } from '../http/route';
import { getUser, signIn, signUp, updatePassword } from './accounts';
import { recover, resendVerification, verifyEmail } from './emailLinks';
import { listenForRevocations } from './sessionCache';
import { refresh, signOut } from './sessions';

export function authRoutes(ctx: AppContext): Router {
  const router = Router();
  listenForRevocations(ctx); // from the start, so the first requests' sessions can be cached
  const meta = (req: { ip?: string | undefined }) => ({ ip: req.ip });
  mount(router, ctx, endpoints.signUp, { status: 201 }, ({ body, req }) => signUp(ctx, body, meta(req)));
  mount(router, ctx, endpoints.signIn, {}, ({ body, req }) => signIn(ctx, body, meta(req)));
  mount(router, ctx, endpoints.signOut, {}, async ({ auth: who }) => {
    await signOut(ctx, who);
  });
  mount(router, ctx, endpoints.refresh, {}, ({ body, req }) => refresh(ctx, body.refresh_token, meta(req)));
  mount(router, ctx, endpoints.user, {}, async ({ auth: who }) => ({ user: await getUser(ctx, who) }));
  mount(router, ctx, endpoints.verifyEmail, {}, async ({ body }) => ({
    status: await verifyEmail(ctx, body.token),
  }));
  mount(router, ctx, endpoints.resendVerification, {}, async ({ body, req }) => {
    await resendVerification(ctx, body.email, meta(req));
  });
  mount(router, ctx, endpoints.recover, {}, async ({ body, req }) => {
    await recover(ctx, body.email, meta(req));
  });
  mount(router, ctx, endpoints.updatePassword, {}, async ({ body, auth: who }) => {
    await updatePassword(ctx, who, body.password);
  });
  return router;
}
