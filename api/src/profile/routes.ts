import { endpoints } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { mount } from '../http/route';
import { getProfile, getRoles, updateProfile } from './service';

export function profileRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.profile, {}, ({ auth }) => getProfile(ctx, auth.userId));
  mount(router, ctx, endpoints.updateProfile, {}, ({ auth, body }) => updateProfile(ctx, auth.userId, body));
  mount(router, ctx, endpoints.roles, {}, async ({ auth }) => ({ roles: await getRoles(ctx, auth.userId) }));
  return router;
}
