import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { validateEmail } from '@coursekit/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { schema } from '../db/index';

const { externalIdentities, users, userRoles } = schema;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface LmsUser {
  issuer: string;
  sub: string;
  email: string | undefined;
  name: string | undefined;
}

/** The name an id_token gives: `name`, else given and family names. */
export function nameOf(claims: Record<string, unknown>): string | undefined {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : undefined);
  return (
    str(claims.name) ??
    (str([claims.given_name, claims.family_name].filter((p) => typeof p === 'string').join(' ')) || undefined)
  );
}

/**
 * The learner an LMS user is: found by the platform's issuer and the user's `sub`, or created at the
 * first launch, with the e-mail and name of the claims. An e-mail that already belongs to another
 * account is not linked (a platform must never open an account it did not create): the learner then
 * gets an address of its own under lti.invalid, as one with no e-mail claim does. Name and e-mail are
 * refreshed from later launches' claims when they change.
 */
export async function ltiLearner(tx: Tx, user: LmsUser, now: Date): Promise<string> {
  const [known] = await tx
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.issuer, user.issuer), eq(externalIdentities.subject, user.sub)));
  if (known) {
    if (user.name) await tx.update(users).set({ name: user.name }).where(eq(users.id, known.userId));
    return known.userId;
  }
  const checked = user.email ? validateEmail(user.email) : undefined;
  let email = checked?.ok ? checked.value : undefined;
  if (email) {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) email = undefined;
  }
  const id = randomUUID();
  const own = createHash('sha256').update(`${user.issuer}\n${user.sub}`).digest('hex').slice(0, 32);
  await tx.insert(users).values({
    id,
    email: email ?? `lti-${own}@lti.invalid`,
    // Not an argon2 hash: no password matches it; this learner comes in through the LMS only.
    passwordHash: `!lti:${randomBytes(16).toString('hex')}`,
    name: user.name ?? null,
    emailConfirmedAt: email ? now : null,
    lastSignInAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(userRoles).values({ userId: id, role: 'user', createdAt: now });
  await tx
    .insert(externalIdentities)
    .values({ issuer: user.issuer, subject: user.sub, userId: id, createdAt: now });
  return id;
}
