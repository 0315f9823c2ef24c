import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CourseBundle } from '@coursekit/core';
import type { FrameLocator, Page } from 'playwright-core';

// What a learner does in the package's player, through its buttons (the texts are the product's).

export type Surface = Page | FrameLocator;

/** The course the package carries, read from its data/course.json as the player reads it. */
export function packagedBundle(packagesDir: string, format: string): CourseBundle {
  return JSON.parse(readFileSync(path.join(packagesDir, format, 'data/course.json'), 'utf8')) as CourseBundle;
}

/** On a module's screen: Mark Complete on each lesson in turn, then Continue in the completion dialog. */
export async function completeModule(surface: Surface, lessons: number): Promise<void> {
  for (let i = 1; i <= lessons; i++) {
    const button = surface.getByRole('button', { name: 'Mark Complete' });
    await button.click();
    if (i < lessons) {
      await surface.getByText(`${i} of ${lessons} lessons completed`).waitFor();
    }
  }
  const dialog = surface.getByRole('dialog', { name: 'Congratulations!' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

/**
 * In the final quiz's screen (its instructions, or the results of an attempt): Retake Quiz if need
 * be, Start Quiz, then each question answered (the first `correct` right, the rest wrong), Submit
 * Answer and Next, to the results.
 */
export async function answerCourseQuiz(
  surface: Surface,
  bundle: CourseBundle,
  correct: number,
): Promise<void> {
  const quiz = bundle.quizzes.find((q) => q.quiz.kind === 'course')!;
  const retake = surface.getByRole('button', { name: 'Retake Quiz' });
  if (await retake.count()) await retake.click();
  await surface.getByRole('button', { name: 'Start Quiz' }).click();
  for (const [i, question] of quiz.questions.entries()) {
    const key = question.correct_answer;
    const letter = i < correct ? key : key === 'A' ? 'B' : 'A';
    await surface.getByRole('group', { name: new RegExp(`^Question ${i + 1} of`) }).waitFor();
    await surface.locator(`input[type=radio][value="${letter}"]`).check();
    await surface.getByRole('button', { name: 'Submit Answer' }).click();
    await surface.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await surface.getByRole('button', { name: 'Retake Quiz' }).waitFor();
}

/** How many right answers pass the final quiz (its passing score, rounded up). */
export function passing(bundle: CourseBundle): number {
  const quiz = bundle.quizzes.find((q) => q.quiz.kind === 'course')!;
  return Math.ceil((quiz.quiz.passing_score / 100) * quiz.questions.length);
}
