import { createHttpAdapter } from '@coursekit/core/http';
import { CONFORMANCE_PASSWORD, runAdapterConformance, uniqueEmail } from '@coursekit/core/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateSettings } from '../settings/service';
import { archiveCourse, setTestOut } from '../test/courseStateHooks';
import { DRIVERS, startServer, type TestServer } from '../test/harness';
import { editQuestion, setQuizBank } from '../test/questionBank';

// The same behavioural checks the in-memory mocks pass, through core's HTTP adapter on the live API.
const SECOND_COURSE = 'reading-meter-data';
for (const driver of DRIVERS) {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  runAdapterConformance(`http adapter on the live API (${driver})`, {
    makeAdapter: () => createHttpAdapter({ baseUrl: server.api }),
    makeCourseAdapter: (course) => createHttpAdapter({ baseUrl: server.api, course }),
    setQuizBank: (settings) => setQuizBank(server, settings),
    editQuestion: (questionId, edit) => editQuestion(server, questionId, edit),
    setTestOut: (passingScore) => setTestOut(server, passingScore),
    // api/content's second course: the default course stays published.
    archiveCourse: {
      makeAdapter: () => archiveCourse(server, SECOND_COURSE).makeAdapter(),
      setArchived: (archived) => archiveCourse(server, SECOND_COURSE).setArchived(archived),
    },
  });

  describe(`settings through the HTTP adapter (${driver})`, () => {
    it('hears every change over the SSE stream', async () => {
      const adapter = createHttpAdapter({ baseUrl: server.api });
      const seen: Array<{ maintenance_mode: boolean; system_message: string | null }> = [];
      const stop = adapter.settings.subscribe((s) => seen.push(s));
      try {
        await vi.waitFor(() => expect(seen).toHaveLength(1), { timeout: 5000 });
        await updateSettings(server.app.ctx, {
          maintenance_mode: true,
          system_message: 'Maintenance at 18:00',
        });
        await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 5000 });
        expect(seen[1]).toMatchObject({ maintenance_mode: true, system_message: 'Maintenance at 18:00' });
        expect(await adapter.settings.get()).toMatchObject({ maintenance_mode: true });
      } finally {
        stop();
        await updateSettings(server.app.ctx, { maintenance_mode: false, system_message: null });
      }
    });
  });

  describe(`the learner journey through the HTTP adapter (${driver})`, () => {
    it('signs up, verifies from the mailbox, signs in, completes lessons, passes a quiz and gets the certificate', async () => {
      const adapter = createHttpAdapter({ baseUrl: server.api });
      const email = uniqueEmail('journey');
      await adapter.auth.signUp({ email, password: CONFORMANCE_PASSWORD, name: 'Journey Learner' });
      const mail = server.mailbox.list().find((m) => m.to === email)!;
      const token = new URL(mail.links[0]!).searchParams.get('token')!;
      expect(await adapter.auth.verifyEmail(token)).toBe('success');
      await adapter.auth.signOut();
      const session = await adapter.auth.signIn({ email, password: CONFORMANCE_PASSWORD });
      expect(session.user.email_confirmed_at).not.toBeNull();

      for (const m of await adapter.course.modules()) {
        for (const lesson of await adapter.course.lessons(m.id)) {
          await adapter.progress.setLessonCompleted(lesson.lesson_key, true);
        }
      }
      expect((await adapter.progress.get()).summary).toMatchObject({
        isComplete: true,
        courseComplete: false,
      });
      expect(await adapter.certificate!.get()).toBeNull();

      const card = (await adapter.quizzes.list()).find((q) => q.quiz.kind === 'course')!;
      const { questions } = await adapter.quizzes.get(card.quiz.id);
      const attempt = await adapter.quizzes.startAttempt(card.quiz.id);
      // First pass with a guess reveals each key; the second attempt answers them all correctly.
      const keys = new Map<number, 'A' | 'B' | 'C' | 'D'>();
      for (const q of questions)
        keys.set(q.id, (await adapter.quizzes.answer(attempt.id, q.id, 'A')).correct_answer);
      await adapter.quizzes.complete(attempt.id);
      const second = await adapter.quizzes.startAttempt(card.quiz.id);
      for (const q of questions) await adapter.quizzes.answer(second.id, q.id, keys.get(q.id)!);
      const passed = await adapter.quizzes.complete(second.id);
      expect(passed.attempt).toMatchObject({ score: questions.length, percentage: 100, passed: true });

      const progress = await adapter.progress.get();
      expect(progress.summary.courseComplete).toBe(true);
      const certificate = await adapter.certificate!.get();
      expect(certificate).toMatchObject({
        learner_name: 'Journey Learner',
        course_title: 'Data Literacy for Facility Managers',
      });
      const url = await adapter.certificate!.downloadUrl();
      const pdf = await fetch(url);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
      expect(await adapter.certificate!.verify(certificate!.code)).toMatchObject({
        valid: true,
        certificate,
      });
    });
  });
}
