import type { BundleQuestion, BundleQuizBank, CourseBundle, Quiz } from '@coursekit/core';

export interface PackagedQuiz {
  /** Stable across exports: the quiz's kind and its place among quizzes of that kind. */
  key: string;
  quiz: Quiz;
  questions: BundleQuestion[];
  /** How the quiz draws from its bank (absent: every question, A-D). */
  bank?: BundleQuizBank | undefined;
}

/**
 * The bundle's quizzes with their stable keys, and the one whose result the LMS records (the
 * course's first final quiz), its passing score replaced by the LMS's mastery score (0..1) when
 * one is given.
 */
export function packageQuizzes(
  bundle: CourseBundle,
  masteryScore: number | null | undefined,
): { quizzes: PackagedQuiz[]; judged: PackagedQuiz | undefined } {
  const seen: Record<string, number> = {};
  const quizzes: PackagedQuiz[] = bundle.quizzes.map(({ quiz, questions, bank }) => {
    const index = seen[quiz.kind] ?? 0;
    seen[quiz.kind] = index + 1;
    return { key: `${quiz.kind}.${index}`, quiz, questions, bank };
  });
  const judged = quizzes.find((q) => q.quiz.kind === 'course');
  if (judged && typeof masteryScore === 'number' && masteryScore >= 0 && masteryScore <= 1) {
    judged.quiz = { ...judged.quiz, passing_score: Math.round(masteryScore * 10000) / 100 };
  }
  return { quizzes, judged };
}
