import {
  CompletedAttemptSchema,
  messages,
  QuizQuestionSchema,
  QuizWithQuestionsSchema,
} from '@coursekit/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import { call, DRIVERS, signUp, startServer, type TestServer } from '../test/harness';

describe.each(DRIVERS)('quizzes over HTTP (%s)', (driver) => {
  let server: TestServer;
  let courseQuiz: number;
  let preQuiz: number;
  let keys: Map<number, string>;
  beforeAll(async () => {
    server = await startServer(driver);
    const quizRows = await server.database.db.select().from(schema.quizzes);
    courseQuiz = quizRows.find((q) => q.kind === 'course')!.id;
    preQuiz = quizRows.find((q) => q.kind === 'pre_assessment')!.id;
    const questions = await server.database.db.select().from(schema.quizQuestions);
    keys = new Map(questions.map((q) => [q.id, q.correctAnswer]));
  });
  afterAll(() => server?.close());

  it('lists the pre-assessment and the final quiz oldest first, with the learner’s summary', async () => {
    const { token } = await signUp(server);
    const list = await call(server, 'GET', '/quizzes', { token });
    expect(list.body.map((i: { quiz: { kind: string } }) => i.quiz.kind)).toEqual([
      'pre_assessment',
      'course',
    ]);
    expect(list.body[0].quiz).toMatchObject({
      title: 'Data Literacy Pre-Assessment',
      passing_score: 75,
      total_questions: 15,
    });
    expect(list.body[1].quiz).toMatchObject({ passing_score: 80, total_questions: 25 });
    expect(list.body[1].summary).toEqual({
      hasAttempted: false,
      bestScore: 0,
      bestPercentage: 0,
      passed: false,
      totalAttempts: 0,
      lastAttemptDate: null,
    });
  });

  it('sends questions in module order without answers; an unknown quiz is not found', async () => {
    const { token } = await signUp(server);
    const res = await call(server, 'GET', `/quizzes/${courseQuiz}`, { token });
    const { questions } = QuizWithQuestionsSchema.parse(res.body);
    expect(questions.map((q) => q.question_number)).toEqual(questions.map((_, i) => i + 1));
    for (const q of res.body.questions) {
      expect(Object.keys(q).sort()).toEqual(Object.keys(QuizQuestionSchema.shape).sort());
    }
    const missing = await call(server, 'GET', '/quizzes/4242', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(messages.quizNotFound);
  });

  it('locks course-quiz answers, ignores a forged score, and lists attempts newest first', async () => {
    const { token } = await signUp(server);
    const start = await call(server, 'POST', `/quizzes/${courseQuiz}/attempts`, { token });
    expect(start.status).toBe(201);
    expect(start.body).toMatchObject({ score: 0, passed: false, completed_at: null, answers: {} });
    const { questions } = (await call(server, 'GET', `/quizzes/${courseQuiz}`, { token })).body;
    const q0 = questions[0].id as number;
    const first = await call(server, 'POST', `/attempts/${start.body.id}/answers`, {
      token,
      body: { question_id: q0, answer: 'B' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      question_id: q0,
      selected: 'B',
      correct_answer: keys.get(q0),
      isCorrect: keys.get(q0) === 'B',
    });
    expect(typeof first.body.explanation).toBe('string');
    const again = await call(server, 'POST', `/attempts/${start.body.id}/answers`, {
      token,
      body: { question_id: q0, answer: keys.get(q0) },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');

    const early = await call(server, 'POST', `/attempts/${start.body.id}/complete`, { token, body: {} });
    expect(early.status).toBe(400);
    expect(early.body.error.code).toBe('validation_error');

    for (const q of questions.slice(1)) {
      await call(server, 'POST', `/attempts/${start.body.id}/answers`, {
        token,
        body: { question_id: q.id, answer: 'A' },
      });
    }
    const forged = await call(server, 'POST', `/attempts/${start.body.id}/complete`, {
      token,
      body: { score: 25, passed: true },
    });
    expect(forged.status).toBe(400);
    const sentAnswers = Object.fromEntries(
      questions.map((q: { id: number }) => [String(q.id), keys.get(q.id)]),
    );
    const done = await call(server, 'POST', `/attempts/${start.body.id}/complete`, {
      token,
      body: { answers: sentAnswers },
    });
    const expected = questions.filter(
      (q: { id: number }, i: number) => (i === 0 ? 'B' : 'A') === keys.get(q.id),
    ).length;
    expect(CompletedAttemptSchema.parse(done.body).attempt).toMatchObject({
      score: expected,
      total_questions: 25,
    });
    expect(done.body.attempt.passed).toBe(expected * 100 >= 80 * 25);
    expect(done.body.attempt.percentage).toBeCloseTo((expected / 25) * 100);
    expect(
      (await call(server, 'POST', `/attempts/${start.body.id}/complete`, { token, body: {} })).status,
    ).toBe(409);
    expect(
      (
        await call(server, 'POST', `/attempts/${start.body.id}/answers`, {
          token,
          body: { question_id: q0, answer: 'A' },
        })
      ).status,
    ).toBe(409);

    const second = await call(server, 'POST', `/quizzes/${courseQuiz}/attempts`, { token });
    for (const q of questions) {
      await call(server, 'POST', `/attempts/${second.body.id}/answers`, {
        token,
        body: { question_id: q.id, answer: keys.get(q.id) },
      });
    }
    await call(server, 'POST', `/attempts/${second.body.id}/complete`, { token, body: {} });
    const attempts = await call(server, 'GET', `/quizzes/${courseQuiz}/attempts`, { token });
    expect(attempts.body.map((a: { attempt: { id: number } }) => a.attempt.id)).toEqual([
      second.body.id,
      start.body.id,
    ]);
    expect(attempts.body[0].review[0]).toMatchObject({
      question_number: 1,
      correct_answer: keys.get(q0),
      isCorrect: true,
    });
    const card = (await call(server, 'GET', '/quizzes', { token })).body[1];
    expect(card.summary).toMatchObject({
      hasAttempted: true,
      totalAttempts: 2,
      bestScore: 25,
      bestPercentage: 100,
      passed: true,
    });
    expect((await call(server, 'GET', '/progress', { token })).body.summary.quizPassed).toBe(true);
  });

  it('grades the pre-assessment from the answers sent with complete, and refuses incomplete or foreign answers', async () => {
    const { token } = await signUp(server);
    const { questions } = (await call(server, 'GET', `/quizzes/${preQuiz}`, { token })).body;
    const attempt = (await call(server, 'POST', `/quizzes/${preQuiz}/attempts`, { token })).body;
    const perQuestion = await call(server, 'POST', `/attempts/${attempt.id}/answers`, {
      token,
      body: { question_id: questions[0].id, answer: 'A' },
    });
    expect(perQuestion.status).toBe(400);
    const partial = await call(server, 'POST', `/attempts/${attempt.id}/complete`, {
      token,
      body: { answers: { [questions[0].id]: 'A' } },
    });
    expect(partial.status).toBe(400);
    const foreign = await call(server, 'POST', `/attempts/${attempt.id}/complete`, {
      token,
      body: { answers: { 999999: 'A' } },
    });
    expect(foreign.status).toBe(400);
    const wrongLetter = await call(server, 'POST', `/attempts/${attempt.id}/complete`, {
      token,
      body: { answers: { [questions[0].id]: 'E' } },
    });
    expect(wrongLetter.status).toBe(400);
    const answers = Object.fromEntries(questions.map((q: { id: number }) => [String(q.id), keys.get(q.id)]));
    const done = await call(server, 'POST', `/attempts/${attempt.id}/complete`, { token, body: { answers } });
    expect(done.body.attempt).toMatchObject({ score: 15, percentage: 100, passed: true });
    expect(Object.values(done.body.attempt.answers)[0]).toMatchObject({ isCorrect: true });
    const progress = (await call(server, 'GET', '/progress', { token })).body.summary;
    expect(progress).toMatchObject({ hasPreAssessment: true, preAssessmentPassed: true, quizPassed: false });
  });

  it('keeps attempts private: another learner gets 404 on every attempt id and sees none of them', async () => {
    const ana = await signUp(server);
    const bo = await signUp(server);
    const attempt = (await call(server, 'POST', `/quizzes/${courseQuiz}/attempts`, { token: ana.token }))
      .body;
    const { questions } = (await call(server, 'GET', `/quizzes/${courseQuiz}`, { token: ana.token })).body;
    const answer = await call(server, 'POST', `/attempts/${attempt.id}/answers`, {
      token: bo.token,
      body: { question_id: questions[0].id, answer: 'A' },
    });
    expect(answer.status).toBe(404);
    expect(
      (await call(server, 'POST', `/attempts/${attempt.id}/complete`, { token: bo.token, body: {} })).status,
    ).toBe(404);
    expect(
      (
        await call(server, 'GET', `/quizzes/${courseQuiz}/attempts?user_id=${ana.userId}`, {
          token: bo.token,
        })
      ).body,
    ).toEqual([]);
    expect((await call(server, 'DELETE', '/progress', { token: bo.token })).status).toBe(200);
    const [row] = await server.database.db
      .select()
      .from(schema.quizAttempts)
      .where(eq(schema.quizAttempts.id, attempt.id));
    expect(row).toMatchObject({ userId: ana.userId, answers: {}, completedAt: null });
  });

  it('answers each question once even when the same answer is sent 10 times at once', async () => {
    const { token } = await signUp(server);
    const attempt = (await call(server, 'POST', `/quizzes/${courseQuiz}/attempts`, { token })).body;
    const { questions } = (await call(server, 'GET', `/quizzes/${courseQuiz}`, { token })).body;
    const results = await Promise.all(
      ['A', 'B', 'C', 'D', 'A', 'B', 'C', 'D', 'A', 'B'].map((answer) =>
        call(server, 'POST', `/attempts/${attempt.id}/answers`, {
          token,
          body: { question_id: questions[0].id, answer },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
  });
});
