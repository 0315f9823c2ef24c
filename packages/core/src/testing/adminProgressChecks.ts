import { describe, expect, it } from 'vitest';
import type { CourseAdapter } from '../adapter/CourseAdapter';
import { adminMessages } from '../adminMessages';
import { moduleDoesNotExist } from '../messages';
import { CLEANUP_LOG_LIMIT } from '../rules/stableTracking';
import { ProgressRecordSchema } from '../schemas/entities';
import type { AdminConformanceHarness } from './adminConformance';
import { NO_SUCH_USER } from './adminUserChecks';
import { expectCourseError, signedUp } from './expectations';
import { completeLessons, quizKeys, takeQuiz } from './learnerActions';

/** admin §2's user-progress page and its resets, and the Stable Lesson Tracking panel. */
export function runAdminProgressChecks({ world }: AdminConformanceHarness): void {
  /** A learner part-way through: `lessons` completed, the pre-assessment and three quiz attempts. */
  async function learnerMidCourse(lessons: number) {
    const keys = await quizKeys(world);
    const learner = await signedUp(world, 'Lena Novak');
    await completeLessons(learner.adapter, lessons);
    const pre = await takeQuiz(learner.adapter, keys.pre, 3);
    for (const right of [2, 3, 1]) await takeQuiz(learner.adapter, keys.course, right);
    return { ...learner, pre };
  }

  describe('user progress', () => {
    it('shows a learner’s progress, with a quiz’s attempts newest first', async () => {
      const admin = await world.makeAdmin();
      const { adapter, userId, pre } = await learnerMidCourse(8);
      const view = await admin.userProgress.get(userId);
      expect(view.summary).toEqual((await adapter.progress.get()).summary);
      expect(view.summary).toMatchObject({ completedLessons: 8, hasStarted: true, isComplete: false });
      expect(view.preAssessment).toMatchObject({ id: pre.attempt.id, score: 3 });
      const course = view.quizzes.find((q) => q.quiz.kind === 'course')!;
      expect(course.summary).toMatchObject({ totalAttempts: 3, bestScore: 3, passed: false });
      expect(view.quizzes).toEqual(await adapter.quizzes.list());
      const attempts = await admin.userProgress.attempts(userId, course.quiz.id);
      expect(attempts.map((a) => a.attempt.score)).toEqual([1, 3, 2]);
      expect(attempts).toEqual(await adapter.quizzes.attempts(course.quiz.id));
    });

    it('resets a quiz, the pre-assessment, a module and everything, each in the audit log', async () => {
      const admin = await world.makeAdmin();
      const { adapter, userId } = await learnerMidCourse(8);
      const [, second] = await adapter.course.modules();
      const courseId = (await admin.userProgress.get(userId)).quizzes.find((q) => q.quiz.kind === 'course')!
        .quiz.id;
      await admin.userProgress.resetQuiz(userId, courseId);
      expect(await admin.userProgress.attempts(userId, courseId)).toEqual([]);
      await admin.userProgress.resetPreAssessment(userId);
      expect((await admin.userProgress.get(userId)).preAssessment).toBeNull();
      const inSecond = (await adapter.progress.get()).summary.modules.find((m) => m.moduleId === second!.id)!;
      await admin.userProgress.resetModule(userId, second!.id);
      expect((await admin.userProgress.get(userId)).summary.completedLessons).toBe(
        8 - inSecond.completedLessons,
      );
      await admin.userProgress.reset(userId);
      expect((await admin.userProgress.get(userId)).summary.hasStarted).toBe(false);
      const types = (await admin.audit.actions()).items.slice(0, 4).map((a) => a.action_type);
      expect(types).toEqual([
        'progress_reset',
        'module_progress_reset',
        'pre_assessment_reset',
        'quiz_progress_reset',
      ]);
    });

    it('names what it cannot find: the user, the quiz, the module', async () => {
      const admin = await world.makeAdmin();
      const { userId } = await signedUp(world, 'Kenji Tanaka');
      await expectCourseError(admin.userProgress.get(NO_SUCH_USER), 'not_found', adminMessages.userNotFound);
      await expectCourseError(
        admin.userProgress.resetQuiz(userId, 9999),
        'not_found',
        adminMessages.adminQuizNotFound,
      );
      await expectCourseError(
        admin.userProgress.resetModule(userId, 9999),
        'not_found',
        moduleDoesNotExist(9999),
      );
    });
  });

  describe('stable tracking', () => {
    /** A learner whose first module's records are legacy and who holds two orphaned ones. */
    async function learnerWithOldRecords(adapter: CourseAdapter, userId: string): Promise<number> {
      const [first] = await adapter.course.modules();
      const lessons = await adapter.course.lessons(first!.id);
      await completeLessons(adapter, lessons.length + 1);
      for (const lesson of lessons.slice(0, 2)) await world.seed.legacyProgress(userId, lesson.lesson_key);
      await world.seed.orphanedProgress(userId);
      await world.seed.orphanedProgress(userId);
      return lessons.length + 1 + 2;
    }

    it('counts stable, legacy and orphaned records; cleans orphans up and migrates legacy ones', async () => {
      const admin = await world.makeAdmin();
      const { adapter, userId } = await signedUp(world, 'Noah Johansson');
      const before = await admin.tracking.overview();
      const written = await learnerWithOldRecords(adapter, userId);
      const seeded = await admin.tracking.overview();
      expect(seeded.totalRecords - before.totalRecords).toBe(written);
      expect(seeded.legacyRecords - before.legacyRecords).toBe(2);
      expect(seeded.orphanedRecords - before.orphanedRecords).toBe(2);
      // admin §9: one decimal
      expect(seeded.averageLessonVersion).toBe(Math.round(seeded.averageLessonVersion * 10) / 10);

      const cleaned = await admin.tracking.cleanup();
      expect(cleaned).toEqual({ success: true, cleaned_records: seeded.orphanedRecords });
      const log = await admin.tracking.cleanupLog();
      expect(log[0]).toMatchObject({
        cleanup_type: 'orphaned_progress',
        reason: adminMessages.orphanedProgressReason,
        records_affected: seeded.orphanedRecords,
      });
      expect(log.length).toBeLessThanOrEqual(CLEANUP_LOG_LIMIT);

      const done = (await adapter.progress.get()).summary.completedLessons;
      expect(await admin.tracking.migrate(userId)).toEqual({ success: true, migrated_records: 2 });
      expect(await admin.tracking.overview()).toMatchObject({
        legacyRecords: seeded.legacyRecords - 2,
        orphanedRecords: 0,
      });
      const { records, summary } = await adapter.progress.get();
      for (const record of records) ProgressRecordSchema.parse(record);
      expect(records.every((r) => r.tracking_method === 'stable' && r.lesson_key !== null)).toBe(true);
      expect(summary.completedLessons).toBe(done);
      await expectCourseError(admin.tracking.migrate(NO_SUCH_USER), 'not_found', adminMessages.userNotFound);
    });

    it('shows the last 50 cleanups, newest first (admin §9)', async () => {
      const admin = await world.makeAdmin();
      for (let i = 0; i <= CLEANUP_LOG_LIMIT; i++) await admin.tracking.cleanup();
      const log = await admin.tracking.cleanupLog();
      expect(log).toHaveLength(CLEANUP_LOG_LIMIT);
      const times = log.map((row) => row.performed_at);
      expect(times).toEqual([...times].sort().reverse());
    });
  });
}
