import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type CourseChanges,
  type CourseDraft,
  type CourseVersion,
  courseDoesNotExist,
  courseHasLearners,
  courseJsonRequired,
  courseSlugTaken,
  DRAFT_PATH_PATTERN,
  type DraftChanges,
  type DraftFile,
  type DraftSaveBody,
  defaultCourseNotDeleted,
  draftChangedSinceReview,
  draftConflict,
  draftFileExists,
  draftFileKind,
  draftFileMissing,
  IMAGE_BUCKET,
  notBase64,
  nothingToPublish,
  type PublishResult,
  type StudioCourse,
  versionDoesNotExist,
} from '@coursekit/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { logAction } from '../admin/actionLog';
import { rowsOf } from '../admin/analyticsSql';
import { serialized } from '../admin/content';
import type { AdminAuth } from '../admin/guard';
import { refuseTakenImages, storeImages } from '../content/courseImages';
import { CourseZipError, checkCourseFile, checkCourseFiles, readCourseFromFiles } from '../content/courseZip';
import { lessonNotesOf } from '../content/lessonNotes';
import { applyCourse, CONTENT_DIR, type LoadSummary } from '../content/loader';
import {
  type CourseFiles,
  draftFiles,
  latestVersion,
  sameFiles,
  type VersionInfo,
  versionFiles,
} from '../content/versions';
import type { AppContext } from '../context';
import { dropCourseStructure } from '../course/structure';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { diffCourse, filesHash } from './diff';

// The course studio, server side. A course's draft is a copy of its folder that authors
// edit file by file; each file's revision makes a save on a stale copy a conflict, never an
// overwrite. Publishing checks the whole folder as an import would, gives it to learners through
// the content pipeline (progress follows lessons by key) and records it as the next version.

const { courses, courseDrafts, courseDraftFiles, courseVersions, users, profiles } = schema;

/** A user's name as the console shows it: their profile's display name, else their account's name. */
const nameOf = sql<string | null>`coalesce(${profiles.displayName}, ${users.name})`;

const decoder = new TextDecoder('utf-8', { fatal: false });
const isImage = (p: string) => p.startsWith('images/');

interface CourseRow {
  id: number;
  slug: string;
  title: string;
  status: 'draft' | 'published' | 'archived';
}

async function courseOf(ctx: AppContext, slug: string): Promise<CourseRow> {
  const [row] = await ctx.db
    .select({ id: courses.id, slug: courses.slug, title: courses.title, status: courses.status })
    .from(courses)
    .where(eq(courses.slug, slug));
  if (!row) throw fail('not_found', courseDoesNotExist(slug));
  return row;
}

