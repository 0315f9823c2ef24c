import {
  type AnswerLetter,
  type AnswerResult,
  type AttemptQuestion,
  answerResult,
  answersToGrade,
  attemptErrors,
  attemptQuestions,
  type CompletedAttempt,
  CourseError,
  checkAnswerable,
  checkQuestionId,
  DRAW_ALL,
  drawAttempt,
  gradeQuiz,
  messages,
  publicQuestion,
  type Quiz,
  type QuizAttempt,
  type QuizBankSettings,
  type QuizKind,
  type QuizListItem,
  type QuizQuestionWithKey,
  type QuizWithQuestions,
  reviewAttempt,
  shownQuestions,
  summarizeQuizAttempts,
} from '@coursekit/core';
import type { MemoryQuestion } from '../buildCourse';
import { type MemoryTables, now } from './memoryTables';

/**
 * Quizzes and attempts (learner §4): what may be answered, what is stored and how a review reads
 * are core's rules (rules/quizAttempt.ts), as on the reference API; grades are core's gradeQuiz.
 */
export function memoryQuizzes(tables: MemoryTables) {
  const { quizzes, attempts, questionsOf, nextId, draws, quizBanks: banks } = tables;
  /** Every version of every question, by `${id}:${version}` (an attempt reads the version it was given). */
  const versions = new Map<string, MemoryQuestion>(
    tables.questions.map((q) => [`${q.id}:${q.version ?? 1}`, { ...q }]),
  );
  let random: () => number = Math.random;

  /** The questions an attempt showed, as the versions it was given, in the order shown. */
  function questionsOfAttempt(attempt: QuizAttempt): AttemptQuestion[] {
    const draw =
      draws.get(attempt.id) ??
      drawAttempt(
        questionsOf(attempt.quiz_id).map((q) => ({ id: q.id, version: q.version ?? 1 })),
        DRAW_ALL,
      );
    return attemptQuestions(draw, (id, version) => versions.get(`${id}:${version}`));
  }

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
    reviewAttempt(attempt, questionsOfAttempt(attempt));

  /** Scores and closes an attempt on the answers it holds. */
  function grade(attempt: QuizAttempt, at = now()): CompletedAttempt {
    const quiz = quizOf(attempt.quiz_id);
    Object.assign(attempt, gradeQuiz(questionsOfAttempt(attempt), attempt.answers, quiz.passing_score), {
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
      return { quiz: { ...quiz }, questions: list.map((q) => publicQuestion(q)) };
    },
    startAttempt(userId: string, quizId: number): QuizAttempt {
      const quiz = quizOf(quizId);
      const bank = questionsOf(quiz.id);
      if (bank.length === 0) throw new CourseError('not_found', messages.quizNotFound);
      const draw = drawAttempt(
        bank.map((q) => ({ id: q.id, version: q.version ?? 1 })),
        banks.get(quiz.id) ?? DRAW_ALL,
        random,
      );
      const attempt: QuizAttempt = {
        id: nextId(),
        user_id: userId,
        quiz_id: quiz.id,
        score: 0,
        total_questions: draw.length,
        percentage: 0,
        passed: false,
        answers: {},
        started_at: now(),
        completed_at: null,
      };
      attempts.push(attempt);
      draws.set(attempt.id, draw);
      return { ...attempt, answers: {}, questions: shownQuestions(questionsOfAttempt(attempt)) };
    },
    /** A course-quiz answer, locked once given; the key is revealed only then. */
    answer(userId: string, attemptId: number, questionId: number, letter: AnswerLetter): AnswerResult {
      checkQuestionId(questionId);
      const attempt = ownAttempt(userId, attemptId);
      checkAnswerable(quizOf(attempt.quiz_id));
      // Only a question this attempt drew, read as the version it was given.
      const question = questionsOfAttempt(attempt).find((q) => q.id === questionId);
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
      attempt.answers = answersToGrade(quiz, questionsOfAttempt(attempt), attempt.answers, sent);
      return grade(attempt);
    },

    /**
     * Question banks, as a course.json would set them: the quiz draws `draw` of its
     * questions per attempt, options shuffled or not; null is every question, A-D. `random` is the
     * source the draws use (tests pass core's seededRandom).
     */
    setQuizBank(quizId: number, settings: QuizBankSettings | null, source?: () => number): void {
      const quiz = quizOf(quizId);
      const bank = questionsOf(quizId).length;
      if (settings) banks.set(quizId, settings);
      else banks.delete(quizId);
      quiz.total_questions = Math.min(settings?.draw ?? bank, bank);
      if (source) random = source;
    },
    /**
     * An author's edit of a question (its text and key), as a content load makes it: a new version;
     * attempts given an earlier version keep reading theirs.
     */
    editQuestion(
      questionId: number,
      edit: Partial<Pick<QuizQuestionWithKey, 'question_text' | 'correct_answer'>>,
    ): void {
      const question = tables.questions.find((q) => q.id === questionId);
      if (!question) throw attemptErrors.questionNotInQuiz();
      Object.assign(question, edit, { version: (question.version ?? 1) + 1 });
      versions.set(`${question.id}:${question.version}`, { ...question });
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
      const keys = questionsOfAttempt(started);
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
