import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import { call, DRIVERS, signUp, startServer, type TestServer } from '../test/harness';
import { createTally } from '../test/tally';

const tally = createTally();
afterAll(() => tally.print('quiz integrity'));

type Letter = 'A' | 'B' | 'C' | 'D';
interface Question {
  id: number;
  quizId: number;
  correct: Letter;
  explanation: string | null;
}
const wrongFor = (q: Question): Letter => (q.correct === 'A' ? 'B' : 'A');

describe.each(DRIVERS)('quiz integrity (%s)', (driver) => {
  let server: TestServer;
  let questions: Question[];
  let course: number;
  let assessment: number;
  beforeAll(async () => {
    server = await startServer(driver);
    const rows = await server.database.db
      .select()
      .from(schema.quizQuestions)
      .orderBy(asc(schema.quizQuestions.quizId), asc(schema.quizQuestions.questionNumber));
    questions = rows.map((r) => ({
      id: r.id,
      quizId: r.quizId,
      correct: r.correctAnswer,
      explanation: r.explanation,
    }));
    const quizzes = await server.database.db.select().from(schema.quizzes);
    course = quizzes.find((q) => q.kind === 'course')!.id;
    assessment = quizzes.find((q) => q.kind !== 'course')!.id;
  });
  afterAll(() => server?.close());

  const of = (quizId: number) => questions.filter((q) => q.quizId === quizId);
  /** What must not be in an answer: the key names and every explanation of questions not yet answered. */
  function leaks(text: string, answered: Set<number>): string[] {
    const found = ['correct_answer', 'correctAnswer', '"isCorrect"', '"explanation"', '"correct"'].filter(
      (k) => text.includes(k),
    );
    for (const q of questions) {
      if (answered.has(q.id) || !q.explanation || q.explanation.length < 20) continue;
      if (text.includes(JSON.stringify(q.explanation).slice(1, -1))) found.push(`explanation of ${q.id}`);
    }
    return found;
  }

  it('sends no correct answer or explanation before the learner has answered that question', async () => {
    const learner = await signUp(server);
    const scanned: string[] = [];
    const scan = async (method: string, path: string, answered: Set<number>, body?: unknown) => {
      const res = await call(server, method, path, { token: learner.token, body });
      const text = JSON.stringify(res.body);
      const found = leaks(text, answered);
      expect(tally.attack('answers before answering', found.length === 0), `${path}: ${found}`).toBe(true);
      scanned.push(path);
      return res;
    };
    const none = new Set<number>();
    for (const path of [
      '/quizzes',
      '/progress',
      '/modules',
      '/modules/1/lessons',
      '/certificate',
      '/settings',
    ])
      await scan('GET', path, none);
    for (const quizId of [course, assessment]) {
      await scan('GET', `/quizzes/${quizId}`, none);
      await scan('GET', `/quizzes/${quizId}/attempts`, none);
      await scan('POST', `/quizzes/${quizId}/attempts`, none);
    }
    // Answering question 1 reveals question 1 only.
    const attempt = (await call(server, 'POST', `/quizzes/${course}/attempts`, { token: learner.token })).body
      .id;
    const [first, second] = of(course);
    const answered = new Set([first!.id]);
    const answer = await call(server, 'POST', `/attempts/${attempt}/answers`, {
      token: learner.token,
      body: { question_id: first!.id, answer: first!.correct },
    });
    expect(answer.body).toMatchObject({ correct_answer: first!.correct, explanation: first!.explanation });
    expect(JSON.stringify(answer.body)).not.toContain(second!.explanation!);
    await scan('GET', `/quizzes/${course}`, answered);
    await scan('GET', `/quizzes/${course}/attempts`, answered);
    await scan('GET', '/quizzes', answered);
    expect(scanned.length).toBeGreaterThanOrEqual(15);
  });

  it('grades from the server’s answer key: forged scores, flags and sent answers change nothing', async () => {
    const learner = await signUp(server);
    const attempt = (await call(server, 'POST', `/quizzes/${course}/attempts`, { token: learner.token })).body
      .id;
    const forged = [
      { score: 100, passed: true, percentage: 100 },
      { answers: {}, score: 100 },
      { answers: {}, passed: true },
    ];
    for (const body of forged) {
      const res = await call(server, 'POST', `/attempts/${attempt}/complete`, { token: learner.token, body });
      expect(tally.attack('forged score in a completion', res.status === 400)).toBe(true);
    }
    for (const q of of(course)) {
      const extra = await call(server, 'POST', `/attempts/${attempt}/answers`, {
        token: learner.token,
        body: { question_id: q.id, answer: wrongFor(q), isCorrect: true },
      });
      expect(tally.attack('forged isCorrect in an answer', extra.status === 400)).toBe(true);
      const res = await call(server, 'POST', `/attempts/${attempt}/answers`, {
        token: learner.token,
        body: { question_id: q.id, answer: wrongFor(q) },
      });
      expect(res.body.isCorrect).toBe(false);
    }
    // The right letters sent at completion are ignored: a course quiz is graded from its locked answers.
    const rightLetters = Object.fromEntries(of(course).map((q) => [String(q.id), q.correct]));
    const done = await call(server, 'POST', `/attempts/${attempt}/complete`, {
      token: learner.token,
      body: { answers: rightLetters },
    });
    expect(done.status).toBe(200);
    expect(
      tally.attack('right answers sent after wrong ones were locked', done.body.attempt.score === 0),
    ).toBe(true);
    expect(done.body.attempt).toMatchObject({ score: 0, percentage: 0, passed: false });
  });

  it('refuses a second answer to a locked question, even sent at once, and any answer after completion', async () => {
    const learner = await signUp(server);
    const attempt = (await call(server, 'POST', `/quizzes/${course}/attempts`, { token: learner.token })).body
      .id;
    const [first, second] = of(course);
    const send = (q: Question, answer: Letter) =>
      call(server, 'POST', `/attempts/${attempt}/answers`, {
        token: learner.token,
        body: { question_id: q.id, answer },
      });
    expect((await send(first!, wrongFor(first!))).status).toBe(200);
    const again = await send(first!, first!.correct);
    expect(tally.attack('second answer to a locked question', again.status === 409)).toBe(true);
    const race = await Promise.all((['A', 'B', 'C', 'D', 'A', 'B'] as Letter[]).map((l) => send(second!, l)));
    expect(race.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of race.filter((r) => r.status !== 200))
      expect(tally.attack('concurrent answers to one question', r.status === 409)).toBe(true);
    for (const q of of(course).slice(2)) await send(q, q.correct);
    expect(
      (await call(server, 'POST', `/attempts/${attempt}/complete`, { token: learner.token, body: {} }))
        .status,
    ).toBe(200);
    const late = await call(server, 'POST', `/attempts/${attempt}/complete`, {
      token: learner.token,
      body: {},
    });
    expect(tally.attack('second completion', late.status === 409)).toBe(true);
  });

  it('lets no one answer or complete another learner’s attempt', async () => {
    const owner = await signUp(server, 'Olga Owner');
    const intruder = await signUp(server, 'Ivan Intruder');
    const attempt = (await call(server, 'POST', `/quizzes/${assessment}/attempts`, { token: owner.token }))
      .body.id;
    const answers = Object.fromEntries(of(assessment).map((q) => [String(q.id), q.correct]));
    const tries = [
      call(server, 'POST', `/attempts/${attempt}/complete`, { token: intruder.token, body: { answers } }),
      call(server, 'POST', `/attempts/${attempt}/answers`, {
        token: intruder.token,
        body: { question_id: of(assessment)[0]!.id, answer: 'A' },
      }),
      call(server, 'POST', `/attempts/${attempt}/complete`, { body: { answers } }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(tally.attack('someone else’s attempt', res.status === 404 || res.status === 401)).toBe(true);
    }
    expect(
      (await call(server, 'GET', `/quizzes/${assessment}/attempts`, { token: owner.token })).body,
    ).toEqual([]);
    expect(
      (await call(server, 'GET', `/quizzes/${assessment}/attempts`, { token: intruder.token })).body,
    ).toEqual([]);
    const wrong = Object.fromEntries(of(assessment).map((q) => [String(q.id), wrongFor(q)]));
    const own = await call(server, 'POST', `/attempts/${attempt}/complete`, {
      token: owner.token,
      body: { answers: wrong },
    });
    expect(own.status).toBe(200);
    expect(own.body.attempt).toMatchObject({ score: 0, passed: false, user_id: owner.userId });
  });
});
