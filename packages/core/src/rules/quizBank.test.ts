import { describe, expect, it } from 'vitest';
import type { QuizQuestionWithKey } from '../schemas/entities';
import { gradeQuiz, reviewQuestion } from './quiz';
import { reviewAttempt } from './quizAttempt';
import {
  attemptQuestions,
  drawAttempt,
  drawQuestions,
  publicQuestion,
  quizDrawProblem,
  seededRandom,
  shuffleOptions,
} from './quizBank';

const bank = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, version: 1 }));

const question = (id: number, key: 'A' | 'B' | 'C' | 'D' = 'A'): QuizQuestionWithKey => ({
  id,
  quiz_id: 1,
  question_number: id,
  question_text: `Question ${id}`,
  option_a: 'alpha',
  option_b: 'bravo',
  option_c: 'charlie',
  option_d: 'delta',
  correct_answer: key,
  explanation: null,
});

describe('drawing questions from a bank', () => {
  it('draws the whole bank in order without a count, or with the bank’s size (today’s quizzes)', () => {
    const random = seededRandom(1);
    expect(drawQuestions(bank, null, random)).toEqual(bank);
    expect(drawQuestions(bank, 10, random)).toEqual(bank);
  });

  it('draws N different questions of the bank, shown in the bank’s order', () => {
    for (const seed of [1, 2, 3, 42]) {
      const drawn = drawQuestions(bank, 4, seededRandom(seed));
      expect(drawn).toHaveLength(4);
      expect(new Set(drawn.map((q) => q.id)).size).toBe(4);
      expect(drawn.map((q) => q.id)).toEqual([...drawn.map((q) => q.id)].sort((a, b) => a - b));
      for (const q of drawn) expect(bank).toContain(q);
    }
  });

  it('draws differently for different random sources, the same for the same seed', () => {
    const ids = (seed: number) => drawQuestions(bank, 3, seededRandom(seed)).map((q) => q.id);
    expect(ids(7)).toEqual(ids(7));
    expect(new Set([1, 2, 3, 4, 5, 6].map((s) => ids(s).join())).size).toBeGreaterThan(1);
  });

  it('shuffles option ids: each of A-D once', () => {
    for (const seed of [1, 2, 3])
      expect([...shuffleOptions(seededRandom(seed))].sort()).toEqual(['A', 'B', 'C', 'D']);
  });

  it('stores each drawn question’s version and option order; A-D when options are not shuffled', () => {
    const plain = drawAttempt(
      [{ id: 5, version: 3 }],
      { draw: null, shuffleOptions: false },
      seededRandom(1),
    );
    expect(plain).toEqual([{ question_id: 5, version: 3, options: ['A', 'B', 'C', 'D'] }]);
    const shuffled = drawAttempt(bank, { draw: 2, shuffleOptions: true }, seededRandom(9));
    expect(shuffled).toHaveLength(2);
    expect(shuffled.some((d) => d.options.join('') !== 'ABCD')).toBe(true);
  });
});

describe('an attempt’s questions', () => {
  it('are the versions the draw names, with options in the shown order and no key', () => {
    const v1 = question(1, 'B');
    const v2 = { ...question(1, 'C'), question_text: 'Question 1, reworded' };
    const versions = new Map([
      ['1:1', v1],
      ['1:2', v2],
    ]);
    const [asked] = attemptQuestions(
      [{ question_id: 1, version: 1, options: ['C', 'A', 'D', 'B'] }],
      (id, v) => versions.get(`${id}:${v}`),
    );
    expect(asked!.question_text).toBe('Question 1');
    const shown = publicQuestion(asked!, asked!.shown);
    expect(shown.options).toEqual([
      { id: 'C', text: 'charlie' },
      { id: 'A', text: 'alpha' },
      { id: 'D', text: 'delta' },
      { id: 'B', text: 'bravo' },
    ]);
    expect(shown).not.toHaveProperty('correct_answer');
    expect(shown).not.toHaveProperty('explanation');
  });

  it('are graded by option id, whatever position the option was shown at', () => {
    const q = { ...question(1, 'B'), shown: ['D', 'B', 'A', 'C'] as const };
    // The learner picks the second option shown: its id is B, the key.
    expect(gradeQuiz([q], { '1': 'B' }, 100)).toMatchObject({ score: 1, passed: true });
    expect(reviewQuestion(q, 'B')).toMatchObject({
      isCorrect: true,
      correct_answer: 'B',
      options: [
        { id: 'D', text: 'delta' },
        { id: 'B', text: 'bravo' },
        { id: 'A', text: 'alpha' },
        { id: 'C', text: 'charlie' },
      ],
    });
  });

  it('are reviewed in the drawn order, and the attempt says what it showed', () => {
    const questions = [
      { ...question(3), version: 1, shown: ['A', 'B', 'C', 'D'] as const },
      { ...question(1), version: 2, shown: ['B', 'A', 'C', 'D'] as const },
    ];
    const attempt = {
      id: 1,
      user_id: 'u',
      quiz_id: 1,
      score: 0,
      total_questions: 2,
      percentage: 0,
      passed: false,
      answers: { '1': 'A' as const, '3': 'B' as const },
      started_at: '2026-01-01T00:00:00.000Z',
      completed_at: '2026-01-01T00:01:00.000Z',
    };
    const { attempt: reviewed, review } = reviewAttempt(attempt, questions);
    expect(review.map((r) => r.question_id)).toEqual([3, 1]);
    expect(reviewed.questions!.map((q) => [q.id, q.version, q.options!.map((o) => o.id).join('')])).toEqual([
      [3, 1, 'ABCD'],
      [1, 2, 'BACD'],
    ]);
  });
});

describe('a quiz’s draw against its bank', () => {
  it('is refused when it draws more questions than the bank holds, naming the quiz and both numbers', () => {
    expect(quizDrawProblem('course', 12, 10)).toBe(
      'The final quiz draws 12 questions but its bank holds 10.',
    );
    expect(quizDrawProblem('pre_assessment', 4, 3)).toBe(
      'The pre-assessment draws 4 questions but its bank holds 3.',
    );
  });

  it('is fine up to the bank’s size, or absent', () => {
    expect(quizDrawProblem('course', 10, 10)).toBeNull();
    expect(quizDrawProblem('course', undefined, 10)).toBeNull();
  });
});
