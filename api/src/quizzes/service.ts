import {
  type AnswerLetter,
  type AnswerResult,
  answerResult,
  answersToGrade,
  attemptErrors,
  type CompletedAttempt,
  checkAnswerable,
  checkQuestionId,
  gradeQuiz,
  messages,
  type Quiz,
  type QuizAttempt,
  type QuizListItem,
  type QuizQuestion,
  type QuizQuestionWithKey,
  type QuizWithQuestions,
  reviewAttempt,
  summarizeQuizAttempts,
} from '@coursekit/core';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { CourseRef } from '../course/structure';
import { type schema as S, schema } from '../db/index';
import { fail } from '../http/errors';

const { quizzes, quizQuestions, quizAttempts } = schema;
type QuestionRow = typeof S.quizQuestions.$inferSelect;
type AttemptRow = typeof S.quizAttempts.$inferSelect;

export const toQuiz = (row: typeof quizzes.$inferSelect): Quiz => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  description: row.description,
  total_questions: row.totalQuestions,
  passing_score: row.passingScore,
  created_at: row.createdAt.toISOString(),
});

const toQuestion = (row: QuestionRow): QuizQuestion => ({
  id: row.id,
  quiz_id: row.quizId,
  question_number: row.questionNumber,
  question_text: row.questionText,
  option_a: row.optionA,
  option_b: row.optionB,
  option_c: row.optionC,
  option_d: row.optionD,
});

export const toAttempt = (row: AttemptRow): QuizAttempt => ({
  id: row.id,
  user_id: row.userId,
  quiz_id: row.quizId,
  score: row.score,
  total_questions: row.totalQuestions,
  percentage: row.percentage,
  passed: row.passed,
  answers: row.answers,
  started_at: row.startedAt.toISOString(),
  completed_at: row.completedAt?.toISOString() ?? null,
});

const withKey = (row: QuestionRow): QuizQuestionWithKey => ({
  ...toQuestion(row),
  correct_answer: row.correctAnswer,
  explanation: row.explanation,
});

const review = (row: AttemptRow, questions: QuestionRow[]): CompletedAttempt =>
  reviewAttempt(toAttempt(row), questions.map(withKey));

/** The quiz, when it is the course's (any course's for a call by attempt id); else 404. */
async function quizOrFail(ctx: AppContext, quizId: number, course?: CourseRef) {
  const [quiz] = await ctx.db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), course ? eq(quizzes.courseId, course.id) : undefined));
  if (!quiz) throw fail('not_found', messages.quizNotFound);
  return quiz;
}

const questionsOf = (ctx: AppContext, quizId: number) =>
  ctx.db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.questionNumber));

/** The course's quizzes, oldest first, with the learner's summary of each (two statements). */
export async function listQuizzes(
  ctx: AppContext,
  course: CourseRef,
  userId: string,
): Promise<QuizListItem[]> {
  const [quizRows, attempts] = await Promise.all([
    ctx.db
      .select()
      .from(quizzes)
      .where(eq(quizzes.courseId, course.id))
      .orderBy(asc(quizzes.createdAt), asc(quizzes.id)),
    ctx.db
      .select()
      .from(quizAttempts)
      .where(
        and(
          eq(quizAttempts.userId, userId),
          eq(quizAttempts.courseId, course.id),
          isNotNull(quizAttempts.completedAt),
        ),
      ),
  ]);
  return quizRows.map((q) => ({
    quiz: toQuiz(q),
    summary: summarizeQuizAttempts(attempts.filter((a) => a.quizId === q.id).map(toAttempt)),
  }));
}

export async function getQuiz(
  ctx: AppContext,
  course: CourseRef,
  quizId: number,
): Promise<QuizWithQuestions> {
  const quiz = await quizOrFail(ctx, quizId, course);
  const questions = await questionsOf(ctx, quizId);
  if (questions.length === 0) throw fail('not_found', messages.quizNotFound);
  return { quiz: toQuiz(quiz), questions: questions.map(toQuestion) };
}

