import type { OrganisationCredentialIssuer, OrganisationTheme } from '@coursekit/core';
import { and, asc, count, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { type Db, schema } from '../db/index';
import { inOrganisation, PLATFORM } from '../organisations/scope';
import { platformTexts } from '../settings/service';
import { type IssuerOwner, issuerDid } from './keys';
import { statusListUrl } from './statusList';

const {
  certificateCredentials,
  credentialKeys,
  organisations,
  organisationMembers,
  organisationAssignments,
  organisationGroupMembers,
} = schema;

/** Who signs and how the credential's issuer Profile names it. */
export interface IssuerProfile {
  owner: IssuerOwner;
  name: string;
  url: string;
  /** The organisation's logo, when its theme has one. */
  image?: string;
}

type OrganisationRow = typeof organisations.$inferSelect;

/** An organisation's issuer Profile: its name, its page on the site, its logo if it has one. */
function organisationProfile(publicUrl: string, row: OrganisationRow): IssuerProfile {
  const logo = (row.theme as OrganisationTheme).logo_url;
  return {
    owner: { id: row.id, slug: row.slug },
    name: row.name,
    url: `${publicUrl}/o/${row.slug}`,
    ...(logo ? { image: logo } : {}),
  };
}

async function platformProfile(ctx: AppContext): Promise<IssuerProfile> {
  return { owner: null, name: (await platformTexts(ctx)).site_name, url: ctx.config.publicUrl };
}

/**
 * Who issues a learner's credential for a course, decided once, when it is first signed:
 * 1. an organisation that issues in its own name and assigned the course to the learner (to them or
 *    to a group of theirs), the earliest assignment first;
 * 2. else the organisation of the learner's oldest membership among those that issue in their own name;
 * 3. else the platform.
 * Only active organisations issue; a suspended one's people get the platform's.
 */
export async function chooseIssuer(
  ctx: AppContext,
  userId: string,
  courseId: number,
): Promise<IssuerProfile> {
  const [row] = await inOrganisation(ctx.db, PLATFORM, (db) => {
    const assigned = db
      .select({ one: sql`1` })
      .from(organisationAssignments)
      .where(
        and(
          eq(organisationAssignments.organisationId, organisations.id),
          eq(organisationAssignments.courseId, courseId),
          or(
            eq(organisationAssignments.userId, userId),
            exists(
              db
                .select({ one: sql`1` })
                .from(organisationGroupMembers)
                .where(
                  and(
                    eq(organisationGroupMembers.groupId, organisationAssignments.groupId),
                    eq(organisationGroupMembers.userId, userId),
                  ),
                ),
            ),
          ),
        ),
      );
    return db
      .select({ organisation: organisations })
      .from(organisationMembers)
      .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
      .where(
        and(
          eq(organisationMembers.userId, userId),
          eq(organisations.status, 'active'),
          eq(organisations.issuesCredentials, true),
        ),
      )
      .orderBy(sql`case when ${exists(assigned)} then 0 else 1 end`, asc(organisationMembers.createdAt))
      .limit(1);
  });
  return row ? organisationProfile(ctx.config.publicUrl, row.organisation) : platformProfile(ctx);
}

/** The Profile of a credential's kept issuer (the organisation it was signed for, or the platform). */
export async function profileOf(ctx: AppContext, organisationId: string | null): Promise<IssuerProfile> {
  if (!organisationId) return platformProfile(ctx);
  const [row] = await inOrganisation(ctx.db, PLATFORM, (db) =>
    db.select().from(organisations).where(eq(organisations.id, organisationId)),
  );
  return row ? organisationProfile(ctx.config.publicUrl, row) : platformProfile(ctx);
}

/**
 * The organisation whose issuer a slug names, for its DID document and status list: one that
 * issues in its own name now, or did once (its keys stay, so what it signed keeps verifying).
 * Undefined for any other slug.
 */
export async function organisationIssuer(ctx: AppContext, slug: string): Promise<IssuerOwner | undefined> {
  const [row] = await inOrganisation(ctx.db, PLATFORM, (db) =>
    db
      .select({ id: organisations.id, slug: organisations.slug })
      .from(organisations)
      .where(
        and(
          eq(organisations.slug, slug),
          or(
            eq(organisations.issuesCredentials, true),
            exists(
              db
                .select({ one: sql`1` })
                .from(credentialKeys)
                .where(eq(credentialKeys.organisationId, organisations.id)),
            ),
          ),
        ),
      ),
  );
  return row;
}

/** Whether an organisation has ever had a credential key (its slug is then in its DID). */
export async function hasIssuerKeys(db: Db, organisationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: credentialKeys.id })
    .from(credentialKeys)
    .where(eq(credentialKeys.organisationId, organisationId))
    .limit(1);
  return Boolean(row);
}

/**
 * The own issuers of organisations that have signed (have a key), by organisation id: the DID of
 * its current key, where its DID document and status list are, its keys and credentials counted.
 */
export async function organisationIssuerViews(
  ctx: Pick<AppContext, 'config'>,
  db: Db,
  rows: Array<{ id: string; slug: string }>,
): Promise<Map<string, OrganisationCredentialIssuer>> {
  const views = new Map<string, OrganisationCredentialIssuer>();
  if (rows.length === 0) return views;
  const ids = rows.map((r) => r.id);
  const [keys, issued] = await Promise.all([
    db
      .select()
      .from(credentialKeys)
      .where(inArray(credentialKeys.organisationId, ids))
      .orderBy(asc(credentialKeys.id)),
    db
      .select({ organisationId: certificateCredentials.organisationId, n: count() })
      .from(certificateCredentials)
      .where(inArray(certificateCredentials.organisationId, ids))
      .groupBy(certificateCredentials.organisationId),
  ]);
  for (const row of rows) {
    const own = keys.filter((k) => k.organisationId === row.id);
    if (own.length === 0) continue;
    const current = own.filter((k) => !k.retiredAt).at(-1) ?? own.at(-1)!;
    const owner = { id: row.id, slug: row.slug };
    views.set(row.id, {
      did: issuerDid(ctx, owner, current),
      did_document_url: `${ctx.config.publicUrl}/o/${row.slug}/did.json`,
      status_list_url: statusListUrl(ctx.config.publicUrl, owner),
      keys: own.length,
      credentials: issued.find((i) => i.organisationId === row.id)?.n ?? 0,
    });
  }
  return views;
}
