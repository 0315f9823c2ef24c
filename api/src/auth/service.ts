import { randomUUID } from 'node:crypto';
import {
  type AuthUser,
  EMAIL_MAX_LENGTH,
  messages,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  RATE_LIMITS,
  type Session,
  type VerificationStatus,
  validateEmail,
  validateName,
  validatePassword,
} from '@coursekit/core';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import type { AuthInfo } from '../http/route';
import { recoveryMail, verificationMail } from '../mail/templates';
import { partnerLearner } from '../partner/partnerLearner';
import { isCommonPassword } from '../passwords/commonPasswords';
import { securityEvent } from './events';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { consumeRateLimit, peekRateLimit, SIGN_IN_FAILURE_LIMITS } from './rateLimit';
import { hashToken, opaqueToken, signAccessToken, toAuthUser, toSession, verifyAccessToken } from './tokens';

const { users, sessions, refreshTokens, authTokens, userRoles } = schema;
type UserRow = typeof users.$inferSelect;

export interface RequestMeta {
  ip?: string | undefined;
}

function emailOrFail(raw: string): string {
  const email = validateEmail(raw);
  if (!email.ok) throw fail('validation_error', email.error, { email: email.error });
  return email.value;
}

/** core's sign-up policy plus the server's list of the 10,000 most common passwords. */
export function passwordProblem(password: string): string | null {
  const checked = validatePassword(password);
  if (!checked.ok) return checked.error;
  return isCommonPassword(password) ? messages.passwordCommon : null;
}

function passwordOrFail(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw fail('weak_password', messages.authWeakPassword, { password: problem });
}

const isUniqueViolation = (err: unknown) =>
  /duplicate key|unique constraint/i.test(String((err as { message?: string })?.message)) ||
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * A session (one refresh-token family) ends at a fixed time after it was opened, however often its
 * tokens rotate: 30 days for a sign-in, the recovery lifetime (an hour) for a reset link. The
 * session row's created_at is the family's birth, so no extra column is needed.
 */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000;
export function sessionDeadline(
  ctx: AppContext,
  session: { type: 'normal' | 'recovery'; createdAt: Date },
): number {
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

export async function sendVerification(ctx: AppContext, user: UserRow): Promise<void> {
  const { token, hash } = opaqueToken();
  const now = ctx.clock.now();
  await ctx.db.insert(authTokens).values({
    userId: user.id,
    kind: 'email_verification',
    tokenHash: hash,
    expiresAt: new Date(now + ctx.config.verificationTtl * 1000),
    createdAt: new Date(now),
  });
  const link = `${ctx.config.publicUrl}/verification-success?token=${encodeURIComponent(token)}`;
  await sendMail(ctx, verificationMail(user.email, link, user.name));
}

/** A mail that cannot be sent is logged, not fatal: the account exists and the learner can resend. */
async function sendMail(
  ctx: AppContext,
  message: Parameters<AppContext['mailer']['send']>[0],
): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    ctx.logger.error({ err, to: message.to, subject: message.subject }, 'could not send mail');
  }
}

async function limit(
  ctx: AppContext,
  key: string,
  policy: (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS],
  message: string,
  meta: RequestMeta,
  email: string,
) {
  const decision = await consumeRateLimit(ctx, key, policy);
  if (!decision.allowed) {
    await securityEvent(
      ctx,
      'rate_limited',
      { email, ip: meta.ip, details: { key, retryAfterMs: decision.retryAfterMs } },
      { countBy: key },
    );
    const error = fail('rate_limited', message);
    (error as { retryAfterMs?: number }).retryAfterMs = decision.retryAfterMs;
    throw error;
  }
}

