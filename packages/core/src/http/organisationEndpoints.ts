import * as z from 'zod/mini';
import { MAX_PAGE, MAX_PAGE_SIZE } from '../rules/paging';
import { pageSchema } from '../schemas/admin';
import {
  CreateOrganisationBodySchema,
  OrganisationIdentityProviderAnswerSchema,
  OrganisationIdentityProviderInputSchema,
  OrganisationIssuerInputSchema,
  OrganisationMemberBodySchema,
  OrganisationMemberSchema,
  OrganisationSchema,
  UpdateOrganisationBodySchema,
} from '../schemas/organisations';
import { type AdminEndpoint, adminEndpoint as a, pageNumber } from './adminEndpoint';

// The admin's organisation calls: every path under /admin/organisations, admins only. Kept apart
// from `adminEndpoints`' own entries (which spread them in) so the table stays one file's length.

const MemberPageQuerySchema = z.strictObject({
  page: pageNumber(MAX_PAGE),
  pageSize: pageNumber(MAX_PAGE_SIZE),
});

export const organisationEndpoints = {
  adminOrganisations: a({
    method: 'GET',
    path: '/admin/organisations',
    auth: 'admin',
    answer: z.array(OrganisationSchema),
    summary:
      'Every organisation, by name, with its issuers (secrets never shown), origins, theme and people count',
  }),
  adminCreateOrganisation: a({
    method: 'POST',
    path: '/admin/organisations',
    auth: 'admin',
    body: CreateOrganisationBodySchema,
    answer: OrganisationSchema,
    status: 201,
    errors: ['conflict'],
    summary:
      'Create an organisation (409 when its slug or one of its issuers is taken; 400 naming an unknown course)',
  }),
  adminOrganisation: a({
    method: 'GET',
    path: '/admin/organisations/:organisationId',
    auth: 'admin',
    answer: OrganisationSchema,
    errors: ['not_found'],
    summary: 'One organisation',
  }),
  adminUpdateOrganisation: a({
    method: 'PATCH',
    path: '/admin/organisations/:organisationId',
    auth: 'admin',
    body: UpdateOrganisationBodySchema,
    answer: OrganisationSchema,
    errors: ['not_found', 'conflict'],
    summary:
      'Edit an organisation’s facts, origins, theme, courses or seat limit; status "suspended" refuses its people’s sign-in',
  }),
  adminAddOrganisationIssuer: a({
    method: 'POST',
    path: '/admin/organisations/:organisationId/issuers',
    auth: 'admin',
    body: OrganisationIssuerInputSchema,
    answer: OrganisationSchema,
    status: 201,
    errors: ['not_found', 'conflict'],
    summary:
      'Trust another token issuer for the organisation: a JWKS URL or a shared secret (stored encrypted, never shown again)',
  }),
  adminRemoveOrganisationIssuer: a({
    method: 'DELETE',
    path: '/admin/organisations/:organisationId/issuers/:issuerId',
    auth: 'admin',
    errors: ['not_found'],
    summary: 'Stop trusting one of the organisation’s issuers; its tokens are refused from then on',
  }),
  adminOrganisationIdentityProvider: a({
    method: 'GET',
    path: '/admin/organisations/:organisationId/identity-provider',
    auth: 'admin',
    answer: OrganisationIdentityProviderAnswerSchema,
    errors: ['not_found'],
    summary: 'The organisation’s OpenID Connect identity provider (its client secret never shown), or null',
  }),
  adminSetOrganisationIdentityProvider: a({
    method: 'PUT',
    path: '/admin/organisations/:organisationId/identity-provider',
    auth: 'admin',
    body: OrganisationIdentityProviderInputSchema,
    answer: OrganisationIdentityProviderAnswerSchema,
    errors: ['not_found', 'conflict'],
    summary:
      'Add or edit the organisation’s identity provider: issuer, client id and secret (stored encrypted, never shown again; left out, the stored one stays), e-mail domains, enabled (409 when another organisation claims a domain)',
  }),
  adminRemoveOrganisationIdentityProvider: a({
    method: 'DELETE',
    path: '/admin/organisations/:organisationId/identity-provider',
    auth: 'admin',
    errors: ['not_found'],
    summary: 'Remove the organisation’s identity provider; its people sign in with passwords from then on',
  }),
  adminOrganisationMembers: a({
    method: 'GET',
    path: '/admin/organisations/:organisationId/members',
    auth: 'admin',
    query: MemberPageQuerySchema,
    answer: pageSchema(OrganisationMemberSchema),
    errors: ['not_found'],
    summary: 'A page of the organisation’s people, managers first, then by e-mail',
  }),
  adminSetOrganisationMember: a({
    method: 'PUT',
    path: '/admin/organisations/:organisationId/members/:userId',
    auth: 'admin',
    body: OrganisationMemberBodySchema,
    answer: OrganisationMemberSchema,
    errors: ['not_found', 'conflict'],
    summary:
      'Add a person to the organisation as learner or manager, or change their role (409: no seat left)',
  }),
  adminRemoveOrganisationMember: a({
    method: 'DELETE',
    path: '/admin/organisations/:organisationId/members/:userId',
    auth: 'admin',
    errors: ['not_found'],
    summary: 'Take a person out of the organisation; their account and learning record stay',
  }),
} as const satisfies Record<string, AdminEndpoint>;
