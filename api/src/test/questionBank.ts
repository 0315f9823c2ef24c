import { type AnswerLetter, type QuizBankSettings, seededRandom } from '@coursekit/core';
import { and, count, eq } from 'drizzle-orm';
import { applyCourse } from '../content/applyCourse';
import { readCourse, SEED_COURSE_DIR } from '../content/loader';
import { schema } from '../db/index';
import { defaultCourseId, type TestServer } from './harness';

// The conformance suite's question-bank hooks on the live API.

async function defaultCourseQuiz(server: TestServer) {
  const { db } = server.database;
  const courseId = await defaultCourseId(db);
  const [quiz] = await db
    .select()
    .from(schema.quizzes)
    .where(and(eq(schema.quizzes.courseId, courseId), eq(schema.quizzes.kind, 'course')));
  return quiz!;
}

/** The default course's course quiz draws as a course.json with these settings would load it. */
export async function setQuizBank(server: TestServer, settings: QuizBankSettings | null): Promise<void> {
  const { db } = server.database;
  const quiz = await defaultCourseQuiz(server);
  const [bank] = await db
    .select({ n: count() })
    .from(schema.quizQuestions)
    .where(eq(schema.quizQuestions.quizId, quiz.id));
  server.app.ctx.random = seededRandom(17);
  await db
    .update(schema.quizzes)
    .set({
      drawCount: settings?.draw ?? null,
      shuffleOptions: settings?.shuffleOptions ?? false,
      totalQuestions: Math.min(settings?.draw ?? bank!.n, bank!.n),
    })
    .where(eq(schema.quizzes.id, quiz.id));
}

/**
 * Rewrites one of the default course's final-quiz questions by a content load of the seed folder
 * with the edit, and answers how to load the folder as it is again.
 */
export async function editQuestion(
  server: TestServer,
  questionId: number,
  edit: { question_text: string; correct_answer: AnswerLetter },
): Promise<() => Promise<void>> {
  const { db } = server.database;
  const [row] = await db.select().from(schema.quizQuestions).where(eq(schema.quizQuestions.id, questionId));
  const content = await readCourse(SEED_COURSE_DIR);
  const quiz = content.quizzes.find((q) => q.kind === 'course')!;
  Object.assign(quiz.questions[row!.questionNumber - 1]!, edit);
  await applyCourse(db, content);
  return async () => {
    await applyCourse(db, await readCourse(SEED_COURSE_DIR));
  };
}
