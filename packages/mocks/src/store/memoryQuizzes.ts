import {
  type AnswerLetter,
  type AnswerResult,
  attemptErrors,
  type CompletedAttempt,
  type QuizAttempt,
  type QuizBankSettings,
  type QuizKind,
  type QuizListItem,
  type QuizQuestionWithKey,
  type QuizWithQuestions,
} from '@coursekit/core';
import type { MemoryAttemptFlow } from './memoryAttemptFlow';
import type { MemoryTables } from './memoryTables';

/**
 * Quizzes and attempts (learner §4) on a memory store: core's attempt flow (createAttemptFlow) over
 * the store's rows, as on the reference API; what is here is what a course.json or a content load
 * would change (question banks, an edited question) and the seeds' past attempts.
 */
export function memoryQuizzes(tables: MemoryTables, attemptFlow: MemoryAttemptFlow) {
  const { quizzes, attempts, questionsOf, quizBanks: banks } = tables;
  const { flow } = attemptFlow;

  const quizzesPart = {
    quizList: (userId: string): QuizListItem[] => flow.list(userId),
    quiz: (quizId: number): QuizWithQuestions => flow.quiz(quizId),
    startAttempt: (userId: string, quizId: number): QuizAttempt => flow.start(userId, quizId),
    /** A course-quiz answer, locked once given; the key is revealed only then. */
    answer: (userId: string, attemptId: number, questionId: number, letter: AnswerLetter): AnswerResult =>
      flow.answer(userId, attemptId, questionId, letter),
    /** Grades on the locked answers (course quiz) or the answers sent here (pre-assessment). */
    complete: (userId: string, attemptId: number, sent?: Record<string, AnswerLetter>): CompletedAttempt =>
      flow.complete(userId, attemptId, sent),

    /**
     * Question banks, as a course.json would set them: the quiz draws `draw` of its questions per
     * attempt, options shuffled or not; null is every question, A-D. `random` is the source the
     * draws use (tests pass core's seededRandom).
     */
    setQuizBank(quizId: number, settings: QuizBankSettings | null, source?: () => number): void {
      const quiz = flow.quiz(quizId).quiz;
      const stored = quizzes.find((q) => q.id === quiz.id)!;
      const bank = questionsOf(quizId).length;
      if (settings) banks.set(quizId, settings);
      else banks.delete(quizId);
      stored.total_questions = Math.min(settings?.draw ?? bank, bank);
      if (source) attemptFlow.setRandom(source);
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
      attemptFlow.putVersion(question);
    },
    /** The learner's completed attempts of a quiz, newest first, with reviews. */
    attempts: (userId: string, quizId: number): CompletedAttempt[] => flow.attempts(userId, quizId),

    /**
     * A seed's completed attempt, dated in the past: the first `correct` answers right, the rest
     * wrong, taken as a learner takes it (letters locked one by one, or the pre-assessment's sent).
     */
    seedCompletedAttempt(
      userId: string,
      kind: QuizKind,
      correct: number,
      dates: { started: string; completed: string },
    ): void {
      const quiz = quizzes.find((q) => q.kind === kind);
      if (!quiz) return;
      const started = flow.start(userId, quiz.id);
      const stored = attempts.find((a) => a.id === started.id)!;
      stored.started_at = dates.started;
      const keys = flow.questionsOf(started);
      const letters = Object.fromEntries(
        keys.map((q, i): [string, AnswerLetter] => [
          String(q.id),
          i < correct ? q.correct_answer : q.correct_answer === 'A' ? 'B' : 'A',
        ]),
      );
      if (kind === 'course') stored.answers = { ...letters };
      flow.complete(userId, stored.id, kind === 'pre_assessment' ? letters : undefined, dates.completed);
    },
  };
  return quizzesPart;
}
