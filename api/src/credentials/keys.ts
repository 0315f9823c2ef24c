/// <reference path="../../../types/credentials-vendor.d.ts" />
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { inOrganisation, PLATFORM } from '../organisations/scope';

const { credentialKeys, organisations } = schema;
type KeyRow = typeof credentialKeys.$inferSelect;

/**
 * Who signs a credential: the platform (null), or an organisation that issues its people's
 * credentials in its own name, known by its id and by the slug its DID and status list are under.
 */
export type IssuerOwner = { id: string; slug: string } | null;

const ownerFilter = (owner: IssuerOwner) =>
  owner ? eq(credentialKeys.organisationId, owner.id) : isNull(credentialKeys.organisationId);

/**
 * An issuer's DID: `did:web` on the public host in production (the platform's document at
 * /.well-known/did.json, an organisation's `did:web:<host>:o:<slug>` at /o/<slug>/did.json, each
 * listing every key of its issuer, retired ones too), `did:key` of the signing key elsewhere.
 */
export function issuerDid(ctx: Pick<AppContext, 'config'>, owner: IssuerOwner, signing: KeyRow): string {
  if (!ctx.config.production) return `did:key:${signing.publicKeyMultibase}`;
  const host = new URL(ctx.config.publicUrl).host.replace(':', '%3A');
  return owner ? `did:web:${host}:o:${owner.slug}` : `did:web:${host}`;
}

/** A key's verification method id under the issuer's DID. */
const methodId = (did: string, row: KeyRow): string => `${did}#${row.publicKeyMultibase}`;

async function keyRows(ctx: AppContext, owner: IssuerOwner): Promise<KeyRow[]> {
  return ctx.db.select().from(credentialKeys).where(ownerFilter(owner)).orderBy(asc(credentialKeys.id));
}

/** An issuer's signing key: its newest unretired one, generated and stored on first need. */
export async function signingKey(ctx: AppContext, owner: IssuerOwner = null): Promise<KeyRow> {
  const live = (await keyRows(ctx, owner)).filter((row) => !row.retiredAt);
  if (live.length) return live[live.length - 1]!;
  return rotateKey(ctx, owner);
}

/**
 * Retires an issuer's current keys and makes it a new one; its DID document keeps the retired
 * ones. Other issuers' keys are untouched.
 */
export async function rotateKey(ctx: AppContext, owner: IssuerOwner = null): Promise<KeyRow> {
  const key = await Ed25519Multikey.generate();
  const exported = await key.export({ publicKey: true, secretKey: true });
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(credentialKeys)
      .set({ retiredAt: new Date(ctx.clock.now()) })
      .where(and(ownerFilter(owner), isNull(credentialKeys.retiredAt)));
    const [row] = await tx
      .insert(credentialKeys)
      .values({
        organisationId: owner?.id ?? null,
        publicKeyMultibase: String(exported.publicKeyMultibase),
        secretKeyMultibase: String(exported.secretKeyMultibase),
      })
      .returning();
    return row!;
  });
}

export async function signer(ctx: AppContext, owner: IssuerOwner, row: KeyRow) {
  const did = issuerDid(ctx, owner, row);
  const key = await Ed25519Multikey.from({
    type: 'Multikey',
    id: methodId(did, row),
    controller: did,
    publicKeyMultibase: row.publicKeyMultibase,
    secretKeyMultibase: row.secretKeyMultibase,
  });
  return key.signer();
}

function didDocument(did: string, keys: KeyRow[]) {
  const methods = keys.map((row) => ({
    id: methodId(did, row),
    type: 'Multikey',
    controller: did,
    publicKeyMultibase: row.publicKeyMultibase,
  }));
  const ids = methods.map((m) => m.id);
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did,
    verificationMethod: methods,
    assertionMethod: ids,
    authentication: ids,
  };
}

/** Every issuer this site runs, by DID: its DID document and who it is. */
export interface IssuerDirectory {
  documents: Record<string, ReturnType<typeof didDocument>>;
  owners: Map<string, IssuerOwner>;
}

/**
 * The DID documents of every issuer this site runs (the platform and each organisation that ever
 * signed), with every key each ever used: in production one did:web document per issuer, elsewhere
 * one did:key document per key.
 */
export async function issuerDirectory(ctx: AppContext): Promise<IssuerDirectory> {
  const rows = await inOrganisation(ctx.db, PLATFORM, (db) =>
    db
      .select({ key: credentialKeys, slug: organisations.slug })
      .from(credentialKeys)
      .leftJoin(organisations, eq(organisations.id, credentialKeys.organisationId))
      .orderBy(asc(credentialKeys.id)),
  );
  const directory: IssuerDirectory = { documents: {}, owners: new Map() };
  const byOwner = new Map<string, { owner: IssuerOwner; keys: KeyRow[] }>();
  for (const { key, slug } of rows) {
    const owner = key.organisationId && slug ? { id: key.organisationId, slug } : null;
    if (key.organisationId && !owner) continue;
    const group = byOwner.get(key.organisationId ?? '') ?? { owner, keys: [] };
    group.keys.push(key);
    byOwner.set(key.organisationId ?? '', group);
  }
  for (const { owner, keys } of byOwner.values()) {
    const groups = ctx.config.production ? [keys] : keys.map((key) => [key]);
    for (const group of groups) {
      const did = issuerDid(ctx, owner, group[0]!);
      directory.documents[did] = didDocument(did, group);
      directory.owners.set(did, owner);
    }
  }
  return directory;
}

/** The issuers' DID documents by DID, for the document loader: every key each issuer ever used. */
export async function issuerDocuments(ctx: AppContext): Promise<Record<string, unknown>> {
  return (await issuerDirectory(ctx)).documents;
}

/**
 * The DID document an issuer serves (the platform's at /.well-known/did.json, an organisation's at
 * /o/<slug>/did.json): in production its did:web document with every key; elsewhere the did:key
 * document of its current key.
 */
export async function servedDidDocument(ctx: AppContext, owner: IssuerOwner) {
  const current = await signingKey(ctx, owner);
  const did = issuerDid(ctx, owner, current);
  return didDocument(did, ctx.config.production ? await keyRows(ctx, owner) : [current]);
}
