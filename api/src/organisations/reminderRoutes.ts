import { endpoints } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { mount } from '../http/route';
import { turnRemindersOff } from './reminderLink';

/** The public link of every reminder: GET (the link) and POST (a mail client's one-click) alike. */
export function reminderRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.reminderUnsubscribe, {}, ({ query }) => turnRemindersOff(ctx, query.token));
  mount(router, ctx, endpoints.reminderUnsubscribePost, {}, ({ query }) =>
    turnRemindersOff(ctx, query.token),
  );
  return router;
}
