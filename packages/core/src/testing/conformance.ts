import { describe, expect, it } from 'vitest';
import type { CourseAdapter } from '../adapter/CourseAdapter';
import { CourseError } from '../errors';
import { messages, moduleDoesNotExist } from '../messages';
import { ProgressStateSchema, QuizListItemSchema } from '../schemas/derived';
import { ModuleSchema, QuizQuestionSchema, SessionSchema } from '../schemas/entities';

/**
 * What a backend under test provides. `makeAdapter` answers a new, signed-out adapter on a backend
 * that holds a course (at least one module with two lessons, a pre-assessment and a course quiz).
 * Every call may share the backend: the suite signs up a fresh learner per test.
 */
export interface ConformanceHarness {
  makeAdapter: () => Promise<CourseAdapter> | CourseAdapter;
  /**
   * For an adapter without accounts of its own (an LMS package: the LMS signs the learner in): a new
   * adapter already signed in as a fresh learner. The suite then leaves out what such an adapter
   * cannot have: sign-up and sign-in, a profile named at sign-up, and calls made while signed out.
   */
  signedInLearner?: () => Promise<CourseAdapter> | CourseAdapter;
}

let counter = 0;
/** A fresh, valid learner e-mail per call, so tests never collide on one backend. */
export function uniqueEmail(prefix = 'learner'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@conformance.example`;
}
export const CONFORMANCE_PASSWORD = 'Facility-42-Data';

async function signedUp(harness: ConformanceHarness, name = 'Ana Silva') {
  if (harness.signedInLearner) return { adapter: await harness.signedInLearner(), email: '' };
  const adapter = await harness.makeAdapter();
  const email = uniqueEmail();
  const result = await adapter.auth.signUp({ email, password: CONFORMANCE_PASSWORD, name });
  if (!result.session) await adapter.auth.signIn({ email, password: CONFORMANCE_PASSWORD });
  return { adapter, email };
}

async function expectCourseError(promise: Promise<unknown>, code: string, message?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected the call to fail with a CourseError').toBeInstanceOf(CourseError);
  expect((error as CourseError).code).toBe(code);
  if (message !== undefined) expect((error as CourseError).message).toBe(message);
}

/**
 * The behaviour every CourseAdapter must show, whatever its backend. The mocks run it in memory and
 * the HTTP adapter runs it on the live API, so the two cannot drift; partners can run it on theirs.
 */
export function runAdapterConformance(name: string, harness: ConformanceHarness): void {
  // Accounts, profiles named at sign-up and signed-out calls exist only where the adapter has accounts.
  const accounts = !harness.signedInLearner;
  describe(`CourseAdapter conformance: ${name}`, () => {
    describe.runIf(accounts)('auth', () => {
      it('signs up, keeps the session, and signs out', async () => {
        const { adapter, email } = await signedUp(harness);
        const session = await adapter.auth.getSession();
        expect(SessionSchema.parse(session).user.email).toBe(email);
        expect(session?.user.user_metadata.name).toBe('Ana Silva');
        await adapter.auth.signOut();
        expect(await adapter.auth.getSession()).toBeNull();
      });

      it('refuses a second account for the same e-mail', async () => {
        const { email } = await signedUp(harness);
        const other = await harness.makeAdapter();
        await expectCourseError(
          other.auth.signUp({ email, password: CONFORMANCE_PASSWORD }),
          'user_already_registered',
          messages.authUserAlreadyRegistered,
        );
      });

      it('refuses a wrong password and an unknown e-mail with the same message', async () => {
        const { email } = await signedUp(harness);
        const other = await harness.makeAdapter();
        await expectCourseError(
          other.auth.signIn({ email, password: 'Wrong-password-1' }),
          'invalid_credentials',
          messages.authInvalidCredentials,
        );
        await expectCourseError(
          other.auth.signIn({ email: uniqueEmail('nobody'), password: CONFORMANCE_PASSWORD }),
          'invalid_credentials',
          messages.authInvalidCredentials,
        );
      });

      it('signs in again with the right password', async () => {
        const { adapter, email } = await signedUp(harness);
        await adapter.auth.signOut();
        const session = await adapter.auth.signIn({ email, password: CONFORMANCE_PASSWORD });
        expect(session.user.email).toBe(email);
      });

      it('refuses a weak password at sign-up', async () => {
        const adapter = await harness.makeAdapter();
        await expectCourseError(
          adapter.auth.signUp({ email: uniqueEmail(), password: 'password1' }),
          'weak_password',
        );
      });
    });

    describe('settings', () => {
      it('answers the system settings without a session', async () => {
        const adapter = await harness.makeAdapter();
        const settings = await adapter.settings.get();
        expect(typeof settings.maintenance_mode).toBe('boolean');
      });
    });

    describe.runIf(accounts)('profile', () => {
      it('is created on first read from the sign-up name, and updates with blank as null', async () => {
        const { adapter } = await signedUp(harness, 'Jo Bloggs');
        const profile = await adapter.profile.get();
        expect(profile.display_name).toBe('Jo Bloggs');
        expect((await adapter.profile.update({ display_name: '  Jo B  ' })).display_name).toBe('Jo B');
        expect((await adapter.profile.update({ display_name: '   ' })).display_name).toBeNull();
        expect(await adapter.profile.roles()).toEqual(['user']);
      });

      it('needs a session', async () => {
        const adapter = await harness.makeAdapter();
        await expectCourseError(adapter.profile.get(), 'unauthorized');
      });
    });

    describe('course and progress', () => {
      it('lists modules in order and a module’s lessons in order', async () => {
        const { adapter } = await signedUp(harness);
        const modules = await adapter.course.modules();
        expect(modules.length).toBeGreaterThan(0);
        for (const m of modules) ModuleSchema.parse(m);
        expect(modules.map((m) => m.order_index)).toEqual(
          [...modules.map((m) => m.order_index)].sort((a, b) => a - b),
        );
        const lessons = await adapter.course.lessons(modules[0]!.id);
        expect(lessons.length).toBeGreaterThan(1);
        expect(lessons.every((l) => l.is_active && l.module_id === modules[0]!.id)).toBe(true);
        expect(lessons.map((l) => l.order)).toEqual([...lessons.map((l) => l.order)].sort((a, b) => a - b));
      });

      it('an unknown module has no lessons: not_found', async () => {
        const { adapter } = await signedUp(harness);
        await expectCourseError(adapter.course.lessons(9999), 'not_found');
      });

      it('completes a lesson once, however often it is marked, and the summary follows', async () => {
        const { adapter } = await signedUp(harness);
        const [first] = await adapter.course.modules();
        const lessons = await adapter.course.lessons(first!.id);
        const before = ProgressStateSchema.parse(await adapter.progress.get());
        expect(before.summary).toMatchObject({
          completedLessons: 0,
          hasStarted: false,
          nextLessonId: lessons[0]!.id,
        });

        await adapter.progress.setLessonCompleted(lessons[0]!.lesson_key, true);
        const after = await adapter.progress.setLessonCompleted(lessons[0]!.lesson_key, true);
        expect(after.records.filter((r) => r.completed)).toHaveLength(1);
        expect(after.summary).toMatchObject({
          completedLessons: 1,
          hasStarted: true,
          nextLessonId: lessons[1]!.id,
        });
        expect((await adapter.progress.get()).summary.completedLessons).toBe(1);
      });

      it('resets one module (after checking it exists) and everything', async () => {
        const { adapter } = await signedUp(harness);
        const [first] = await adapter.course.modules();
        const lessons = await adapter.course.lessons(first!.id);
        await adapter.progress.setLessonCompleted(lessons[0]!.lesson_key, true);
        await expectCourseError(adapter.progress.resetModule(9999), 'not_found', moduleDoesNotExist(9999));
        expect((await adapter.progress.get()).summary.completedLessons).toBe(1);
        expect((await adapter.progress.resetModule(first!.id)).summary.completedLessons).toBe(0);
        await adapter.progress.setLessonCompleted(lessons[1]!.lesson_key, true);
        const reset = await adapter.progress.reset();
        expect(reset.records).toHaveLength(0);
        expect(reset.summary.hasStarted).toBe(false);
      });

      it('marks an unknown lesson key as not_found and writes nothing', async () => {
        const { adapter } = await signedUp(harness);
        await expectCourseError(adapter.progress.setLessonCompleted('module_99_1_nope', true), 'not_found');
        expect((await adapter.progress.get()).records).toHaveLength(0);
      });

      it.runIf(accounts)('needs a session', async () => {
        const adapter = await harness.makeAdapter();
        await expectCourseError(adapter.progress.get(), 'unauthorized');
      });
    });

    describe('quizzes', () => {
      async function courseQuiz(adapter: CourseAdapter) {
        const list = await adapter.quizzes.list();
        for (const item of list) QuizListItemSchema.parse(item);
        const item = list.find((q) => q.quiz.kind === 'course');
        expect(item, 'the backend holds a course quiz').toBeDefined();
        return adapter.quizzes.get(item!.quiz.id);
      }

      it('never sends correct answers with the questions', async () => {
        const { adapter } = await signedUp(harness);
        const { questions } = await courseQuiz(adapter);
        expect(questions.length).toBeGreaterThan(0);
        for (const q of questions) {
          expect(Object.keys(q).sort()).toEqual(Object.keys(QuizQuestionSchema.shape).sort());
        }
      });

      it('locks an answer, reveals the key, refuses a second answer, and scores on completion', async () => {
        const { adapter } = await signedUp(harness);
        const { quiz, questions } = await courseQuiz(adapter);
        const attempt = await adapter.quizzes.startAttempt(quiz.id);
        expect(attempt.completed_at).toBeNull();

        let correct = 0;
        for (const q of questions) {
          const result = await adapter.quizzes.answer(attempt.id, q.id, 'A');
          expect(result.isCorrect).toBe(result.correct_answer === 'A');
          if (result.isCorrect) correct += 1;
        }
        await expectCourseError(adapter.quizzes.answer(attempt.id, questions[0]!.id, 'B'), 'conflict');

        const done = await adapter.quizzes.complete(attempt.id);
        expect(done.attempt.score).toBe(correct);
        expect(done.attempt.total_questions).toBe(questions.length);
        expect(done.attempt.passed).toBe(correct * 100 >= quiz.passing_score * questions.length);
        expect(done.review).toHaveLength(questions.length);

        const attempts = await adapter.quizzes.attempts(quiz.id);
        expect(attempts.map((a) => a.attempt.id)).toEqual([attempt.id]);
        const card = (await adapter.quizzes.list()).find((q) => q.quiz.id === quiz.id)!;
        expect(card.summary).toMatchObject({ hasAttempted: true, totalAttempts: 1, bestScore: correct });
      });

      it('does not complete a course quiz before every question is answered', async () => {
        const { adapter } = await signedUp(harness);
        const { quiz } = await courseQuiz(adapter);
        const attempt = await adapter.quizzes.startAttempt(quiz.id);
        await expectCourseError(adapter.quizzes.complete(attempt.id), 'validation_error');
      });

      it('grades the pre-assessment from the answers sent with complete', async () => {
        const { adapter } = await signedUp(harness);
        const pre = (await adapter.quizzes.list()).find((q) => q.quiz.kind === 'pre_assessment');
        expect(pre, 'the backend holds a pre-assessment').toBeDefined();
        const { questions } = await adapter.quizzes.get(pre!.quiz.id);
        const attempt = await adapter.quizzes.startAttempt(pre!.quiz.id);
        const answers = Object.fromEntries(questions.map((q) => [String(q.id), 'B' as const]));
        const done = await adapter.quizzes.complete(attempt.id, answers);
        expect(done.attempt.score).toBe(done.review.filter((r) => r.correct_answer === 'B').length);
        const progress = await adapter.progress.get();
        expect(progress.summary.hasPreAssessment).toBe(true);
        expect(progress.summary.preAssessmentPassed).toBe(done.attempt.passed);
      });

      it('keeps one learner’s attempt out of another’s reach', async () => {
        const { adapter: ana } = await signedUp(harness);
        const { adapter: bo } = await signedUp(harness, 'Bo Chen');
        const { quiz, questions } = await courseQuiz(ana);
        const attempt = await ana.quizzes.startAttempt(quiz.id);
        await expectCourseError(bo.quizzes.answer(attempt.id, questions[0]!.id, 'A'), 'not_found');
        await expectCourseError(bo.quizzes.complete(attempt.id), 'not_found');
        expect(await bo.quizzes.attempts(quiz.id)).toEqual([]);
      });
    });
  });
}
