import { describe, expect, it } from 'vitest';
import type { CourseAdapter } from '../adapter/CourseAdapter';
import { lessonDoesNotExist, messages, moduleDoesNotExist } from '../messages';
import type { QuizBankSettings } from '../rules/quizBank';
import { CourseOutlineSchema } from '../schemas/course';
import { ProgressStateSchema } from '../schemas/derived';
import type { AnswerLetter } from '../schemas/entities';
import { ModuleSchema, SessionSchema } from '../schemas/entities';
import { runCatalogConformance } from './catalogConformance';
import { CONFORMANCE_PASSWORD, expectCourseError, signedUp, uniqueEmail } from './expectations';
import { runQuizConformance } from './quizConformance';
import { runTestOutConformance } from './testOutConformance';

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
  /**
   * A new, signed-out adapter for one course by its slug, on the same backend as `makeAdapter`
   * (`createHttpAdapter({ baseUrl, course })`). Given, the suite also checks that the default course
   * answers by its slug as it does unscoped, and that an unknown slug is a 404.
   */
  makeCourseAdapter?: (course: string) => Promise<CourseAdapter> | CourseAdapter;
  /**
   * Question banks: makes the default course's course quiz draw `draw` questions per
   * attempt with options shuffled or not, as its course.json would; null puts it back (every
   * question, A-D). Given, the suite checks draws, answers by option id and questions not drawn.
   */
  setQuizBank?: (settings: QuizBankSettings | null) => Promise<void> | void;
  /**
   * Rewrites a course-quiz question's text and key as an author's content load would (a new version
   * of it) and answers how to put it back. Given, the suite checks that an attempt made before the
   * edit is reviewed and graded as it was taken.
   */
  editQuestion?: (
    questionId: number,
    edit: { question_text: string; correct_answer: AnswerLetter },
  ) => Promise<() => Promise<void> | void>;
  /**
   * Turns test-out on for the default course with this threshold (percent) for every module, as
   * course.json's `testOut` would; null turns it off. Given, the suite checks what a pre-assessment
   * makes of the progress summary with test-out on and off. For a backend that fixes its course
   * when the learner's adapter is made (an LMS package), the next adapters carry it.
   */
  setTestOut?: (passingScore: number | null) => Promise<void> | void;
  /**
   * A course (with a pre-assessment and a course quiz) this backend can archive, for a backend with
   * accounts. Given, the suite checks that an archived course keeps a learner's attempts and starts
   * no new one, with the API's message.
   */
  archiveCourse?: {
    /** A new, signed-out adapter for that course (the suite signs its learner in). */
    makeAdapter: () => Promise<CourseAdapter> | CourseAdapter;
    /** Archives the course (true) or publishes it again (false). */
    setArchived: (archived: boolean) => Promise<void> | void;
  };
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
          messages.authWeakPassword,
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
        // A new person belongs to no organisation.
        expect(await adapter.profile.organisations()).toEqual([]);
      });

      it('needs a session', async () => {
        const adapter = await harness.makeAdapter();
        await expectCourseError(adapter.profile.get(), 'unauthorized', messages.sessionMissing);
        await expectCourseError(adapter.profile.organisations(), 'unauthorized', messages.sessionMissing);
      });
    });

    describe('outline', () => {
      it.runIf(accounts)('answers what the course says about itself without a session', async () => {
        const adapter = await harness.makeAdapter();
        const outline = CourseOutlineSchema.parse(await adapter.course.outline());
        expect(outline.title.length).toBeGreaterThan(0);
        expect(outline.modules.length).toBeGreaterThan(0);
      });

      it('lists the modules of the course, in order, with their reading times', async () => {
        const { adapter } = await signedUp(harness);
        const outline = CourseOutlineSchema.parse(await adapter.course.outline());
        const modules = await adapter.course.modules();
        expect(outline.modules.map((m) => m.id)).toEqual(modules.map((m) => m.id));
        for (const [i, m] of modules.entries()) {
          expect(ModuleSchema.parse(m).duration_minutes).toBe(outline.modules[i]!.duration_minutes);
        }
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
        await expectCourseError(adapter.course.lessons(9999), 'not_found', moduleDoesNotExist(9999));
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
        await expectCourseError(
          adapter.progress.setLessonCompleted('module_99_1_nope', true),
          'not_found',
          lessonDoesNotExist('module_99_1_nope'),
        );
        expect((await adapter.progress.get()).records).toHaveLength(0);
      });

      it.runIf(accounts)('needs a session', async () => {
        const adapter = await harness.makeAdapter();
        await expectCourseError(adapter.progress.get(), 'unauthorized', messages.sessionMissing);
      });
    });

    runCatalogConformance(harness);
    runQuizConformance(harness);
    runTestOutConformance(harness);
  });
}