/** The draft exists from the first time anyone opens it: a copy of the latest version. */
async function ensureDraft(ctx: AppContext, course: CourseRow, by: string | null = null): Promise<void> {
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

async function insertDraftFiles(
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

// Whether a course's draft differs from its latest version, computed in SQL for every course at once.
const STUDIO_COURSES_SQL = sql`with latest as (
    select c.id, coalesce((select max(v.version) from course_versions v where v.course_id = c.id), 0) as version
    from courses c
  )
  select c.slug, c.title, c.status, l.version as published_version,
    (exists (select 1 from course_drafts d where d.course_id = c.id) and (
      exists (select 1 from course_draft_files f where f.course_id = c.id and not exists (
        select 1 from course_version_files vf where vf.course_id = c.id and vf.version = l.version
          and vf.path = f.path and vf.content = f.content))
      or exists (select 1 from course_version_files vf where vf.course_id = c.id and vf.version = l.version
        and not exists (select 1 from course_draft_files f where f.course_id = c.id and f.path = vf.path))
    )) as draft_changed
  from courses c join latest l on l.id = c.id
  order by c.is_default desc, c.id`;

/** Every course, with its latest version and whether its draft has changes no version has. */
export async function studioCourses(ctx: AppContext): Promise<StudioCourse[]> {
  return rowsOf<StudioCourse>(ctx, STUDIO_COURSES_SQL);
}

async function studioCourse(ctx: AppContext, slug: string): Promise<StudioCourse> {
  const found = (await studioCourses(ctx)).find((c) => c.slug === slug);
  if (!found) throw fail('not_found', courseDoesNotExist(slug));
  return found;
}

/** The file as the draft's listing shows it. */
interface DraftFileRow {
  path: string;
  content: Uint8Array;
  revision: number;
  updatedAt: Date;
  updatedBy: string | null;
}
function toDraftFile(row: DraftFileRow): DraftFile {
  return {
    path: row.path,
    revision: row.revision,
    text: isImage(row.path) ? null : decoder.decode(row.content),
    bytes: row.content.length,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy,
  };
}

async function draftRows(ctx: AppContext, courseId: number, onePath?: string): Promise<DraftFileRow[]> {
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

/** The bytes a save carries, after checking that the file's kind and the body's field agree. */
function bodyBytes(filePath: string, body: DraftSaveBody): Uint8Array {
  if (isImage(filePath)) {
    if (body.base64 === undefined || body.text !== undefined)
      throw fail('invalid_request', draftFileKind(filePath, 'base64'));
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body.base64) || body.base64.length % 4 !== 0)
      throw fail('invalid_request', notBase64(filePath));
    return new Uint8Array(Buffer.from(body.base64, 'base64'));
  }
  if (body.text === undefined || body.base64 !== undefined)
    throw fail('invalid_request', draftFileKind(filePath, 'text'));
  return new TextEncoder().encode(body.text);
}

function checkPath(filePath: string): void {
  if (!DRAFT_PATH_PATTERN.test(filePath)) {
    // The zip import's words for what a course folder may hold.
    try {
      checkCourseFile(filePath, new Uint8Array());
    } catch (err) {
      if (err instanceof CourseZipError) throw fail('invalid_request', err.message);
    }
    throw fail('invalid_request', `${filePath}: is not a file of a course folder`);
  }
}

/** A file's content checked as the zip import checks it, and course.json keeping the course's slug. */
function checkContent(course: CourseRow, filePath: string, content: Uint8Array): void {
  try {
    checkCourseFile(filePath, content);
  } catch (err) {
    if (err instanceof CourseZipError) throw fail('invalid_request', err.message);
    throw err;
  }
  if (filePath === 'course.json') {
    const { slug } = JSON.parse(decoder.decode(content)) as { slug: string };
    if (slug !== course.slug)
      throw fail(
        'invalid_request',
        `course.json: slug is "${slug}", but this is the course "${course.slug}" (a slug does not change)`,
      );
  }
}

/**
 * Saves one file of the draft, made on `base_revision` (null: a new file). Refused with 409 when
 * another author saved the file since (naming them and their revision: the editor then shows both
 * texts), and with 400 naming the problem when the file is not a valid course file; nothing is
 * written then.
 */
export async function saveDraftFile(
  ctx: AppContext,
  author: AdminAuth,
  slug: string,
  filePath: string,
  body: DraftSaveBody,
): Promise<DraftFile> {
  checkPath(filePath);
  const content = bodyBytes(filePath, body);
  const course = await courseOf(ctx, slug);
  checkContent(course, filePath, content);
  await ensureDraft(ctx, course);
  const now = new Date(ctx.clock.now());
  const values = { content: Buffer.from(content), updatedBy: author.userId, updatedAt: now };
  const written =
    body.base_revision === null
      ? await ctx.db
          .insert(courseDraftFiles)
          .values({ courseId: course.id, path: filePath, ...values })
          .onConflictDoNothing()
          .returning({ revision: courseDraftFiles.revision })
      : await ctx.db
          .update(courseDraftFiles)
          .set({ ...values, revision: sql`nextval('course_draft_revision')` })
          .where(
            and(
              eq(courseDraftFiles.courseId, course.id),
              eq(courseDraftFiles.path, filePath),
              eq(courseDraftFiles.revision, body.base_revision),
            ),
          )
          .returning({ revision: courseDraftFiles.revision });
  if (written.length === 0) await refuseStale(ctx, course, filePath, body.base_revision);
  await logAction(ctx, author, 'studio_file_saved', null, {
    course: slug,
    path: filePath,
    revision: written[0]!.revision,
    bytes: content.length,
  });
  const [row] = await draftRows(ctx, course.id, filePath);
  return toDraftFile(row!);
}

/** Why a save or delete on `base` wrote nothing: the file moved on (409) or is not there (404). */
async function refuseStale(
  ctx: AppContext,
  course: CourseRow,
  filePath: string,
  base: number | null,
): Promise<never> {
  const [current] = await draftRows(ctx, course.id, filePath);
  if (base === null) throw fail('conflict', draftFileExists(filePath));
  if (!current) throw fail('not_found', draftFileMissing(filePath));
  throw fail('conflict', draftConflict(filePath, current.updatedBy, current.revision));
}

/** Removes a module, quiz or image file from the draft (course.json stays), on its revision. */
export async function deleteDraftFile(
  ctx: AppContext,
  author: AdminAuth,
  slug: string,
  filePath: string,
  baseRevision: number,
): Promise<void> {
  checkPath(filePath);
  if (filePath === 'course.json') throw fail('invalid_request', courseJsonRequired);
  const course = await courseOf(ctx, slug);
  await ensureDraft(ctx, course);
  const removed = await ctx.db
    .delete(courseDraftFiles)
    .where(
      and(
        eq(courseDraftFiles.courseId, course.id),
        eq(courseDraftFiles.path, filePath),
        eq(courseDraftFiles.revision, baseRevision),
      ),
    )
    .returning({ path: courseDraftFiles.path });
  if (removed.length === 0) await refuseStale(ctx, course, filePath, baseRevision);
  await logAction(ctx, author, 'studio_file_removed', null, { course: slug, path: filePath });
}

/** What the draft changes since the latest version, and the hash a publish of exactly it names. */
export async function draftChanges(ctx: AppContext, slug: string): Promise<DraftChanges> {
  const course = await courseOf(ctx, slug);
  await ensureDraft(ctx, course);
  const published = await latestVersion(ctx.db, course.id);
  const [before, after] = await Promise.all([
    versionFiles(ctx.db, course.id, published),
    draftFiles(ctx.db, course.id),
  ]);
  const notes = lessonNotesOf(after);
  return {
    published_version: published,
    changes: diffCourse(before, after),
    draft_hash: filesHash(after),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

async function versionsOf(ctx: AppContext, courseId: number): Promise<CourseVersion[]> {
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

async function filesOfVersion(ctx: AppContext, course: CourseRow, version: number): Promise<CourseFiles> {
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

/**
 * Gives learners `files` as the course's next version: checked whole as an import is, then the
 * content pipeline in one transaction (progress follows lessons by key; removed lessons are
 * deactivated, new ones start incomplete), the images copied to the bucket. A course that was a
 * draft is published by its first version.
 */
async function publishFiles(
  ctx: AppContext,
  course: CourseRow,
  files: CourseFiles,
  info: VersionInfo,
): Promise<{ version: number; summary: LoadSummary }> {
  let content: Awaited<ReturnType<typeof readCourseFromFiles>>;
  try {
    checkCourseFiles(files);
    content = await readCourseFromFiles(files);
  } catch (err) {
    if (err instanceof CourseZipError) throw fail('invalid_request', err.message);
    throw err;
  }
  await refuseTakenImages(ctx, course.slug, files);
  const result = await serialized(() =>
    ctx.db.transaction(async (tx) => {
      const summary = await applyCourse(tx, content, info.note ?? 'Studio publish', files, info);
      const version = await latestVersion(tx, course.id);
      if (course.status === 'draft')
        await tx.update(courses).set({ status: 'published' }).where(eq(courses.id, course.id));
      return { summary, version };
    }),
  );
  await storeImages(ctx, files);
  dropCourseStructure(ctx);
  return result;
}

async function publishAnswer(
  ctx: AppContext,
  course: CourseRow,
  result: { version: number; summary: LoadSummary },
): Promise<PublishResult> {
  const version = (await versionsOf(ctx, course.id)).find((v) => v.version === result.version)!;
  const { course: _slug, ...summary } = result.summary;
  return { version, summary };
}

/**
 * Publishes the draft the admin reviewed (`draft_hash` from its changes) as the course's next
 * version. 409 when the draft moved on since the review, or when it is the latest version already.
 */
export async function publishDraft(
  ctx: AppContext,
  admin: AdminAuth,
  slug: string,
  body: { draft_hash: string; note?: string | undefined },
): Promise<PublishResult> {
  const course = await courseOf(ctx, slug);
  await ensureDraft(ctx, course);
  const files = await draftFiles(ctx.db, course.id);
  if (filesHash(files) !== body.draft_hash) throw fail('conflict', draftChangedSinceReview);
  const published = await latestVersion(ctx.db, course.id);
  if (published > 0 && sameFiles(files, await versionFiles(ctx.db, course.id, published)))
    throw fail('conflict', nothingToPublish);
  const result = await publishFiles(ctx, course, files, {
    by: admin.userId,
    note: body.note?.trim() || null,
  });
  await ctx.db
    .update(courseDrafts)
    .set({ basedOn: result.version })
    .where(eq(courseDrafts.courseId, course.id));
  await logAction(ctx, admin, 'studio_published', null, {
    ...result.summary,
    course: slug,
    version: result.version,
  });
  return publishAnswer(ctx, course, result);
}

/**
 * Publishes an earlier version again, as the next version (restored_from names it). A draft with
 * edits nobody published is kept; an unedited draft follows the restored version.
 */
export async function restoreVersion(
  ctx: AppContext,
  admin: AdminAuth,
  slug: string,
  version: number,
): Promise<PublishResult> {
  const course = await courseOf(ctx, slug);
  const files = await filesOfVersion(ctx, course, version);
  const published = await latestVersion(ctx.db, course.id);
  if (sameFiles(files, await versionFiles(ctx.db, course.id, published)))
    throw fail('conflict', nothingToPublish);
  const result = await publishFiles(ctx, course, files, {
    by: admin.userId,
    note: `Restored version ${version}`,
    restoredFrom: version,
  });
  await logAction(ctx, admin, 'studio_restored', null, {
    course: slug,
    from: version,
    version: result.version,
  });
  return publishAnswer(ctx, course, result);
}

const TEMPLATE = path.join(CONTENT_DIR, 'templates', 'course.json');

/**
 * A new course, as a draft learners cannot see: an empty course (api/content/templates/course.json)
 * or a copy of another course's draft. The copy's images are renamed with the new slug (image
 * names are shared by every course), and its lessons show the renamed ones.
 */
export async function createCourse(
  ctx: AppContext,
  author: AdminAuth,
  body: { slug: string; title: string; copy_of?: string | undefined },
): Promise<StudioCourse> {
  const [taken] = await ctx.db.select({ id: courses.id }).from(courses).where(eq(courses.slug, body.slug));
  if (taken) throw fail('conflict', courseSlugTaken(body.slug));
  let files: CourseFiles;
  if (body.copy_of !== undefined) {
    const source = await courseOf(ctx, body.copy_of);
    await ensureDraft(ctx, source);
    files = copyFiles(await draftFiles(ctx.db, source.id), body.slug);
  } else {
    files = new Map([['course.json', new Uint8Array(readFileSync(TEMPLATE))]]);
  }
  const courseJson = JSON.parse(decoder.decode(files.get('course.json')!)) as Record<string, unknown>;
  courseJson.slug = body.slug;
  courseJson.title = body.title.trim();
  files.set('course.json', new TextEncoder().encode(`${JSON.stringify(courseJson, null, 2)}\n`));
  await ctx.db.transaction(async (tx) => {
    // A plain insert: a course made with this slug a moment ago is a 409, never overwritten.
    const [made] = await tx
      .insert(courses)
      .values({
        slug: body.slug,
        title: body.title.trim(),
        description: String(courseJson.description ?? ''),
        estimatedTime: String(courseJson.estimatedTime),
        syllabusTime: String(courseJson.syllabusDuration),
        preAssessmentTime: String(courseJson.preAssessmentTime),
        objectives: (courseJson.objectives as Array<{ id: string; text: string }>) ?? [],
        status: 'draft',
      })
      .onConflictDoNothing({ target: courses.slug })
      .returning({ id: courses.id });
    if (!made) throw fail('conflict', courseSlugTaken(body.slug));
    await tx.insert(courseDrafts).values({ courseId: made.id, basedOn: 0 });
    await insertDraftFiles(tx, made.id, files, author.userId);
  });
  await logAction(ctx, author, 'studio_course_created', null, {
    course: body.slug,
    ...(body.copy_of !== undefined ? { copy_of: body.copy_of } : {}),
  });
  return studioCourse(ctx, body.slug);
}

/** Another course's files for a new course: images prefixed with its slug, and lessons showing them so. */
function copyFiles(source: CourseFiles, slug: string): CourseFiles {
  const renamed = new Map<string, string>();
  for (const p of source.keys()) {
    if (!isImage(p)) continue;
    const name = p.slice('images/'.length);
    renamed.set(name, `${slug}-${name}`);
  }
  const files = new Map<string, Uint8Array>();
  for (const [p, content] of source) {
    if (isImage(p)) {
      files.set(`images/${renamed.get(p.slice('images/'.length))}`, content);
    } else if (p.startsWith('modules/')) {
      let markdown = decoder.decode(content);
      for (const [from, to] of renamed)
        markdown = markdown.split(`/storage/${IMAGE_BUCKET}/${from}`).join(`/storage/${IMAGE_BUCKET}/${to}`);
      files.set(p, new TextEncoder().encode(markdown));
    } else {
      files.set(p, content);
    }
  }
  return files;
}

/**
 * Deletes a course and everything of it (modules, lessons, versions, draft), when no learner has
 * records in it: a course with learners is archived instead (409), so no progress, attempt or
 * certificate is ever lost this way; the default course stays (409). Its images stay in the shared
 * bucket (no other course uses their names).
 */
export async function deleteCourse(ctx: AppContext, admin: AdminAuth, slug: string): Promise<void> {
  const [row] = await rowsOf<{ id: number; is_default: boolean; learners: number }>(
    ctx,
    sql`select c.id, c.is_default, (select count(*)::int from (
        select user_id from user_progress p where p.course_id = c.id
        union select user_id from quiz_attempts a where a.course_id = c.id
        union select user_id from certificates ct where ct.course_id = c.id) learner) as learners
      from courses c where c.slug = ${slug}`,
  );
  if (!row) throw fail('not_found', courseDoesNotExist(slug));
  if (row.is_default) throw fail('conflict', defaultCourseNotDeleted);
  if (row.learners > 0) throw fail('conflict', courseHasLearners(slug, row.learners));
  // The learner check and the delete in one statement: a learner who starts in between stops it.
  const deleted = await ctx.db
    .delete(courses)
    .where(
      and(
        eq(courses.id, row.id),
        sql`not exists (select 1 from user_progress where course_id = ${row.id})`,
        sql`not exists (select 1 from quiz_attempts where course_id = ${row.id})`,
      ),
    )
    .returning({ id: courses.id });
  if (deleted.length === 0) throw fail('conflict', courseHasLearners(slug, 1));
  dropCourseStructure(ctx);
  await logAction(ctx, admin, 'studio_course_deleted', null, { course: slug });
}
