import { describe, expect, it } from 'vitest';
import type { AdminAdapter, AdminCoursesAdapter } from '../adapter/AdminAdapter';
import { adminMessages } from '../adminMessages';
import type { AdminCourse } from '../http/adminSchemas';
import { courseDoesNotExist } from '../messages';
import type { AdminConformanceHarness } from './adminConformance';
import { signedUp } from './expectations';
import { completeLessons } from './learnerActions';

/** A slug no backend holds (well formed, so the answer is a missing course, not a bad path). */
const NO_SUCH_COURSE = 'no-such-course-conformance';

/** The admin's courses part, and its `forCourse`; a backend under these checks has both. */
function coursesOf(admin: AdminAdapter): {
  courses: AdminCoursesAdapter;
  forCourse: (slug?: string) => AdminAdapter;
} {
  expect(admin.courses, 'AdminAdapter.courses').toBeDefined();
  expect(admin.forCourse, 'AdminAdapter.forCourse').toBeDefined();
  return { courses: admin.courses!, forCourse: (slug) => admin.forCourse!(slug) };
}

/**
 * Every course with its status, the default course (which stays
 * published), and the course-specific calls for any course by slug. Export and import are the API's
 * alone (the mocks hold no course folder); api/src/admin/courses.test.ts checks them.
 */
export function runAdminCourseChecks({ world }: AdminConformanceHarness): void {
  describe('courses', () => {
    it('lists every course, the default first, with its size and learners', async () => {
      const { courses } = coursesOf(await world.makeAdmin());
      const before = await courses.list();
      expect(before.filter((c) => c.is_default)).toHaveLength(1);
      const [first] = before;
      const outline = await (await world.makeAdapter()).course.outline();
      expect(first).toMatchObject({
        slug: outline.slug,
        title: outline.title,
        status: 'published',
        is_default: true,
        modules: outline.modules.length,
      });
      const { adapter } = await signedUp(world, 'Cora Slist');
      await completeLessons(adapter, 1);
      const after = (await courses.list()).find((c) => c.slug === first!.slug)!;
      expect(after.learners).toBe(first!.learners + 1);
    });

    it('keeps the default course published, in the server’s words, and changes nothing', async () => {
      const admin = await world.makeAdmin();
      const { courses } = coursesOf(admin);
      const [first] = await courses.list();
      for (const status of ['archived', 'draft'] as const) {
        await expect(courses.update(first!.slug, { status })).rejects.toMatchObject({
          code: 'conflict',
          message: adminMessages.defaultStaysPublished,
        });
      }
      expect((await courses.list())[0]).toEqual(first);
    });

    it('makes a published course the default, and the old default again', async () => {
      const admin = await world.makeAdmin();
      const { courses } = coursesOf(admin);
      const list = await courses.list();
      const original = list[0]!;
      // Another published course where the backend has one; else the default itself, which stays so.
      const target: AdminCourse = list.find((c) => !c.is_default && c.status === 'published') ?? original;
      try {
        const moved = await courses.update(target.slug, { is_default: true });
        expect(moved).toMatchObject({ slug: target.slug, status: 'published', is_default: true });
        const now = await courses.list();
        expect(now[0]!.slug).toBe(target.slug);
        expect(now.filter((c) => c.is_default)).toHaveLength(1);
        expect((await (await world.makeAdapter()).course.outline()).slug).toBe(target.slug);
      } finally {
        await courses.update(original.slug, { is_default: true });
      }
      expect((await courses.list())[0]).toMatchObject({ slug: original.slug, is_default: true });
      const [logged] = (await admin.audit.actions({ pageSize: 1 })).items;
      expect(logged).toMatchObject({
        action_type: 'course_updated',
        action_details: { course: original.slug },
      });
    });

    it('answers an unknown course with a 404 in the server’s words', async () => {
      const admin = await world.makeAdmin();
      const { courses, forCourse } = coursesOf(admin);
      await expect(courses.update(NO_SUCH_COURSE, { status: 'published' })).rejects.toMatchObject({
        code: 'not_found',
        message: courseDoesNotExist(NO_SUCH_COURSE),
      });
      await expect(forCourse(NO_SUCH_COURSE).stats()).rejects.toMatchObject({
        code: 'not_found',
        message: courseDoesNotExist(NO_SUCH_COURSE),
      });
    });

    it('answers the course-specific calls for each course by slug, the platform’s users for all', async () => {
      const admin = await world.makeAdmin();
      const { courses, forCourse } = coursesOf(admin);
      const list = await courses.list();
      const platform = await admin.stats();
      for (const course of list) {
        const stats = await forCourse(course.slug).stats();
        expect(stats, course.slug).toMatchObject({
          totalModules: course.modules,
          totalLessons: course.lessons,
        });
        expect(stats.totalUsers, course.slug).toBe(platform.totalUsers);
      }
      const { adapter, userId } = await signedUp(world, 'Ada Scope');
      await completeLessons(adapter, 2);
      const byDefault = await admin.userProgress.get(userId);
      expect(byDefault.summary.completedLessons).toBe(2);
      expect(await forCourse(list[0]!.slug).userProgress.get(userId)).toEqual(byDefault);
      for (const other of list.slice(1)) {
        expect(
          (await forCourse(other.slug).userProgress.get(userId)).summary.completedLessons,
          other.slug,
        ).toBe(0);
      }
    });
  });
}
