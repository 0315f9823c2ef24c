// The admin's LTI 1.3 calls: the platforms (LMSs) that launch courses here, and the tool's keys.
import * as z from 'zod/mini';
import {
  LtiKeyRotationSchema,
  LtiRegistrationBodySchema,
  LtiRegistrationLinkBodySchema,
  LtiRegistrationLinkSchema,
  LtiRegistrationSchema,
  LtiRegistrationUpdateBodySchema,
  LtiScoreDeliveriesSchema,
  LtiScoreDeliveryQuerySchema,
} from '../lti/registration';
import { type AdminEndpoint, adminEndpoint as a } from './adminEndpoint';

export const adminLtiEndpoints = {
  // LTI 1.3: the platforms (LMSs) that launch courses in this tool, and the tool's signing keys.
  adminLtiRegistrations: a({
    method: 'GET',
    path: '/admin/lti/registrations',
    auth: 'admin',
    answer: z.array(LtiRegistrationSchema),
    summary: 'Every registered LTI platform with its deployments',
  }),
  adminLtiCreateRegistration: a({
    method: 'POST',
    path: '/admin/lti/registrations',
    auth: 'admin',
    body: LtiRegistrationBodySchema,
    answer: LtiRegistrationSchema,
    status: 201,
    errors: ['conflict'],
    summary:
      'Register an LTI platform: issuer, client id, login, token and JWKS URLs, deployments (409: issuer and client id taken)',
  }),
  adminLtiUpdateRegistration: a({
    method: 'PATCH',
    path: '/admin/lti/registrations/:registrationId',
    auth: 'admin',
    body: LtiRegistrationUpdateBodySchema,
    answer: LtiRegistrationSchema,
    errors: ['not_found', 'conflict'],
    summary: 'Change a registration; `deployments`, when given, replaces the list',
  }),
  adminLtiDeleteRegistration: a({
    method: 'DELETE',
    path: '/admin/lti/registrations/:registrationId',
    auth: 'admin',
    errors: ['not_found'],
    summary: 'Remove a registration: its platform can no longer launch',
  }),
  adminLtiScoreDeliveries: a({
    method: 'GET',
    path: '/admin/lti/registrations/:registrationId/scores',
    auth: 'admin',
    query: LtiScoreDeliveryQuerySchema,
    answer: LtiScoreDeliveriesSchema,
    errors: ['not_found'],
    summary:
      'The registration’s last 100 score deliveries (AGS), newest first: pending, sent, failed with the platform’s words, or superseded',
  }),
  adminLtiRegistrationLink: a({
    method: 'POST',
    path: '/admin/lti/registration-links',
    auth: 'admin',
    body: LtiRegistrationLinkBodySchema,
    answer: LtiRegistrationLinkSchema,
    status: 201,
    summary:
      'A single-use LTI Dynamic Registration link (valid 24 hours) for a platform’s admin to paste into the LMS; the platform it registers belongs to the organisation given',
  }),
  adminLtiRotateKey: a({
    method: 'POST',
    path: '/admin/lti/keys/rotate',
    auth: 'admin',
    answer: LtiKeyRotationSchema,
    status: 201,
    summary: 'Make a new signing key current; the one it replaces stays in /lti/jwks until the next rotation',
  }),
} as const satisfies Record<string, AdminEndpoint>;
