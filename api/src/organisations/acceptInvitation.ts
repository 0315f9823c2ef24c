import { randomUUID } from 'node:crypto';
import {
  type AdminActionType,
  messages,
  organisationInvitationInvalid,
  organisationInvitationNeedsPassword,
  organisationSuspended,
  validateName,
} from '@coursekit/core';
import { and, eq, isNull } from 'drizzle-orm';
import { passwordProblem } from '../auth/accounts';
import { hashPassword } from '../auth/passwords';
import { hashToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { type Db, isUniqueViolation, schema } from '../db/index';
import { fail } from '../http/errors';
import { joinOrganisation } from './members';
import { inOrganisation, PLATFORM } from './scope';

const { organisationInvitations, organisations, organisationGroupMembers, users, userRoles } = schema;

/** An invitation's link works for 14 days. */
const INVITATION_TTL_MS = 14 * 24 * 3600 * 1000;

/**
 * Accepts an e-mailed invitation. The token proves the person reads that e-mail, so an existing
 * account with it joins the organisation (and its e-mail counts as confirmed); otherwise a password
 * makes the account. Nothing else about an existing account changes: no session is opened, no
 * password replaced. The invitation works once.
 */
export async function acceptInvitation(
  ctx: AppContext,
  body: { token: string; password?: string | undefined; name?: string | undefined },
) {
  const now = new Date(ctx.clock.now());
  // The token names the organisation, so the lookup runs in the platform's scope.
  return inOrganisation(ctx.db, PLATFORM, async (tx) => {
    const [invitation] = await tx
      .select()
      .from(organisationInvitations)
      .where(
        and(
          eq(organisationInvitations.tokenHash, hashToken(body.token)),
          isNull(organisationInvitations.acceptedAt),
        ),
      )
      .for('update');
    if (!invitation || invitation.createdAt.getTime() + INVITATION_TTL_MS < now.getTime())
      throw fail('not_found', organisationInvitationInvalid);
    const [org] = await tx
      .select()
      .from(organisations)
      .where(eq(organisations.id, invitation.organisationId));
    if (!org) throw fail('not_found', organisationInvitationInvalid);
    if (org.status !== 'active') throw fail('forbidden', organisationSuspended(org.name));
    let [user] = await tx.select().from(users).where(eq(users.email, invitation.email));
    let account: 'created' | 'linked' = 'linked';
    if (user) {
      if (!user.emailConfirmedAt)
        await tx.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, user.id));
    } else {
      if (!body.password)
        throw fail('validation_error', organisationInvitationNeedsPassword, {
          password: organisationInvitationNeedsPassword,
        });
      const problem = passwordProblem(body.password);
      if (problem) throw fail('weak_password', messages.authWeakPassword, { password: problem });
      // A typed name must pass the sign-up rule; the invitation's name (a spreadsheet's cell, like
      // "Okafor, Ben") is taken only when it does, and never keeps the person from accepting.
      const typed = validateName(body.name);
      if (!typed.ok) throw fail('validation_error', typed.error, { name: typed.error });
      const invited = validateName(invitation.name ?? undefined);
      const name = { value: typed.value ?? (invited.ok ? invited.value : undefined) };
      try {
        [user] = await tx
          .insert(users)
          .values({
            id: randomUUID(),
            email: invitation.email,
            passwordHash: await hashPassword(body.password),
            name: name.value ?? null,
            emailConfirmedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
      } catch (err) {
        if (isUniqueViolation(err)) throw fail('conflict', messages.authUserAlreadyRegistered);
        throw err;
      }
      await tx.insert(userRoles).values({ userId: user!.id, role: 'user', createdAt: now });
      account = 'created';
    }
    await takeUpInvitation(tx, invitation, user!.id, now, { account });
    return { organisation: { slug: org.slug, name: org.name }, email: invitation.email, account };
  });
}

/**
 * Makes an invitation's person a member: its role, its group, the invitation marked accepted, and
 * the acceptance in the audit log (`details` says how: the account made or linked, or the sign-in).
 */
export async function takeUpInvitation(
  tx: Db,
  invitation: typeof organisationInvitations.$inferSelect,
  userId: string,
  now: Date,
  details: Record<string, string>,
  options: { keepRole?: boolean } = {},
): Promise<void> {
  const organisationId = invitation.organisationId;
  await joinOrganisation(tx, organisationId, userId, invitation.role, now, options);
  if (invitation.groupId)
    await tx
      .insert(organisationGroupMembers)
      .values({ organisationId, groupId: invitation.groupId, userId })
      .onConflictDoNothing();
  await tx
    .update(organisationInvitations)
    .set({ acceptedAt: now })
    .where(eq(organisationInvitations.id, invitation.id));
  await tx.insert(schema.adminActionLog).values({
    adminUserId: userId,
    targetUserId: userId,
    actionType: 'organisation_invitation_accepted' satisfies AdminActionType,
    actionDetails: { organisation_id: organisationId, invitation_id: invitation.id, ...details },
    createdAt: now,
  });
}

/** The person's pending invitation to the organisation still in its 14 days, if any. */
export async function pendingInvitation(
  tx: Db,
  organisationId: string,
  email: string,
  now: Date,
): Promise<typeof organisationInvitations.$inferSelect | undefined> {
  const [invitation] = await tx
    .select()
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.organisationId, organisationId),
        eq(organisationInvitations.email, email),
        isNull(organisationInvitations.acceptedAt),
      ),
    )
    .for('update');
  if (!invitation || invitation.createdAt.getTime() + INVITATION_TTL_MS < now.getTime()) return undefined;
  return invitation;
}
