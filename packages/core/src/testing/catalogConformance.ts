import { describe, expect, it } from 'vitest';
import type { CourseAdapter } from '../adapter/CourseAdapter';
import { courseDoesNotExist } from '../messages';
import { CatalogCourseSchema } from '../schemas/course';
import { CONFORMANCE_PASSWORD, expectCourseError, signedUp, uniqueTag } from './expectations';

type Make = () => Promise<CourseAdapter> | CourseAdapter;

/** What the catalog and course-scoped checks need of a backend (see ConformanceHarness). */
export interface CatalogHarness {
  makeAdapter: Make;
  signedInLearner?: Make;
  makeCourseAdapter?: (course: string) => Promise<CourseAdapter> | CourseAdapter;
}

/** The learner's catalog and a course named by its slug, part of runAdapterConformance. */
export function runCatalogConformance(harness: CatalogHarness) {
  // Skipped by design where they cannot apply: a backend whose learner is always signed in (an LMS
  // package) has no signed-out catalog and no accounts; one without `makeCourseAdapter` (the LMS
  // package's one course) cannot name another course.
  const accounts = !harness.signedInLearner;
  const learner = async () => (await signedUp(harness)).adapter;

  describe('catalog', () => {
    it('lists every course once, the default course first, with what its outline says', async () => {
      const adapter = accounts ? await harness.makeAdapter() : await learner();
      const catalog = (await adapter.course.catalog()).map((c) => CatalogCourseSchema.parse(c));
      expect(catalog.filter((c) => c.is_default)).toHaveLength(1);
      expect(new Set(catalog.map((c) => c.slug)).size).toBe(catalog.length);
      const outline = await adapter.course.outline();
      expect(catalog[0]).toMatchObject({
        slug: outline.slug,
        title: outline.title,
        description: outline.description,
        estimated_time: outline.estimated_time,
        is_default: true,
        module_count: outline.modules.length,
      });
    });

    it.runIf(accounts)('answers without a session, with no progress', async () => {
      const adapter = await harness.makeAdapter();
      const catalog = await adapter.course.catalog();
      expect(catalog.length).toBeGreaterThan(0);
      expect(catalog.map((c) => c.progress)).toEqual(catalog.map(() => null));
    });

    it('signed in, each course carries the learner’s progress', async () => {
      const adapter = await learner();
      const [first] = await adapter.course.modules();
      const [lesson] = await adapter.course.lessons(first!.id);
      const { summary } = await adapter.progress.setLessonCompleted(lesson!.lesson_key, true);
      const catalog = await adapter.course.catalog();
      for (const course of catalog) expect(course.progress).not.toBeNull();
      expect(catalog.find((c) => c.is_default)!.progress).toEqual({
        completed_lessons: 1,
        total_lessons: summary.totalLessons,
        percentage: summary.progressPercentage,
        certified: false,
      });
    });
  });

  const makeCourseAdapter = harness.makeCourseAdapter;
  describe.runIf(accounts && makeCourseAdapter)('a course by its slug', () => {
    it('answers the default course by its slug as the unscoped calls do', async () => {
      const plain = await harness.makeAdapter();
      const outline = await plain.course.outline();
      const signedOut = await makeCourseAdapter!(outline.slug);
      expect(await signedOut.course.outline()).toEqual(outline);

      const { adapter, email } = await signedUp(harness);
      const scoped = await makeCourseAdapter!(outline.slug);
      await scoped.auth.signIn({ email, password: CONFORMANCE_PASSWORD });
      const modules = await scoped.course.modules();
      expect(modules).toEqual(await adapter.course.modules());
      const lessons = await scoped.course.lessons(modules[0]!.id);
      expect(lessons).toEqual(await adapter.course.lessons(modules[0]!.id));

      // a write through the slug is a write to the default course
      await scoped.progress.setLessonCompleted(lessons[0]!.lesson_key, true);
      const progress = await adapter.progress.get();
      expect(progress.summary.completedLessons).toBe(1);
      expect(await scoped.progress.get()).toEqual(progress);

      const quizzes = await scoped.quizzes.list();
      expect(quizzes).toEqual(await adapter.quizzes.list());
      const quizId = quizzes[0]!.quiz.id;
      expect(await scoped.quizzes.get(quizId)).toEqual(await adapter.quizzes.get(quizId));
      expect(await scoped.quizzes.attempts(quizId)).toEqual([]);
      if (scoped.certificate) expect(await scoped.certificate.get()).toBeNull();
    });

    it('an unknown course answers 404 not_found naming it, signed in or not', async () => {
      const slug = `no-such-course-${uniqueTag()}`;
      const missing = courseDoesNotExist(slug);
      const signedOut = await makeCourseAdapter!(slug);
      await expectCourseError(signedOut.course.outline(), 'not_found', missing);

      const { adapter, email } = await signedUp(harness);
      const scoped = await makeCourseAdapter!(slug);
      await scoped.auth.signIn({ email, password: CONFORMANCE_PASSWORD });
      await expectCourseError(scoped.course.modules(), 'not_found', missing);
      await expectCourseError(scoped.course.lessons(1), 'not_found', missing);
      await expectCourseError(scoped.progress.get(), 'not_found', missing);
      await expectCourseError(scoped.quizzes.list(), 'not_found', missing);
      // the catalog is not about one course: any adapter answers it
      expect(await scoped.course.catalog()).toEqual(await adapter.course.catalog());
    });
  });
}
