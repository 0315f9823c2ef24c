import { describe, expect, it } from 'vitest';
import type { AnswerLetter, StoredAnswer } from '../schemas/entities';
import { moduleTestOutScore, type TestOutInput, testedOutModules } from './testOut';

const quizzes = [
  { id: 1, kind: 'pre_assessment' as const },
  { id: 2, kind: 'course' as const },
];
// Pre-assessment: module 1 has 3 questions (11–13), module 2 has 4 (21–24), module 3 none.
// The course quiz asks about module 3 (31–32): those never count for test-out.
const key = (id: number): AnswerLetter => (['A', 'B', 'C', 'D'] as const)[id % 4]!;
const question = (id: number, quiz_id: number, module_id: number | null) => ({
  id,
  quiz_id,
  module_id,
  correct_answer: key(id),
});
const questions = [
  ...[11, 12, 13].map((id) => question(id, 1, 1)),
  ...[21, 22, 23, 24].map((id) => question(id, 1, 2)),
  question(99, 1, null),
  ...[31, 32].map((id) => question(id, 2, 3)),
];
const wrong = (letter: AnswerLetter): AnswerLetter => (letter === 'A' ? 'B' : 'A');

/** Answers as the pre-assessment stores them: `right` questions right, every other asked one wrong. */
function answers(right: number[], asked = questions.map((q) => q.id)): Record<string, StoredAnswer> {
  return Object.fromEntries(
    asked.map((id) => {
      const correct = key(id);
      const selected = right.includes(id) ? correct : wrong(correct);
      return [String(id), { selected, correct, isCorrect: selected === correct }];
    }),
  );
}
const attempt = (quiz_id: number, day: number | null, given: Record<string, StoredAnswer>) => ({
  quiz_id,
  completed_at: day === null ? null : `2026-02-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  answers: given,
});
const everyModuleAt = (score: number | null) => [1, 2, 3].map((id) => ({ id, test_out_score: score }));
const tested = (input: Partial<TestOutInput>) =>
  [...testedOutModules({ modules: everyModuleAt(75), quizzes, questions, attempts: [], ...input })].sort();

describe('a module’s test-out threshold (course.json)', () => {
  it('is none without the setting or with it switched off', () => {
    expect(moduleTestOutScore(undefined, {})).toBeNull();
    expect(moduleTestOutScore(undefined, { testOutScore: 90 })).toBeNull();
    expect(moduleTestOutScore({ enabled: false, passingScore: 80 }, { testOutScore: 90 })).toBeNull();
  });
  it('is the course’s passing score, unless the module sets its own', () => {
    expect(moduleTestOutScore({ enabled: true, passingScore: 80 }, {})).toBe(80);
    expect(moduleTestOutScore({ enabled: true, passingScore: 80 }, { testOutScore: 100 })).toBe(100);
  });
});

describe('the modules a learner tested out of', () => {
  it('are those whose pre-assessment questions the latest attempt has right at or above the threshold', () => {
    // Module 1: 3 of 3; module 2: 2 of 4 (50%).
    const given = answers([11, 12, 13, 21, 22]);
    expect(tested({ attempts: [attempt(1, 1, given)] })).toEqual([1]);
  });

  it('pass exactly at the threshold and not one question below it', () => {
    // 3 of 4 is exactly 75%.
    expect(tested({ attempts: [attempt(1, 1, answers([21, 22, 23]))] })).toEqual([2]);
    // 2 of 3 is 66.67%: below 67, at or above 66 (compared in integers, as quiz passing is).
    const twoOfThree = [attempt(1, 1, answers([11, 12]))];
    expect(tested({ modules: [{ id: 1, test_out_score: 67 }], attempts: twoOfThree })).toEqual([]);
    expect(tested({ modules: [{ id: 1, test_out_score: 66 }], attempts: twoOfThree })).toEqual([1]);
  });

  it('are graded by the letter chosen against the key, whatever else the stored answer says', () => {
    const given = answers([21, 22, 23, 24]);
    // A stored answer that claims to be wrong still counts by its letter; a bare letter is read too.
    given['21'] = { selected: key(21), correct: wrong(key(21)), isCorrect: false };
    given['22'] = key(22);
    expect(tested({ modules: [{ id: 2, test_out_score: 100 }], attempts: [attempt(1, 1, given)] })).toEqual([
      2,
    ]);
  });

  it('never include a module without pre-assessment questions, even with its course-quiz questions right', () => {
    const all = questions.map((q) => q.id);
    expect(tested({ attempts: [attempt(1, 1, answers(all)), attempt(2, 2, answers(all))] })).toEqual([1, 2]);
  });

  it('count the latest completed pre-assessment only: a retake takes a module back, or gives it', () => {
    const passedThenFailed = [attempt(1, 1, answers([21, 22, 23, 24])), attempt(1, 3, answers([]))];
    expect(tested({ attempts: passedThenFailed })).toEqual([]);
    const failedThenPassed = [attempt(1, 1, answers([])), attempt(1, 3, answers([21, 22, 23, 24]))];
    expect(tested({ attempts: failedThenPassed })).toEqual([2]);
    // An attempt still open (a retake in progress) is not the latest.
    const retaking = [attempt(1, 1, answers([21, 22, 23, 24])), attempt(1, null, answers([]))];
    expect(tested({ attempts: retaking })).toEqual([2]);
  });

  it('are none with test-out off, or for a module without a threshold', () => {
    const perfect = [attempt(1, 1, answers(questions.map((q) => q.id)))];
    expect(tested({ modules: everyModuleAt(null), attempts: perfect })).toEqual([]);
    expect(
      tested({
        modules: [
          { id: 1, test_out_score: null },
          { id: 2, test_out_score: 75 },
        ],
        attempts: perfect,
      }),
    ).toEqual([2]);
  });

  it('are none before a pre-assessment, or when its answers were not read', () => {
    expect(tested({ attempts: [] })).toEqual([]);
    expect(
      tested({ attempts: [{ quiz_id: 1, completed_at: '2026-02-01T10:00:00.000Z', answers: null }] }),
    ).toEqual([]);
  });

  it('count a question unanswered as wrong', () => {
    // Module 2: 3 right, the fourth left out of the answers entirely: 3 of 4 still passes at 75%.
    const given = answers([21, 22, 23], [21, 22, 23]);
    expect(tested({ attempts: [attempt(1, 1, given)] })).toEqual([2]);
    const fewer = answers([21, 22], [21, 22]);
    expect(tested({ attempts: [attempt(1, 1, fewer)] })).toEqual([]);
  });

  it('count only the questions an attempt drew from a bank, none it never showed', () => {
    // The attempt drew 21 and 22 of module 2 (both right) and 11 of module 1 (wrong).
    const asked = [11, 21, 22];
    const drawn = { ...attempt(1, 1, answers([21, 22], asked)), asked };
    expect(tested({ attempts: [drawn] })).toEqual([2]);
    // Without the draw, module 2's two unseen questions would count as wrong: 2 of 4 fails.
    expect(tested({ attempts: [attempt(1, 1, answers([21, 22], asked))] })).toEqual([]);
  });
});
