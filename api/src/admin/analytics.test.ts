import { type AdminAdapter, type AnalyticsReport, messages, PROGRESS_CSV_COLUMNS } from '@coursekit/core';
import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import { call, DRIVERS, signInAdmin, signUp, startServer, type TestServer } from '../test/harness';

type Letter = 'A' | 'B' | 'C' | 'D';
const wrong = (letter: Letter): Letter => (letter === 'A' ? 'B' : 'A');

describe.each(DRIVERS)('admin analytics (%s)', (driver) => {
  let server: TestServer;
  let adminToken: string;
  let learnerToken: string;
  let report: AnalyticsReport;
  let csv: string;
  const ids: Record<string, string> = {};

  /** Questions in order with their keys, per quiz kind (the test knows the answers; learners do not). */
  let keys: Record<
    'pre_assessment' | 'course',
    { quizId: number; questions: Array<{ id: number; key: Letter }> }
  >;

  const learner = (token: string) => createHttpAdapter({ baseUrl: server.api, getAccessToken: () => token });

  async function completeLessons(token: string, count: number) {
    const as = learner(token);
    let left = count;
    for (const m of await as.course.modules()) {
      for (const lesson of await as.course.lessons(m.id)) {
        if (left-- <= 0) return;
        await as.progress.setLessonCompleted(lesson.lesson_key, true);
      }
    }
  }

  /** The pre-assessment with the first `right` answers correct, sent on completion. */
  async function takePre(token: string, right: number) {
    const as = learner(token);
    const { quizId, questions } = keys.pre_assessment;
    const attempt = await as.quizzes.startAttempt(quizId);
    const answers = Object.fromEntries(
      questions.map((q, i) => [String(q.id), i < right ? q.key : wrong(q.key)]),
    );
    await as.quizzes.complete(attempt.id, answers);
  }

  /** The final quiz, each answer locked on the server, the first `right` correct. */
  async function takeFinal(token: string, right: number) {
    const as = learner(token);
    const { quizId, questions } = keys.course;
    const attempt = await as.quizzes.startAttempt(quizId);
    for (const [i, q] of questions.entries())
      await as.quizzes.answer(attempt.id, q.id, i < right ? q.key : wrong(q.key));
    await as.quizzes.complete(attempt.id);
  }

  beforeAll(async () => {
    server = await startServer(driver);
    adminToken = (await signInAdmin(server)).token;
    const db = server.database.db;
    const quizzes = await db.select().from(schema.quizzes);
    const questions = await db
      .select()
      .from(schema.quizQuestions)
      .orderBy(asc(schema.quizQuestions.questionNumber));
    const of = (kind: 'pre_assessment' | 'course') => {
      const quiz = quizzes.find((q) => q.kind === kind)!;
      return {
        quizId: quiz.id,
        questions: questions
          .filter((q) => q.quizId === quiz.id)
          .map((q) => ({ id: q.id, key: q.correctAnswer })),
      };
    };
    keys = { pre_assessment: of('pre_assessment'), course: of('course') };
    expect(keys.pre_assessment.questions).toHaveLength(15);
    expect(keys.course.questions).toHaveLength(25);

    // Ana: the whole course; pre 6/15 (40%); final 20/25 (80%) then 25/25 (100%).
    const ana = await signUp(server, 'Ana Silva');
    await completeLessons(ana.token, 25);
    await takePre(ana.token, 6);
    await takeFinal(ana.token, 20);
    await takeFinal(ana.token, 25);
    // Bo: module 1 and two lessons of module 2; pre 9/15 (60%); final 10/25 (40%).
    const bo = await signUp(server, 'Bo Brown');
    await completeLessons(bo.token, 7);
    await takePre(bo.token, 9);
    await takeFinal(bo.token, 10);
    // Cy: only the pre-assessment, all right (100%).
    const cy = await signUp(server, 'Cy Chen');
    await takePre(cy.token, 15);
    const admin: AdminAdapter = withHttpAdmin(
      createHttpAdapter({
        baseUrl: server.api,
        getAccessToken: () => adminToken,
      }),
    ).admin;
    // Dee does nothing. Her name would run as a formula in a spreadsheet: the API's forms refuse
    // such names, so it is written straight in, as an imported or partner-provisioned name could be.
    const dee = await signUp(server, 'Dee');
    const formula = '=HYPERLINK("x"), Dee';
    await db.update(schema.users).set({ name: formula }).where(eq(schema.users.id, dee.userId));
    await db
      .update(schema.profiles)
      .set({ displayName: formula })
      .where(eq(schema.profiles.userId, dee.userId));
    Object.assign(ids, { ana: ana.userId, bo: bo.userId, cy: cy.userId, dee: dee.userId });
    learnerToken = bo.token;
    report = await admin.analytics!.report();
    csv = await admin.analytics!.progressCsv();
  });
  afterAll(() => server?.close());

  it('counts learners (admins left out), those who started and those who finished the course', () => {
    expect(report.learners).toEqual({ total: 4, started: 2, completedCourse: 1 });
  });

  it('draws the completion funnel module by module, in course order', () => {
    expect(report.funnel.map((f) => [f.moduleId, f.lessons, f.started, f.completed])).toEqual([
      [1, 5, 2, 2],
      [2, 5, 2, 1],
      [3, 5, 1, 1],
      [4, 5, 1, 1],
      [5, 5, 1, 1],
    ]);
    expect(report.funnel[0]!.title).toBe('The Language of Data');
  });

  it('compares the first pre-assessment with the best final quiz, per group and in pairs', () => {
    const { preAssessment, final, paired } = report.scores;
    expect(preAssessment).toMatchObject({ learners: 3, average: 66.7, median: 60, passed: 1 });
    expect(preAssessment.distribution.map((b) => b.learners)).toEqual([0, 0, 0, 0, 1, 0, 1, 0, 0, 1]);
    expect(final).toMatchObject({ learners: 2, average: 70, median: 70, passed: 1 });
    expect(final.distribution.map((b) => b.learners)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(paired).toEqual({
      learners: 2,
      averagePre: 50,
      averageFinal: 70,
      averageImprovement: 20,
      medianImprovement: 20,
      improved: 1,
    });
  });

  it('gives each question’s share correct over every completed attempt, for both quizzes', () => {
    const pre = report.difficulty.find((q) => q.kind === 'pre_assessment')!;
    const final = report.difficulty.find((q) => q.kind === 'course')!;
    expect(pre.attempts).toBe(3);
    expect(final.attempts).toBe(3);
    expect(pre.questions.map((q) => q.questionNumber)).toEqual([...Array(15)].map((_, i) => i + 1));
    // Pre: Ana right on 1–6, Bo on 1–9, Cy on all.
    expect([0, 6, 9].map((i) => pre.questions[i]!.shareCorrect)).toEqual([1, 0.667, 0.333]);
    // Final: Ana right on 1–20 then on all, Bo on 1–10.
    expect([0, 10, 20].map((i) => [final.questions[i]!.answered, final.questions[i]!.correct])).toEqual([
      [3, 3],
      [3, 2],
      [3, 1],
    ]);
    expect(final.questions[0]!.text.length).toBeGreaterThan(0);
  });

  it('exports one CSV row per learner with progress and scores, formulas defused', () => {
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(PROGRESS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(6); // header, four learners, the final CRLF
    const row = (id: string) => lines.find((l) => l.startsWith(id))!;
    expect(row(ids.ana!)).toMatch(/^[^,]+,Ana Silva,[^,]+,25,25,100,5,40,100,true,\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(row(ids.bo!)).toMatch(/^[^,]+,Bo Brown,[^,]+,7,25,28,1,60,40,false,\d{4}-/);
    expect(row(ids.cy!)).toMatch(/,0,25,0,0,100,,false,\d{4}-/);
    expect(row(ids.dee!)).toContain(`,"'=HYPERLINK(""x""), Dee",`);
    expect(row(ids.dee!)).toMatch(/,0,25,0,0,,,false,$/);
  });

  it('sends the CSV as a dated attachment that no cache keeps', async () => {
    const res = await call(server, 'GET', '/admin/analytics/progress.csv', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const today = new Date(server.clock.now()).toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="coursekit-progress-${today}.csv"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a learner (403) and a signed-out caller (401) on both analytics routes', async () => {
    for (const path of ['/admin/analytics/report', '/admin/analytics/progress.csv']) {
      const asLearner = await call(server, 'GET', path, { token: learnerToken });
      expect(asLearner.status).toBe(403);
      expect(asLearner.body.error.message).toBe(messages.guardInsufficientRole);
      const signedOut = await call(server, 'GET', path);
      expect(signedOut.status).toBe(401);
      expect(signedOut.body.error.message).toBe(messages.guardSessionFailed);
    }
  });
});