/** Opens an attempt; an archived course keeps its records but starts none (409). */
export async function startAttempt(
  ctx: AppContext,
  course: CourseRef,
  userId: string,
  quizId: number,
): Promise<QuizAttempt> {
  const quiz = await quizOrFail(ctx, quizId, course);
  if (course.status === 'archived') throw fail('conflict', messages.courseArchived);
  const [{ count } = { count: 0 }] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quiz.id));
  if (count === 0) throw fail('not_found', messages.quizNotFound);
  const [row] = await ctx.db
    .insert(quizAttempts)
    .values({
      userId,
      quizId,
      courseId: course.id,
      totalQuestions: count,
      answers: {},
      startedAt: new Date(ctx.clock.now()),
    })
    .returning();
  return toAttempt(row!);
}

/** The learner's own attempt; anyone else's is simply not found. */
async function ownAttempt(ctx: AppContext, userId: string, attemptId: number) {
  const [row] = await ctx.db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, userId)));
  if (!row) throw attemptErrors.notFound();
  return row;
}

/**
 * Commits one course-quiz answer. The write only happens if the question is still unanswered and
 * the attempt open (one conditional UPDATE), so a second answer — even a concurrent one — is 409.
 */
export async function answerQuestion(
  ctx: AppContext,
  userId: string,
  attemptId: number,
  questionId: number,
  answer: AnswerLetter,
): Promise<AnswerResult> {
  checkQuestionId(questionId);
  const attempt = await ownAttempt(ctx, userId, attemptId);
  checkAnswerable(await quizOrFail(ctx, attempt.quizId));
  const [question] = await ctx.db
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.quizId, attempt.quizId)));
  if (!question) throw attemptErrors.questionNotInQuiz();
  if (attempt.completedAt) throw attemptErrors.alreadyComplete();
  const key = String(questionId);
  const updated = await ctx.db
    .update(quizAttempts)
    .set({ answers: sql`${quizAttempts.answers} || jsonb_build_object(${key}::text, ${answer}::text)` })
    .where(
      and(
        eq(quizAttempts.id, attemptId),
        eq(quizAttempts.userId, userId),
        isNull(quizAttempts.completedAt),
        sql`not (${quizAttempts.answers} ? ${key})`,
      ),
    )
    .returning({ id: quizAttempts.id });
  if (updated.length === 0) throw attemptErrors.alreadyAnswered();
  return answerResult(withKey(question), answer);
}

/**
 * Grades and closes an attempt; the server computes score, percentage and passed. A course quiz is
 * graded from its locked answers (every question must be answered); the pre-assessment from the
 * answers sent here. Anything else in the body is refused by the strict schema.
 */
export async function completeAttempt(
  ctx: AppContext,
  userId: string,
  attemptId: number,
  sent: Record<string, AnswerLetter> | undefined,
): Promise<CompletedAttempt> {
  const attempt = await ownAttempt(ctx, userId, attemptId);
  if (attempt.completedAt) throw attemptErrors.alreadyComplete();
  const quiz = await quizOrFail(ctx, attempt.quizId);
  const questions = await questionsOf(ctx, quiz.id);
  const keys = questions.map((q) => ({ id: q.id, correct_answer: q.correctAnswer }));
  const answers = answersToGrade(quiz, keys, attempt.answers, sent);
  const grade = gradeQuiz(keys, answers, quiz.passingScore);
  const [row] = await ctx.db
    .update(quizAttempts)
    .set({
      answers,
      score: grade.score,
      totalQuestions: grade.total_questions,
      percentage: grade.percentage,
      passed: grade.passed,
      completedAt: new Date(ctx.clock.now()),
    })
    .where(
      and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, userId), isNull(quizAttempts.completedAt)),
    )
    .returning();
  if (!row) throw attemptErrors.alreadyComplete();
  return review(row, questions);
}

/** The learner's completed attempts of a quiz, newest first, with reviews. */
export async function listAttempts(
  ctx: AppContext,
  course: CourseRef,
  userId: string,
  quizId: number,
): Promise<CompletedAttempt[]> {
  await quizOrFail(ctx, quizId, course);
  const [rows, questions] = await Promise.all([
    ctx.db
      .select()
      .from(quizAttempts)
      .where(
        and(
          eq(quizAttempts.userId, userId),
          eq(quizAttempts.quizId, quizId),
          isNotNull(quizAttempts.completedAt),
        ),
      )
      .orderBy(desc(quizAttempts.completedAt), desc(quizAttempts.id)),
    questionsOf(ctx, quizId),
  ]);
  return rows.map((r) => review(r, questions));
}
