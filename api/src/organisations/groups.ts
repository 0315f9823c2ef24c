import { randomUUID } from 'node:crypto';
import {
  type OrgGroup,
  organisationGroupNotFound,
  organisationGroupTaken,
  organisationMemberNotFound,
} from '@coursekit/core';
import { and, asc, count, eq } from 'drizzle-orm';
import { type Db, isUniqueViolation, schema } from '../db/index';
import { fail } from '../http/errors';
import { audit, type ManagerCtx, organisationOf } from './managerContext';

const { organisationGroups, organisationGroupMembers, organisationMembers } = schema;

/** The group of this organisation with that id, or the 404 (another organisation's id included). */
export async function groupOf(db: Db, organisationId: string, groupId: string) {
  const [row] = await db
    .select()
    .from(organisationGroups)
    .where(and(eq(organisationGroups.id, groupId), eq(organisationGroups.organisationId, organisationId)));
  if (!row) throw fail('not_found', organisationGroupNotFound);
  return row;
}

async function groupView(db: Db, organisationId: string, groupId: string): Promise<OrgGroup> {
  const [view] = (await listGroupRows(db, organisationId)).filter((g) => g.id === groupId);
  if (!view) throw fail('not_found', organisationGroupNotFound);
  return view;
}

async function listGroupRows(db: Db, organisationId: string): Promise<OrgGroup[]> {
  const rows = await db
    .select({
      id: organisationGroups.id,
      name: organisationGroups.name,
      created_at: organisationGroups.createdAt,
      members: count(organisationGroupMembers.userId),
    })
    .from(organisationGroups)
    .leftJoin(organisationGroupMembers, eq(organisationGroupMembers.groupId, organisationGroups.id))
    .where(eq(organisationGroups.organisationId, organisationId))
    .groupBy(organisationGroups.id)
    .orderBy(asc(organisationGroups.name));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

export async function listGroups(ctx: ManagerCtx): Promise<OrgGroup[]> {
  await organisationOf(ctx.db, ctx.organisationId);
  return listGroupRows(ctx.db, ctx.organisationId);
}

/** Inserts a group; its name taken in the organisation is a 409. */
export async function insertGroup(ctx: ManagerCtx, name: string): Promise<string> {
  const id = randomUUID();
  try {
    // A savepoint: a refused name leaves the request's transaction usable.
    await ctx.db.transaction((tx) =>
      tx
        .insert(organisationGroups)
        .values({ id, organisationId: ctx.organisationId, name, createdAt: new Date(ctx.clock.now()) }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('conflict', organisationGroupTaken(name));
    throw err;
  }
  return id;
}

export async function createGroup(ctx: ManagerCtx, name: string): Promise<OrgGroup> {
  await organisationOf(ctx.db, ctx.organisationId);
  const id = await insertGroup(ctx, name.trim());
  await audit(ctx, 'organisation_group_created', null, { group_id: id, name: name.trim() });
  return groupView(ctx.db, ctx.organisationId, id);
}

export async function renameGroup(ctx: ManagerCtx, groupId: string, name: string): Promise<OrgGroup> {
  await organisationOf(ctx.db, ctx.organisationId);
  const before = await groupOf(ctx.db, ctx.organisationId, groupId);
  try {
    await ctx.db.transaction((tx) =>
      tx.update(organisationGroups).set({ name: name.trim() }).where(eq(organisationGroups.id, groupId)),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('conflict', organisationGroupTaken(name.trim()));
    throw err;
  }
  await audit(ctx, 'organisation_group_renamed', null, {
    group_id: groupId,
    from: before.name,
    to: name.trim(),
  });
  return groupView(ctx.db, ctx.organisationId, groupId);
}

export async function deleteGroup(ctx: ManagerCtx, groupId: string): Promise<void> {
  await organisationOf(ctx.db, ctx.organisationId);
  const group = await groupOf(ctx.db, ctx.organisationId, groupId);
  await ctx.db.delete(organisationGroups).where(eq(organisationGroups.id, groupId));
  await audit(ctx, 'organisation_group_deleted', null, { group_id: groupId, name: group.name });
}

/** Puts a person of this organisation in one of its groups (again: no change). */
export async function addGroupMember(ctx: ManagerCtx, groupId: string, userId: string): Promise<void> {
  await organisationOf(ctx.db, ctx.organisationId);
  await groupOf(ctx.db, ctx.organisationId, groupId);
  const [member] = await ctx.db
    .select({ userId: organisationMembers.userId })
    .from(organisationMembers)
    .where(
      and(eq(organisationMembers.organisationId, ctx.organisationId), eq(organisationMembers.userId, userId)),
    );
  if (!member) throw fail('not_found', organisationMemberNotFound);
  await ctx.db
    .insert(organisationGroupMembers)
    .values({ organisationId: ctx.organisationId, groupId, userId })
    .onConflictDoNothing();
  await audit(ctx, 'organisation_group_member_added', userId, { group_id: groupId });
}

export async function removeGroupMember(ctx: ManagerCtx, groupId: string, userId: string): Promise<void> {
  await organisationOf(ctx.db, ctx.organisationId);
  await groupOf(ctx.db, ctx.organisationId, groupId);
  const removed = await ctx.db
    .delete(organisationGroupMembers)
    .where(
      and(
        eq(organisationGroupMembers.organisationId, ctx.organisationId),
        eq(organisationGroupMembers.groupId, groupId),
        eq(organisationGroupMembers.userId, userId),
      ),
    )
    .returning({ userId: organisationGroupMembers.userId });
  if (removed.length === 0) throw fail('not_found', organisationMemberNotFound);
  await audit(ctx, 'organisation_group_member_removed', userId, { group_id: groupId });
}
