import { randomUUID } from 'node:crypto';
import {
  type CreateOrganisationBody,
  type Organisation,
  type OrganisationIssuerInput,
  type OrganisationTheme,
  organisationIssuerNotFound,
  organisationIssuerTaken,
  organisationNotFound,
  organisationSlugIssuing,
  organisationSlugTaken,
  organisationUnknownCourses,
  type UpdateOrganisationBody,
} from '@coursekit/core';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { logAction } from '../admin/actionLog';
import type { AdminAuth } from '../admin/guard';
import type { AppContext } from '../context';
import { hasIssuerKeys, organisationIssuerViews } from '../credentials/issuers';
import { type Db, isUniqueViolation, schema } from '../db/index';
import { fail, notFound } from '../http/errors';
import { issuerSecretContext, sealSecret } from './secretBox';
import { dropOrganisationTrust } from './trust';

const { organisations, organisationIssuers, organisationCourses, organisationMembers, courses } = schema;

type Ctx = AppContext;

/** The organisations as the console shows them (secrets only as `has_secret`). */
async function viewsOf(ctx: Ctx, ids?: string[]): Promise<Organisation[]> {
  const { db } = ctx;
  const rows = await db
    .select()
    .from(organisations)
    .where(ids ? inArray(organisations.id, ids) : undefined)
    .orderBy(asc(organisations.name));
  if (rows.length === 0) return [];
  const orgIds = rows.map((r) => r.id);
  const [issuers, chosen, members, credentialIssuers] = await Promise.all([
    db
      .select()
      .from(organisationIssuers)
      .where(inArray(organisationIssuers.organisationId, orgIds))
      .orderBy(asc(organisationIssuers.createdAt)),
    db
      .select({ organisationId: organisationCourses.organisationId, slug: courses.slug })
      .from(organisationCourses)
      .innerJoin(courses, eq(courses.id, organisationCourses.courseId))
      .where(inArray(organisationCourses.organisationId, orgIds))
      .orderBy(asc(courses.slug)),
    db
      .select({ organisationId: organisationMembers.organisationId, n: count() })
      .from(organisationMembers)
      .where(inArray(organisationMembers.organisationId, orgIds))
      .groupBy(organisationMembers.organisationId),
    organisationIssuerViews(ctx, db, rows),
  ]);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    origins: row.origins,
    theme: row.theme as OrganisationTheme,
    courses:
      row.courseVisibility === 'all'
        ? 'all'
        : chosen.filter((c) => c.organisationId === row.id).map((c) => c.slug),
    seat_limit: row.seatLimit,
    members: members.find((m) => m.organisationId === row.id)?.n ?? 0,
    issuers: issuers
      .filter((i) => i.organisationId === row.id)
      .map((i) => ({
        id: i.id,
        issuer: i.issuer,
        audience: i.audience,
        jwks_url: i.jwksUrl,
        has_secret: i.secretCiphertext !== null,
        created_at: i.createdAt.toISOString(),
      })),
    issues_credentials: row.issuesCredentials,
    credential_issuer: credentialIssuers.get(row.id) ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export const listOrganisations = (ctx: Ctx) => viewsOf(ctx);

export async function getOrganisation(ctx: Ctx, id: string): Promise<Organisation> {
  const [view] = await viewsOf(ctx, [id]);
  if (!view) throw notFound(organisationNotFound);
  return view;
}

/** The course ids of chosen slugs; an unknown slug refuses the whole call, naming it. */
async function courseIdsOf(db: Db, slugs: readonly string[]): Promise<number[]> {
  if (slugs.length === 0) return [];
  const found = await db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)
    .where(inArray(courses.slug, [...slugs]));
  const missing = slugs.filter((s) => !found.some((f) => f.slug === s));
  if (missing.length > 0) {
    const message = organisationUnknownCourses(missing);
    throw fail('validation_error', message, { courses: message });
  }
  return found.map((f) => f.id);
}

