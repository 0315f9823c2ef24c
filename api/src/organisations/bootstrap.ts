import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { isUniqueViolation, schema } from '../db/index';
import { inOrganisation, PLATFORM } from './scope';
import { insertIssuer } from './service';

const { organisations, organisationMembers, externalIdentities } = schema;

/** A slug from a host name: `intranet.partner.example` → `intranet-partner-example`. */
function slugOf(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'partner'
  );
}

function hostOf(value: string): string {
  try {
    return new URL(value).host || value;
  } catch {
    return value;
  }
}

/**
 * A deployment configured by PARTNER_* and CORS_ORIGINS (the one-partner set-up) gets an
 * organisation made from them on its first start with organisations: the partner's issuer, audience
 * and key (its secret sealed), the origins, and the people its tokens signed in, as learners. From
 * then on the variables are not read again: organisations are data, edited by the admin. Answers
 * the new organisation's slug, or undefined when there was nothing to do.
 */
export async function bootstrapOrganisation(
  ctx: Pick<AppContext, 'db' | 'config' | 'logger'>,
): Promise<string | undefined> {
  const { partner, corsOrigins } = ctx.config;
  if (!partner && corsOrigins.length === 0) return undefined;
  const [existing] = await inOrganisation(ctx.db, PLATFORM, (tx) =>
    tx.select({ n: count() }).from(organisations),
  );
  if ((existing?.n ?? 0) > 0) {
    ctx.logger.info(
      'organisations exist: PARTNER_* and CORS_ORIGINS are not read (edit organisations in the admin console)',
    );
    return undefined;
  }
  const host = hostOf(partner?.issuer ?? corsOrigins[0]!);
  const slug = slugOf(host);
  const id = randomUUID();
  const now = new Date();
  try {
    await inOrganisation(ctx.db, PLATFORM, async (tx) => {
      await tx
        .insert(organisations)
        .values({ id, slug, name: host, origins: corsOrigins, createdAt: now, updatedAt: now });
      if (!partner) return;
      await insertIssuer(ctx, tx, id, {
        issuer: partner.issuer,
        audience: partner.audience,
        ...(partner.jwksUrl ? { jwks_url: partner.jwksUrl } : { shared_secret: partner.sharedSecret ?? '' }),
      });
      const people = await tx
        .select({ userId: externalIdentities.userId })
        .from(externalIdentities)
        .where(eq(externalIdentities.issuer, partner.issuer));
      if (people.length > 0) {
        await tx
          .insert(organisationMembers)
          .values(
            people.map((p) => ({
              organisationId: id,
              userId: p.userId,
              role: 'learner' as const,
              createdAt: now,
            })),
          )
          .onConflictDoNothing();
      }
    });
  } catch (err) {
    // Another instance starting at the same time made it.
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
  ctx.logger.info(
    { slug },
    'organisation made from PARTNER_* and CORS_ORIGINS; the variables are only a bootstrap from now on',
  );
  return slug;
}
