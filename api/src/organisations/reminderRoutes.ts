import { endpoints } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { mount } from '../http/route';
import { readReminderLink, turnRemindersOff } from './reminderLink';

/**
 * The public address of every reminder's link: GET only reads what it would turn off (the site's
 * confirmation page shows it; a mail scanner that follows it changes nothing), POST turns reminders
 * off (the page's button, or a mail client's one-click).
 */
export function reminderRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.reminderUnsubscribe, {}, ({ query }) => readReminderLink(ctx, query.token));
  mount(router, ctx, endpoints.reminderUnsubscribePost, {}, ({ query }) =>
    turnRemindersOff(ctx, query.token),
  );
  return router;
}
