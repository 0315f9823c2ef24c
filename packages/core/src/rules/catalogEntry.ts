import type { CatalogCourse, CatalogProgress, CourseOutline } from '../schemas/course';
import type { ProgressSummary } from '../schemas/derived';

/**
 * A learner's progress through one course as the catalog shows it, from the course's progress
 * summary; `certified` once the course's certificate is issued to them.
 */
export function catalogProgress(
  summary: Pick<ProgressSummary, 'completedLessons' | 'totalLessons' | 'progressPercentage'>,
  certified: boolean,
): CatalogProgress {
  return {
    completed_lessons: summary.completedLessons,
    total_lessons: summary.totalLessons,
    percentage: summary.progressPercentage,
    certified,
  };
}

/**
 * One course's line in the catalog, from what the course says about itself (its outline). Used by
 * the adapters that hold a single course (the mocks' memory store, an LMS package).
 */
export function catalogEntry(
  outline: Pick<CourseOutline, 'slug' | 'title' | 'description' | 'estimated_time' | 'modules'>,
  { isDefault, progress }: { isDefault: boolean; progress: CatalogProgress | null },
): CatalogCourse {
  return {
    slug: outline.slug,
    title: outline.title,
    description: outline.description,
    estimated_time: outline.estimated_time,
    is_default: isDefault,
    module_count: outline.modules.length,
    progress,
  };
}
