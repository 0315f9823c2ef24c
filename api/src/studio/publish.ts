import {
  type DraftChanges,
  draftChangedSinceReview,
  nothingToPublish,
  type PublishResult,
} from '@coursekit/core';
import { eq } from 'drizzle-orm';
import { logAction } from '../admin/actionLog';
import { serialized } from '../admin/content';
import type { AdminAuth } from '../admin/guard';
import { applyCourse, type LoadSummary } from '../content/applyCourse';
import { checkCourseFiles } from '../content/courseChecks';
import { CourseZipError } from '../content/courseFileRules';
import { refuseTakenImages, storeImages } from '../content/courseImages';
import { readCourseFromFiles } from '../content/courseZip';
import { lessonNotesOf } from '../content/lessonNotes';
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
import { type CourseRow, courseOf, ensureDraft } from './draft';
import { filesOfVersion, versionsOf } from './versions';

// Publishing: the review of what a draft changes, the draft published as the next version, and an
// earlier version published again. Each goes through the content pipeline an import uses.

const { courses, courseDrafts } = schema;

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
