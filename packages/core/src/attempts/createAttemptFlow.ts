import { CourseError } from '../errors';
import { messages } from '../messages';
import { gradeQuiz, summarizeQuizAttempts } from '../rules/quiz';
import {
  answerResult,
  answersToGrade,
  attemptErrors,
  checkAnswerable,
  checkQuestionId,
  reviewAttempt,
} from '../rules/quizAttempt';
import {
  type AttemptQuestion,
  attemptQuestions,
  DRAW_ALL,
  drawAttempt,
  publicQuestion,
  type RandomSource,
  shownQuestions,
} from '../rules/quizBank';
import { testedOutModules } from '../rules/testOut';
import type { QuizListItem } from '../schemas/derived';
import type {
  AnswerLetter,
  AnswerResult,
  CompletedAttempt,
  Quiz,
  QuizAttempt,
  QuizWithQuestions,
} from '../schemas/entities';
import type { AttemptStorage } from './AttemptStorage';

export interface AttemptFlowOptions {
  /** The time of a write, as an ISO string (a backend may round it, or keep writes apart). */
  now: () => string;
  /** Where draws and option orders come from; Math.random when absent (tests pass seededRandom). */
  random?: RandomSource;
}

/**
 * A learner's quizzes on one course, written once for every backend that keeps its data in memory
 * (the mocks, an LMS package): list a quiz, start an attempt (drawn from the quiz's bank), lock an
 * answer, complete (graded by core's rules), list the completed attempts with their reviews, and
 * which modules the learner tested out of. The storage only stores and reads; the checks, their
 * order and their texts are here, as the reference API runs them in SQL.
 */
export type AttemptFlow = ReturnType<typeof createAttemptFlow>;

export function createAttemptFlow(storage: AttemptStorage, options: AttemptFlowOptions) {
  const random: RandomSource = () => (options.random ?? Math.random)();

  function quizOf(quizId: number): Quiz {
    const quiz = storage.quiz(quizId);
    if (!quiz) throw new CourseError('not_found', messages.quizNotFound);
    return quiz;
  }

  function ownAttempt(userId: string, attemptId: number): QuizAttempt {
    const attempt = storage.attempt(userId, attemptId);
    if (!attempt) throw attemptErrors.notFound();
    return attempt;
  }

  /** The questions an attempt showed, in the order shown, each as the version it was given. */
  function questionsOf(attempt: Pick<QuizAttempt, 'id' | 'quiz_id'>): AttemptQuestion[] {
    const draw = storage.draw(attempt.id) ?? drawAttempt(storage.bank(attempt.quiz_id), DRAW_ALL);
    return attemptQuestions(draw, (id, version) => storage.questionVersion(id, version));
  }

  /** A completed attempt with its review (a copy: the caller may keep it). */
  function review(attempt: QuizAttempt): CompletedAttempt {
    return reviewAttempt({ ...attempt, answers: { ...attempt.answers } }, questionsOf(attempt));
  }

  const completedOf = (userId: string, quizId: number) =>
    storage.completedAttempts(userId).filter((a) => a.quiz_id === quizId);

  return {
    questionsOf,
    review,

    /** The course's quizzes with the learner's summary of each. */
    list(userId: string): QuizListItem[] {
      return storage.quizzes().map((quiz) => ({
        quiz: { ...quiz },
        summary: summarizeQuizAttempts(completedOf(userId, quiz.id)),
      }));
    },

    /** A quiz and its bank as a learner receives it (no keys); a quiz without questions is not found. */
    quiz(quizId: number): QuizWithQuestions {
      const quiz = quizOf(quizId);
      const questions = storage.bank(quizId).map((q) => storage.questionVersion(q.id, q.version)!);
      if (questions.length === 0) throw new CourseError('not_found', messages.quizNotFound);
      return { quiz: { ...quiz }, questions: questions.map((q) => publicQuestion(q)) };
    },

    /**
     * Opens an attempt: the quiz must be the course's (404), the course not archived (409: its
     * records are kept, no new attempt starts), the bank not empty (404). The attempt stores its
     * draw, so review and grading read what it showed.
     */
    start(userId: string, quizId: number): QuizAttempt {
      const quiz = quizOf(quizId);
      if (storage.archived?.()) throw new CourseError('conflict', messages.courseArchived);
      const bank = storage.bank(quiz.id);
      if (bank.length === 0) throw new CourseError('not_found', messages.quizNotFound);
      const draw = drawAttempt(bank, storage.bankSettings(quiz.id), random);
      const attempt = storage.insertAttempt(
        {
          user_id: userId,
          quiz_id: quiz.id,
          score: 0,
          total_questions: draw.length,
          percentage: 0,
          passed: false,
          answers: {},
          started_at: options.now(),
          completed_at: null,
        },
        draw,
      );
      return { ...attempt, answers: {}, questions: shownQuestions(questionsOf(attempt)) };
    },

    /**
     * Locks one course-quiz answer and only then reveals the key. Checked in this order: a valid
     * question id, the learner's own attempt, a course quiz (the pre-assessment answers on
     * complete), a question the attempt drew, an open attempt, an unanswered question.
     */
    answer(userId: string, attemptId: number, questionId: number, letter: AnswerLetter): AnswerResult {
      checkQuestionId(questionId);
      const attempt = ownAttempt(userId, attemptId);
      checkAnswerable(quizOf(attempt.quiz_id));
      const question = questionsOf(attempt).find((q) => q.id === questionId);
      if (!question) throw attemptErrors.questionNotInQuiz();
      if (attempt.completed_at !== null) throw attemptErrors.alreadyComplete();
      if (attempt.answers[String(questionId)] !== undefined) throw attemptErrors.alreadyAnswered();
      storage.saveAnswer(attempt, questionId, letter);
      return answerResult(question, letter);
    },

    /**
     * Grades and closes an attempt: a course quiz on its locked answers (every question answered),
     * the pre-assessment on the answers sent here. `at` dates a seed's attempt in the past.
     */
    complete(
      userId: string,
      attemptId: number,
      sent?: Record<string, AnswerLetter>,
      at: string = options.now(),
    ): CompletedAttempt {
      const attempt = ownAttempt(userId, attemptId);
      if (attempt.completed_at !== null) throw attemptErrors.alreadyComplete();
      const quiz = quizOf(attempt.quiz_id);
      const asked = questionsOf(attempt);
      const answers = answersToGrade(quiz, asked, attempt.answers, sent);
      const grade = gradeQuiz(asked, answers, quiz.passing_score);
      return review(storage.saveCompleted(attempt, { ...grade, answers, completed_at: at }));
    },

    /** The learner's completed attempts of a quiz, newest first, with reviews. */
    attempts(userId: string, quizId: number): CompletedAttempt[] {
      quizOf(quizId);
      return [...completedOf(userId, quizId)]
        .sort((a, b) => b.completed_at!.localeCompare(a.completed_at!) || b.id - a.id)
        .map(review);
    },

    /**
     * The modules the learner tested out of (core's testedOutModules): none with test-out off. A
     * drawn pre-assessment counts only the questions it asked.
     */
    testedOut(userId: string): Set<number> {
      const scores = storage.testOutScores?.() ?? [];
      if (!scores.some((m) => m.test_out_score !== null)) return new Set();
      return testedOutModules({
        modules: scores,
        quizzes: storage.quizzes(),
        questions: storage.moduleQuestions?.() ?? [],
        attempts: storage.completedAttempts(userId).map((a) => ({
          ...a,
          asked: storage.bankSettings(a.quiz_id).draw
            ? storage.draw(a.id)?.map((d) => d.question_id)
            : undefined,
        })),
      });
    },
  };
}
