import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CompletedAttemptSchema,
  messages,
  type QuizAttempt,
  QuizAttemptSchema,
  type QuizQuestion,
  seededRandom,
} from '@coursekit/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCourse } from '../content/applyCourse';
import { readCourse } from '../content/loader';
import { schema } from '../db/index';
import { BANK_QUESTIONS, BANK_SLUG, type BankQuestion, writeBankCourse } from '../test/bankCourse';
import {
  call,
  courseIdOf,
  DRIVERS,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';

// Question banks: a quiz draws N of its bank's questions per attempt, options shuffled;
// the attempt keeps what it showed (question, version, option order), so grading and review never
// depend on today's bank.

const SCOPE = `/courses/${BANK_SLUG}`;
/** The key of a bank question, by the text it was written with. */
const keyOf = (questions: readonly BankQuestion[], text: string) =>
  questions.find((q) => q.question_text === text)!.correct_answer;

describe.each(DRIVERS)('question banks (%s)', (driver) => {
  let server: TestServer;
  let dir: string;
  let finalQuiz: number;

  async function load(options: Parameters<typeof writeBankCourse>[1] = {}) {
    rmSync(dir, { recursive: true, force: true });
    writeBankCourse(dir, options);
    await applyCourse(server.database.db, await readCourse(dir));
  }

  beforeAll(async () => {
    server = await startServer(driver);
    server.app.ctx.random = seededRandom(17);
    dir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-bank-'));
    await load();
    const courseId = await courseIdOf(server.database.db, BANK_SLUG);
    const [quiz] = await server.database.db
      .select()
      .from(schema.quizzes)
      .where(and(eq(schema.quizzes.courseId, courseId), eq(schema.quizzes.kind, 'course')));
    finalQuiz = quiz!.id;
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function start(token: string): Promise<QuizAttempt & { questions: QuizQuestion[] }> {
    const res = await call(server, 'POST', `${SCOPE}/quizzes/${finalQuiz}/attempts`, { token });
    expect(res.status).toBe(201);
    const attempt = QuizAttemptSchema.parse(res.body);
    return attempt as QuizAttempt & { questions: QuizQuestion[] };
  }

  it('draws N different questions of the bank per attempt, options shuffled, and counts N', async () => {
    const { token } = await signUp(server);
    const list = await call(server, 'GET', `${SCOPE}/quizzes`, { token });
    expect(list.body[1].quiz).toMatchObject({ kind: 'course', total_questions: 3 });
    const bank = (await call(server, 'GET', `${SCOPE}/quizzes/${finalQuiz}`, { token })).body.questions;
    expect(bank).toHaveLength(6);

    const orders = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const attempt = await start(token);
      expect(attempt.total_questions).toBe(3);
      const ids = attempt.questions.map((q) => q.id);
      expect(new Set(ids).size).toBe(3);
      for (const q of attempt.questions) {
        expect(bank.map((b: QuizQuestion) => b.id)).toContain(q.id);
        expect(q).not.toHaveProperty('correct_answer');
        expect(q.options!.map((o) => o.id).sort()).toEqual(['A', 'B', 'C', 'D']);
        // Each option keeps its text: the id is the letter the author gave it.
        for (const o of q.options!) expect(o.text).toBe(`${q.question_text}: option ${o.id}`);
        orders.add(q.options!.map((o) => o.id).join(''));
      }
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('refuses an answer to a bank question the attempt did not draw', async () => {
    const { token } = await signUp(server);
    const attempt = await start(token);
    const bank = (await call(server, 'GET', `${SCOPE}/quizzes/${finalQuiz}`, { token })).body.questions;
    const other = bank.find((b: QuizQuestion) => !attempt.questions.some((q) => q.id === b.id));
    const res = await call(server, 'POST', `/attempts/${attempt.id}/answers`, {
      token,
      body: { question_id: other.id, answer: 'A' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(messages.questionNotInQuiz);
  });

  it('grades by option id under shuffle, and reviews the questions in the drawn order as shown', async () => {
    const { token } = await signUp(server);
    const attempt = await start(token);
    for (const q of attempt.questions) {
      const key = keyOf(BANK_QUESTIONS, q.question_text);
      const res = await call(server, 'POST', `/attempts/${attempt.id}/answers`, {
        token,
        body: { question_id: q.id, answer: key },
      });
      expect(res.body).toMatchObject({ isCorrect: true, correct_answer: key });
    }
    const done = await call(server, 'POST', `/attempts/${attempt.id}/complete`, { token });
    const { attempt: graded, review } = CompletedAttemptSchema.parse(done.body);
    expect(graded).toMatchObject({ score: 3, total_questions: 3, percentage: 100, passed: true });
    expect(review.map((r) => r.question_id)).toEqual(attempt.questions.map((q) => q.id));
    expect(review.map((r) => r.options)).toEqual(attempt.questions.map((q) => q.options));
    expect(graded.questions).toEqual(attempt.questions);
  });

  it('keeps what an attempt showed after the bank is edited: old text, old key, same grade', async () => {
    const { token } = await signUp(server);
    const attempt = await start(token);
    const [first, second] = attempt.questions;
    // Right on the first question, wrong on the rest.
    for (const q of attempt.questions) {
      const key = keyOf(BANK_QUESTIONS, q.question_text);
      const answer = q === first ? key : key === 'A' ? 'B' : 'A';
      await call(server, 'POST', `/attempts/${attempt.id}/answers`, {
        token,
        body: { question_id: q.id, answer },
      });
    }
    const before = CompletedAttemptSchema.parse(
      (await call(server, 'POST', `/attempts/${attempt.id}/complete`, { token })).body,
    );
    expect(before.attempt.score).toBe(1);

    // The author rewrites the first two drawn questions and changes their keys; the content loads.
    const index = (text: string) => BANK_QUESTIONS.findIndex((q) => q.question_text === text);
    const edited = (q: QuizQuestion): BankQuestion => ({
      question_text: `${q.question_text}, rewritten`,
      correct_answer: keyOf(BANK_QUESTIONS, q.question_text) === 'D' ? 'A' : 'D',
    });
    const edit = {
      [index(first!.question_text)]: edited(first!),
      [index(second!.question_text)]: edited(second!),
    };
    const idsBefore = await server.database.db
      .select()
      .from(schema.quizQuestions)
      .where(eq(schema.quizQuestions.quizId, finalQuiz));
    await load({ edit });
    try {
      const idsAfter = await server.database.db
        .select()
        .from(schema.quizQuestions)
        .where(eq(schema.quizQuestions.quizId, finalQuiz));
      expect(idsAfter.map((q) => q.id).sort()).toEqual(idsBefore.map((q) => q.id).sort());
      expect(idsAfter.find((q) => q.id === first!.id)!.version).toBe(2);

      const [after] = (await call(server, 'GET', `${SCOPE}/quizzes/${finalQuiz}/attempts`, { token })).body;
      const reviewed = CompletedAttemptSchema.parse(after);
      expect(reviewed.attempt.score).toBe(1);
      expect(reviewed.review).toEqual(before.review);
      expect(reviewed.review[0]).toMatchObject({
        question_text: first!.question_text,
        correct_answer: keyOf(BANK_QUESTIONS, first!.question_text),
        isCorrect: true,
      });

      // The admin's per-question difficulty grades the old answer by the key it was given too.
      const { token: adminToken } = await signInAdmin(server);
      const report = (await call(server, 'GET', `${SCOPE}/admin/analytics/report`, { token: adminToken }))
        .body;
      const difficulty = report.difficulty.find((q: { kind: string }) => q.kind === 'course');
      const row = difficulty.questions.find((q: { questionId: number }) => q.questionId === first!.id);
      // Every completed answer to it in this file was right when given.
      expect(row.answered).toBeGreaterThan(0);
      expect(row.correct).toBe(row.answered);

      // A new attempt is given the new version of an edited question.
      const bank = (await call(server, 'GET', `${SCOPE}/quizzes/${finalQuiz}`, { token })).body.questions;
      expect(bank.find((q: QuizQuestion) => q.id === first!.id)).toMatchObject({
        version: 2,
        question_text: `${first!.question_text}, rewritten`,
      });
    } finally {
      await load();
    }
    // Loading the same content again makes no version; restoring the text makes a third.
    const restored = await server.database.db
      .select()
      .from(schema.quizQuestions)
      .where(eq(schema.quizQuestions.id, first!.id));
    expect(restored[0]!.version).toBe(3);
    await load();
    const again = await server.database.db
      .select()
      .from(schema.quizQuestions)
      .where(eq(schema.quizQuestions.id, first!.id));
    expect(again[0]!.version).toBe(3);
  });

  it('refuses a course whose quiz draws more than its bank holds, and saves none of it', async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'coursekit-bank-over-'));
    try {
      writeBankCourse(scratch, { draw: 7 });
      await expect(readCourse(scratch)).rejects.toThrow(
        'course.json: The final quiz draws 7 questions but its bank holds 6.',
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    const [quiz] = await server.database.db
      .select()
      .from(schema.quizzes)
      .where(eq(schema.quizzes.id, finalQuiz));
    expect(quiz!.drawCount).toBe(3);
  });

  it('shows every question, options A-D, without a draw (the shipped courses)', async () => {
    const { token } = await signUp(server);
    const list = (await call(server, 'GET', '/quizzes', { token })).body;
    const quiz = list.find((i: { quiz: { kind: string } }) => i.quiz.kind === 'course').quiz;
    const res = await call(server, 'POST', `/quizzes/${quiz.id}/attempts`, { token });
    const attempt = QuizAttemptSchema.parse(res.body);
    expect(attempt.questions).toHaveLength(quiz.total_questions);
    expect(attempt.questions!.map((q) => q.question_number)).toEqual(attempt.questions!.map((_, i) => i + 1));
    for (const q of attempt.questions!) expect(q.options!.map((o) => o.id)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('tests a learner out of a module on the pre-assessment questions their attempt drew', async () => {
    // Module 1's two pre-assessment questions, one drawn per attempt, test-out at 100%: the one
    // asked and answered right is all of what the learner was shown.
    await load({ testOutDraw: 1 });
    try {
      const { token } = await signUp(server);
      const list = (await call(server, 'GET', `${SCOPE}/quizzes`, { token })).body;
      const pre = list.find((i: { quiz: { kind: string } }) => i.quiz.kind === 'pre_assessment').quiz;
      const started = await call(server, 'POST', `${SCOPE}/quizzes/${pre.id}/attempts`, { token });
      const attempt = QuizAttemptSchema.parse(started.body);
      expect(attempt.questions).toHaveLength(1);
      const answers = { [String(attempt.questions![0]!.id)]: 'A' };
      const done = await call(server, 'POST', `/attempts/${attempt.id}/complete`, {
        token,
        body: { answers },
      });
      expect(done.body.attempt).toMatchObject({ score: 1, total_questions: 1 });
      const progress = (await call(server, 'GET', `${SCOPE}/progress`, { token })).body;
      expect(progress.summary.modules.map((m: { testedOut: boolean }) => m.testedOut)).toEqual([
        true,
        false,
        false,
      ]);
    } finally {
      await load();
    }
  });
});
