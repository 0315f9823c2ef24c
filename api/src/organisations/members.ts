import {
  CourseError,
  type OrganisationMember,
  organisationMemberNotFound,
  organisationNotFound,
  organisationSeatsFull,
  organisationUserNotFound,
} from '@coursekit/core';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { logAction } from '../admin/actionLog';
import type { AdminAuth } from '../admin/guard';
import type { AppContext } from '../context';
import { type Db, isUniqueViolation, schema } from '../db/index';
import { fail, notFound } from '../http/errors';
import { inOrganisation } from './scope';

const { organisations, organisationMembers, users, profiles } = schema;

/** The organisation row, or the 404 every organisation call answers for an id that names none. */
async function organisationRow(db: Db, id: string) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  if (!row) throw notFound(organisationNotFound);
  return row;
}

/**
 * Makes `userId` a member of the organisation with `role` (a role change keeps the seat). A new
 * member needs a free seat: the organisation's row is locked while counting, so two joins at once
 * cannot both take the last one. Answers whether the person was new to the organisation.
 */
export async function joinOrganisation(
  db: Db,
  organisationId: string,
  userId: string,
  role: 'learner' | 'manager',
  now: Date,
  options: { keepRole?: boolean } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [org] = await tx
      .select()
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .for('update');
    if (!org) throw notFound(organisationNotFound);
    const [existing] = await tx
      .select({ role: organisationMembers.role })
      .from(organisationMembers)
      .where(
        and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
      );
    if (existing) {
      if (!options.keepRole && existing.role !== role) {
        await tx
          .update(organisationMembers)
          .set({ role })
          .where(
            and(
              eq(organisationMembers.organisationId, organisationId),
              eq(organisationMembers.userId, userId),
            ),
          );
      }
      return false;
    }
    if (org.seatLimit !== null) {
      const [taken] = await tx
        .select({ n: count() })
        .from(organisationMembers)
        .where(eq(organisationMembers.organisationId, organisationId));
      if ((taken?.n ?? 0) >= org.seatLimit)
        throw fail('conflict', organisationSeatsFull(org.name, org.seatLimit));
    }
    await tx.insert(organisationMembers).values({ organisationId, userId, role, createdAt: now });
    return true;
  });
}

const memberColumns = {
  user_id: organisationMembers.userId,
  email: users.email,
  display_name: sql<string | null>`coalesce(${profiles.displayName}, ${users.name})`,
  role: organisationMembers.role,
  joined_at: organisationMembers.createdAt,
};

const view = (row: {
  user_id: string;
  email: string;
  display_name: string | null;
  role: 'learner' | 'manager';
  joined_at: Date;
}): OrganisationMember => ({
  ...row,
  joined_at: row.joined_at.toISOString(),
});

/** A page of the organisation's people, managers first, then by e-mail. */
export async function listMembers(
  ctx: AppContext,
  organisationId: string,
  query: { page?: number; pageSize?: number },
) {
  await organisationRow(ctx.db, organisationId);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 25;
  const mine = eq(organisationMembers.organisationId, organisationId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(memberColumns)
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(mine)
      .orderBy(desc(organisationMembers.role), asc(users.email))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(organisationMembers).where(mine),
  ]);
  return { items: rows.map(view), total: total?.n ?? 0, page, pageSize };
}

async function memberView(
  db: Db,
  organisationId: string,
  userId: string,
): Promise<OrganisationMember | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
    );
  return row && view(row);
}

export async function setMember(
  ctx: AppContext,
  admin: AdminAuth,
  organisationId: string,
  userId: string,
  role: 'learner' | 'manager',
): Promise<OrganisationMember> {
  await organisationRow(ctx.db, organisationId);
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(organisationUserNotFound);
  const joined = await joinOrganisation(ctx.db, organisationId, userId, role, new Date(ctx.clock.now()));
  await logAction(ctx, admin, joined ? 'organisation_member_added' : 'organisation_member_updated', userId, {
    organisation_id: organisationId,
    role,
  });
  return (await memberView(ctx.db, organisationId, userId))!;
}

/** Takes a person out of the organisation; their account and learning record stay. */
export async function removeMember(
  ctx: AppContext,
  admin: AdminAuth,
  organisationId: string,
  userId: string,
): Promise<void> {
  await organisationRow(ctx.db, organisationId);
  const removed = await ctx.db
    .delete(organisationMembers)
    .where(
      and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
    )
    .returning({ role: organisationMembers.role });
  if (removed.length === 0) throw notFound(organisationMemberNotFound);
  await logAction(ctx, admin, 'organisation_member_removed', userId, { organisation_id: organisationId });
}

/**
 * A partner-token learner belongs to the organisation whose issuer signed the token: joined on
 * first sight as a learner (a manager stays a manager). No seat left refuses the sign-in.
 */
export async function joinAsLearner(ctx: AppContext, organisationId: string, userId: string): Promise<void> {
  try {
    // Scoped to the token's organisation: row-level security shows this request no other's rows.
    await inOrganisation(ctx.db, organisationId, async (tx) => {
      const [member] = await tx
        .select({ role: organisationMembers.role })
        .from(organisationMembers)
        .where(
          and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
        );
      if (member) return;
      await joinOrganisation(tx, organisationId, userId, 'learner', new Date(ctx.clock.now()), {
        keepRole: true,
      });
    });
  } catch (err) {
    if (err instanceof CourseError && err.code === 'conflict') throw fail('forbidden', err.message);
    // Two first requests at once: the other one made the membership.
    if (isUniqueViolation(err)) return;
    throw err;
  }
}
