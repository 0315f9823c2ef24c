import { adminEndpoints as E } from '@coursekit/core';
import type { Router } from 'express';
import { z } from 'zod';
import { adminGuard as guard } from '../admin/guard';
import type { AppContext } from '../context';
import { mount } from '../http/route';
import { getIdentityProvider, removeIdentityProvider, setIdentityProvider } from './identityProvider';
import { listMembers, removeMember, setMember } from './members';
import { inOrganisation, PLATFORM } from './scope';
import {
  addIssuer,
  createOrganisation,
  getOrganisation,
  listOrganisations,
  removeIssuer,
  updateOrganisation,
} from './service';

const organisationId = z.string().uuid('Not an organisation id');
const organisationParams = z.strictObject({ organisationId });
const issuerParams = z.strictObject({ organisationId, issuerId: z.string().uuid('Not an issuer id') });
const memberParams = z.strictObject({ organisationId, userId: z.string().uuid('Not a user id') });

/**
 * The admin's organisation calls (core's organisationEndpoints), each behind the admin guard, each
 * in one transaction scoped to the platform (row-level security's '*').
 */
export function organisationRoutes(router: Router, appCtx: AppContext): void {
  const ctx = appCtx;
  const platform = <T>(work: (ctx: AppContext) => Promise<T>) =>
    inOrganisation(appCtx.db, PLATFORM, (db) => work({ ...appCtx, db }));
  mount(router, ctx, E.adminOrganisations, { guard }, () => platform((ctx) => listOrganisations(ctx)));
  mount(router, ctx, E.adminCreateOrganisation, { guard }, ({ auth, body }) =>
    platform((ctx) => createOrganisation(ctx, auth, body)),
  );
  mount(router, ctx, E.adminOrganisation, { guard, params: organisationParams }, ({ params }) =>
    platform((ctx) => getOrganisation(ctx, params.organisationId)),
  );
  mount(
    router,
    ctx,
    E.adminUpdateOrganisation,
    { guard, params: organisationParams },
    ({ auth, params, body }) => platform((ctx) => updateOrganisation(ctx, auth, params.organisationId, body)),
  );
  mount(
    router,
    ctx,
    E.adminAddOrganisationIssuer,
    { guard, params: organisationParams },
    ({ auth, params, body }) => platform((ctx) => addIssuer(ctx, auth, params.organisationId, body)),
  );
  mount(router, ctx, E.adminRemoveOrganisationIssuer, { guard, params: issuerParams }, ({ auth, params }) =>
    platform((ctx) => removeIssuer(ctx, auth, params.organisationId, params.issuerId)),
  );
  mount(
    router,
    ctx,
    E.adminOrganisationIdentityProvider,
    { guard, params: organisationParams },
    ({ params }) => platform((ctx) => getIdentityProvider(ctx, params.organisationId)),
  );
  mount(
    router,
    ctx,
    E.adminSetOrganisationIdentityProvider,
    { guard, params: organisationParams },
    ({ auth, params, body }) =>
      platform((ctx) => setIdentityProvider(ctx, auth, params.organisationId, body)),
  );
  mount(
    router,
    ctx,
    E.adminRemoveOrganisationIdentityProvider,
    { guard, params: organisationParams },
    ({ auth, params }) => platform((ctx) => removeIdentityProvider(ctx, auth, params.organisationId)),
  );
  mount(router, ctx, E.adminOrganisationMembers, { guard, params: organisationParams }, ({ params, query }) =>
    platform((ctx) => listMembers(ctx, params.organisationId, query)),
  );
  mount(
    router,
    ctx,
    E.adminSetOrganisationMember,
    { guard, params: memberParams },
    ({ auth, params, body }) =>
      platform((ctx) => setMember(ctx, auth, params.organisationId, params.userId, body.role)),
  );
  mount(router, ctx, E.adminRemoveOrganisationMember, { guard, params: memberParams }, ({ auth, params }) =>
    platform((ctx) => removeMember(ctx, auth, params.organisationId, params.userId)),
  );
}
