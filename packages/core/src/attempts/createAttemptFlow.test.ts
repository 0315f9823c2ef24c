import { describe, expect, it } from 'vitest';
import { CourseError } from '../errors';
import { messages } from '../messages';
import { DRAW_ALL, type QuizBankSettings, seededRandom } from '../rules/quizBank';
import type { DrawnQuestion, Quiz, QuizAttempt, QuizQuestionWithKey } from '../schemas/entities';
import type { AttemptStorage } from './AttemptStorage';
import { createAttemptFlow } from './createAttemptFlow';

const quiz = (id: number, kind: Quiz['kind']): Quiz => ({
  id,
  kind,
  title: kind,
  description: null,
  total_questions: 4,
  passing_score: 75,
  created_at: `2026-01-0${id}T00:00:00.000Z`,
});
const question = (id: number, quizId: number, moduleId: number) => ({
  id,
  quiz_id: quizId,
  module_id: moduleId,
  question_number: id,
  question_text: `Q${id}`,
  option_a: 'a',
  option_b: 'b',
  option_c: 'c',
  option_d: 'd',
  correct_answer: 'C' as const,
  explanation: null,
});

/** The smallest storage: a pre-assessment (quiz 1, questions 1-4 about modules 1 and 2) and a course quiz. */
function memory(options: { archived?: boolean; preDraw?: number | null } = {}) {
  const quizzes = [quiz(1, 'pre_assessment'), quiz(2, 'course')];
  const questions = [1, 2, 3, 4].map((id) => question(id, 1, id <= 2 ? 1 : 2)).concat([question(5, 2, 1)]);
  const attempts: QuizAttempt[] = [];
  const draws = new Map<number, readonly DrawnQuestion[]>();
  const banks = new Map<number, QuizBankSettings>([
    [1, { draw: options.preDraw ?? null, shuffleOptions: false }],
  ]);
  const storage: AttemptStorage = {
    quiz: (id) => quizzes.find((q) => q.id === id),
    quizzes: () => quizzes,
    bank: (id) => questions.filter((q) => q.quiz_id === id).map((q) => ({ id: q.id, version: 1 })),
    bankSettings: (id) => banks.get(id) ?? DRAW_ALL,
    questionVersion: (id): QuizQuestionWithKey | undefined => questions.find((q) => q.id === id),
    archived: () => options.archived ?? false,
    insertAttempt: (attempt, draw) => {
      const stored = { id: attempts.length + 1, ...attempt };
      attempts.push(stored);
      draws.set(stored.id, draw);
      return stored;
    },
    attempt: (user, id) => attempts.find((a) => a.id === id && a.user_id === user),
    draw: (id) => draws.get(id),
    saveAnswer: (attempt, id, answer) => {
      attempt.answers[String(id)] = answer;
    },
    saveCompleted: (attempt, grade) => Object.assign(attempt, grade),
    completedAttempts: (user) => attempts.filter((a) => a.user_id === user && a.completed_at !== null),
    testOutScores: () => [
      { id: 1, test_out_score: 100 },
      { id: 2, test_out_score: 100 },
    ],
    moduleQuestions: () => questions,
  };
  let tick = 0;
  return createAttemptFlow(storage, {
    now: () => new Date(Date.UTC(2026, 0, 10, 0, 0, tick++)).toISOString(),
    random: seededRandom(3),
  });
}

const refusal = (call: () => unknown) => {
  try {
    call();
  } catch (e) {
    return e instanceof CourseError ? { code: e.code, message: e.message } : e;
  }
  return undefined;
};

describe('the attempt flow on a storage', () => {
  it('refuses an unknown quiz before an archived course, and an archived course before anything is stored', () => {
    const flow = memory({ archived: true });
    expect(refusal(() => flow.start('ana', 9))).toEqual({
      code: 'not_found',
      message: messages.quizNotFound,
    });
    expect(refusal(() => flow.start('ana', 2))).toEqual({
      code: 'conflict',
      message: messages.courseArchived,
    });
    expect(flow.list('ana').map((q) => q.summary.totalAttempts)).toEqual([0, 0]);
  });

  it('tests out of the modules whose pre-assessment questions are right, by the latest attempt', () => {
    const flow = memory();
    const take = (letters: Record<string, 'A' | 'C'>) =>
      flow.complete('ana', flow.start('ana', 1).id, letters);
    take({ 1: 'C', 2: 'C', 3: 'C', 4: 'A' });
    expect([...flow.testedOut('ana')]).toEqual([1]);
    take({ 1: 'A', 2: 'C', 3: 'C', 4: 'C' });
    expect([...flow.testedOut('ana')]).toEqual([2]);
    expect(flow.testedOut('bo').size).toBe(0);
  });

  it('counts only the questions a drawn pre-assessment asked', () => {
    const flow = memory({ preDraw: 2 });
    const attempt = flow.start('ana', 1);
    // One question of each module drawn (seeded): the other two were never shown.
    expect(attempt.questions!.map((q) => q.id)).toEqual([2, 4]);
    flow.complete('ana', attempt.id, { 2: 'C', 4: 'C' });
    expect([...flow.testedOut('ana')]).toEqual([1, 2]);
  });
});
