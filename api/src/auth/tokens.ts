import { createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { AuthUser, Session } from '@coursekit/core';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AUDIENCE, ISSUER } from '../config';
import type { AppContext } from '../context';
import type { schema } from '../db/index';

/** A random opaque token (256 bits) and the SHA-256 hash that is all the database keeps. */
export function opaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// One KeyObject per secret: given raw bytes, jose imports a WebCrypto key on every call, which the
// profile of bench:load showed as a tenth of the API's CPU.
const keys = new Map<string, KeyObject>();
function key(ctx: AppContext): KeyObject {
  let found = keys.get(ctx.config.jwtSecret);
  if (!found) {
    found = createSecretKey(Buffer.from(ctx.config.jwtSecret, 'utf8'));
    keys.set(ctx.config.jwtSecret, found);
  }
  return found;
}

/** HS256 access token: sub = user, sid = session, typ = session type; ~15 minutes. */
export async function signAccessToken(
  ctx: AppContext,
  claims: { userId: string; sessionId: string; type: 'normal' | 'recovery' },
): Promise<{ token: string; expiresAt: number }> {
  const now = Math.floor(ctx.clock.now() / 1000);
  const expiresAt = now + ctx.config.accessTokenTtl;
  const token = await new SignJWT({ sid: claims.sessionId, typ: claims.type })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(claims.userId)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(key(ctx));
  return { token, expiresAt };
}

export type AccessCheck =
  | { ok: true; userId: string; sessionId: string; type: 'normal' | 'recovery' }
  | { ok: false; expired: boolean };

type Verified = Extract<AccessCheck, { ok: true }> & { expiresAtMs: number };

/**
 * Access tokens this process has verified, by secret then token (a token is the same claims every
 * time it is shown: a learner's calls over its 15 minutes need one signature check, not one each).
 * Only successes are kept; expiry is checked against the clock on every use. Bounded: the oldest
 * entries go first.
 */
const verified = new Map<string, Map<string, Verified>>();
const VERIFIED_TOKENS_MAX = 50_000;

function remember(ctx: AppContext, token: string, check: Verified) {
  let bySecret = verified.get(ctx.config.jwtSecret);
  if (!bySecret) {
    bySecret = new Map();
    verified.set(ctx.config.jwtSecret, bySecret);
  }
  if (bySecret.size >= VERIFIED_TOKENS_MAX) bySecret.delete(bySecret.keys().next().value!);
  bySecret.set(token, check);
}

export async function verifyAccessToken(ctx: AppContext, token: string): Promise<AccessCheck> {
  const known = verified.get(ctx.config.jwtSecret)?.get(token);
  if (known) {
    if (ctx.clock.now() >= known.expiresAtMs) return { ok: false, expired: true };
    return { ok: true, userId: known.userId, sessionId: known.sessionId, type: known.type };
  }
  try {
    const { payload } = await jwtVerify(token, key(ctx), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: new Date(ctx.clock.now()),
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
      return { ok: false, expired: false };
    const check: Verified = {
      ok: true,
      userId: payload.sub,
      sessionId: payload.sid,
      type: payload.typ === 'recovery' ? 'recovery' : 'normal',
      expiresAtMs: payload.exp * 1000,
    };
    remember(ctx, token, check);
    return { ok: true, userId: check.userId, sessionId: check.sessionId, type: check.type };
  } catch (error) {
    return { ok: false, expired: error instanceof joseErrors.JWTExpired };
  }
}

/** A short-lived signed grant (certificate downloads): audience names what it is for. */
export async function signGrant(ctx: AppContext, subject: string, audience: string, ttlSeconds: number) {
  const now = Math.floor(ctx.clock.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(key(ctx));
}

export async function verifyGrant(ctx: AppContext, grant: string, audience: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(grant, key(ctx), {
      issuer: ISSUER,
      audience,
      algorithms: ['HS256'],
      currentDate: new Date(ctx.clock.now()),
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

type UserRow = typeof schema.users.$inferSelect;

export function toAuthUser(user: UserRow): AuthUser {
  return {
    id: user.id,
    email: user.email,
    email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    user_metadata: { name: user.name },
  };
}

export function toSession(
  user: UserRow,
  access: { token: string; expiresAt: number },
  refreshToken: string,
  type: 'normal' | 'recovery',
): Session {
  return {
    user: toAuthUser(user),
    access_token: access.token,
    refresh_token: refreshToken,
    expires_at: access.expiresAt,
    type,
  };
}
