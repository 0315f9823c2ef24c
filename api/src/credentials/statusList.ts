import { randomInt } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { signCredential } from './badge';
import type { IssuerOwner } from './keys';
import { VC_V2 } from './loader';

/** Entries in the status list: 131,072 bits (16 KB before gzip), as the Bitstring Status List asks. */
export const STATUS_LIST_SIZE = 131_072;
/**
 * An issuer's status list: the platform's at /api/credentials/status/1, an organisation's (one that
 * issues in its own name) at /api/credentials/organisations/<slug>/status/1.
 */
export const statusListUrl = (publicUrl: string, owner: IssuerOwner = null): string =>
  owner
    ? `${publicUrl}/api/credentials/organisations/${owner.slug}/status/1`
    : `${publicUrl}/api/credentials/status/1`;

/** A random free index: random rather than sequential, so an index says nothing about when or whom. */
export const drawStatusIndex = (): number => randomInt(STATUS_LIST_SIZE);

/** The credentialStatus entry of the credential at `index`. */
export const statusEntry = (publicUrl: string, owner: IssuerOwner, index: number) => ({
  id: `${statusListUrl(publicUrl, owner)}#${index}`,
  type: 'BitstringStatusListEntry',
  statusPurpose: 'revocation',
  statusListIndex: String(index),
  statusListCredential: statusListUrl(publicUrl, owner),
});

/**
 * An issuer's list's bits, index 0 the first byte's highest bit; a set bit is a revoked credential
 * of that issuer.
 */
export async function revokedBits(ctx: AppContext, owner: IssuerOwner = null): Promise<Uint8Array> {
  const { certificateCredentials } = schema;
  const rows = await ctx.db
    .select({ index: certificateCredentials.statusIndex })
    .from(certificateCredentials)
    .where(
      and(
        isNotNull(certificateCredentials.revokedAt),
        owner
          ? eq(certificateCredentials.organisationId, owner.id)
          : isNull(certificateCredentials.organisationId),
      ),
    );
  const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
  for (const { index } of rows) bits[index >> 3]! |= 0x80 >> (index & 7);
  return bits;
}

/** The unsigned BitstringStatusListCredential: the bits gzipped, base64url, multibase 'u'. */
export function statusListCredential(url: string, issuer: string, bits: Uint8Array, now: number) {
  return {
    '@context': [VC_V2],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer,
    validFrom: new Date(now).toISOString().replace(/\.\d+Z$/, 'Z'),
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: `u${gzipSync(bits).toString('base64url')}`,
    },
  };
}

/** An issuer's status list as served: its revoked bits, signed with its current key. */
export async function signedStatusList(ctx: AppContext, owner: IssuerOwner) {
  const bits = await revokedBits(ctx, owner);
  return signCredential(ctx, owner, (issuer) =>
    statusListCredential(statusListUrl(ctx.config.publicUrl, owner), issuer, bits, ctx.clock.now()),
  );
}
