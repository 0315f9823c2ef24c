import type { QuizBankSettings } from '../rules/quizBank';
import type {
  AnswerLetter,
  DrawnQuestion,
  Quiz,
  QuizAttempt,
  QuizQuestionWithKey,
  StoredAnswer,
} from '../schemas/entities';

/** What completing an attempt writes: the answers it is graded on, the grade and the closing time. */
export type AttemptGrade = Pick<
  QuizAttempt,
  'answers' | 'score' | 'total_questions' | 'percentage' | 'passed' | 'completed_at'
>;

/**
 * What a backend stores and reads for one learner-facing course so that core's attempt flow
 * (createAttemptFlow) can run on it: quizzes and their banks, question versions, attempts with
 * their draws, and what test-out reads. Every member answers synchronously and decides nothing:
 * which call fails, in which order and with which words is the flow's. The mocks' store and an LMS
 * package's state implement it in memory; the reference API runs the same sequence in SQL
 * (api/src/quizzes/service.ts), and the adapter conformance suite proves the three agree.
 */
export interface AttemptStorage {
  /** The quiz by id when this course holds it; undefined answers "quiz not found". */
  quiz(quizId: number): Quiz | undefined;
  /**
   * The course's quizzes in the order the quiz list shows them (oldest first); the flow lists them
   * with each one's summary.
   */
  quizzes(): readonly Quiz[];
  /** The quiz's question bank in question order: each question's id and current version. */
  bank(quizId: number): ReadonlyArray<{ id: number; version: number }>;
  /** How the quiz draws from its bank (core's DRAW_ALL: every question, options A-D). */
  bankSettings(quizId: number): QuizBankSettings;
  /**
   * One question as the given version, with its key and explanation; undefined when the store no
   * longer holds that version (a broken store: the flow throws).
   */
  questionVersion(questionId: number, version: number): QuizQuestionWithKey | undefined;
  /**
   * Whether the course is archived: its records stay readable, but no attempt starts. Absent: the
   * backend cannot archive a course (an LMS package), so it never is.
   */
  archived?(): boolean;
  /**
   * Stores a new open attempt with what it drew and answers it as stored, with its new id. The
   * flow reads the draw back through `draw` for every later call on the attempt.
   */
  insertAttempt(attempt: Omit<QuizAttempt, 'id'>, draw: readonly DrawnQuestion[]): QuizAttempt;
  /** The learner's attempt by id, open or completed; someone else's is undefined, as an unknown one. */
  attempt(userId: string, attemptId: number): QuizAttempt | undefined;
  /**
   * What the attempt drew, in the order shown. Undefined for an attempt stored without its draw (a
   * seed's): the flow reads it as every question of its quiz at its current version, options A-D.
   */
  draw(attemptId: number): readonly DrawnQuestion[] | undefined;
  /** Locks one answer of an open attempt (the flow has checked the question is drawn and unanswered). */
  saveAnswer(attempt: QuizAttempt, questionId: number, answer: StoredAnswer): void;
  /** Closes an open attempt with its grade; answers the attempt as stored after the write. */
  saveCompleted(attempt: QuizAttempt, grade: AttemptGrade): QuizAttempt;
  /** The learner's completed attempts of every quiz of the course, in the order they were stored. */
  completedAttempts(userId: string): readonly QuizAttempt[];
  /**
   * Each module's test-out threshold in percent (core's moduleTestOutScore); null, or a module left
   * out: that module cannot be tested out. Absent: the course has test-out off.
   */
  testOutScores?(): ReadonlyArray<{ id: number; test_out_score: number | null }>;
  /**
   * The course's quiz questions (current versions) with their keys and the module each is about;
   * test-out grades the latest pre-assessment against them. Needed only with `testOutScores`.
   */
  moduleQuestions?(): ReadonlyArray<{
    id: number;
    quiz_id: number;
    module_id: number | null;
    correct_answer: AnswerLetter;
  }>;
}
