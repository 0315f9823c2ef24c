import {
  type AdminCourse,
  adminMessages,
  CourseError,
  type CourseImportResult,
  courseDoesNotExist,
  courseHasNoFolder,
  courseUpdate,
  courseZipTooLarge,
} from '@coursekit/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Request } from 'express';
import { applyCourse } from '../content/applyCourse';
import { CourseZipError, DEFAULT_ZIP_LIMITS } from '../content/courseFileRules';
import { imagesOf, refuseTakenImages, storeImages } from '../content/courseImages';
import { packCourseZip, readCourseFromFiles, unpackCourseZip } from '../content/courseZip';
import { lessonNotesOf } from '../content/lessonNotes';
import type { AppContext } from '../context';
import { dropCourseStructure } from '../course/structure';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { logAction } from './actionLog';
import { rowsOf } from './analyticsSql';
import { serialized } from './content';
import type { AdminAuth } from './guard';

// The console's courses: every course with its status, the default, export and import
// of a course's folder as a zip. The default course stays published: the unscoped routes of every
// embed already deployed show it.

const { courses, courseFiles } = schema;

interface CourseRow {
  id: number;
  slug: string;
  title: string;
  status: AdminCourse['status'];
  is_default: boolean;
  modules: number;
  lessons: number;
  learners: number;
}

const COURSES_SQL = sql`select c.id, c.slug, c.title, c.status, c.is_default,
  (select count(*)::int from modules m where m.course_id = c.id) as modules,
  (select count(*)::int from lessons l where l.course_id = c.id and l.is_active) as lessons,
  (select count(*)::int from (select user_id from user_progress p where p.course_id = c.id
    union select user_id from quiz_attempts a where a.course_id = c.id) learner) as learners
  from courses c order by c.is_default desc, c.id`;

const toAdminCourse = ({ id: _id, ...row }: CourseRow): AdminCourse => row;

/** Every course, the default first, with its size and learners (one statement). */
export async function listCourses(ctx: AppContext): Promise<AdminCourse[]> {
  return (await rowsOf<CourseRow>(ctx, COURSES_SQL)).map(toAdminCourse);
}

async function courseBySlug(ctx: AppContext, slug: string): Promise<AdminCourse> {
  const found = (await listCourses(ctx)).find((c) => c.slug === slug);
  if (!found) throw fail('not_found', courseDoesNotExist(slug));
  return found;
}

/**
 * Publishes, archives or drafts a course, or makes it the default. The default course stays
 * published (409 otherwise); making one the default unmarks the old one in the same transaction.
 */
export async function updateCourse(
  ctx: AppContext,
  admin: AdminAuth,
  slug: string,
  changes: { status?: AdminCourse['status'] | undefined; is_default?: true | undefined },
): Promise<AdminCourse> {
  const before = await courseBySlug(ctx, slug);
  const next = courseUpdate(before, changes);
  if (!next.ok) throw fail('conflict', adminMessages[next.refusal]);
  const { status, is_default: isDefault } = next;
  await ctx.db.transaction(async (tx) => {
    if (changes.is_default && !before.is_default) {
      await tx
        .update(courses)
        .set({ isDefault: false })
        .where(and(eq(courses.isDefault, true), ne(courses.slug, slug)));
    }
    await tx
      .update(courses)
      .set({ status, isDefault, updatedAt: new Date(ctx.clock.now()) })
      .where(eq(courses.slug, slug));
  });
  dropCourseStructure(ctx);
  const after = await courseBySlug(ctx, slug);
  await logAction(ctx, admin, 'course_updated', null, {
    course: slug,
    from: { status: before.status, is_default: before.is_default },
    to: { status: after.status, is_default: after.is_default },
  });
  return after;
}

/** The course's folder as last loaded or imported, zipped the same way every time. */
export async function exportCourse(
  ctx: AppContext,
  admin: AdminAuth,
  slug: string,
): Promise<{ fileName: string; zip: Uint8Array }> {
  const [course] = await ctx.db.select({ id: courses.id }).from(courses).where(eq(courses.slug, slug));
  if (!course) throw fail('not_found', courseDoesNotExist(slug));
  const rows = await ctx.db
    .select({ path: courseFiles.path, content: courseFiles.content })
    .from(courseFiles)
    .where(eq(courseFiles.courseId, course.id));
  if (rows.length === 0) throw fail('not_found', courseHasNoFolder(slug));
  const zip = packCourseZip(new Map(rows.map((r) => [r.path, new Uint8Array(r.content)])));
  await logAction(ctx, admin, 'course_exported', null, {
    course: slug,
    files: rows.length,
    bytes: zip.length,
  });
  return { fileName: `${slug}.zip`, zip };
}

/** Reads the request's zip body, at most `limit` bytes (the guard has already let the admin in). */
async function zipBody(req: Request, limit: number): Promise<Uint8Array> {
  if (!req.is('application/zip')) throw fail('invalid_request', adminMessages.notAZip);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw fail('invalid_request', courseZipTooLarge(limit));
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Creates or updates a course from a zip of its folder. Everything is checked before anything is
 * written (courseZip.ts: paths, sizes, zip bombs, images, SVG, the loader's schemas); then the
 * course, its lessons (versions and learners' progress kept as a content load keeps them), quizzes
 * and files are written in one transaction, and its images copied to the bucket. A new course
 * starts as a draft: learners see it once an admin publishes it.
 */
export async function importCourse(
  ctx: AppContext,
  admin: AdminAuth,
  req: Request,
): Promise<CourseImportResult> {
  const zip = await zipBody(req, DEFAULT_ZIP_LIMITS.maxTotalBytes);
  let files: Map<string, Uint8Array>;
  let content: Awaited<ReturnType<typeof readCourseFromFiles>>;
  try {
    files = unpackCourseZip(zip);
    content = await readCourseFromFiles(files);
  } catch (err) {
    if (err instanceof CourseZipError) throw fail('invalid_request', err.message);
    if (err instanceof CourseError) throw err;
    throw fail('invalid_request', `(zip): ${err instanceof Error ? err.message : String(err)}`);
  }
  const { slug } = content.course;
  await refuseTakenImages(ctx, slug, files);
  const [existing] = await ctx.db.select({ id: courses.id }).from(courses).where(eq(courses.slug, slug));
  const summary = await serialized(() =>
    ctx.db.transaction(async (tx) => {
      const loaded = await applyCourse(tx, content, 'Course import', files, {
        by: admin.userId,
        note: 'Imported from a zip',
      });
      if (!existing) await tx.update(courses).set({ status: 'draft' }).where(eq(courses.slug, slug));
      return loaded;
    }),
  );
  await storeImages(ctx, files);
  dropCourseStructure(ctx);
  const course = await courseBySlug(ctx, slug);
  const result: CourseImportResult = {
    course,
    created: !existing,
    summary: {
      modules: summary.modules,
      inserted: summary.inserted,
      updated: summary.updated,
      unchanged: summary.unchanged,
      deactivated: summary.deactivated,
      questions: summary.questions,
      images: imagesOf(files).length,
    },
  };
  const notes = lessonNotesOf(files);
  if (notes.length > 0) result.notes = notes;
  await logAction(ctx, admin, 'course_imported', null, {
    course: slug,
    created: !existing,
    ...result.summary,
  });
  return result;
}