export async function signUp(
  ctx: AppContext,
  input: { email: string; password: string; name?: string | undefined },
  meta: RequestMeta,
): Promise<{ user: AuthUser; session: Session }> {
  const email = emailOrFail(input.email);
  const name = validateName(input.name);
  if (!name.ok) throw fail('validation_error', name.error, { name: name.error });
  const problem = passwordProblem(input.password);
  if (problem) {
    await securityEvent(ctx, 'weak_password', { email, ip: meta.ip }, { countBy: 'sign-up' });
    throw fail('weak_password', messages.authWeakPassword, { password: problem });
  }
  await limit(ctx, `signup:${email}`, RATE_LIMITS.signUp, messages.rateLimitSignUp, meta, email);

  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw fail('user_already_registered', messages.authUserAlreadyRegistered);
  const now = new Date(ctx.clock.now());
  const passwordHash = await hashPassword(input.password);
  let user: UserRow;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          id: randomUUID(),
          email,
          passwordHash,
          name: name.value ?? null,
          createdAt: now,
          updatedAt: now,
          lastSignInAt: now,
        })
        .returning();
      await tx.insert(userRoles).values({ userId: row!.id, role: 'user', createdAt: now });
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('user_already_registered', messages.authUserAlreadyRegistered);
    throw err;
  }
  await sendVerification(ctx, user);
  const session = await openSession(ctx, user, 'normal');
  return { user: session.user, session };
}

export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<Session> {
  const checked = validateEmail(input.email);
  // A malformed e-mail cannot be registered: same answer as a wrong password.
  const email = checked.ok ? checked.value : normalizeEmail(input.email).slice(0, EMAIL_MAX_LENGTH);
  await limit(ctx, `signin:${email}`, RATE_LIMITS.signIn, messages.rateLimitSignIn, meta, email);
  // Failures are counted per e-mail (the account) and per client address, known or not, so the
  // work — and the time — is the same whether or not the address is registered.
  const failureKeys = {
    account: `signin-failures:${email}`,
    address: `signin-failures-ip:${meta.ip ?? 'unknown'}`,
  };
  const [[user], account, address] = await Promise.all([
    checked.ok ? ctx.db.select().from(users).where(eq(users.email, email)) : Promise.resolve([]),
    peekRateLimit(ctx, failureKeys.account, SIGN_IN_FAILURE_LIMITS.account),
    peekRateLimit(ctx, failureKeys.address, SIGN_IN_FAILURE_LIMITS.address),
  ]);
  if (!account.allowed || !address.allowed) {
    const retryAfterMs = Math.max(account.retryAfterMs, address.retryAfterMs);
    const key = account.allowed ? failureKeys.address : failureKeys.account;
    await securityEvent(
      ctx,
      'rate_limited',
      { email, ip: meta.ip, details: { key, retryAfterMs } },
      { countBy: key },
    );
    throw Object.assign(fail('rate_limited', messages.rateLimitSignIn), { retryAfterMs });
  }
  const tooLong = input.password.length > PASSWORD_MAX_LENGTH;
  let ok = false;
  if (user && !tooLong) ok = await verifyPassword(user.passwordHash, input.password);
  else await verifyPassword(await dummyHash(), 'x'); // the same cost whether or not the e-mail exists
  if (!user || !ok) {
    await Promise.all([
      consumeRateLimit(ctx, failureKeys.account, SIGN_IN_FAILURE_LIMITS.account),
      consumeRateLimit(ctx, failureKeys.address, SIGN_IN_FAILURE_LIMITS.address),
    ]);
    await securityEvent(ctx, 'sign_in_failed', { email, ip: meta.ip, userId: user?.id ?? null });
    throw fail('invalid_credentials', messages.authInvalidCredentials);
  }
  const now = new Date(ctx.clock.now());
  await ctx.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
  return openSession(ctx, { ...user, lastSignInAt: now }, 'normal');
}

/** Partner sign-ins have no session row; this id matches none, so sign-out and the like change nothing. */
const PARTNER_SESSION_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Checks the bearer token and that its session is still open (one primary-key read per request).
 * A trusted partner's token (issue 8) signs its employee in as a learner instead.
 */
