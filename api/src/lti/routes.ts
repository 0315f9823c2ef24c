import { adminEndpoints as E, endpoints } from '@coursekit/core';
import express, { type Router } from 'express';
import { z } from 'zod';
import { logAction } from '../admin/actionLog';
import { adminGuard as guard } from '../admin/guard';
import type { AppContext } from '../context';
import { mount } from '../http/route';
import { deepLinkChoice } from './deepLinking';
import { ltiRegister, registrationLink } from './dynamicRegistration';
import { scoreDeliveries } from './grades';
import { rotateToolKey, toolJwks } from './keys';
import { ltiLaunch } from './launch';
import { ltiLogin } from './login';
import {
  createRegistration,
  deleteRegistration,
  listRegistrations,
  updateRegistration,
} from './registrations';
import { rosterView } from './roster';
import { LTI_SCRIPT } from './script';

const registrationParams = z.strictObject({ registrationId: z.string().uuid('Not a registration id') });
const rosterParams = z.strictObject({ rosterId: z.string().uuid('Not a roster id') });

/** The instructor's roster (JSON, a launch session's bearer token): mounted with the API's JSON routes. */
export function ltiRosterRoutes(ctx: AppContext): Router {
  const router = express.Router();
  mount(router, ctx, endpoints.ltiRoster, { params: rosterParams }, ({ auth, params }) =>
    rosterView(ctx, auth, params.rosterId),
  );
  return router;
}

/** The admin's LTI endpoints (core's adminEndpoints), each behind the admin guard. */
export function ltiAdminRoutes(router: Router, ctx: AppContext): void {
  mount(router, ctx, E.adminLtiRegistrations, { guard }, () => listRegistrations(ctx));
  mount(router, ctx, E.adminLtiCreateRegistration, { guard }, ({ auth, body }) =>
    createRegistration(ctx, auth, body),
  );
  mount(
    router,
    ctx,
    E.adminLtiUpdateRegistration,
    { guard, params: registrationParams },
    ({ auth, params, body }) => updateRegistration(ctx, auth, params.registrationId, body),
  );
  mount(
    router,
    ctx,
    E.adminLtiDeleteRegistration,
    { guard, params: registrationParams },
    ({ auth, params }) => deleteRegistration(ctx, auth, params.registrationId),
  );
  mount(router, ctx, E.adminLtiScoreDeliveries, { guard, params: registrationParams }, ({ params, query }) =>
    scoreDeliveries(ctx, params.registrationId, query.status),
  );
  mount(router, ctx, E.adminLtiRegistrationLink, { guard }, ({ auth, body }) =>
    registrationLink(ctx, auth, body),
  );
  mount(router, ctx, E.adminLtiRotateKey, { guard }, async ({ auth }) => {
    const rotation = await rotateToolKey(ctx);
    await logAction(ctx, auth, 'lti_key_rotated', null, { ...rotation });
    return rotation;
  });
}

/**
 * The routes an LMS and the learner's browser call (core's ltiEndpoints): the tool's JWKS, the
 * login initiation (GET or a form POST), the launch (the platform's form_post), the instructor's
 * deep-linking choice, dynamic registration and the pages' script. Mounted before the API's JSON-only rule: platforms post forms.
 */
export function ltiRoutes(ctx: AppContext): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 50 });
  router.get('/lti/jwks', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await toolJwks(ctx));
  });
  router.get('/lti/login', (req, res) => ltiLogin(ctx, req, res));
  router.post('/lti/login', form, (req, res) => ltiLogin(ctx, req, res));
  router.post('/lti/launch', form, (req, res) => ltiLaunch(ctx, req, res));
  router.post('/lti/deep-link', form, (req, res) => deepLinkChoice(ctx, req, res));
  router.get('/lti/register', (req, res) => ltiRegister(ctx, req, res));
  router.get('/lti/lti.js', (_req, res) => {
    res.type('text/javascript').set('Cache-Control', 'public, max-age=3600').send(LTI_SCRIPT);
  });
  return router;
}
