import { randomBytes, randomUUID } from 'node:crypto';
import { messages } from '@coursekit/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';

const { externalIdentities, users, userRoles } = schema;

export const PARTNER_EMAIL_TAKEN = messages.partnerEmailTaken;

/**
 * The learner a partner's employee is: found by the partner's issuer and subject, or created on
 * first sight (e-mail confirmed by the partner, role user, no usable password). An e-mail that
 * already belongs to a password account is refused rather than linked: a partner's token must never
 * open an account it did not create.
 */
export async function partnerLearner(
  ctx: AppContext,
  issuer: string,
  identity: { subject: string; email: string; name: string | null },
): Promise<string> {
  const link = () =>
    ctx.db
      .select({ userId: externalIdentities.userId })
      .from(externalIdentities)
      .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, identity.subject)));
  const [known] = await link();
  if (known) return known.userId;

  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, identity.email));
  if (taken) {
    // A page's first requests arrive together: another of them may have just created this learner.
    const [created] = await link();
    if (created) return created.userId;
    throw fail('unauthorized', PARTNER_EMAIL_TAKEN);
  }
  const now = new Date(ctx.clock.now());
  try {
    return await ctx.db.transaction(async (tx) => {
      const id = randomUUID();
      await tx.insert(users).values({
        id,
        email: identity.email,
        // Not an argon2 hash: no password can match it; this learner signs in through the partner only.
        passwordHash: `!partner:${randomBytes(16).toString('hex')}`,
        name: identity.name,
        emailConfirmedAt: now,
        lastSignInAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(userRoles).values({ userId: id, role: 'user', createdAt: now });
      await tx
        .insert(externalIdentities)
        .values({ issuer, subject: identity.subject, userId: id, createdAt: now });
      return id;
    });
  } catch (err) {
    // Two first requests at once: the other one created the learner.
    const [raced] = await link();
    if (raced) return raced.userId;
    throw err;
  }
}
