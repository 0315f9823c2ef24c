import { messages, RATE_LIMITS, type VerificationStatus, validateEmail } from '@coursekit/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { recoveryMail, verificationMail } from '../mail/templates';
import { platformTexts } from '../settings/service';
import { enforceRateLimit, type RequestMeta } from './rateLimit';
import { openSession } from './sessions';
import { hashToken, opaqueToken } from './tokens';

// E-mailed links: verifying an address (and resending the link), and the recovery link that opens a
// recovery session.

const { users, authTokens } = schema;
type UserRow = typeof users.$inferSelect;

/** core's e-mail rule, as a validation_error naming the field. */
export function emailOrFail(raw: string): string {
  const email = validateEmail(raw);
  if (!email.ok) throw fail('validation_error', email.error, { email: email.error });
  return email.value;
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
  const { site_name } = await platformTexts(ctx);
  await sendMail(ctx, verificationMail(site_name, user.email, link, user.name));
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
  await enforceRateLimit(
    ctx,
    `resend:${email}`,
    RATE_LIMITS.resendVerification,
    messages.authRateLimited,
    meta,
    email,
  );
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (user && !user.emailConfirmedAt) await sendVerification(ctx, user);
}

/** Always 204: a registered address gets a recovery link carrying a recovery session in its hash. */
export async function recover(ctx: AppContext, raw: string, meta: RequestMeta): Promise<void> {
  const email = emailOrFail(raw);
  await enforceRateLimit(ctx, `recover:${email}`, RATE_LIMITS.signIn, messages.authRateLimited, meta, email);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  const session = await openSession(ctx, user, 'recovery');
  const link =
    `${ctx.config.publicUrl}/reset-password#access_token=${encodeURIComponent(session.access_token)}` +
    `&refresh_token=${encodeURIComponent(session.refresh_token)}&type=recovery`;
  const { site_name } = await platformTexts(ctx);
  await sendMail(ctx, recoveryMail(site_name, user.email, link));
}
