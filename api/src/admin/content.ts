import { adminMessages, type ContentLoadResult, contentResults } from '@coursekit/core';
import { and, eq, ne } from 'drizzle-orm';
import { applyCourse, type CourseContent, copyImages, readCourse, SEED_COURSE_DIR } from '../content/loader';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { logAction } from './actionLog';
import type { AdminAuth } from './guard';

// The default course's folder (admin content tools are the default course's until the console picks one).
const contentDir = (ctx: AppContext) => ctx.contentDir ?? SEED_COURSE_DIR;

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
export async function loadAllContent(ctx: AppContext, admin: AdminAuth): Promise<ContentLoadResult> {
  const started = performance.now();
  let result: ContentLoadResult;
  try {
    const course = await readCourse(contentDir(ctx));
    const summary = await serialized(() => applyCourse(ctx.db, course));
    result = contentResults.allLoaded(summary.modules, summary);
  } catch (err) {
    result = failed(ctx, err, adminMessages.loadingModulesUnexpected);
  }
  await logAction(ctx, admin, 'content_loaded', null, {
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
  admin: AdminAuth,
  moduleId: number,
): Promise<ContentLoadResult> {
  let result: ContentLoadResult;
  try {
    const course = await readCourse(contentDir(ctx));
    const module = course.modules.find((m) => m.id === moduleId);
    const own = course.lessons.filter((l) => l.moduleId === moduleId);
    if (!module || own.length === 0) {
      result = contentResults.moduleMissing(moduleId);
    } else {
      const summary = await serialized(async () => {
        const [row] = await ctx.db
          .select({ id: schema.courses.id })
          .from(schema.courses)
          .where(eq(schema.courses.slug, course.course.slug));
        const others = row
          ? await ctx.db
              .select()
              .from(schema.lessons)
              .where(
                and(
                  eq(schema.lessons.courseId, row.id),
                  eq(schema.lessons.isActive, true),
                  ne(schema.lessons.moduleId, moduleId),
                ),
              )
          : [];
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
    result = failed(ctx, err, adminMessages.loadingModuleUnexpected);
  }
  await logAction(ctx, admin, 'content_loaded', null, { scope: `module ${moduleId}`, ...result });
  return result;
}

/** Refresh All Images: the course's images copied into the image-assets bucket. */
export async function refreshImages(ctx: AppContext, admin: AdminAuth): Promise<ContentLoadResult> {
  let result: ContentLoadResult;
  try {
    const count = await copyImages(ctx.storage, contentDir(ctx));
    result = contentResults.imagesRefreshed(count);
  } catch (err) {
    result = failed(ctx, err, adminMessages.refreshImagesUnexpected);
  }
  await logAction(ctx, admin, 'content_loaded', null, { scope: 'images', ...result });
  return result;
}
