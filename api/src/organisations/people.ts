import { randomUUID } from 'node:crypto';
import {
  type OrgInvitation,
  type OrgInviteBody,
  type OrgPerson,
  organisationAlreadyInvited,
  organisationAlreadyMember,
  organisationMemberNotFound,
  organisationSeatsFull,
  pageWindow,
  validateEmail,
} from '@coursekit/core';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { opaqueToken } from '../auth/tokens';
import { type Db, schema } from '../db/index';
import { fail } from '../http/errors';
import { platformTexts } from '../settings/service';
import { invitationMail } from './invitationMail';
import { audit, type ManagerCtx, organisationOf } from './managerContext';

const {
  organisationMembers,
  organisationInvitations,
  organisationGroups,
  organisationGroupMembers,
  users,
  profiles,
} = schema;

/** A page of the organisation's people, managers first, then by e-mail; `search` matches e-mail or name. */
export async function listPeople(
  ctx: ManagerCtx,
  query: { search?: string | undefined; page?: number | undefined; pageSize?: number | undefined },
) {
  await organisationOf(ctx.db, ctx.organisationId);
  const { page, pageSize, offset } = pageWindow(query, 25);
  const name = sql<string | null>`coalesce(${profiles.displayName}, ${users.name})`;
  const term = query.search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(organisationMembers.organisationId, ctx.organisationId),
    pattern ? or(ilike(users.email, pattern), ilike(name, pattern)) : undefined,
  );
  const base = ctx.db
    .select({
      user_id: organisationMembers.userId,
      email: users.email,
      display_name: name,
      role: organisationMembers.role,
      joined_at: organisationMembers.createdAt,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where);
  const rows = await base
    .orderBy(desc(organisationMembers.role), asc(users.email))
    .limit(pageSize)
    .offset(offset);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where);
  const ids = rows.map((r) => r.user_id);
  const groups = ids.length
    ? await ctx.db
        .select({ userId: organisationGroupMembers.userId, name: organisationGroups.name })
        .from(organisationGroupMembers)
        .innerJoin(organisationGroups, eq(organisationGroups.id, organisationGroupMembers.groupId))
        .where(
          and(
            eq(organisationGroupMembers.organisationId, ctx.organisationId),
            inArray(organisationGroupMembers.userId, ids),
          ),
        )
        .orderBy(asc(organisationGroups.name))
    : [];
  const items: OrgPerson[] = rows.map((r) => ({
    ...r,
    joined_at: r.joined_at.toISOString(),
    groups: groups.filter((g) => g.userId === r.user_id).map((g) => g.name),
  }));
  return { items, total: total?.n ?? 0, page, pageSize };
}

/** Takes a person out of the organisation: their groups and assignments here go, their account and learning record stay. */
export async function removePerson(ctx: ManagerCtx, userId: string): Promise<void> {
  await organisationOf(ctx.db, ctx.organisationId);
  const removed = await ctx.db
    .delete(organisationMembers)
    .where(
      and(eq(organisationMembers.organisationId, ctx.organisationId), eq(organisationMembers.userId, userId)),
    )
    .returning({ userId: organisationMembers.userId });
  if (removed.length === 0) throw fail('not_found', organisationMemberNotFound);
  await audit(ctx, 'organisation_person_removed', userId);
}

const invitationView = (
  row: typeof organisationInvitations.$inferSelect,
  group: string | null,
): OrgInvitation => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  group,
  created_at: row.createdAt.toISOString(),
  accepted_at: row.acceptedAt?.toISOString() ?? null,
});

export async function listInvitations(ctx: ManagerCtx): Promise<OrgInvitation[]> {
  await organisationOf(ctx.db, ctx.organisationId);
  const rows = await ctx.db
    .select({ invitation: organisationInvitations, group: organisationGroups.name })
    .from(organisationInvitations)
    .leftJoin(organisationGroups, eq(organisationGroups.id, organisationInvitations.groupId))
    .where(eq(organisationInvitations.organisationId, ctx.organisationId))
    .orderBy(desc(organisationInvitations.createdAt), asc(organisationInvitations.email));
  return rows.map((r) => invitationView(r.invitation, r.group));
}

