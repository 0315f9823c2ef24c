import { randomUUID } from 'node:crypto';
import {
  type OrgAssignBody,
  type OrgAssignment,
  organisationAssignmentNotFound,
  organisationCourseNotFound,
  organisationMemberNotFound,
} from '@coursekit/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, schema } from '../db/index';
import { fail } from '../http/errors';
import { groupOf } from './groups';
import { audit, type ManagerCtx, organisationOf } from './managerContext';

const {
  organisationAssignments,
  organisationGroups,
  organisationMembers,
  organisationCourses,
  courses,
  users,
} = schema;

/**
 * A course the organisation's people see, by slug: every course when its visibility is 'all', else
 * one of its chosen ones; any other slug is the 404 naming it.
 */
export async function organisationCourse(db: Db, organisationId: string, slug: string) {
  const org = await organisationOf(db, organisationId);
  const [course] = await db.select().from(courses).where(eq(courses.slug, slug));
  if (course && org.courseVisibility === 'chosen') {
    const [chosen] = await db
      .select()
      .from(organisationCourses)
      .where(
        and(
          eq(organisationCourses.organisationId, organisationId),
          eq(organisationCourses.courseId, course.id),
        ),
      );
    if (!chosen) throw fail('not_found', organisationCourseNotFound(slug));
  }
  if (!course) throw fail('not_found', organisationCourseNotFound(slug));
  return course;
}

/** A due date as stored: a bare date means the end of that day (UTC). */
function dueDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value);
}

async function assignmentViews(db: Db, organisationId: string, ids?: string[]): Promise<OrgAssignment[]> {
  const rows = await db
    .select({
      id: organisationAssignments.id,
      course: courses.slug,
      course_title: courses.title,
      user_id: organisationAssignments.userId,
      email: users.email,
      group_id: organisationAssignments.groupId,
      group: organisationGroups.name,
      due_at: organisationAssignments.dueAt,
      created_at: organisationAssignments.createdAt,
    })
    .from(organisationAssignments)
    .innerJoin(courses, eq(courses.id, organisationAssignments.courseId))
    .leftJoin(users, eq(users.id, organisationAssignments.userId))
    .leftJoin(organisationGroups, eq(organisationGroups.id, organisationAssignments.groupId))
    .where(
      and(
        eq(organisationAssignments.organisationId, organisationId),
        ids ? inArray(organisationAssignments.id, ids) : undefined,
      ),
    )
    .orderBy(asc(courses.slug), asc(organisationGroups.name), asc(users.email));
  return rows.map((r) => ({
    ...r,
    due_at: r.due_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  }));
}

export async function listAssignments(ctx: ManagerCtx): Promise<OrgAssignment[]> {
  await organisationOf(ctx.db, ctx.organisationId);
  return assignmentViews(ctx.db, ctx.organisationId);
}

/**
 * Assigns a course to people and groups of this organisation. Every id must be the organisation's
 * (else 404 and nothing is written); assigning again sets the new due date.
 */
export async function assign(ctx: ManagerCtx, body: OrgAssignBody): Promise<OrgAssignment[]> {
  const course = await organisationCourse(ctx.db, ctx.organisationId, body.course);
  const userIds = [...new Set(body.user_ids ?? [])];
  const groupIds = [...new Set(body.group_ids ?? [])];
  if (userIds.length > 0) {
    const found = await ctx.db
      .select({ userId: organisationMembers.userId })
      .from(organisationMembers)
      .where(
        and(
          eq(organisationMembers.organisationId, ctx.organisationId),
          inArray(organisationMembers.userId, userIds),
        ),
      );
    if (found.length !== userIds.length) throw fail('not_found', organisationMemberNotFound);
  }
  for (const groupId of groupIds) await groupOf(ctx.db, ctx.organisationId, groupId);
  const dueAt = dueDate(body.due_at);
  const now = new Date(ctx.clock.now());
  const targets = [
    ...userIds.map((userId) => ({ userId, groupId: null })),
    ...groupIds.map((groupId) => ({ userId: null, groupId })),
  ];
  const ids: string[] = [];
  for (const target of targets) {
    const [row] = await ctx.db
      .insert(organisationAssignments)
      .values({
        id: randomUUID(),
        organisationId: ctx.organisationId,
        courseId: course.id,
        ...target,
        dueAt,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: target.userId
          ? [
              organisationAssignments.organisationId,
              organisationAssignments.courseId,
              organisationAssignments.userId,
            ]
          : [
              organisationAssignments.organisationId,
              organisationAssignments.courseId,
              organisationAssignments.groupId,
            ],
        set: { dueAt: sql`excluded.due_at` },
      })
      .returning({ id: organisationAssignments.id });
    ids.push(row!.id);
  }
  await audit(ctx, 'organisation_course_assigned', null, {
    course: course.slug,
    user_ids: userIds,
    group_ids: groupIds,
    due_at: dueAt?.toISOString() ?? null,
  });
  return assignmentViews(ctx.db, ctx.organisationId, ids);
}

export async function removeAssignment(ctx: ManagerCtx, assignmentId: string): Promise<void> {
  await organisationOf(ctx.db, ctx.organisationId);
  const removed = await ctx.db
    .delete(organisationAssignments)
    .where(
      and(
        eq(organisationAssignments.id, assignmentId),
        eq(organisationAssignments.organisationId, ctx.organisationId),
      ),
    )
    .returning({ courseId: organisationAssignments.courseId, userId: organisationAssignments.userId });
  if (removed.length === 0) throw fail('not_found', organisationAssignmentNotFound);
  await audit(ctx, 'organisation_assignment_removed', removed[0]!.userId, { assignment_id: assignmentId });
}
