import { randomUUID } from 'node:crypto';
import { messages, type Session } from '@coursekit/core';
import { and, eq, isNull } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { ISSUER } from '../config';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import type { AuthInfo } from '../http/route';
import { joinAsLearner } from '../organisations/members';
import { checkOrganisationToken } from '../organisations/trust';
import { partnerLearner } from '../partner/partnerLearner';
import { securityEvent } from './events';
import type { RequestMeta } from './rateLimit';
import { cachedSession, revocationsHeard, type SessionRow } from './sessionCache';
import { hashToken, opaqueToken, signAccessToken, toSession, verifyAccessToken } from './tokens';

// Sessions: opening one, checking the one behind each request, rotating its refresh token, ending it.

const { users, sessions, refreshTokens } = schema;
type UserRow = typeof users.$inferSelect;

/**
 * A session (one refresh-token family) ends at a fixed time after it was opened, however often its
 * tokens rotate: 30 days for a sign-in, the recovery lifetime (an hour) for a reset link. The
 * session row's created_at is the family's birth, so no extra column is needed.
 */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000;
function sessionDeadline(ctx: AppContext, session: { type: 'normal' | 'recovery'; createdAt: Date }): number {
  const maxAge = session.type === 'recovery' ? ctx.config.recoveryTtl * 1000 : SESSION_MAX_AGE_MS;
  return session.createdAt.getTime() + maxAge;
}

/** Opens a session (a refresh-token family) and answers core's Session. */
export async function openSession(
  ctx: AppContext,
  user: UserRow,
  type: 'normal' | 'recovery',
): Promise<Session> {
  const sessionId = randomUUID();
  const now = ctx.clock.now();
  const refresh = opaqueToken();
  const ttl = type === 'recovery' ? ctx.config.recoveryTtl : ctx.config.refreshTokenTtl;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(sessions).values({ id: sessionId, userId: user.id, type, createdAt: new Date(now) });
    await tx.insert(refreshTokens).values({
      sessionId,
      tokenHash: refresh.hash,
      expiresAt: new Date(now + ttl * 1000),
      createdAt: new Date(now),
    });
  });
  const access = await signAccessToken(ctx, { userId: user.id, sessionId, type });
  return toSession(user, access, refresh.token, type);
}

/** The `iss` a bearer token claims (unchecked: it only picks who checks the token), if it is a JWT. */
function issuerOf(token: string): string | undefined {
  try {
    const { iss } = decodeJwt(token);
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

/** Partner sign-ins have no session row; this id matches none, so sign-out and the like change nothing. */
const PARTNER_SESSION_ID = '00000000-0000-0000-0000-000000000000';

const SESSION_SQL = `select user_id as "userId", type, created_at as "createdAt" from sessions
  where id = $1 and revoked_at is null`;

/**
 * Checks the bearer token and that its session is still open. The session row is read at most once
 * per 5 s per instance (learner §9; sessionCache.ts: revocations reach every instance at once), the
 * token's signature once per token (tokens.ts). A trusted partner's token signs its
 * employee in as a learner instead.
 */
export async function authenticate(ctx: AppContext, header: string | undefined): Promise<AuthInfo> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match) throw fail('unauthorized', messages.sessionMissing);
  const issuer = issuerOf(match[1]!);
  if (issuer !== undefined && issuer !== ISSUER) {
    const partner = await checkOrganisationToken(ctx, match[1]!, issuer);
    if (partner.ok) {
      const userId = await partnerLearner(ctx, partner.issuer, partner);
      await joinAsLearner(ctx, partner.organisationId, userId);
      return { userId, sessionId: PARTNER_SESSION_ID, sessionType: 'partner' };
    }
    if (!partner.notPartner) {
      await securityEvent(
        ctx,
        'partner_token_refused',
        { details: { reason: partner.reason } },
        { countBy: partner.reason },
      );
      throw fail('unauthorized', partner.message);
    }
  }
  const check = await verifyAccessToken(ctx, match[1]!);
  if (!check.ok)
    throw fail('unauthorized', check.expired ? messages.sessionExpired : messages.sessionInvalid);
  const session = await cachedSession(ctx, check.sessionId, async () => {
    const [row] = await ctx.database.query<SessionRow & { createdAt: Date | string }>(SESSION_SQL, [
      check.sessionId,
    ]);
    return row ? { ...row, createdAt: new Date(row.createdAt) } : undefined;
  });
  if (!session || session.userId !== check.userId) throw fail('unauthorized', messages.sessionInvalid);
  if (ctx.clock.now() >= sessionDeadline(ctx, session)) throw fail('unauthorized', messages.sessionExpired);
  return { userId: check.userId, sessionId: check.sessionId, sessionType: check.type };
}

export async function signOut(ctx: AppContext, auth: AuthInfo): Promise<void> {
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date(ctx.clock.now()), revokedReason: 'sign_out' })
    .where(and(eq(sessions.id, auth.sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await revocationsHeard(
    ctx,
    ended.map((s) => s.id),
  );
}

/** Rotates a refresh token. A token used twice revokes its whole session (reuse detection). */
export async function refresh(ctx: AppContext, token: string, meta: RequestMeta): Promise<Session> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for('update');
    if (!row) return { kind: 'unknown' as const };
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, row.sessionId)).for('update');
    if (!session || session.revokedAt) return { kind: 'revoked' as const };
    if (row.usedAt) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(now), revokedReason: 'refresh_token_reuse' })
        .where(eq(sessions.id, session.id));
      return { kind: 'reused' as const, userId: session.userId, sessionId: session.id };
    }
    const deadline = sessionDeadline(ctx, session);
    if (row.expiresAt.getTime() <= now || deadline <= now) return { kind: 'expired' as const };
    await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(now) })
      .where(eq(refreshTokens.id, row.id));
    const next = opaqueToken();
    await tx.insert(refreshTokens).values({
      sessionId: session.id,
      tokenHash: next.hash,
      // A fresh window, never past the family's absolute deadline.
      expiresAt: new Date(Math.min(now + ctx.config.refreshTokenTtl * 1000, deadline)),
      createdAt: new Date(now),
    });
    const [user] = await tx.select().from(users).where(eq(users.id, session.userId));
    return { kind: 'ok' as const, session, user: user!, token: next.token };
  });
  if (outcome.kind === 'reused') {
    await revocationsHeard(ctx, [outcome.sessionId]);
    await securityEvent(ctx, 'refresh_token_reuse', { userId: outcome.userId, ip: meta.ip });
  }
  if (outcome.kind !== 'ok') {
    throw fail(
      'unauthorized',
      outcome.kind === 'expired' ? messages.sessionExpired : messages.sessionInvalid,
    );
  }
  const access = await signAccessToken(ctx, {
    userId: outcome.user.id,
    sessionId: outcome.session.id,
    type: outcome.session.type,
  });
  return toSession(outcome.user, access, outcome.token, outcome.session.type);
}
