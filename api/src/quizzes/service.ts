import {
  type AnswerLetter,
  type AnswerResult,
  type AttemptQuestion,
  answerResult,
  answersToGrade,
  attemptErrors,
  attemptQuestions,
  type CompletedAttempt,
  checkAnswerable,
  checkQuestionId,
  drawAttempt,
  gradeQuiz,
  messages,
  publicQuestion,
  type Quiz,
  type QuizAttempt,
  type QuizListItem,
  type QuizQuestion,
  type QuizQuestionWithKey,
  type QuizWithQuestions,
  reviewAttempt,
  shownQuestions,
  summarizeQuizAttempts,
} from '@coursekit/core';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { CourseRef } from '../course/structure';
import { type schema as S, schema } from '../db/index';
import { fail } from '../http/errors';
import { attemptStatements } from './attemptStatements';
import { courseQuizzes, structureVersionOf } from './bankCache';

const { quizzes, quizQuestions, quizAttempts, quizQuestionVersions } = schema;
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

const toQuestion = (row: QuestionRow): QuizQuestion => publicQuestion(withKey(row));

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

const withKey = (row: QuestionRow): QuizQuestionWithKey & { version: number } => ({
  id: row.id,
  quiz_id: row.quizId,
  question_number: row.questionNumber,
  version: row.version,
  question_text: row.questionText,
  option_a: row.optionA,
  option_b: row.optionB,
  option_c: row.optionC,
  option_d: row.optionD,
  correct_answer: row.correctAnswer,
  explanation: row.explanation,
});

/**
 * The questions of these attempts, each as the version its attempt was given (one statement):
 * review and grading read what the learner saw, never today's bank.
 */
async function questionsOfAttempts(
  ctx: AppContext,
  rows: readonly AttemptRow[],
): Promise<Map<number, AttemptQuestion[]>> {
  const ids = [...new Set(rows.flatMap((r) => r.questions.map((q) => q.question_id)))];
  const versions = ids.length
    ? await ctx.db.select().from(quizQuestionVersions).where(inArray(quizQuestionVersions.questionId, ids))
    : [];
  const byKey = new Map(versions.map((v) => [`${v.questionId}:${v.version}`, v]));
  const versionOf = (questionId: number, version: number): QuizQuestionWithKey | undefined => {
    const v = byKey.get(`${questionId}:${version}`);
    if (!v) return undefined;
    // The version's content less what review does not show (its module and objectives).
    const { module_id: _module, objectives: _objectives, ...question } = v.content;
    return { id: questionId, quiz_id: v.quizId, ...question };
  };
  return new Map(rows.map((r) => [r.id, attemptQuestions(r.questions, versionOf)]));
}

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

/**
 * Opens an attempt; an archived course keeps its records but starts none (409). Two statements: the
 * course's structure_version, and the insert; the bank and its questions' versions come from this
 * instance's copy of that version (bankCache.ts).
 */
export async function startAttempt(
  ctx: AppContext,
  course: CourseRef,
  userId: string,
  quizId: number,
): Promise<QuizAttempt> {
  const cached = await courseQuizzes(ctx, course.id, await structureVersionOf(ctx, course.id));
  const entry = cached.quizzes.get(quizId);
  if (!entry) throw fail('not_found', messages.quizNotFound);
  if (course.status === 'archived') throw fail('conflict', messages.courseArchived);
  const { quiz, bank } = entry;
  if (bank.length === 0) throw fail('not_found', messages.quizNotFound);
  const draw = drawAttempt(
    bank,
    { draw: quiz.drawCount, shuffleOptions: quiz.shuffleOptions },
    ctx.random ?? Math.random,
  );
  const [row] = await ctx.db
    .insert(quizAttempts)
    .values({
      userId,
      quizId,
      courseId: course.id,
      totalQuestions: draw.length,
      answers: {},
      questions: draw,
      startedAt: new Date(ctx.clock.now()),
    })
    .returning();
  return {
    ...toAttempt(row!),
    questions: shownQuestions(attemptQuestions(row!.questions, cached.versionOf)),
  };
}

/**
 * The learner's own attempt (anyone else's is simply not found), with its course's quizzes as of
 * the structure_version read in the same statement.
 */
async function ownAttempt(ctx: AppContext, userId: string, attemptId: number) {
  const [found] = await attemptStatements(ctx.db).ownAttempt.execute({ attemptId, userId });
  if (!found) throw attemptErrors.notFound();
  const cached = await courseQuizzes(ctx, found.row.courseId, found.version ?? '');
  const quiz = cached.quizzes.get(found.row.quizId)?.quiz;
  if (!quiz) throw fail('not_found', messages.quizNotFound);
  return { attempt: found.row, quiz, versionOf: cached.versionOf };
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
  const { attempt, quiz, versionOf } = await ownAttempt(ctx, userId, attemptId);
  checkAnswerable(quiz);
  // Only a question this attempt drew, read as the version it was given.
  const drawn = attempt.questions.find((q) => q.question_id === questionId);
  const question = drawn ? attemptQuestions([drawn], versionOf)[0] : undefined;
  if (!question) throw attemptErrors.questionNotInQuiz();
  if (attempt.completedAt) throw attemptErrors.alreadyComplete();
  const key = String(questionId);
  const updated = await attemptStatements(ctx.db).lockAnswer.execute({ attemptId, userId, key, answer });
  if (updated.length === 0) throw attemptErrors.alreadyAnswered();
  return answerResult(question, answer);
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
  const { attempt, quiz, versionOf } = await ownAttempt(ctx, userId, attemptId);
  if (attempt.completedAt) throw attemptErrors.alreadyComplete();
  const questions = attemptQuestions(attempt.questions, versionOf);
  const keys = questions.map((q) => ({ id: q.id, correct_answer: q.correct_answer }));
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
  return reviewAttempt(toAttempt(row), questions);
}

/** The learner's completed attempts of a quiz, newest first, with reviews. */
export async function listAttempts(
  ctx: AppContext,
  course: CourseRef,
  userId: string,
  quizId: number,
): Promise<CompletedAttempt[]> {
  await quizOrFail(ctx, quizId, course);
  const rows = await ctx.db
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.quizId, quizId),
        isNotNull(quizAttempts.completedAt),
      ),
    )
    .orderBy(desc(quizAttempts.completedAt), desc(quizAttempts.id));
  const questions = await questionsOfAttempts(ctx, rows);
  return rows.map((r) => reviewAttempt(toAttempt(r), questions.get(r.id)!));
}
