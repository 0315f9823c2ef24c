import { endpoints, type MyOrganisation } from '@coursekit/core';
import { and, asc, eq } from 'drizzle-orm';
import { Router } from 'express';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { mount } from '../http/route';
import { inOrganisation, PLATFORM } from './scope';

const { organisations, organisationMembers } = schema;

/**
 * The active organisations a person belongs to, with their role in each, by name. The query's own
 * filter is the signed-in person's id, so nobody reads another person's memberships; a suspended
 * organisation is left out, as its console refuses its managers.
 */
async function myOrganisations(ctx: AppContext, userId: string): Promise<MyOrganisation[]> {
  return inOrganisation(ctx.db, PLATFORM, (db) =>
    db
      .select({
        id: organisations.id,
        slug: organisations.slug,
        name: organisations.name,
        role: organisationMembers.role,
      })
      .from(organisationMembers)
      .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
      .where(and(eq(organisationMembers.userId, userId), eq(organisations.status, 'active')))
      .orderBy(asc(organisations.name), asc(organisations.id)),
  );
}

/** `GET /me/organisations`: any signed-in person's own memberships. */
export function myOrganisationRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.myOrganisations, {}, async ({ auth }) => ({
    organisations: await myOrganisations(ctx, auth.userId),
  }));
  return router;
}
