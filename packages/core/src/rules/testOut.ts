import type { AnswerLetter, Quiz, QuizAttempt, StoredAnswer } from '../schemas/entities';
import { gradeQuiz, latestAttempt } from './quiz';

// Test-out: a course may let a learner skip what they already know. The pre-assessment's
// questions each belong to a module (the quiz file they come from); a learner whose latest
// pre-assessment has a module's questions right at or above that module's threshold has "tested
// out" of it. What that changes (unlocking, next lesson, targets, completion) is summarizeProgress's.

/** course.json's `testOut`: whether the course allows it, and the threshold its modules share. */
export interface TestOutSetting {
  enabled: boolean;
  /** Percent of a module's pre-assessment questions answered right to test out of it. */
  passingScore: number;
}

/**
 * A module's test-out threshold in percent, or null when it cannot be tested out: the course's
 * `passingScore`, unless the module sets its own `testOutScore` (a module with one or two questions
 * usually wants a different bar than one with ten). Off, or no setting at all: null for every module.
 */
export function moduleTestOutScore(
  setting: TestOutSetting | undefined,
  module: { testOutScore?: number | undefined },
): number | null {
  if (!setting?.enabled) return null;
  return module.testOutScore ?? setting.passingScore;
}

export interface TestOutInput {
  /** Each module's threshold (moduleTestOutScore); null: that module cannot be tested out. */
  modules: ReadonlyArray<{ id: number; test_out_score: number | null }>;
  quizzes: ReadonlyArray<Pick<Quiz, 'id' | 'kind'>>;
  /**
   * Questions with their keys and the module each is about; only the pre-assessment's count (a
   * question without a module counts for none).
   */
  questions: ReadonlyArray<{
    id: number;
    quiz_id: number;
    module_id: number | null;
    correct_answer: AnswerLetter;
  }>;
  /** The learner's attempts; the pre-assessment's need their answers as stored. */
  attempts: ReadonlyArray<
    Pick<QuizAttempt, 'quiz_id' | 'completed_at'> & {
      answers?: Readonly<Record<string, StoredAnswer>> | null | undefined;
      /**
       * The question ids the attempt drew, when its quiz draws from a bank: only those
       * count, so a question the learner was never shown is not held against them. Absent: all.
       */
      asked?: readonly number[] | null | undefined;
    }
  >;
}

/**
 * The modules a learner tested out of. Only the latest completed pre-assessment counts (a retake
 * that does worse takes a module back), graded as every quiz is (gradeQuiz: the letter chosen
 * against the question's key, passed at or above the threshold, compared in integers). A module
 * without pre-assessment questions never tests out, nor one whose questions a drawn attempt did not ask.
 */
export function testedOutModules(input: TestOutInput): Set<number> {
  const thresholds = input.modules.filter((m) => m.test_out_score !== null);
  const tested = new Set<number>();
  if (thresholds.length === 0) return tested;
  const preAssessments = new Set(input.quizzes.filter((q) => q.kind === 'pre_assessment').map((q) => q.id));
  const latest = latestAttempt(input.attempts.filter((a) => preAssessments.has(a.quiz_id)));
  if (!latest?.answers) return tested;
  const drawn = latest.asked ? new Set(latest.asked) : null;
  const asked = input.questions.filter((q) => q.quiz_id === latest.quiz_id && (!drawn || drawn.has(q.id)));
  for (const m of thresholds) {
    const own = asked.filter((q) => q.module_id === m.id);
    if (gradeQuiz(own, latest.answers, m.test_out_score!).passed) tested.add(m.id);
  }
  return tested;
}
