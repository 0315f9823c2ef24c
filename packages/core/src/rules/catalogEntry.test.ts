import { describe, expect, it } from 'vitest';
import type { CourseAdapter } from '../adapter/CourseAdapter';
import { withCourseEvents } from '../events/withCourseEvents';
import { withOfflineQueue } from '../offline/withOfflineQueue';
import type { CatalogCourse } from '../schemas/course';
import { catalogEntry, catalogProgress } from './catalogEntry';

const outline = {
  slug: 'meter-reports',
  title: 'Reading a Meter-Data Report',
  description: 'Interval data and baselines.',
  estimated_time: '90 minutes',
  modules: [{}, {}] as never[],
};

describe('a course in the catalog', () => {
  it('says what its outline says, with its module count and the learner’s progress', () => {
    const progress = catalogProgress({ completedLessons: 3, totalLessons: 6, progressPercentage: 50 }, false);
    expect(catalogEntry(outline, { isDefault: true, progress })).toEqual({
      slug: 'meter-reports',
      title: 'Reading a Meter-Data Report',
      description: 'Interval data and baselines.',
      estimated_time: '90 minutes',
      is_default: true,
      module_count: 2,
      progress: { completed_lessons: 3, total_lessons: 6, percentage: 50, certified: false },
    });
  });

  it('signed out, has no progress', () => {
    expect(catalogEntry(outline, { isDefault: false, progress: null })).toMatchObject({
      is_default: false,
      progress: null,
    });
  });

  it('is read through the event and offline wrappers unchanged', async () => {
    const courses = [catalogEntry(outline, { isDefault: true, progress: null })] as CatalogCourse[];
    const inner = { course: { catalog: async () => courses } } as unknown as CourseAdapter;
    expect(await withCourseEvents(inner, () => {}).course.catalog()).toBe(courses);
    expect(await withOfflineQueue(inner).course.catalog()).toBe(courses);
  });
});
