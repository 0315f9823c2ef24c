import type { QuizSummary } from '../schemas/derived';
import type {
  AnswerLetter,
  QuestionReview,
  QuizAttempt,
  QuizQuestionWithKey,
  StoredAnswer,
} from '../schemas/entities';
import { AUTHORED_ORDER, questionOptions } from './quizBank';

/** learner §4/§9: auto-advance after an answer. */
export const ASSESSMENT_ADVANCE_MS = 500;
export const COURSE_QUIZ_ADVANCE_MS = 1500;

/**
 * Passed = percentage at or above the passing score. Compared in integers so that 15 of 20 against
 * 75% is exactly a pass, whatever floating point makes of 15 / 20 * 100.
 */
export function isPassing(score: number, total: number, passingScore: number): boolean {
  return total > 0 && score * 100 >= passingScore * total;
}

export interface Grade {
  score: number;
  total_questions: number;
  percentage: number;
  passed: boolean;
}

/** The letter a stored answer holds; course-quiz answers are letters, pre-assessment answers objects. */
export function selectedLetter(answer: StoredAnswer | undefined): AnswerLetter | null {
  if (answer === undefined) return null;
  return typeof answer === 'string' ? answer : answer.selected;
}

/**
 * One question of a completed attempt for the results and review screens: the answer, the key, the
 * explanation, and the options in the order the attempt showed them (`shown`; A-D without one).
 */
export function reviewQuestion(
  question: QuizQuestionWithKey & { shown?: readonly AnswerLetter[] },
  answer: StoredAnswer | undefined,
): QuestionReview {
  const selected = selectedLetter(answer);
  return {
    question_id: question.id,
    question_number: question.question_number,
    question_text: question.question_text,
    option_a: question.option_a,
    option_b: question.option_b,
    option_c: question.option_c,
    option_d: question.option_d,
    options: questionOptions(question, question.shown ?? AUTHORED_ORDER),
    selected,
    correct_answer: question.correct_answer,
    isCorrect: selected === question.correct_answer,
    explanation: question.explanation,
  };
}

/** Scores an attempt on the server: correct count, percentage (unrounded), passed. */
export function gradeQuiz(
  questions: ReadonlyArray<Pick<QuizQuestionWithKey, 'id' | 'correct_answer'>>,
  answers: Readonly<Record<string, StoredAnswer>>,
  passingScore: number,
): Grade {
  const score = questions.filter((q) => selectedLetter(answers[String(q.id)]) === q.correct_answer).length;
  const total = questions.length;
  return {
    score,
    total_questions: total,
    percentage: total > 0 ? (score / total) * 100 : 0,
    passed: isPassing(score, total, passingScore),
  };
}

type AttemptLike = Pick<QuizAttempt, 'completed_at'>;

/**
 * The most recent attempt by completed_at (attempts in progress are not counted). Of two completed
 * in the same instant (an LMS package keeps whole seconds) the one later in the list wins: every
 * backend lists attempts in the order they were stored.
 */
export function latestAttempt<T extends AttemptLike>(attempts: ReadonlyArray<T>): T | undefined {
  return attempts
    .filter((a) => a.completed_at !== null)
    .reduce<T | undefined>(
      (latest, a) => (!latest || a.completed_at! >= latest.completed_at! ? a : latest),
      undefined,
    );
}

/** learner §3 / admin §4: best by percentage, passed if any passed, last by completed_at. */
export function summarizeQuizAttempts(
  attempts: ReadonlyArray<Pick<QuizAttempt, 'score' | 'percentage' | 'passed' | 'completed_at'>>,
): QuizSummary {
  const completed = attempts.filter((a) => a.completed_at !== null);
  const best = completed.reduce<(typeof completed)[number] | undefined>(
    (top, a) => (!top || a.percentage > top.percentage ? a : top),
    undefined,
  );
  return {
    hasAttempted: completed.length > 0,
    bestScore: best?.score ?? 0,
    bestPercentage: best?.percentage ?? 0,
    passed: completed.some((a) => a.passed),
    totalAttempts: completed.length,
    lastAttemptDate: latestAttempt(completed)?.completed_at ?? null,
  };
}

/**
 * Numbers attempts counting up from the oldest (learner §2; admin §2: the newest carries the highest
 * number) and returns them newest first, as both attempt lists show them.
 */
export function numberAttempts<T extends Pick<QuizAttempt, 'started_at' | 'completed_at'>>(
  attempts: ReadonlyArray<T>,
): Array<T & { number: number }> {
  const when = (a: T) => a.completed_at ?? a.started_at;
  return [...attempts]
    .sort((a, b) => when(a).localeCompare(when(b)))
    .map((a, i) => ({ ...a, number: i + 1 }))
    .reverse();
}

/** admin §9: percentages show one decimal in attempts. */
export function formatPercentage(percentage: number): string {
  return `${(Math.round(percentage * 10) / 10).toFixed(1)}%`;
}
