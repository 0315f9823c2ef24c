import type { CatalogCourse } from '@coursekit/core';
import type { Request } from 'express';
import { authenticate } from '../auth/sessions';
import type { AppContext } from '../context';
import { ATTEMPT_JSON, type AttemptJson, summarizeLearner } from '../progress/summary';
import { courseStructures, pickDefault } from './structure';

interface CatalogRow {
  courses: Array<{
    id: number;
    slug: string;
    title: string;
    description: string;
    estimated_time: string;
    is_default: boolean;
    /** To check this instance's cached structure of the course against. */
    structure_version: string;
    status: 'published';
  }>;
  records: Array<{
    course_id: number;
    lesson_id: number | null;
    lesson_key: string | null;
    module_id: number;
    completed: boolean;
    updated_at: string;
  }>;
  attempts: Array<AttemptJson & { course_id: number }>;
  certified: number[];
}

// The published courses and, for a signed-in learner, their records, attempts and certificates in
// every course: one statement whatever the number of courses ($1 null: no learner).
const CATALOG_SQL = `select
  coalesce((select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'title', c.title,
    'description', c.description, 'estimated_time', c.estimated_time, 'is_default', c.is_default,
    'structure_version', c.structure_version::text, 'status', c.status) order by c.id)
    from courses c where c.status = 'published'), '[]') as courses,
  coalesce((select json_agg(json_build_object('course_id', p.course_id, 'lesson_id', p.lesson_id,
    'lesson_key', p.lesson_key, 'module_id', p.module_id, 'completed', p.completed, 'updated_at', p.updated_at)) from user_progress p where p.user_id = $1::uuid), '[]') as records,
  coalesce((select json_agg(jsonb_build_object('course_id', a.course_id) || ${ATTEMPT_JSON}::jsonb)
    from quiz_attempts a join quizzes q on q.id = a.quiz_id where a.user_id = $1::uuid and a.completed_at is not null),
    '[]') as attempts,
  coalesce((select json_agg(ct.course_id) from certificates ct where ct.user_id = $1::uuid), '[]') as certified`;

/**
 * GET /api/courses: the published courses, the default first, each with the learner's progress
 * when the request carries a valid session (core's summary over the cached structure); null without.
 * A token that does not verify is treated as no session: the catalog is public.
 */
export async function catalog(ctx: AppContext, req: Request): Promise<{ courses: CatalogCourse[] }> {
  const header = req.get('authorization');
  const userId = header
    ? await authenticate(ctx, header).then(
        (a) => a.userId,
        () => null,
      )
    : null;
  const [row] = await ctx.database.query<CatalogRow>(CATALOG_SQL, [userId]);
  const structures = await courseStructures(
    ctx,
    row!.courses.map((c) => ({ id: c.id, version: c.structure_version })),
  );
  // The default course is always published, so the published ones are enough to find it.
  const defaultId = pickDefault(row!.courses)?.id;
  const courses = row!.courses.map((c): CatalogCourse => {
    const structure = structures.get(c.id)!;
    let progress: CatalogCourse['progress'] = null;
    if (userId) {
      // The same summary as the course's progress read, test-out included.
      const summary = summarizeLearner(
        structure,
        row!.records.filter((r) => r.course_id === c.id),
        row!.attempts.filter((a) => a.course_id === c.id),
      );
      progress = {
        completed_lessons: summary.completedLessons,
        total_lessons: summary.totalLessons,
        percentage: summary.progressPercentage,
        certified: row!.certified.includes(c.id),
      };
    }
    return {
      slug: c.slug,
      title: c.title,
      description: c.description,
      estimated_time: c.estimated_time,
      is_default: c.id === defaultId,
      module_count: structure.modules.length,
      progress,
    };
  });
  courses.sort((a, b) => Number(b.is_default) - Number(a.is_default));
  return { courses };
}
