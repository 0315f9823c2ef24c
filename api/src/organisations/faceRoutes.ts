import {
  COURSE_SLUG_PATTERN,
  endpoints,
  type OrganisationFace,
  type OrganisationTheme,
  organisationNotFound,
} from '@coursekit/core';
import { and, eq } from 'drizzle-orm';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { notFound } from '../http/errors';
import { mount } from '../http/route';
import { inOrganisation, PLATFORM } from './scope';

const { organisations } = schema;
// An organisation's slug has a course slug's form; anything else (NUL, say) is refused before the query.
const faceParams = z.strictObject({
  slug: z
    .string()
    .max(100, 'Not an organisation slug')
    .regex(COURSE_SLUG_PATTERN, 'Not an organisation slug'),
});

/**
 * An organisation's public face, for its site entry and its embed: name and theme tokens only.
 * An unknown slug and a suspended organisation answer the same 404, so the answer tells a visitor
 * nothing about organisations they cannot use.
 */
async function organisationFace(ctx: AppContext, slug: string): Promise<OrganisationFace> {
  const [row] = await inOrganisation(ctx.db, PLATFORM, (db) =>
    db
      .select({ slug: organisations.slug, name: organisations.name, theme: organisations.theme })
      .from(organisations)
      .where(and(eq(organisations.slug, slug), eq(organisations.status, 'active'))),
  );
  if (!row) throw notFound(organisationNotFound);
  return { slug: row.slug, name: row.name, theme: row.theme as OrganisationTheme };
}

/** The public organisation routes: an organisation's face by slug. */
export function organisationFaceRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.organisationFace, { params: faceParams }, ({ params }) =>
    organisationFace(ctx, params.slug),
  );
  return router;
}
