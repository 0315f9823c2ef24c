import {
  type CatalogCourse,
  CourseError,
  catalogEntry,
  catalogProgress,
  courseDoesNotExist,
} from '@coursekit/core';
import type { memoryCertificate } from './memoryCertificate';
import type { memoryProgress } from './memoryProgress';
import type { MemoryTables } from './memoryTables';

/**
 * The platform's courses as a memory store holds them: one, its fixture's, which is the default
 * course and answers by its slug too (`/courses/{slug}/…`); any other slug is not a course.
 */
export function memoryCourses(
  tables: MemoryTables,
  progress: ReturnType<typeof memoryProgress>,
  certificates: ReturnType<typeof memoryCertificate>,
) {
  return {
    /** The catalog (GET /courses): the one course, with the learner's progress when signed in. */
    catalog(userId: string | null): CatalogCourse[] {
      const mine = userId
        ? catalogProgress(progress.progress(userId).summary, certificates.certificate(userId) !== null)
        : null;
      return [catalogEntry(tables.outline, { isDefault: true, progress: mine })];
    },
    /** A course-scoped call's slug: none or the course's own passes; any other is a 404. */
    checkCourse(slug: string | null | undefined): void {
      if (slug && slug !== tables.outline.slug) throw new CourseError('not_found', courseDoesNotExist(slug));
    },
  };
}
