import { adminEndpoints, endpoints } from '@coursekit/core';
import { Router } from 'express';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { mount } from './route';

// The guard an endpoint gets: the learner side's follows its table entry; the admin side's must be
// given, so no admin route can end up behind a session check alone.
describe('mount', () => {
  const ctx = {} as AppContext;

  it('refuses, at start-up, an admin endpoint without its guard', () => {
    const withoutGuard = {} as { guard: never };
    expect(() => mount(Router(), ctx, adminEndpoints.adminStats, withoutGuard, async () => null)).toThrow(
      'GET /admin/stats is an admin endpoint: mount it with its guard',
    );
  });

  it('mounts a learner endpoint on its method and path', () => {
    const router = Router();
    mount(router, ctx, endpoints.progress, {}, async () => null);
    const layer = router.stack[0] as { route?: { path: string; methods: Record<string, boolean> } };
    expect(layer.route?.path).toBe('/progress');
    expect(layer.route?.methods).toEqual({ get: true });
  });
});
