import { randomUUID } from 'node:crypto';
import {
  type AuthUser,
  EMAIL_MAX_LENGTH,
  messages,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  RATE_LIMITS,
  type Session,
  validateEmail,
  validateName,
  validatePassword,
} from '@coursekit/core';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import { isUniqueViolation, schema } from '../db/index';
import { fail } from '../http/errors';
import type { AuthInfo } from '../http/route';
import { isCommonPassword } from '../passwords/commonPasswords';
import { emailOrFail, sendVerification } from './emailLinks';
import { securityEvent } from './events';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import {
  consumeRateLimit,
  enforceRateLimit,
  peekRateLimit,
  type RequestMeta,
  SIGN_IN_FAILURE_LIMITS,
} from './rateLimit';
import { revocationsHeard } from './sessionCache';
import { openSession } from './sessions';
import { toAuthUser } from './tokens';

// Accounts: signing up, signing in with a password, reading the signed-in user, changing the password.

const { users, sessions, userRoles } = schema;
type UserRow = typeof users.$inferSelect;

/** core's sign-up policy plus the server's list of the 10,000 most common passwords. */
export function passwordProblem(password: string): string | null {
  const checked = validatePassword(password);
  if (!checked.ok) return checked.error;
  return isCommonPassword(password) ? messages.passwordCommon : null;
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
  await enforceRateLimit(ctx, `signup:${email}`, RATE_LIMITS.signUp, messages.rateLimitSignUp, meta, email);

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
  await enforceRateLimit(ctx, `signin:${email}`, RATE_LIMITS.signIn, messages.rateLimitSignIn, meta, email);
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

export async function getUser(ctx: AppContext, auth: AuthInfo): Promise<AuthUser> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, auth.userId));
  if (!user) throw fail('unauthorized', messages.sessionInvalid);
  return toAuthUser(user);
}

/**
 * Sets a new password under the sign-up policy. Ends every other session; a recovery session ends
 * too, so the learner signs in again with the new password.
 */
export async function updatePassword(ctx: AppContext, auth: AuthInfo, password: string): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw fail('weak_password', messages.authWeakPassword, { password: problem });
  const passwordHash = await hashPassword(password);
  const now = new Date(ctx.clock.now());
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, auth.userId));
    if (auth.sessionType === 'recovery') {
      // Following the e-mailed link proves the address.
      await tx
        .update(users)
        .set({ emailConfirmedAt: now })
        .where(and(eq(users.id, auth.userId), isNull(users.emailConfirmedAt)));
    }
    const others = auth.sessionType === 'recovery' ? undefined : ne(sessions.id, auth.sessionId);
    return tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'password_changed' })
      .where(and(eq(sessions.userId, auth.userId), isNull(sessions.revokedAt), others))
      .returning({ id: sessions.id });
  });
  await revocationsHeard(
    ctx,
    ended.map((s) => s.id),
  );
  await securityEvent(ctx, 'password_changed', { userId: auth.userId });
}
