import { existsSync } from 'node:fs';
import path from 'node:path';
import { adminMessages, type ContentLoadResult, contentResults, courseNotOnServer } from '@coursekit/core';
import { and, eq, ne } from 'drizzle-orm';
import { applyCourse } from '../content/applyCourse';
import { readCourseFiles } from '../content/courseZip';
import { COURSES_DIR, type CourseContent, copyImages, courseFolders, readCourse } from '../content/loader';
import type { AppContext } from '../context';
import type { CourseRef } from '../course/structure';
import { schema } from '../db/index';
import { logAction } from './actionLog';
import type { AdminAuth } from './guard';

/**
 * Where a course's content tools read it: its folder under api/content/courses (the default course's
 * may be given by the app's options, as tests do); none for a course that only came as a zip.
 */
function contentDir(ctx: AppContext, course: CourseRef): string | undefined {
  if (course.is_default && ctx.contentDir) return ctx.contentDir;
  const dir = path.join(COURSES_DIR, course.slug);
  return existsSync(path.join(dir, 'course.json')) ? dir : undefined;
}

class NoFolder extends Error {}

async function readFolder(ctx: AppContext, course: CourseRef) {
  const dir = contentDir(ctx, course);
  if (!dir) throw new NoFolder();
  return { dir, content: await readCourse(dir) };
}

/** One content operation at a time on this instance: two loads would race on the same lesson keys. */
let queue: Promise<unknown> = Promise.resolve();
export function serialized<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

function failed(ctx: AppContext, err: unknown, message: string): ContentLoadResult {
  ctx.logger.error({ err }, message);
  return contentResults.failed(message);
}

/**
 * Load All Modules: the content pipeline (api/content/loader.ts) in one transaction: lessons keyed
 * and hashed, a changed hash makes a new version with change reason 'Content migration', lessons
 * missing from the content are deactivated. Progress is keyed by lesson key, so it survives.
 */
export async function loadAllContent(
  ctx: AppContext,
  course: CourseRef,
  admin: AdminAuth,
): Promise<ContentLoadResult> {
  const started = performance.now();
  let result: ContentLoadResult;
  try {
    const { dir, content } = await readFolder(ctx, course);
    const files = await readCourseFiles(dir);
    const summary = await serialized(() => applyCourse(ctx.db, content, undefined, files));
    result = contentResults.allLoaded(summary.modules, summary);
  } catch (err) {
    result =
      err instanceof NoFolder
        ? contentResults.failed(courseNotOnServer(course.slug))
        : failed(ctx, err, adminMessages.loadingModulesUnexpected);
  }
  await logAction(ctx, admin, 'content_loaded', null, {
    course: course.slug,
    scope: 'all',
    ...result,
    ms: Math.round(performance.now() - started),
  });
  return result;
}

/**
 * Load Module N: only that module's lessons change. The modules that load are the content's (admin
 * §9's 1 to 5 for this course); any other answers admin §8's 'not found content not available'. The loader deactivates every lesson missing
 * from what it is given, so the other modules' active lessons are passed through unchanged.
 */
export async function loadModuleContent(
  ctx: AppContext,
  ref: CourseRef,
  admin: AdminAuth,
  moduleId: number,
): Promise<ContentLoadResult> {
  let result: ContentLoadResult;
  try {
    const { content: course } = await readFolder(ctx, ref);
    const module = course.modules.find((m) => m.id === moduleId);
    const own = course.lessons.filter((l) => l.moduleId === moduleId);
    if (!module || own.length === 0) {
      result = contentResults.moduleMissing(moduleId);
    } else {
      const summary = await serialized(async () => {
        const others = await ctx.db
          .select()
          .from(schema.lessons)
          .where(
            and(
              eq(schema.lessons.courseId, ref.id),
              eq(schema.lessons.isActive, true),
              ne(schema.lessons.moduleId, moduleId),
            ),
          );
        const content: CourseContent = {
          course: course.course,
          modules: [module],
          lessons: [
            ...own,
            ...others.map((l) => ({
              moduleId: l.moduleId,
              order: l.order,
              title: l.title,
              key: l.lessonKey,
              html: l.content,
              hash: l.contentHash,
            })),
          ],
          quizzes: [],
        };
        return applyCourse(ctx.db, content);
      });
      result = contentResults.moduleLoaded(moduleId, summary);
    }
  } catch (err) {
    result =
      err instanceof NoFolder
        ? contentResults.failed(courseNotOnServer(ref.slug))
        : failed(ctx, err, adminMessages.loadingModuleUnexpected);
  }
  await logAction(ctx, admin, 'content_loaded', null, {
    course: ref.slug,
    scope: `module ${moduleId}`,
    ...result,
  });
  return result;
}

/**
 * Refresh All Images: every course folder's images copied into the image-assets bucket (the count
 * is the default course's when the app was given its folder, as tests do).
 */
export async function refreshImages(ctx: AppContext, admin: AdminAuth): Promise<ContentLoadResult> {
  let result: ContentLoadResult;
  try {
    let count = 0;
    for (const dir of courseFolders()) count += await copyImages(ctx.storage, dir);
    if (ctx.contentDir) count = await copyImages(ctx.storage, ctx.contentDir);
    result = contentResults.imagesRefreshed(count);
  } catch (err) {
    result = failed(ctx, err, adminMessages.refreshImagesUnexpected);
  }
  await logAction(ctx, admin, 'content_loaded', null, { scope: 'images', ...result });
  return result;
}