export async function authenticate(ctx: AppContext, header: string | undefined): Promise<AuthInfo> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match) throw fail('unauthorized', messages.sessionMissing);
  if (ctx.verifyPartnerToken && ctx.config.partner) {
    const partner = await ctx.verifyPartnerToken(match[1]!);
    if (partner.ok) {
      const userId = await partnerLearner(ctx, ctx.config.partner.issuer, partner);
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
  const [session] = await ctx.db
    .select({
      revokedAt: sessions.revokedAt,
      userId: sessions.userId,
      type: sessions.type,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(eq(sessions.id, check.sessionId));
  if (!session || session.revokedAt || session.userId !== check.userId) {
    throw fail('unauthorized', messages.sessionInvalid);
  }
  if (ctx.clock.now() >= sessionDeadline(ctx, session)) throw fail('unauthorized', messages.sessionExpired);
  return { userId: check.userId, sessionId: check.sessionId, sessionType: check.type };
}

export async function signOut(ctx: AppContext, auth: AuthInfo): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date(ctx.clock.now()), revokedReason: 'sign_out' })
    .where(and(eq(sessions.id, auth.sessionId), isNull(sessions.revokedAt)));
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
      return { kind: 'reused' as const, userId: session.userId };
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

export async function getUser(ctx: AppContext, auth: AuthInfo): Promise<AuthUser> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, auth.userId));
  if (!user) throw fail('unauthorized', messages.sessionInvalid);
  return toAuthUser(user);
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<VerificationStatus> {
  if (token.length > 200) return 'error';
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, 'email_verification')))
      .for('update');
    if (!row || row.usedAt) return 'error';
    if (row.expiresAt.getTime() <= now) return 'expired';
    await tx
      .update(authTokens)
      .set({ usedAt: new Date(now) })
      .where(eq(authTokens.id, row.id));
    await tx
      .update(users)
      .set({ emailConfirmedAt: new Date(now), updatedAt: new Date(now) })
      .where(and(eq(users.id, row.userId), isNull(users.emailConfirmedAt)));
    return 'success';
  });
}

/** 204 whatever happens, except the rate limit: an unknown or confirmed address sends nothing. */
export async function resendVerification(ctx: AppContext, raw: string, meta: RequestMeta): Promise<void> {
  const email = emailOrFail(raw);
  await limit(ctx, `resend:${email}`, RATE_LIMITS.resendVerification, messages.authRateLimited, meta, email);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (user && !user.emailConfirmedAt) await sendVerification(ctx, user);
}

/** Always 204: a registered address gets a recovery link carrying a recovery session in its hash. */
export async function recover(ctx: AppContext, raw: string, meta: RequestMeta): Promise<void> {
  const email = emailOrFail(raw);
  await limit(ctx, `recover:${email}`, RATE_LIMITS.signIn, messages.authRateLimited, meta, email);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  const session = await openSession(ctx, user, 'recovery');
  const link =
    `${ctx.config.publicUrl}/reset-password#access_token=${encodeURIComponent(session.access_token)}` +
    `&refresh_token=${encodeURIComponent(session.refresh_token)}&type=recovery`;
  await sendMail(ctx, recoveryMail(user.email, link));
}

/**
 * Sets a new password under the sign-up policy. Ends every other session; a recovery session ends
 * too, so the learner signs in again with the new password.
 */
export async function updatePassword(ctx: AppContext, auth: AuthInfo, password: string): Promise<void> {
  passwordOrFail(password);
  const passwordHash = await hashPassword(password);
  const now = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, auth.userId));
    if (auth.sessionType === 'recovery') {
      // Following the e-mailed link proves the address.
      await tx
        .update(users)
        .set({ emailConfirmedAt: now })
        .where(and(eq(users.id, auth.userId), isNull(users.emailConfirmedAt)));
    }
    const others = auth.sessionType === 'recovery' ? undefined : ne(sessions.id, auth.sessionId);
    await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'password_changed' })
      .where(and(eq(sessions.userId, auth.userId), isNull(sessions.revokedAt), others));
  });
  await securityEvent(ctx, 'password_changed', { userId: auth.userId });
}