/** E-mails of the organisation's people and of its pending invitations, and how many seats they hold. */
export async function knownPeople(db: Db, organisationId: string) {
  const [members, pending] = await Promise.all([
    db
      .select({ email: users.email })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(eq(organisationMembers.organisationId, organisationId)),
    db
      .select({ email: organisationInvitations.email })
      .from(organisationInvitations)
      .where(
        and(
          eq(organisationInvitations.organisationId, organisationId),
          isNull(organisationInvitations.acceptedAt),
        ),
      ),
  ]);
  return {
    members: new Set(members.map((m) => m.email)),
    pending: new Set(pending.map((p) => p.email)),
    seatsTaken: members.length + pending.length,
  };
}

/** One person to invite: their e-mail (normalised), name, role and the group they join on accepting. */
export interface Invitee {
  email: string;
  name: string | null;
  role: 'learner' | 'manager';
  groupId: string | null;
}

/**
 * Stores invitations, a statement per 1,000, and queues their mails (sent once the request's
 * transaction commits). An accepted invitation of someone who has since left is replaced.
 */
export async function storeInvitations(
  ctx: ManagerCtx,
  organisation: { id: string; name: string },
  people: readonly Invitee[],
  site: string,
): Promise<Array<typeof organisationInvitations.$inferSelect>> {
  const stored: Array<typeof organisationInvitations.$inferSelect> = [];
  const now = new Date(ctx.clock.now());
  for (let i = 0; i < people.length; i += 1000) {
    const chunk = people.slice(i, i + 1000);
    await ctx.db.delete(organisationInvitations).where(
      and(
        eq(organisationInvitations.organisationId, organisation.id),
        inArray(
          organisationInvitations.email,
          chunk.map((p) => p.email),
        ),
        sql`${organisationInvitations.acceptedAt} is not null`,
      ),
    );
    const tokens = chunk.map(() => opaqueToken());
    const rows = await ctx.db
      .insert(organisationInvitations)
      .values(
        chunk.map((person, n) => ({
          id: randomUUID(),
          organisationId: organisation.id,
          email: person.email,
          name: person.name,
          role: person.role,
          groupId: person.groupId,
          tokenHash: tokens[n]!.hash,
          invitedBy: ctx.auth.userId,
          createdAt: now,
        })),
      )
      .returning();
    chunk.forEach((person, n) => {
      const link = `${ctx.config.publicUrl}/accept-invitation?token=${encodeURIComponent(tokens[n]!.token)}`;
      ctx.mails.push(invitationMail(site, organisation.name, person.email, person.name, link));
    });
    stored.push(...rows);
  }
  return stored;
}

export async function invite(ctx: ManagerCtx, body: OrgInviteBody): Promise<OrgInvitation> {
  const org = await organisationOf(ctx.db, ctx.organisationId);
  const checked = validateEmail(body.email);
  if (!checked.ok) throw fail('validation_error', checked.error, { email: checked.error });
  const email = checked.value;
  const known = await knownPeople(ctx.db, org.id);
  if (known.members.has(email)) throw fail('conflict', organisationAlreadyMember(email));
  if (known.pending.has(email)) throw fail('conflict', organisationAlreadyInvited(email));
  if (org.seatLimit !== null && known.seatsTaken >= org.seatLimit)
    throw fail('conflict', organisationSeatsFull(org.name, org.seatLimit));
  const { site_name } = await platformTexts(ctx);
  const [row] = await storeInvitations(
    ctx,
    org,
    [{ email, name: body.name?.trim() || null, role: body.role ?? 'learner', groupId: null }],
    site_name,
  );
  if (!row) throw new Error('the invitation was not stored');
  await audit(ctx, 'organisation_person_invited', null, { invitation_id: row.id, email, role: row.role });
  return invitationView(row, null);
}
