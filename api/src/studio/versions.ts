import { type CourseChanges, type CourseVersion, versionDoesNotExist } from '@coursekit/core';
import { desc, eq } from 'drizzle-orm';
import { type CourseFiles, versionFiles } from '../content/versions';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { diffCourse } from './diff';
import { type CourseRow, courseOf, nameOf } from './draft';

// A course's published versions: the list the history shows, and what changed between two.

const { courseVersions, users, profiles } = schema;

export async function versionsOf(ctx: AppContext, courseId: number): Promise<CourseVersion[]> {
  const rows = await ctx.db
    .select({
      version: courseVersions.version,
      publishedAt: courseVersions.publishedAt,
      publishedBy: nameOf,
      note: courseVersions.note,
      restoredFrom: courseVersions.restoredFrom,
    })
    .from(courseVersions)
    .leftJoin(users, eq(users.id, courseVersions.publishedBy))
    .leftJoin(profiles, eq(profiles.userId, courseVersions.publishedBy))
    .where(eq(courseVersions.courseId, courseId))
    .orderBy(desc(courseVersions.version));
  return rows.map((r) => ({
    version: r.version,
    published_at: r.publishedAt.toISOString(),
    published_by: r.publishedBy,
    note: r.note,
    restored_from: r.restoredFrom,
  }));
}

/** The course's versions, newest first. */
export async function listVersions(ctx: AppContext, slug: string): Promise<CourseVersion[]> {
  return versionsOf(ctx, (await courseOf(ctx, slug)).id);
}

export async function filesOfVersion(
  ctx: AppContext,
  course: CourseRow,
  version: number,
): Promise<CourseFiles> {
  const files = await versionFiles(ctx.db, course.id, version);
  if (files.size === 0) throw fail('not_found', versionDoesNotExist(course.slug, version));
  return files;
}

/** What changed from version `from` to version `to`. */
export async function compareVersions(
  ctx: AppContext,
  slug: string,
  from: number,
  to: number,
): Promise<CourseChanges> {
  const course = await courseOf(ctx, slug);
  const [before, after] = await Promise.all([
    filesOfVersion(ctx, course, from),
    filesOfVersion(ctx, course, to),
  ]);
  return diffCourse(before, after);
}
