import { randomInt } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { isNotNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { VC_V2 } from './loader';

/** Entries in the status list: 131,072 bits (16 KB before gzip), as the Bitstring Status List asks. */
export const STATUS_LIST_SIZE = 131_072;
export const statusListUrl = (publicUrl: string): string => `${publicUrl}/api/credentials/status/1`;

/** A random free index: random rather than sequential, so an index says nothing about when or whom. */
export const drawStatusIndex = (): number => randomInt(STATUS_LIST_SIZE);

/** The credentialStatus entry of the credential at `index`. */
export const statusEntry = (publicUrl: string, index: number) => ({
  id: `${statusListUrl(publicUrl)}#${index}`,
  type: 'BitstringStatusListEntry',
  statusPurpose: 'revocation',
  statusListIndex: String(index),
  statusListCredential: statusListUrl(publicUrl),
});

/** The list's bits, index 0 the first byte's highest bit; a set bit is a revoked credential. */
export async function revokedBits(ctx: AppContext): Promise<Uint8Array> {
  const rows = await ctx.db
    .select({ index: schema.certificateCredentials.statusIndex })
    .from(schema.certificateCredentials)
    .where(isNotNull(schema.certificateCredentials.revokedAt));
  const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
  for (const { index } of rows) bits[index >> 3]! |= 0x80 >> (index & 7);
  return bits;
}

/** The unsigned BitstringStatusListCredential: the bits gzipped, base64url, multibase 'u'. */
export function statusListCredential(publicUrl: string, issuer: string, bits: Uint8Array, now: number) {
  return {
    '@context': [VC_V2],
    id: statusListUrl(publicUrl),
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer,
    validFrom: new Date(now).toISOString().replace(/\.\d+Z$/, 'Z'),
    credentialSubject: {
      id: `${statusListUrl(publicUrl)}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: `u${gzipSync(bits).toString('base64url')}`,
    },
  };
}