/** Stores one issuer of an organisation, its shared secret sealed. */
export async function insertIssuer(
  ctx: Pick<Ctx, 'config'>,
  db: Db,
  organisationId: string,
  input: OrganisationIssuerInput,
) {
  const id = randomUUID();
  try {
    await db.insert(organisationIssuers).values({
      id,
      organisationId,
      issuer: input.issuer,
      audience: input.audience,
      jwksUrl: input.jwks_url ?? null,
      secretCiphertext:
        input.shared_secret === undefined
          ? null
          : sealSecret(ctx.config.orgSecretsKey, input.shared_secret, issuerSecretContext(id)),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('conflict', organisationIssuerTaken(input.issuer));
    throw err;
  }
  return id;
}

export async function createOrganisation(
  ctx: Ctx,
  admin: AdminAuth,
  body: CreateOrganisationBody,
): Promise<Organisation> {
  const id = randomUUID();
  const now = new Date(ctx.clock.now());
  const chosen = body.courses === undefined || body.courses === 'all' ? null : body.courses;
  await ctx.db.transaction(async (tx) => {
    const courseIds = chosen ? await courseIdsOf(tx, chosen) : [];
    try {
      await tx.insert(organisations).values({
        id,
        slug: body.slug,
        name: body.name,
        origins: [...new Set(body.origins ?? [])],
        theme: body.theme ?? {},
        courseVisibility: chosen ? 'chosen' : 'all',
        seatLimit: body.seat_limit ?? null,
        issuesCredentials: body.issues_credentials ?? false,
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fail('conflict', organisationSlugTaken(body.slug));
      throw err;
    }
    if (courseIds.length > 0)
      await tx
        .insert(organisationCourses)
        .values(courseIds.map((courseId) => ({ organisationId: id, courseId })));
    for (const issuer of body.issuers ?? []) await insertIssuer(ctx, tx, id, issuer);
  });
  dropOrganisationTrust(ctx);
  await logAction(ctx, admin, 'organisation_created', null, { organisation_id: id, slug: body.slug });
  return getOrganisation(ctx, id);
}

export async function updateOrganisation(
  ctx: Ctx,
  admin: AdminAuth,
  id: string,
  body: UpdateOrganisationBody,
): Promise<Organisation> {
  const before = await getOrganisation(ctx, id);
  await ctx.db.transaction(async (tx) => {
    const chosen = body.courses === undefined || body.courses === 'all' ? null : body.courses;
    const courseIds = chosen ? await courseIdsOf(tx, chosen) : [];
    // Its DID (did:web:<host>:o:<slug>) and status list are under its slug once it has signed.
    if (body.slug !== undefined && body.slug !== before.slug && (await hasIssuerKeys(tx, id)))
      throw fail('conflict', organisationSlugIssuing);
    try {
      await tx
        .update(organisations)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.slug !== undefined ? { slug: body.slug } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
          ...(body.origins !== undefined ? { origins: [...new Set(body.origins)] } : {}),
          ...(body.theme !== undefined ? { theme: body.theme } : {}),
          ...(body.courses !== undefined
            ? { courseVisibility: chosen ? ('chosen' as const) : ('all' as const) }
            : {}),
          ...(body.seat_limit !== undefined ? { seatLimit: body.seat_limit } : {}),
          ...(body.issues_credentials !== undefined ? { issuesCredentials: body.issues_credentials } : {}),
          updatedAt: new Date(ctx.clock.now()),
        })
        .where(eq(organisations.id, id));
    } catch (err) {
      if (isUniqueViolation(err) && body.slug) throw fail('conflict', organisationSlugTaken(body.slug));
      throw err;
    }
    if (body.courses !== undefined) {
      await tx.delete(organisationCourses).where(eq(organisationCourses.organisationId, id));
      if (courseIds.length > 0)
        await tx
          .insert(organisationCourses)
          .values(courseIds.map((courseId) => ({ organisationId: id, courseId })));
    }
  });
  dropOrganisationTrust(ctx);
  const action =
    body.status && body.status !== before.status
      ? body.status === 'suspended'
        ? 'organisation_suspended'
        : 'organisation_reactivated'
      : 'organisation_updated';
  await logAction(ctx, admin, action, null, { organisation_id: id, fields: Object.keys(body) });
  return getOrganisation(ctx, id);
}

export async function addIssuer(
  ctx: Ctx,
  admin: AdminAuth,
  id: string,
  input: OrganisationIssuerInput,
): Promise<Organisation> {
  await getOrganisation(ctx, id);
  const issuerId = await insertIssuer(ctx, ctx.db, id, input);
  dropOrganisationTrust(ctx);
  await logAction(ctx, admin, 'organisation_issuer_added', null, {
    organisation_id: id,
    issuer_id: issuerId,
    issuer: input.issuer,
  });
  return getOrganisation(ctx, id);
}

export async function removeIssuer(ctx: Ctx, admin: AdminAuth, id: string, issuerId: string): Promise<void> {
  const removed = await ctx.db
    .delete(organisationIssuers)
    .where(and(eq(organisationIssuers.id, issuerId), eq(organisationIssuers.organisationId, id)))
    .returning({ issuer: organisationIssuers.issuer });
  if (removed.length === 0) throw notFound(organisationIssuerNotFound);
  dropOrganisationTrust(ctx);
  await logAction(ctx, admin, 'organisation_issuer_removed', null, {
    organisation_id: id,
    issuer_id: issuerId,
    issuer: removed[0]!.issuer,
  });
}
