import { messages, organisationSuspended } from '@coursekit/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { type Database, schema } from '../db/index';
import { createPartnerVerifier, type PartnerCheck } from '../partner/partnerTokens';
import { inOrganisation, PLATFORM } from './scope';
import { issuerSecretContext, openSecret } from './secretBox';

// What each instance keeps of the organisations to answer every request without a query: the
// trusted issuers (with their verifiers, keys fetched once) and the embed origins of the active ones.
// Any change NOTIFYs `organisation_changed` (a trigger, 0015) and every instance drops its copy.

const ORGANISATION_CHANNEL = 'organisation_changed';

interface TrustedIssuer {
  organisationId: string;
  name: string;
  suspended: boolean;
  verify(token: string): Promise<PartnerCheck>;
}
interface Trust {
  issuers: Map<string, TrustedIssuer>;
  origins: Set<string>;
}
interface Cache {
  current: Promise<Trust> | undefined;
  generation: number;
  listening: Promise<void> | undefined;
  /** False while LISTEN is down: nothing is kept, every request reads the tables. */
  heard: boolean;
}

const caches = new WeakMap<Database, Cache>();
type Ctx = Pick<AppContext, 'db' | 'database' | 'logger' | 'config' | 'clock'>;

async function load(ctx: Ctx): Promise<Trust> {
  const { organisations, organisationIssuers } = schema;
  const [issuerRows, originRows] = await inOrganisation(ctx.db, PLATFORM, (tx) =>
    Promise.all([
      tx
        .select({
          id: organisationIssuers.id,
          issuer: organisationIssuers.issuer,
          audience: organisationIssuers.audience,
          jwksUrl: organisationIssuers.jwksUrl,
          secret: organisationIssuers.secretCiphertext,
          organisationId: organisations.id,
          name: organisations.name,
          status: organisations.status,
        })
        .from(organisationIssuers)
        .innerJoin(organisations, eq(organisations.id, organisationIssuers.organisationId)),
      tx
        .select({ origins: organisations.origins })
        .from(organisations)
        .where(eq(organisations.status, 'active')),
    ]),
  );
  const issuers = new Map<string, TrustedIssuer>();
  for (const row of issuerRows) {
    let sharedSecret: string | undefined;
    if (row.secret) {
      try {
        sharedSecret = openSecret(ctx.config.orgSecretsKey, row.secret, issuerSecretContext(row.id));
      } catch {
        // Sealed under another ORG_SECRETS_KEY: its tokens cannot be checked, so none is accepted.
        ctx.logger.error(
          { issuer: row.issuer },
          'an organisation issuer’s secret does not open with ORG_SECRETS_KEY',
        );
        sharedSecret = undefined;
      }
    }
    const verify =
      row.jwksUrl || sharedSecret
        ? createPartnerVerifier(
            {
              issuer: row.issuer,
              audience: row.audience,
              ...(row.jwksUrl ? { jwksUrl: row.jwksUrl } : { sharedSecret }),
            },
            { now: () => ctx.clock.now() },
          )
        : async (): Promise<PartnerCheck> => ({
            ok: false,
            notPartner: false,
            reason: 'bad_signature',
            message: messages.partnerBadSignature,
          });
    issuers.set(row.issuer, {
      organisationId: row.organisationId,
      name: row.name,
      suspended: row.status !== 'active',
      verify,
    });
  }
  return { issuers, origins: new Set(originRows.flatMap((r) => r.origins)) };
}

function cacheOf(ctx: Ctx): Cache {
  let cache = caches.get(ctx.database);
  if (!cache) {
    cache = { current: undefined, generation: 0, listening: undefined, heard: false };
    caches.set(ctx.database, cache);
  }
  const c = cache;
  if (!c.listening) {
    const drop = () => {
      c.generation += 1;
      c.current = undefined;
    };
    c.listening = ctx.database
      .listen(
        ORGANISATION_CHANNEL,
        drop,
        () => {
          drop();
          c.heard = true;
        },
        () => {
          drop();
          c.heard = false;
        },
      )
      .then(
        () => {
          c.heard = true;
        },
        (err) => {
          ctx.logger.warn({ err }, 'could not LISTEN for organisation changes; will retry');
          c.listening = undefined;
        },
      );
  }
  return c;
}

/**
 * Forgets this instance's copy at once, after its own write (the NOTIFY tells the other instances,
 * and this one a moment later).
 */
export function dropOrganisationTrust(ctx: Pick<AppContext, 'database'>): void {
  const cache = caches.get(ctx.database);
  if (!cache) return;
  cache.generation += 1;
  cache.current = undefined;
}

/** The organisations' trusted issuers and active embed origins, from this instance's memory. */
async function organisationTrust(ctx: Ctx): Promise<Trust> {
  const cache = cacheOf(ctx);
  await cache.listening;
  if (cache.current) return cache.current;
  const generation = cache.generation;
  const loading = load(ctx);
  if (cache.heard) {
    cache.current = loading;
    loading.catch(() => {
      if (cache.generation === generation && cache.current === loading) cache.current = undefined;
    });
  }
  return loading;
}

/** Whether a page of `origin` may call the API: an active organisation lists it among its embed origins. */
export async function originAllowed(ctx: Ctx, origin: string): Promise<boolean> {
  return (await organisationTrust(ctx)).origins.has(origin);
}

export type OrganisationTokenCheck =
  | (PartnerCheck & { ok: true; organisationId: string; issuer: string })
  | { ok: false; notPartner: true }
  | { ok: false; notPartner: false; reason: string; message: string };

/**
 * Checks a token against the organisation whose issuer it names: `notPartner` when no organisation
 * trusts its issuer (the API's own tokens are tried next), a refusal when the organisation is
 * suspended or the token fails its issuer's checks.
 */
export async function checkOrganisationToken(
  ctx: Ctx,
  token: string,
  issuer: string,
): Promise<OrganisationTokenCheck> {
  const trusted = (await organisationTrust(ctx)).issuers.get(issuer);
  if (!trusted) return { ok: false, notPartner: true };
  const check = await trusted.verify(token);
  if (!check.ok) return check;
  if (trusted.suspended) {
    return {
      ok: false,
      notPartner: false,
      reason: 'organisation_suspended',
      message: organisationSuspended(trusted.name),
    };
  }
  return { ...check, organisationId: trusted.organisationId, issuer };
}
