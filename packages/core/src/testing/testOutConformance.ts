import { describe, expect, it } from 'vitest';
import type { CourseAdapter } from '../adapter/CourseAdapter';
import { messages } from '../messages';
import type { AnswerLetter } from '../schemas/entities';
import type { ConformanceHarness } from './conformance';
import { CONFORMANCE_PASSWORD, expectCourseError, signedUp } from './expectations';

const wrong = (key: AnswerLetter): AnswerLetter => (key === 'A' ? 'B' : 'A');

async function quizOfKind(adapter: CourseAdapter, kind: 'pre_assessment' | 'course') {
  const item = (await adapter.quizzes.list()).find((q) => q.quiz.kind === kind);
  expect(item, `the backend holds a ${kind} quiz`).toBeDefined();
  return adapter.quizzes.get(item!.quiz.id);
}

/** Takes the pre-assessment with every answer sent; answers its review (which reveals the keys). */
async function takePreAssessment(
  adapter: CourseAdapter,
  pick: (key: AnswerLetter | undefined) => AnswerLetter,
) {
  const { quiz } = await quizOfKind(adapter, 'pre_assessment');
  const attempt = await adapter.quizzes.startAttempt(quiz.id);
  const keys = new Map(
    ((await adapter.quizzes.attempts(quiz.id))[0]?.review ?? []).map((r) => [
      r.question_id,
      r.correct_answer,
    ]),
  );
  const asked = attempt.questions ?? (await adapter.quizzes.get(quiz.id)).questions;
  const answers = Object.fromEntries(asked.map((q) => [String(q.id), pick(keys.get(q.id))]));
  return adapter.quizzes.complete(attempt.id, answers);
}

/**
 * Test-out and archived courses (part of runAdapterConformance), where the backend can set them:
 * what the progress summary makes of a pre-assessment when the course lets learners test out, and
 * what an archived course still answers.
 */
export function runTestOutConformance(
  harness: Pick<ConformanceHarness, 'makeAdapter' | 'signedInLearner' | 'setTestOut' | 'archiveCourse'>,
) {
  describe.runIf(harness.setTestOut)('test-out', () => {
    it('a perfect pre-assessment tests out of modules; the summary passes over them; a worse retake takes them back', async () => {
      await harness.setTestOut!(100);
      try {
        const { adapter } = await signedUp(harness);
        // A first take reveals the keys in its review; the second answers every question right.
        await takePreAssessment(adapter, () => 'A');
        const perfect = await takePreAssessment(adapter, (key) => key ?? 'A');
        expect(perfect.attempt.percentage).toBe(100);

        const modules = await adapter.course.modules();
        const { summary } = await adapter.progress.get();
        const tested = summary.modules.filter((m) => m.testedOut).map((m) => m.moduleId);
        expect(tested.length, 'a module with pre-assessment questions tests out').toBeGreaterThan(0);
        // Tested out is not completed: nothing is counted as read.
        expect(summary).toMatchObject({ completedLessons: 0, progressPercentage: 0, courseComplete: false });
        for (const m of summary.modules.filter((m) => m.testedOut)) {
          expect(m).toMatchObject({ completedLessons: 0, progressPercentage: 0, firstLessonCompleted: true });
        }
        // The next lesson is the first of the first module not tested out.
        const next = modules.find((m) => !tested.includes(m.id));
        expect(summary.nextModuleId).toBe(next?.id ?? null);
        if (next) expect(summary.nextLessonId).toBe((await adapter.course.lessons(next.id))[0]!.id);

        // Only the latest pre-assessment counts: every answer wrong tests out of nothing.
        await takePreAssessment(adapter, (key) => wrong(key ?? 'A'));
        const after = (await adapter.progress.get()).summary;
        expect(after.modules.map((m) => m.testedOut)).toEqual(after.modules.map(() => false));
        expect(after.nextModuleId).toBe(modules[0]!.id);
      } finally {
        await harness.setTestOut!(null);
      }
    });

    it('with test-out off, a perfect pre-assessment tests out of nothing', async () => {
      await harness.setTestOut!(null);
      const { adapter } = await signedUp(harness);
      await takePreAssessment(adapter, () => 'A');
      expect((await takePreAssessment(adapter, (key) => key ?? 'A')).attempt.percentage).toBe(100);
      const { summary } = await adapter.progress.get();
      expect(summary.modules.every((m) => !m.testedOut)).toBe(true);
      expect(summary.preAssessmentPassed).toBe(true);
    });
  });

  const archive = harness.archiveCourse;
  describe.runIf(archive && !harness.signedInLearner)('an archived course', () => {
    it('keeps the learner’s attempts and lets an open one finish, but starts no attempt', async () => {
      const { email } = await signedUp(harness);
      const adapter = await archive!.makeAdapter();
      await adapter.auth.signIn({ email, password: CONFORMANCE_PASSWORD });
      const pre = await quizOfKind(adapter, 'pre_assessment');
      const course = await quizOfKind(adapter, 'course');
      const taken = await takePreAssessment(adapter, () => 'A');
      const open = await adapter.quizzes.startAttempt(course.quiz.id);
      await archive!.setArchived(true);
      try {
        for (const quiz of [pre.quiz, course.quiz]) {
          await expectCourseError(adapter.quizzes.startAttempt(quiz.id), 'conflict', messages.courseArchived);
        }
        // What the learner did stays: the attempt, its review, the quiz's summary and the progress.
        expect((await adapter.quizzes.attempts(pre.quiz.id)).map((a) => a.attempt.id)).toEqual([
          taken.attempt.id,
        ]);
        const card = (await adapter.quizzes.list()).find((q) => q.quiz.id === pre.quiz.id)!;
        expect(card.summary).toMatchObject({ hasAttempted: true, totalAttempts: 1 });
        expect((await adapter.progress.get()).summary.hasPreAssessment).toBe(true);
        // An attempt opened before the course was archived can still be finished.
        const asked = open.questions ?? course.questions;
        for (const q of asked) await adapter.quizzes.answer(open.id, q.id, 'A');
        expect((await adapter.quizzes.complete(open.id)).attempt.total_questions).toBe(asked.length);
      } finally {
        await archive!.setArchived(false);
      }
      // Published again, attempts start as before.
      expect((await adapter.quizzes.startAttempt(pre.quiz.id)).completed_at).toBeNull();
    });
  });
}
