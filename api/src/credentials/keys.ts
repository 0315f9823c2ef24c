/// <reference path="../../../types/credentials-vendor.d.ts" />
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { asc, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';

const { credentialKeys } = schema;
type KeyRow = typeof credentialKeys.$inferSelect;

/**
 * The issuer's DID: `did:web` on the public host in production (its DID document at
 * /.well-known/did.json lists every key, retired ones too), `did:key` of the signing key elsewhere.
 */
export function issuerDid(ctx: AppContext, signing: KeyRow): string {
  if (!ctx.config.production) return `did:key:${signing.publicKeyMultibase}`;
  const host = new URL(ctx.config.publicUrl).host.replace(':', '%3A');
  return `did:web:${host}`;
}

/** A key's verification method id under the issuer's DID. */
const methodId = (did: string, row: KeyRow): string => `${did}#${row.publicKeyMultibase}`;

async function keyRows(ctx: AppContext): Promise<KeyRow[]> {
  return ctx.db.select().from(credentialKeys).orderBy(asc(credentialKeys.id));
}

/** The signing key: the newest unretired one, generated and stored on first need. */
export async function signingKey(ctx: AppContext): Promise<KeyRow> {
  const live = (await keyRows(ctx)).filter((row) => !row.retiredAt);
  if (live.length) return live[live.length - 1]!;
  return rotateKey(ctx);
}

/** Retires the current keys and makes a new one; the DID document keeps the retired ones. */
export async function rotateKey(ctx: AppContext): Promise<KeyRow> {
  const key = await Ed25519Multikey.generate();
  const exported = await key.export({ publicKey: true, secretKey: true });
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(credentialKeys)
      .set({ retiredAt: new Date(ctx.clock.now()) })
      .where(isNull(credentialKeys.retiredAt));
    const [row] = await tx
      .insert(credentialKeys)
      .values({
        publicKeyMultibase: String(exported.publicKeyMultibase),
        secretKeyMultibase: String(exported.secretKeyMultibase),
      })
      .returning();
    return row!;
  });
}

export async function signer(ctx: AppContext, row: KeyRow) {
  const did = issuerDid(ctx, row);
  const key = await Ed25519Multikey.from({
    type: 'Multikey',
    id: methodId(did, row),
    controller: did,
    publicKeyMultibase: row.publicKeyMultibase,
    secretKeyMultibase: row.secretKeyMultibase,
  });
  return key.signer();
}

/** The issuer's DID documents by URL, for the document loader: every key the issuer ever used. */
export async function issuerDocuments(ctx: AppContext): Promise<Record<string, unknown>> {
  const rows = await keyRows(ctx);
  const documents: Record<string, unknown> = {};
  const didDocument = (did: string, keys: KeyRow[]) => {
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
  };
  if (ctx.config.production && rows[0]) {
    const did = issuerDid(ctx, rows[0]);
    documents[did] = didDocument(did, rows);
  } else {
    for (const row of rows) {
      const did = issuerDid(ctx, row);
      documents[did] = didDocument(did, [row]);
    }
  }
  return documents;
}
