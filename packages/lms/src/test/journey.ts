import type { AnswerLetter, CompletedAttempt, CourseAdapter, CourseBundle } from '@coursekit/core';

/** Marks every lesson of the course complete, module by module, as a learner would. */
export async function completeAllLessons(adapter: CourseAdapter): Promise<void> {
  for (const module of await adapter.course.modules()) {
    for (const lesson of await adapter.course.lessons(module.id)) {
      await adapter.progress.setLessonCompleted(lesson.lesson_key, true);
    }
  }
}

const wrong = (letter: AnswerLetter): AnswerLetter => (letter === 'A' ? 'B' : 'A');

/**
 * Takes a quiz with `correct` right answers (the first ones), answering a course quiz one question
 * at a time and the pre-assessment all at once, as the widgets do.
 */
export async function takeQuiz(
  adapter: CourseAdapter,
  bundle: CourseBundle,
  kind: 'course' | 'pre_assessment',
  correct: number,
): Promise<CompletedAttempt> {
  const quiz = bundle.quizzes.find((q) => q.quiz.kind === kind)!;
  const letterFor = (i: number) => {
    const key = quiz.questions[i]!.correct_answer;
    return i < correct ? key : wrong(key);
  };
  const attempt = await adapter.quizzes.startAttempt(quiz.quiz.id);
  if (kind === 'pre_assessment') {
    const answers = Object.fromEntries(quiz.questions.map((q, i) => [String(q.id), letterFor(i)]));
    return adapter.quizzes.complete(attempt.id, answers);
  }
  for (const [i, q] of quiz.questions.entries()) await adapter.quizzes.answer(attempt.id, q.id, letterFor(i));
  return adapter.quizzes.complete(attempt.id);
}

/** How many right answers make a pass of a quiz (its passing score, rounded up). */
export function passingCount(bundle: CourseBundle, kind: 'course' | 'pre_assessment'): number {
  const quiz = bundle.quizzes.find((q) => q.quiz.kind === kind)!;
  return Math.ceil((quiz.quiz.passing_score / 100) * quiz.questions.length);
}
