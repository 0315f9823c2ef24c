import {
  type CourseOutline,
  courseDoesNotExist,
  type Lesson,
  type Module,
  moduleDoesNotExist,
} from '@coursekit/core';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import type { CourseRef } from './structure';

const { courses, modules, lessons } = schema;

export const toModule = (row: typeof modules.$inferSelect): Module => ({
  id: row.id,
  name: row.name,
  description: row.description,
  order_index: row.orderIndex,
  duration_minutes: row.durationMinutes,
});

export const toLesson = (row: typeof lessons.$inferSelect): Lesson => ({
  id: row.id,
  lesson_key: row.lessonKey,
  title: row.title,
  content: row.content,
  content_hash: row.contentHash,
  order: row.order,
  original_order: row.originalOrder,
  module_id: row.moduleId,
  is_active: row.isActive,
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * What the course says about itself (GET /api/outline): its row and its modules, two statements;
 * 404 before any course is loaded.
 */
export async function courseOutline(ctx: Pick<AppContext, 'db'>, ref: CourseRef): Promise<CourseOutline> {
  const [[course], rows] = await Promise.all([
    ctx.db.select().from(courses).where(eq(courses.id, ref.id)),
    ctx.db
      .select()
      .from(modules)
      .where(eq(modules.courseId, ref.id))
      .orderBy(asc(modules.orderIndex), asc(modules.id)),
  ]);
  if (!course) throw fail('not_found', courseDoesNotExist(ref.slug));
  return {
    slug: course.slug,
    title: course.title,
    description: course.description,
    estimated_time: course.estimatedTime,
    syllabus_time: course.syllabusTime,
    pre_assessment_time: course.preAssessmentTime,
    objectives: course.objectives,
    audience: course.audience,
    pre_assessment_passed: course.preAssessmentPassed,
    modules: rows.map((m) => ({
      id: m.id,
      name: m.name,
      summary: m.summary ?? m.description,
      description: m.description,
      duration_minutes: m.durationMinutes,
    })),
  };
}

export async function listModules(ctx: AppContext, course: CourseRef): Promise<Module[]> {
  const rows = await ctx.db
    .select()
    .from(modules)
    .where(eq(modules.courseId, course.id))
    .orderBy(asc(modules.orderIndex), asc(modules.id));
  return rows.map(toModule);
}

export async function moduleExists(
  ctx: Pick<AppContext, 'db'>,
  course: Pick<CourseRef, 'id'>,
  moduleId: number,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: modules.id })
    .from(modules)
    .where(and(eq(modules.courseId, course.id), eq(modules.id, moduleId)));
  return Boolean(row);
}

/** A module's active lessons by order; 404 'Module {id} does not exist' for an unknown module. */
export async function listLessons(ctx: AppContext, course: CourseRef, moduleId: number): Promise<Lesson[]> {
  if (!(await moduleExists(ctx, course, moduleId))) throw fail('not_found', moduleDoesNotExist(moduleId));
  const rows = await ctx.db
    .select()
    .from(lessons)
    .where(and(eq(lessons.courseId, course.id), eq(lessons.moduleId, moduleId), eq(lessons.isActive, true)))
    .orderBy(asc(lessons.order), asc(lessons.id));
  return rows.map(toLesson);
}
