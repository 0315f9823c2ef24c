import { type CourseDraft, courseDoesNotExist, type DraftFile, draftFileMissing } from '@coursekit/core';
import { and, eq, sql } from 'drizzle-orm';
import { type CourseFiles, latestVersion, sameFiles, versionFiles } from '../content/versions';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';

// The course studio's drafts, server side. A course's draft is a copy of its folder that authors
// edit file by file; each file's revision makes a save on a stale copy a conflict, never an
// overwrite (draftEdits.ts). Publishing checks the whole folder as an import would, gives it to
// learners through the content pipeline (progress follows lessons by key) and records it as the
// next version (publish.ts). The course, draft-row and file helpers here serve the whole folder.

const { courses, courseDrafts, courseDraftFiles, users, profiles } = schema;

/** A user's name as the console shows it: their profile's display name, else their account's name. */
export const nameOf = sql<string | null>`coalesce(${profiles.displayName}, ${users.name})`;

export const decoder = new TextDecoder('utf-8', { fatal: false });
export const isImage = (p: string) => p.startsWith('images/');

export interface CourseRow {
  id: number;
  slug: string;
  title: string;
  status: 'draft' | 'published' | 'archived';
}

export async function courseOf(ctx: AppContext, slug: string): Promise<CourseRow> {
  const [row] = await ctx.db
    .select({ id: courses.id, slug: courses.slug, title: courses.title, status: courses.status })
    .from(courses)
    .where(eq(courses.slug, slug));
  if (!row) throw fail('not_found', courseDoesNotExist(slug));
  return row;
}

/** The draft exists from the first time anyone opens it: a copy of the latest version. */
export async function ensureDraft(
  ctx: AppContext,
  course: CourseRow,
  by: string | null = null,
): Promise<void> {
  const [exists] = await ctx.db.select().from(courseDrafts).where(eq(courseDrafts.courseId, course.id));
  if (exists) return;
  await ctx.db.transaction(async (tx) => {
    const based = await latestVersion(tx, course.id);
    const [made] = await tx
      .insert(courseDrafts)
      .values({ courseId: course.id, basedOn: based })
      .onConflictDoNothing()
      .returning();
    if (!made) return; // another request made it a moment ago
    const files = await versionFiles(tx, course.id, based);
    await insertDraftFiles(tx, course.id, files, by);
  });
}

export async function insertDraftFiles(
  db: Pick<AppContext['db'], 'insert'>,
  courseId: number,
  files: CourseFiles,
  by: string | null,
): Promise<void> {
  const rows = [...files].map(([p, content]) => ({
    courseId,
    path: p,
    content: Buffer.from(content),
    updatedBy: by,
  }));
  for (let i = 0; i < rows.length; i += 100) await db.insert(courseDraftFiles).values(rows.slice(i, i + 100));
}

/** The file as the draft's listing shows it. */
export interface DraftFileRow {
  path: string;
  content: Uint8Array;
  revision: number;
  updatedAt: Date;
  updatedBy: string | null;
}
export function toDraftFile(row: DraftFileRow): DraftFile {
  return {
    path: row.path,
    revision: row.revision,
    text: isImage(row.path) ? null : decoder.decode(row.content),
    bytes: row.content.length,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy,
  };
}

export async function draftRows(
  ctx: AppContext,
  courseId: number,
  onePath?: string,
): Promise<DraftFileRow[]> {
  return ctx.db
    .select({
      path: courseDraftFiles.path,
      content: courseDraftFiles.content,
      revision: courseDraftFiles.revision,
      updatedAt: courseDraftFiles.updatedAt,
      updatedBy: nameOf,
    })
    .from(courseDraftFiles)
    .leftJoin(users, eq(users.id, courseDraftFiles.updatedBy))
    .leftJoin(profiles, eq(profiles.userId, courseDraftFiles.updatedBy))
    .where(
      onePath === undefined
        ? eq(courseDraftFiles.courseId, courseId)
        : and(eq(courseDraftFiles.courseId, courseId), eq(courseDraftFiles.path, onePath)),
    )
    .orderBy(courseDraftFiles.path);
}

/** The course's draft, every file with its revision (made on first open). */
export async function getDraft(ctx: AppContext, slug: string): Promise<CourseDraft> {
  const course = await courseOf(ctx, slug);
  await ensureDraft(ctx, course);
  const [rows, published, [draft]] = await Promise.all([
    draftRows(ctx, course.id),
    latestVersion(ctx.db, course.id),
    ctx.db.select().from(courseDrafts).where(eq(courseDrafts.courseId, course.id)),
  ]);
  const files = new Map(rows.map((r) => [r.path, new Uint8Array(r.content)]));
  return {
    course: slug,
    published_version: published,
    based_on: draft?.basedOn ?? published,
    changed: !sameFiles(files, await versionFiles(ctx.db, course.id, published)),
    files: rows.map(toDraftFile),
  };
}

/** One draft file's bytes and media type (the preview shows the draft's images). */
export async function getDraftFile(
  ctx: AppContext,
  slug: string,
  filePath: string,
): Promise<{ type: string; content: Uint8Array }> {
  const course = await courseOf(ctx, slug);
  await ensureDraft(ctx, course);
  const [row] = await draftRows(ctx, course.id, filePath);
  if (!row) throw fail('not_found', draftFileMissing(filePath));
  return { type: mediaType(filePath), content: row.content };
}

const MEDIA_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  json: 'application/json; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};
const mediaType = (p: string) =>
  MEDIA_TYPES[p.slice(p.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
