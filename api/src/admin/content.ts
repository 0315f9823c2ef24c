import type { ContentLoadResult } from '@coursekit/core';
import { and, eq, ne } from 'drizzle-orm';
import { applyCourse, CONTENT_DIR, type CourseContent, copyImages, readCourse } from '../content/loader';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { logAction } from './actionLog';
import type { AdminAuth } from './guard';

/** admin §9: modules 1 to 5 are loadable. */
export const LOADABLE_MODULES = [1, 2, 3, 4, 5] as const;

const contentDir = (ctx: AppContext) => ctx.contentDir ?? CONTENT_DIR;

/** One content operation at a time on this instance: two loads would race on the same lesson keys. */
let queue: Promise<unknown> = Promise.resolve();
export function serialized<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

function failed(ctx: AppContext, err: unknown, message: string): ContentLoadResult {
  ctx.logger.error({ err }, message);
  return { success: false, message, lessonsCreated: 0, lessonsUpdated: 0, lessonsDeactivated: 0 };
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
    result = {
      success: true,
      message: `Loaded ${summary.modules} modules: ${summary.inserted} lessons created, ${summary.updated} updated, ${summary.deactivated} deactivated`,
      lessonsCreated: summary.inserted,
      lessonsUpdated: summary.updated,
      lessonsDeactivated: summary.deactivated,
    };
  } catch (err) {
    result = failed(ctx, err, 'An unexpected error occurred while loading modules');
  }
  await logAction(ctx, admin, 'content_loaded', null, {
    scope: 'all',
    ...result,
    ms: Math.round(performance.now() - started),
  });
  return result;
}

/**
 * Load Module N: only that module's lessons change. The loader deactivates every lesson missing
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
      result = {
        success: false,
        message: `Module ${moduleId} not found content not available`,
        lessonsCreated: 0,
      };
    } else {
      const summary = await serialized(async () => {
        const others = await ctx.db
          .select()
          .from(schema.lessons)
          .where(and(eq(schema.lessons.isActive, true), ne(schema.lessons.moduleId, moduleId)));
        const content: CourseContent = {
          title: course.title,
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
      result = {
        success: true,
        message: `Module ${moduleId} loaded: ${summary.inserted} lessons created, ${summary.updated} updated, ${summary.deactivated} deactivated`,
        lessonsCreated: summary.inserted,
        lessonsUpdated: summary.updated,
        lessonsDeactivated: summary.deactivated,
      };
    }
  } catch (err) {
    result = failed(ctx, err, 'An unexpected error occurred while loading the module');
  }
  await logAction(ctx, admin, 'content_loaded', null, { scope: `module ${moduleId}`, ...result });
  return result;
}

/** Refresh All Images: the course's images copied into the image-assets bucket. */
export async function refreshImages(ctx: AppContext, admin: AdminAuth): Promise<ContentLoadResult> {
  let result: ContentLoadResult;
  try {
    const count = await copyImages(ctx.storage, contentDir(ctx));
    result = { success: true, message: `Refreshed ${count} images`, lessonsCreated: 0 };
  } catch (err) {
    result = failed(ctx, err, 'An unexpected error occurred while refreshing images');
  }
  await logAction(ctx, admin, 'content_loaded', null, { scope: 'images', ...result });
  return result;
}
