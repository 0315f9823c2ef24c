import type { LtiKeyRotation } from '@coursekit/core';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose';
import type { AppContext } from '../context';
import { schema } from '../db/index';

const { ltiKeys } = schema;

/** The algorithm of the tool's keys (every LMS verifies RS256). */
const TOOL_KEY_ALG = 'RS256';

/** A new RSA key pair as JWKs, its `kid` the public key's RFC 7638 thumbprint. */
async function newKeyPair(): Promise<{ kid: string; publicJwk: JWK; privateJwk: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair(TOOL_KEY_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const tag = { kid, alg: TOOL_KEY_ALG, use: 'sig' };
  return {
    kid,
    publicJwk: { ...publicJwk, ...tag },
    privateJwk: { ...(await exportJWK(privateKey)), ...tag },
  };
}

/**
 * The tool's current signing key, made on first use. Instances starting together may each make
 * one: the partial unique index on the 'current' status lets one of them in, and every instance
 * then reads that one.
 */
async function currentToolKey(ctx: AppContext): Promise<{ kid: string; privateJwk: JWK }> {
  const read = () =>
    ctx.db
      .select({ kid: ltiKeys.kid, privateJwk: ltiKeys.privateJwk })
      .from(ltiKeys)
      .where(eq(ltiKeys.status, 'current'));
  const [found] = await read();
  if (found) return found as { kid: string; privateJwk: JWK };
  const pair = await newKeyPair();
  await ctx.db
    .insert(ltiKeys)
    .values({ ...pair, status: 'current', createdAt: new Date(ctx.clock.now()) })
    .onConflictDoNothing();
  const [made] = await read();
  return made as { kid: string; privateJwk: JWK };
}

/**
 * Rotates the tool's keys: a new key signs from now on, the one it replaces stays published until
 * the next rotation (platforms that cached the JWKS still verify what it signed), and the key before
 * that is retired.
 */
export async function rotateToolKey(ctx: AppContext): Promise<LtiKeyRotation> {
  await currentToolKey(ctx);
  const pair = await newKeyPair();
  const now = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    // One rotation at a time: the table's rows are locked while the statuses move.
    await tx.execute(sql`select kid from lti_keys where status in ('current', 'previous') for update`);
    await tx.update(ltiKeys).set({ status: 'retired', retiredAt: now }).where(eq(ltiKeys.status, 'previous'));
    await tx.update(ltiKeys).set({ status: 'previous' }).where(eq(ltiKeys.status, 'current'));
    await tx.insert(ltiKeys).values({ ...pair, status: 'current', createdAt: now });
  });
  const rows = await ctx.db.select({ kid: ltiKeys.kid, status: ltiKeys.status }).from(ltiKeys);
  return {
    current: pair.kid,
    previous: rows.find((r) => r.status === 'previous')?.kid ?? null,
    retired: rows.filter((r) => r.status === 'retired').map((r) => r.kid),
  };
}

/** The tool's JWKS: the current key and, during a rotation, the previous one; never a private part. */
export async function toolJwks(ctx: AppContext): Promise<{ keys: JWK[] }> {
  await currentToolKey(ctx);
  const rows = await ctx.db
    .select({ publicJwk: ltiKeys.publicJwk, status: ltiKeys.status })
    .from(ltiKeys)
    .where(inArray(ltiKeys.status, ['current', 'previous']));
  rows.sort((a, b) => (a.status === 'current' ? -1 : b.status === 'current' ? 1 : 0));
  return { keys: rows.map((r) => r.publicJwk as JWK) };
}

/** A JWT signed with the tool's current key, its header naming the key's kid. */
export async function signWithToolKey(
  ctx: AppContext,
  payload: JWTPayload,
  options: { expiresInS: number },
): Promise<string> {
  const { kid, privateJwk } = await currentToolKey(ctx);
  const now = Math.floor(ctx.clock.now() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: TOOL_KEY_ALG, kid, typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + options.expiresInS)
    .sign(await importJWK(privateJwk, TOOL_KEY_ALG));
}
