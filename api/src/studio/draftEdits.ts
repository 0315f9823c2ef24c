import {
  courseJsonRequired,
  type DraftFile,
  type DraftSaveBody,
  draftConflict,
  draftFileExists,
  draftFileMissing,
} from '@coursekit/core';
import { and, eq, sql } from 'drizzle-orm';
import { logAction } from '../admin/actionLog';
import type { AdminAuth } from '../admin/guard';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { type CourseRow, courseOf, draftRows, ensureDraft, toDraftFile } from './draft';
import { bodyBytes, checkContent, checkPath } from './draftFileChecks';

// An author's saves and deletes of one draft file, each on the revision the author edited.

const { courseDraftFiles } = schema;

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
