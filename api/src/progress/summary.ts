import {
  type ProgressRef,
  type ProgressSummary,
  type StoredAnswer,
  summarizeProgress,
  testedOutModules,
} from '@coursekit/core';
import type { CourseStructure } from '../course/structure';

/** A completed attempt as a progress read brings it (ATTEMPT_JSON). */
export interface AttemptJson {
  quiz_id: number;
  passed: boolean;
  completed_at: string | null;
  /** Only a pre-assessment's, and only in a course with test-out on: null otherwise. */
  answers: Record<string, StoredAnswer> | null;
  /** With `answers`, when the quiz draws from a bank: the question ids the attempt drew. */
  asked?: number[] | null;
}

/**
 * A completed attempt of `a` (quiz_attempts) joined with its quiz `q`, as JSON. Test-out grades the
 * pre-assessment's answers, so those come along when the course has a module to test out of; no
 * other attempt's answers do, so a course with test-out off reads what it always read.
 */
export const ATTEMPT_JSON = `json_build_object('quiz_id', a.quiz_id, 'passed', a.passed, 'completed_at', a.completed_at,
  'answers', case when q.kind = 'pre_assessment' and exists (select 1 from modules m
    where m.course_id = a.course_id and m.test_out_score is not null) then a.answers end,
  'asked', case when q.kind = 'pre_assessment' and q.draw_count is not null and exists (select 1 from modules m
    where m.course_id = a.course_id and m.test_out_score is not null)
    then (select json_agg((d->>'question_id')::int) from jsonb_array_elements(a.questions) d) end)`;

/**
 * Core's summary of a learner's records and completed attempts over a course's cached structure,
 * with the modules the learner tested out of (core's rule, graded against the cached keys).
 */
export function summarizeLearner(
  course: CourseStructure,
  records: ReadonlyArray<ProgressRef>,
  attempts: ReadonlyArray<AttemptJson>,
): ProgressSummary {
  const completed = attempts.map((a) => ({
    ...a,
    completed_at: a.completed_at ? new Date(a.completed_at).toISOString() : null,
  }));
  const testedOut = testedOutModules({
    modules: course.modules,
    quizzes: course.quizzes,
    questions: course.preAssessmentQuestions,
    attempts: completed,
  });
  return summarizeProgress({
    modules: course.modules,
    lessons: course.lessons,
    records,
    quizzes: course.quizzes,
    attempts: completed,
    testedOut,
  });
}
