import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { schema } from '../db/index';
import type { LessonContent } from './loader';

const { lessons, lessonVersions } = schema;

/** What a load did to the course's lessons. */
export interface LessonCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  deactivated: number;
}

/**
 * Writes the course's lessons by key: a new key is a new lesson (version 1); a changed hash makes
 * the next version with a lesson_versions row (`reason` says why); a changed title or order, or a
 * lesson back in the content, updates it in place; a lesson missing from the content is
 * deactivated (its learners' progress stays).
 */
export async function applyLessons(
  tx: Pick<Db, 'select' | 'insert' | 'update'>,
  courseId: number,
  contentLessons: LessonContent[],
  reason: string,
): Promise<LessonCounts> {
  const counts: LessonCounts = { inserted: 0, updated: 0, unchanged: 0, deactivated: 0 };
  const keys = contentLessons.map((l) => l.key);
  const existing = keys.length
    ? await tx
        .select()
        .from(lessons)
        .where(and(eq(lessons.courseId, courseId), inArray(lessons.lessonKey, keys)))
    : [];
  const byKey = new Map(existing.map((l) => [l.lessonKey, l]));
  const now = new Date();
  for (const l of contentLessons) {
    const old = byKey.get(l.key);
    if (!old) {
      const [row] = await tx
        .insert(lessons)
        .values({
          courseId,
          moduleId: l.moduleId,
          lessonKey: l.key,
          title: l.title,
          content: l.html,
          contentHash: l.hash,
          order: l.order,
          originalOrder: l.order,
          isActive: true,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(lessonVersions).values({
        courseId,
        lessonId: row!.id,
        lessonKey: l.key,
        version: 1,
        title: l.title,
        content: l.html,
        contentHash: l.hash,
        changeReason: reason,
        createdAt: now,
      });
      counts.inserted += 1;
    } else if (
      old.contentHash !== l.hash ||
      old.title !== l.title ||
      !old.isActive ||
      old.order !== l.order
    ) {
      const contentChanged = old.contentHash !== l.hash;
      const version = contentChanged ? old.version + 1 : old.version;
      await tx
        .update(lessons)
        .set({
          title: l.title,
          content: l.html,
          contentHash: l.hash,
          order: l.order,
          isActive: true,
          version,
          updatedAt: now,
        })
        .where(eq(lessons.id, old.id));
      if (contentChanged) {
        await tx.insert(lessonVersions).values({
          courseId,
          lessonId: old.id,
          lessonKey: l.key,
          version,
          title: l.title,
          content: l.html,
          contentHash: l.hash,
          changeReason: reason,
          createdAt: now,
        });
      }
      counts.updated += 1;
    } else {
      counts.unchanged += 1;
    }
  }
  const deactivated = await tx
    .update(lessons)
    .set({ isActive: false, updatedAt: now })
    .where(
      and(
        eq(lessons.courseId, courseId),
        eq(lessons.isActive, true),
        keys.length ? notInArray(lessons.lessonKey, keys) : sql`true`,
      ),
    )
    .returning({ id: lessons.id });
  counts.deactivated = deactivated.length;
  return counts;
}
