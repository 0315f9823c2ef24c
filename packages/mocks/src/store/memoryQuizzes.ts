import {
  type AnswerLetter,
  type AnswerResult,
  answerResult,
  answersToGrade,
  attemptErrors,
  type CompletedAttempt,
  CourseError,
  checkAnswerable,
  checkQuestionId,
  gradeQuiz,
  messages,
  type Quiz,
  type QuizAttempt,
  type QuizKind,
  type QuizListItem,
  type QuizQuestion,
  type QuizQuestionWithKey,
  type QuizWithQuestions,
  reviewAttempt,
  summarizeQuizAttempts,
} from '@coursekit/core';
import { type MemoryTables, now } from './memoryTables';

/** A question as a learner receives it: without its key, its explanation or the module it is about. */
const publicQuestion = ({
  correct_answer: _c,
  explanation: _e,
  module_id: _m,
  ...q
}: QuizQuestionWithKey & { module_id?: number | null }): QuizQuestion => q;

/**
 * Quizzes and attempts (learner §4): what may be answered, what is stored and how a review reads
 * are core's rules (rules/quizAttempt.ts), as on the reference API; grades are core's gradeQuiz.
 */
export function memoryQuizzes(tables: MemoryTables) {
  const { quizzes, attempts, questionsOf, nextId } = tables;

  function quizOf(quizId: number): Quiz {
    const quiz = quizzes.find((q) => q.id === quizId);
    if (!quiz) throw new CourseError('not_found', messages.quizNotFound);
    return quiz;
  }
  /** The learner's own attempt; anyone else's is simply not found. */
  function ownAttempt(userId: string, attemptId: number): QuizAttempt {
    const attempt = attempts.find((a) => a.id === attemptId && a.user_id === userId);
    if (!attempt) throw attemptErrors.notFound();
    return attempt;
  }
  const review = (attempt: QuizAttempt): CompletedAttempt =>
    reviewAttempt(attempt, questionsOf(attempt.quiz_id));

  /** Scores and closes an attempt on the answers it holds. */
  function grade(attempt: QuizAttempt, at = now()): CompletedAttempt {
    const quiz = quizOf(attempt.quiz_id);
    Object.assign(attempt, gradeQuiz(questionsOf(quiz.id), attempt.answers, quiz.passing_score), {
      completed_at: at,
    });
    return review(attempt);
  }

  const quizzesPart = {
    quizList(userId: string): QuizListItem[] {
      return [...quizzes]
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .map((quiz) => ({
          quiz: { ...quiz },
          summary: summarizeQuizAttempts(
            attempts.filter((a) => a.user_id === userId && a.quiz_id === quiz.id),
          ),
        }));
    },
    quiz(quizId: number): QuizWithQuestions {
      const quiz = quizOf(quizId);
      const list = questionsOf(quizId);
      if (list.length === 0) throw new CourseError('not_found', messages.quizNotFound);
      return { quiz: { ...quiz }, questions: list.map(publicQuestion) };
    },
    startAttempt(userId: string, quizId: number): QuizAttempt {
      const quiz = quizOf(quizId);
      const total = questionsOf(quiz.id).length;
      if (total === 0) throw new CourseError('not_found', messages.quizNotFound);
      const attempt: QuizAttempt = {
        id: nextId(),
        user_id: userId,
        quiz_id: quiz.id,
        score: 0,
        total_questions: total,
        percentage: 0,
        passed: false,
        answers: {},
        started_at: now(),
        completed_at: null,
      };
      attempts.push(attempt);
      return { ...attempt, answers: {} };
    },
    /** A course-quiz answer, locked once given; the key is revealed only then. */
    answer(userId: string, attemptId: number, questionId: number, letter: AnswerLetter): AnswerResult {
      checkQuestionId(questionId);
      const attempt = ownAttempt(userId, attemptId);
      checkAnswerable(quizOf(attempt.quiz_id));
      const question = questionsOf(attempt.quiz_id).find((q) => q.id === questionId);
      if (!question) throw attemptErrors.questionNotInQuiz();
      if (attempt.completed_at !== null) throw attemptErrors.alreadyComplete();
      if (attempt.answers[String(questionId)] !== undefined) throw attemptErrors.alreadyAnswered();
      attempt.answers[String(questionId)] = letter;
      return answerResult(question, letter);
    },
    /** Grades on the locked answers (course quiz) or the answers sent here (pre-assessment). */
    complete(userId: string, attemptId: number, sent?: Record<string, AnswerLetter>): CompletedAttempt {
      const attempt = ownAttempt(userId, attemptId);
      if (attempt.completed_at !== null) throw attemptErrors.alreadyComplete();
      const quiz = quizOf(attempt.quiz_id);
      attempt.answers = answersToGrade(quiz, questionsOf(quiz.id), attempt.answers, sent);
      return grade(attempt);
    },
    /** The learner's completed attempts of a quiz, newest first, with reviews. */
    attempts(userId: string, quizId: number): CompletedAttempt[] {
      quizOf(quizId);
      return attempts
        .filter((a) => a.user_id === userId && a.quiz_id === quizId && a.completed_at !== null)
        .sort((a, b) => b.completed_at!.localeCompare(a.completed_at!) || b.id - a.id)
        .map((a) => review({ ...a }));
    },

    /**
     * A seed's completed attempt, dated in the past: the first `correct` answers right, the rest
     * wrong, stored as the attempt would store them (letters, or the pre-assessment's objects).
     */
    seedCompletedAttempt(
      userId: string,
      kind: QuizKind,
      correct: number,
      dates: { started: string; completed: string },
    ): void {
      const quiz = quizzes.find((q) => q.kind === kind);
      if (!quiz) return;
      const started = quizzesPart.startAttempt(userId, quiz.id);
      const stored = attempts.find((a) => a.id === started.id)!;
      stored.started_at = dates.started;
      const keys = questionsOf(quiz.id);
      const letters = Object.fromEntries(
        keys.map((q, i): [string, AnswerLetter] => [
          String(q.id),
          i < correct ? q.correct_answer : q.correct_answer === 'A' ? 'B' : 'A',
        ]),
      );
      stored.answers = kind === 'pre_assessment' ? answersToGrade(quiz, keys, {}, letters) : { ...letters };
      grade(stored, dates.completed);
    },
  };
  return quizzesPart;
}
