import { endpoints, type SystemSettings } from '@coursekit/core';
import { type Response, Router } from 'express';
import type { AppContext } from '../context';
import { mount } from '../http/route';
import { getSettings, SETTINGS_CHANNEL } from './service';

export const HEARTBEAT_MS = 25_000;

/**
 * The SSE hub of one instance: one LISTEN on the settings channel fans out to every open stream.
 * Changes made on any instance arrive through NOTIFY.
 */
export function settingsHub(ctx: AppContext) {
  const streams = new Set<Response>();
  let stop: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;
  const send = (res: Response, settings: SystemSettings) =>
    res.write(`event: settings\ndata: ${JSON.stringify(settings)}\n\n`);
  const heartbeat = setInterval(() => {
    for (const res of streams) res.write(': heartbeat\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    async start() {
      starting ??= ctx.database
        .listen(SETTINGS_CHANNEL, (payload) => {
          let settings: SystemSettings;
          try {
            settings = JSON.parse(payload) as SystemSettings;
          } catch {
            return;
          }
          for (const res of streams) send(res, settings);
        })
        .then((unlisten) => {
          stop = unlisten;
        });
      await starting;
    },
    add(res: Response, initial: SystemSettings) {
      streams.add(res);
      send(res, initial);
      res.on('close', () => streams.delete(res));
    },
    get size() {
      return streams.size;
    },
    /** Ends every stream (graceful shutdown) and stops listening. */
    async close() {
      clearInterval(heartbeat);
      for (const res of streams) res.end();
      streams.clear();
      await stop?.();
    },
  };
}
export type SettingsHub = ReturnType<typeof settingsHub>;

export function settingsRoutes(ctx: AppContext, hub: SettingsHub): Router {
  const router = Router();
  mount(router, ctx, endpoints.settings, {}, () => getSettings(ctx));
  router.get(endpoints.settingsStream.path, async (req, res) => {
    await hub.start();
    const initial = await getSettings(ctx);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write('retry: 3000\n\n');
    hub.add(res, initial);
    req.on('close', () => res.end());
  });
  return router;
}
