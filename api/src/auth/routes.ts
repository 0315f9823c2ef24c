import { endpoints } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { mount } from '../http/route';
import * as auth from './service';

export function authRoutes(ctx: AppContext): Router {
  const router = Router();
  const meta = (req: { ip?: string | undefined }) => ({ ip: req.ip });
  mount(router, ctx, endpoints.signUp, { status: 201 }, ({ body, req }) => auth.signUp(ctx, body, meta(req)));
  mount(router, ctx, endpoints.signIn, {}, ({ body, req }) => auth.signIn(ctx, body, meta(req)));
  mount(router, ctx, endpoints.signOut, {}, async ({ auth: who }) => {
    await auth.signOut(ctx, who);
  });
  mount(router, ctx, endpoints.refresh, {}, ({ body, req }) =>
    auth.refresh(ctx, body.refresh_token, meta(req)),
  );
  mount(router, ctx, endpoints.user, {}, async ({ auth: who }) => ({ user: await auth.getUser(ctx, who) }));
  mount(router, ctx, endpoints.verifyEmail, {}, async ({ body }) => ({
    status: await auth.verifyEmail(ctx, body.token),
  }));
  mount(router, ctx, endpoints.resendVerification, {}, async ({ body, req }) => {
    await auth.resendVerification(ctx, body.email, meta(req));
  });
  mount(router, ctx, endpoints.recover, {}, async ({ body, req }) => {
    await auth.recover(ctx, body.email, meta(req));
  });
  mount(router, ctx, endpoints.updatePassword, {}, async ({ body, auth: who }) => {
    await auth.updatePassword(ctx, who, body.password);
  });
  return router;
}
