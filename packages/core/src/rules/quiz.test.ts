import { describe, expect, it } from 'vitest';
import {
  formatPercentage,
  gradeQuiz,
  isPassing,
  numberAttempts,
  selectedLetter,
  summarizeQuizAttempts,
} from './quiz';
import { adminScoreColor, learnerScoreColor } from './scoreColor';

const questions = [
  { id: 1, correct_answer: 'A' as const },
  { id: 2, correct_answer: 'B' as const },
  { id: 3, correct_answer: 'C' as const },
  { id: 4, correct_answer: 'D' as const },
];

describe('grading (server side)', () => {
  it('counts correct answers, letters or pre-assessment objects alike', () => {
    const grade = gradeQuiz(questions, { 1: 'A', 2: { selected: 'B' }, 3: 'D' }, 75);
    expect(grade).toEqual({ score: 2, total_questions: 4, percentage: 50, passed: false });
  });
  it('passes at exactly the passing score (75%: 3 of 4, 15 of 20)', () => {
    expect(gradeQuiz(questions, { 1: 'A', 2: 'B', 3: 'C', 4: 'A' }, 75).passed).toBe(true);
    expect(isPassing(15, 20, 75)).toBe(true);
    expect(isPassing(14, 20, 75)).toBe(false);
    expect(isPassing(8, 10, 80)).toBe(true);
    expect(isPassing(0, 0, 0)).toBe(false);
  });
  it('ignores answers to questions that are not in the quiz', () => {
    expect(gradeQuiz(questions, { 99: 'A' }, 75).score).toBe(0);
  });
  it('reads the selected letter of either stored shape', () => {
    expect(selectedLetter('C')).toBe('C');
    expect(selectedLetter({ selected: 'D', isCorrect: false })).toBe('D');
    expect(selectedLetter(undefined)).toBeNull();
  });
});

const a = (
  percentage: number,
  passed: boolean,
  completed_at: string | null,
  started_at = '2026-01-01T00:00:00Z',
) => ({
  score: percentage / 10,
  percentage,
  passed,
  completed_at,
  started_at,
});

describe('quiz summary (learner §3, admin §4)', () => {
  it('best by percentage, passed if any passed, last by completed_at', () => {
    const s = summarizeQuizAttempts([
      a(60, false, '2026-01-01T10:00:00Z'),
      a(90, true, '2026-01-02T10:00:00Z'),
      a(70, false, '2026-01-03T10:00:00Z'),
    ]);
    expect(s).toEqual({
      hasAttempted: true,
      bestScore: 9,
      bestPercentage: 90,
      passed: true,
      totalAttempts: 3,
      lastAttemptDate: '2026-01-03T10:00:00Z',
    });
  });
  it('an attempt still in progress does not count', () => {
    expect(summarizeQuizAttempts([a(0, false, null)])).toEqual({
      hasAttempted: false,
      bestScore: 0,
      bestPercentage: 0,
      passed: false,
      totalAttempts: 0,
      lastAttemptDate: null,
    });
  });
  it('numbers attempts from the oldest and lists the newest first', () => {
    const numbered = numberAttempts([
      a(70, false, '2026-01-03T00:00:00Z'),
      a(60, false, '2026-01-01T00:00:00Z'),
      a(90, true, '2026-01-02T00:00:00Z'),
    ]);
    expect(numbered.map((x) => [x.number, x.percentage])).toEqual([
      [3, 70],
      [2, 90],
      [1, 60],
    ]);
  });
  it('shows percentages to one decimal', () => {
    expect(formatPercentage(200 / 3)).toBe('66.7%');
    expect(formatPercentage(80)).toBe('80.0%');
  });
});

describe('score colours', () => {
  it('learner: 90 green, 75 blue, 60 yellow, below red', () => {
    expect([100, 90, 89.9, 75, 74.9, 60, 59.9, 0].map(learnerScoreColor)).toEqual([
      'green',
      'green',
      'blue',
      'blue',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });
  it('admin: relative to the passing score, yellow from 70% of it', () => {
    expect(adminScoreColor(80, 80)).toBe('green');
    expect(adminScoreColor(79.9, 80)).toBe('yellow');
    expect(adminScoreColor(56, 80)).toBe('yellow'); // 70% of 80
    expect(adminScoreColor(55.9, 80)).toBe('red');
    expect(adminScoreColor(52.5, 75)).toBe('yellow');
  });
});
