import type { AnswerLetter } from '@coursekit/core';

/** One completed quiz attempt as a package keeps it: enough to show it, grade it and review it. */
export interface KeptAttempt {
  /** The quiz's stable key in the bundle ('pre_assessment.0', 'course.0'). */
  quizKey: string;
  startedAt: string;
  completedAt: string;
  /** The answer given to each question, by question number. */
  answers: Record<number, AnswerLetter>;
  /**
   * The option order each question was shown in (option ids, e.g. 'CADB'), by question number, when
   * its quiz shuffles options. A drawn attempt's questions are the ones it answered.
   */
  orders?: Record<number, string>;
  /** As graded when completed, so a later version of the course does not rewrite history. */
  score: number;
  total: number;
  passed: boolean;
}

/**
 * Everything a learner has done in a package, in the shape the suspend data and the cmi5 state
 * document carry. Lessons are kept by their stable key, attempts by quiz key and question number,
 * so saved state outlives ids that change between exports.
 */
export interface LearnerState {
  /** Completed lessons in the order they were completed. */
  lessons: Array<{ key: string; at: string }>;
  /** Completed attempts kept in full, oldest first. */
  attempts: KeptAttempt[];
  /** Completed attempts per quiz key that are no longer kept in full (they still count). */
  earlierAttempts: Record<string, number>;
}

export const emptyLearnerState = (): LearnerState => ({ lessons: [], attempts: [], earlierAttempts: {} });
