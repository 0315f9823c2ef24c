import {
  type AnswerLetter,
  type BundleQuestion,
  type DrawnQuestion,
  type QuizAttempt,
  type StoredAnswer,
  selectedLetter,
} from '@coursekit/core';
import type { KeptAttempt } from './learnerState';
import type { PackagedQuiz } from './packagedQuizzes';

// A completed attempt as the LMS keeps it in the learner's saved state (question numbers and
// letters, by quiz key), and back as the attempt the widgets read.

function storedAnswer(quiz: PackagedQuiz, question: BundleQuestion, letter: AnswerLetter): StoredAnswer {
  // learner §3: pre-assessment answers are stored as { selected, correct, isCorrect }.
  return quiz.quiz.kind === 'pre_assessment'
    ? { selected: letter, correct: question.correct_answer, isCorrect: letter === question.correct_answer }
    : letter;
}

/** A kept attempt of `quiz` as attempt `id` of `userId`, with what it drew. */
export function fromKept(
  kept: KeptAttempt,
  quiz: PackagedQuiz,
  id: number,
  userId: string,
): { attempt: QuizAttempt; draw: DrawnQuestion[] } {
  const answers: Record<string, StoredAnswer> = {};
  for (const q of quiz.questions) {
    const letter = kept.answers[q.question_number];
    if (letter) answers[String(q.id)] = storedAnswer(quiz, q, letter);
  }
  const drawn = quiz.bank?.draw
    ? quiz.questions.filter((q) => kept.answers[q.question_number])
    : quiz.questions;
  const draw = drawn.map((q) => ({
    question_id: q.id,
    version: 1,
    options: (kept.orders?.[q.question_number]?.split('') as AnswerLetter[] | undefined) ?? [
      'A',
      'B',
      'C',
      'D',
    ],
  }));
  return {
    attempt: {
      id,
      user_id: userId,
      quiz_id: quiz.quiz.id,
      score: kept.score,
      total_questions: kept.total,
      percentage: kept.total > 0 ? (kept.score / kept.total) * 100 : 0,
      passed: kept.passed,
      answers,
      started_at: kept.startedAt,
      completed_at: kept.completedAt,
    },
    draw,
  };
}

/** A completed attempt of `quiz` as the saved state keeps it (option orders only when shuffled). */
export function toKept(attempt: QuizAttempt, quiz: PackagedQuiz, draw: DrawnQuestion[] = []): KeptAttempt {
  const answers: Record<number, AnswerLetter> = {};
  for (const q of quiz.questions) {
    const letter = selectedLetter(attempt.answers[String(q.id)]);
    if (letter) answers[q.question_number] = letter;
  }
  const shuffled = draw.filter((d) => d.options.join('') !== 'ABCD');
  const numberOf = (questionId: number) => quiz.questions.find((q) => q.id === questionId)!.question_number;
  return {
    quizKey: quiz.key,
    startedAt: attempt.started_at,
    completedAt: attempt.completed_at!,
    answers,
    ...(shuffled.length > 0
      ? { orders: Object.fromEntries(shuffled.map((d) => [numberOf(d.question_id), d.options.join('')])) }
      : {}),
    score: attempt.score,
    total: attempt.total_questions,
    passed: attempt.passed,
  };
}
