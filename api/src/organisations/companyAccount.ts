import { randomBytes, randomUUID } from 'node:crypto';
import { type CompanySignInError, CourseError, EMAIL_DOMAIN_PATTERN, validateEmail } from '@coursekit/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { type Db, isUniqueViolation, schema } from '../db/index';
import { nameOf } from '../lti/learner';
import { pendingInvitation, takeUpInvitation } from './acceptInvitation';
import { joinOrganisation } from './members';
import { inOrganisation } from './scope';

// Who a company sign-in's person is here: the account an identity provider's claims name, found,
// linked or made, and their membership of the organisation. The flow around it (state, cookie,
// redirects) is companySignIn.ts.

const {
  organisationIdentityProviders: providers,
  organisationMembers,
  externalIdentities,
  users,
  userRoles,
} = schema;

export type Provider = typeof providers.$inferSelect;

/** A refusal the sign-in page explains: nothing was written for it. */
export class Refused extends Error {
  constructor(readonly code: CompanySignInError) {
    super(code);
  }
}

/** The domain of an e-mail address, lower-cased, or undefined when it has none of a domain's form. */
export function domainOf(email: string): string | undefined {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  return email.includes('@') && EMAIL_DOMAIN_PATTERN.test(domain) ? domain : undefined;
}

/**
 * The learner an identity provider's person is, in one transaction scoped to the organisation:
 *  - known by the provider's issuer and `sub`: that account;
 *  - else an account with the same e-mail is linked only when the provider says `email_verified:
 *    true` and the address is in one of the provider's domains. The provider then vouches that this
 *    person reads that address, the same proof a password-reset link gives; without it, anyone with
 *    an account at the provider carrying that address could take over the password account, so the
 *    sign-in is refused. The domain check keeps one organisation's provider from vouching for
 *    addresses it does not own (another organisation's people, the platform's admins).
 *  - else a new account (no password matches it), its e-mail confirmed when the provider says so.
 * A new person joins the organisation as a learner (a seat is needed); a member keeps their role.
 * A pending invitation of the person's e-mail to this organisation is taken up as its link would
 * be: the invitation's role for a newcomer, its group, the invitation accepted.
 */
export async function companyLearner(
  ctx: AppContext,
  organisationId: string,
  provider: Provider,
  claims: Record<string, unknown>,
  now: Date,
): Promise<string> {
  const checked = typeof claims.email === 'string' ? validateEmail(claims.email) : undefined;
  const email = checked?.ok ? checked.value : undefined;
  const verified = claims.email_verified === true;
  const sub = String(claims.sub);
  try {
    return await inOrganisation(ctx.db, organisationId, async (tx) => {
      const userId = await accountOf(tx, provider, { sub, email, verified, name: nameOf(claims) }, now);
      await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
      const [member] = await tx
        .select({ role: organisationMembers.role })
        .from(organisationMembers)
        .where(
          and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
        );
      // A pending invitation of this e-mail (a manager's, or a CSV import's) is taken up: its role and group.
      // The provider vouches for the address (verified, in its domains) and the account has it.
      const vouched = email !== undefined && verified && email === (await emailOf(tx, userId));
      const invitation = vouched ? await pendingInvitation(tx, organisationId, email, now) : undefined;
      if (invitation)
        await takeUpInvitation(
          tx,
          invitation,
          userId,
          now,
          { account: 'company_sign_in' },
          { keepRole: !!member },
        );
      else if (!member)
        await joinOrganisation(tx, organisationId, userId, 'learner', now, { keepRole: true });
      return userId;
    });
  } catch (err) {
    if (err instanceof CourseError && err.code === 'conflict') throw new Refused('seats');
    throw err;
  }
}

async function emailOf(tx: Db, userId: string): Promise<string | undefined> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email;
}

async function accountOf(
  tx: Db,
  provider: Provider,
  person: { sub: string; email: string | undefined; verified: boolean; name: string | undefined },
  now: Date,
): Promise<string> {
  const [known] = await tx
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.issuer, provider.issuer), eq(externalIdentities.subject, person.sub)));
  if (known) return known.userId;
  if (!person.email) throw new Refused('no_email');
  const domain = domainOf(person.email);
  if (!domain || !provider.domains.includes(domain)) throw new Refused('domain');
  const [existing] = await tx.select().from(users).where(eq(users.email, person.email));
  let userId: string;
  if (existing) {
    if (!person.verified) throw new Refused('unverified');
    userId = existing.id;
    if (!existing.emailConfirmedAt)
      await tx.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, userId));
  } else {
    userId = randomUUID();
    await tx.insert(users).values({
      id: userId,
      email: person.email,
      // Not an argon2 hash: no password matches it; this learner signs in through the provider.
      passwordHash: `!sso:${randomBytes(16).toString('hex')}`,
      name: person.name ?? null,
      emailConfirmedAt: person.verified ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(userRoles).values({ userId, role: 'user', createdAt: now });
  }
  try {
    await tx
      .insert(externalIdentities)
      .values({ issuer: provider.issuer, subject: person.sub, userId, createdAt: now });
  } catch (err) {
    // Two first sign-ins of one person at once: the other made the link; the transaction ends here.
    if (isUniqueViolation(err)) throw new Refused('expired');
    throw err;
  }
  return userId;
}
