import { endpoints, type SystemSettings } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { mount } from '../http/route';
import { createStreamHub } from '../http/streamHub';
import { getSettings, SETTINGS_CHANNEL } from './service';

/** The settings streams of one instance: every NOTIFY on the settings channel carries the new row. */
export function settingsHub(ctx: AppContext) {
  return createStreamHub<SystemSettings>(ctx, {
    channel: SETTINGS_CHANNEL,
    event: 'settings',
    onNotify(payload) {
      try {
        return JSON.parse(payload) as SystemSettings;
      } catch {
        return undefined;
      }
    },
    current: () => getSettings(ctx),
  });
}
export type SettingsHub = ReturnType<typeof settingsHub>;

export function settingsRoutes(ctx: AppContext, hub: SettingsHub): Router {
  const router = Router();
  mount(router, ctx, endpoints.settings, {}, () => getSettings(ctx));
  router.get(endpoints.settingsStream.path, (req, res) => hub.open(req, res, () => getSettings(ctx)));
  return router;
}
