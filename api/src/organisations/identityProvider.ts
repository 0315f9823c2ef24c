import { randomUUID } from 'node:crypto';
import {
  type OrganisationIdentityProvider,
  type OrganisationIdentityProviderInput,
  type OrgIdentityProvider,
  organisationDomainTaken,
  organisationIdentityProviderNeedsSecret,
  organisationIdentityProviderNotFound,
  organisationNotFound,
} from '@coursekit/core';
import { and, arrayOverlaps, eq, ne } from 'drizzle-orm';
import { logAction } from '../admin/actionLog';
import type { AdminAuth } from '../admin/guard';
import type { AppContext } from '../context';
import { type Db, schema } from '../db/index';
import { fail, notFound } from '../http/errors';
import { sealSecret } from './secretBox';

// An organisation's OpenID Connect identity provider, as the admin adds, edits, disables and removes
// it. The client secret is sealed like an issuer's shared secret (same key, the row as associated
// data) and only ever answered as `has_secret`.

const { organisations, organisationIdentityProviders: providers } = schema;

/** The associated data a provider's client secret is sealed with: its own row. */
export const identityProviderSecretContext = (providerId: string) =>
  `organisation_identity_providers:${providerId}`;

type ProviderRow = typeof providers.$inferSelect;

const viewOf = (row: ProviderRow): OrganisationIdentityProvider => ({
  issuer: row.issuer,
  client_id: row.clientId,
  has_secret: row.secretCiphertext.length > 0,
  domains: row.domains,
  enabled: row.enabled,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

async function organisationExists(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, id));
  if (!row) throw notFound(organisationNotFound);
}

/** The organisation's identity provider, or null when it has none. */
export async function getIdentityProvider(
  ctx: Pick<AppContext, 'db'>,
  organisationId: string,
): Promise<{ identity_provider: OrganisationIdentityProvider | null }> {
  await organisationExists(ctx.db, organisationId);
  const [row] = await ctx.db.select().from(providers).where(eq(providers.organisationId, organisationId));
  return { identity_provider: row ? viewOf(row) : null };
}

/**
 * The identity provider as the organisation's managers see it, read in the request's organisation
 * scope: issuer, claimed domains and whether it is on; nothing of its client.
 */
export async function managerIdentityProvider(
  ctx: Pick<AppContext, 'db'> & { organisationId: string },
): Promise<{ identity_provider: OrgIdentityProvider | null }> {
  await organisationExists(ctx.db, ctx.organisationId);
  const [row] = await ctx.db
    .select({ issuer: providers.issuer, domains: providers.domains, enabled: providers.enabled })
    .from(providers)
    .where(eq(providers.organisationId, ctx.organisationId));
  return { identity_provider: row ?? null };
}

/**
 * Adds or replaces the organisation's identity provider. A domain another organisation's provider
 * claims refuses the whole call (one domain, one organisation: the sign-in page asks by domain); the
 * organisation's row is locked meanwhile so two saves of one organisation do not cross. A new
 * provider needs its client secret; an edit without one keeps the stored secret.
 */
export async function setIdentityProvider(
  ctx: AppContext,
  admin: AdminAuth,
  organisationId: string,
  input: OrganisationIdentityProviderInput,
): Promise<{ identity_provider: OrganisationIdentityProvider | null }> {
  const domains = [...new Set(input.domains)];
  const now = new Date(ctx.clock.now());
  const created = await ctx.db.transaction(async (tx) => {
    const [org] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .for('update');
    if (!org) throw notFound(organisationNotFound);
    const [clash] = await tx
      .select({ domains: providers.domains })
      .from(providers)
      .where(and(ne(providers.organisationId, organisationId), arrayOverlaps(providers.domains, domains)));
    if (clash) {
      const taken = domains.find((d) => clash.domains.includes(d)) ?? domains[0]!;
      const message = organisationDomainTaken(taken);
      throw fail('conflict', message, { domains: message });
    }
    const [existing] = await tx.select().from(providers).where(eq(providers.organisationId, organisationId));
    if (!existing && input.client_secret === undefined) {
      throw fail('validation_error', organisationIdentityProviderNeedsSecret, {
        client_secret: organisationIdentityProviderNeedsSecret,
      });
    }
    const id = existing?.id ?? randomUUID();
    const sealed =
      input.client_secret === undefined
        ? existing!.secretCiphertext
        : sealSecret(ctx.config.orgSecretsKey, input.client_secret, identityProviderSecretContext(id));
    const values = {
      issuer: input.issuer,
      clientId: input.client_id,
      secretCiphertext: sealed,
      domains,
      enabled: input.enabled ?? existing?.enabled ?? true,
      updatedAt: now,
    };
    if (existing) await tx.update(providers).set(values).where(eq(providers.id, id));
    else await tx.insert(providers).values({ id, organisationId, createdAt: now, ...values });
    return !existing;
  });
  await logAction(
    ctx,
    admin,
    created ? 'organisation_identity_provider_added' : 'organisation_identity_provider_updated',
    null,
    {
      organisation_id: organisationId,
      issuer: input.issuer,
      domains,
      enabled: input.enabled ?? null,
      secret_changed: input.client_secret !== undefined,
    },
  );
  return getIdentityProvider(ctx, organisationId);
}

/** Removes the organisation's identity provider (and any sign-in on its way through it). */
export async function removeIdentityProvider(
  ctx: AppContext,
  admin: AdminAuth,
  organisationId: string,
): Promise<void> {
  const removed = await ctx.db
    .delete(providers)
    .where(eq(providers.organisationId, organisationId))
    .returning({ issuer: providers.issuer });
  if (removed.length === 0) throw notFound(organisationIdentityProviderNotFound);
  await logAction(ctx, admin, 'organisation_identity_provider_removed', null, {
    organisation_id: organisationId,
    issuer: removed[0]!.issuer,
  });
}
