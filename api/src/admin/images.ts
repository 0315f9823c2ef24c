import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  contentHash,
  IMAGE_ANALYSIS_STEPS,
  IMAGE_LISTING_LIMIT,
  type ImageAnalysisResult,
  type ImageCorrectionResult,
  type ImageValidationResult,
  type StoredImage,
} from '@coursekit/core';
import { and, eq, ilike, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { CourseRef } from '../course/structure';
import { schema } from '../db/index';
import { analyzeImages, IMAGE_BUCKET, imageUrlsOf, type ProgressReporter } from '../images/analyze';
import { correctImageLinks } from '../images/correct';
import { validateImageUrls } from '../images/validate';
import { logAction } from './actionLog';
import { serialized } from './content';
import type { AdminAuth } from './guard';

const { lessons, lessonVersions } = schema;

/** The image-assets listing, by name, at most 1000 files, with size and modification time. */
export async function listImages(ctx: AppContext): Promise<StoredImage[]> {
  const names = (await ctx.storage.list(IMAGE_BUCKET)).sort().slice(0, IMAGE_LISTING_LIMIT);
  const root = path.join(ctx.config.dataDir, 'storage', IMAGE_BUCKET);
  return Promise.all(
    names.map(async (name) => {
      // The directory storage's files carry their own times; another backend answers its size.
      const info = await stat(path.join(root, name)).catch(() => null);
      if (info) return { name, size: info.size, updated_at: info.mtime.toISOString() };
      const data = await ctx.storage.get(IMAGE_BUCKET, name);
      return { name, size: data?.byteLength ?? 0, updated_at: new Date(ctx.clock.now()).toISOString() };
    }),
  );
}

/** A course's active lessons (image tools work on one course; the bucket is every course's). */
const activeLessons = (ctx: AppContext, course: CourseRef, onlyWithImages = false) =>
  ctx.db
    .select({ id: lessons.id, title: lessons.title, content: lessons.content })
    .from(lessons)
    .where(
      and(
        eq(lessons.courseId, course.id),
        eq(lessons.isActive, true),
        onlyWithImages ? ilike(lessons.content, `%${IMAGE_BUCKET}%`) : undefined,
      ),
    )
    .orderBy(lessons.moduleId, lessons.order);

/**
 * The analysis over every active lesson: 25 once they are read, 50 and 75 as analyzeImages works;
 * the job registry records 100 when it stores the result.
 */
export async function runAnalysis(
  ctx: AppContext,
  course: CourseRef,
  progress: ProgressReporter,
): Promise<ImageAnalysisResult> {
  const read = await activeLessons(ctx, course);
  progress(IMAGE_ANALYSIS_STEPS.lessonsRead);
  return analyzeImages(read, progress);
}

/** HEADs every image URL of the active lessons; relative ones against this API's own origin. */
export async function runValidation(
  ctx: AppContext,
  course: CourseRef,
  origin: string,
  progress: ProgressReporter,
): Promise<ImageValidationResult> {
  const urls = (await activeLessons(ctx, course)).flatMap((l) => imageUrlsOf(l.content));
  return validateImageUrls(urls, { baseUrl: origin, onProgress: progress, ...ctx.imageValidation });
}

/**
 * The Enhanced Correction over lessons whose content mentions image-assets. Only safe results are
 * saved, each as a new lesson version ('Image link correction') in one transaction.
 */
export async function runCorrection(
  ctx: AppContext,
  course: CourseRef,
  admin: AdminAuth,
  progress: ProgressReporter,
): Promise<ImageCorrectionResult> {
  const [candidates, stored] = await Promise.all([
    activeLessons(ctx, course, true),
    ctx.storage.list(IMAGE_BUCKET),
  ]);
  const { result, updates } = correctImageLinks(candidates, stored.slice(0, IMAGE_LISTING_LIMIT), (p) =>
    progress(Math.min(p, 99)),
  );
  if (updates.length > 0) {
    const now = new Date(ctx.clock.now());
    const hashed = await Promise.all(
      updates.map(async (u) => ({ ...u, hash: await contentHash(u.content) })),
    );
    await serialized(() =>
      ctx.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(lessons)
          .where(
            inArray(
              lessons.id,
              hashed.map((u) => u.id),
            ),
          )
          .for('update');
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const update of hashed) {
          const row = byId.get(update.id)!;
          await tx
            .update(lessons)
            .set({
              content: update.content,
              contentHash: update.hash,
              version: row.version + 1,
              updatedAt: now,
            })
            .where(eq(lessons.id, update.id));
          await tx.insert(lessonVersions).values({
            courseId: row.courseId,
            lessonId: row.id,
            lessonKey: row.lessonKey,
            version: row.version + 1,
            title: row.title,
            content: update.content,
            contentHash: update.hash,
            changeReason: 'Image link correction',
            createdAt: now,
          });
        }
      }),
    );
  }
  await logAction(ctx, admin, 'images_corrected', null, {
    corrected: result.corrected,
    skipped: result.skipped,
    failed: result.failed,
  });
  progress(100);
  return result;
}
