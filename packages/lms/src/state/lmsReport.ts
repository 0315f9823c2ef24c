import { isPassing, selectedLetter } from '@coursekit/core';
import type { CourseState } from './createCourseState';

/** A result the LMS holds: correct answers of the judged quiz's best attempt. */
export interface LmsScore {
  correct: number;
  total: number;
  /** correct / total, 0..1 (SCORM 2004 and cmi5 `scaled`). */
  scaled: number;
  /** 0..100, as SCORM 1.2's `score.raw` against its 0..100 mastery score. */
  percentage: number;
}

export interface LmsObjective {
  /** The course's objective id (course.json: LO1…). */
  id: string;
  description: string;
  success: 'unknown' | 'passed' | 'failed';
  /** Share of the judged quiz's questions on this objective answered right in the best attempt. */
  scaled: number | null;
}

/** What every standard records about the course, computed once from the learner's state. */
export interface LmsReport {
  /** Every lesson done. */
  completion: 'incomplete' | 'completed';
  /** The judged quiz: passed if any attempt passed, failed once attempted without a pass. */
  success: 'unknown' | 'passed' | 'failed';
  score: LmsScore | null;
  /** Completed lessons / lessons, 0..1. */
  progress: number;
  objectives: LmsObjective[];
  /** The judged quiz's passing share, 0..1 (what the package graded against). */
  passingScaled: number | null;
  /** The judged quiz's newest completed attempt, and how many there are. */
  latest: (LmsScore & { passed: boolean }) | null;
  judgedAttempts: number;
  /** Per module: every lesson done (a cmi5 module AU's completion). */
  modules: Array<{ id: number; completed: boolean }>;
  /** The pre-assessment has been taken at least once. */
  preAssessmentTaken: boolean;
}

const scoreOf = (a: { score: number; total_questions: number; percentage: number }): LmsScore => ({
  correct: a.score,
  total: a.total_questions,
  scaled: a.total_questions > 0 ? a.score / a.total_questions : 0,
  percentage: Math.round(a.percentage * 100) / 100,
});

export function lmsReport(course: CourseState): LmsReport {
  const { summary } = course.progress();
  const judged = course.judged;
  const attempts = judged ? course.completedAttempts().filter((a) => a.quiz_id === judged.quiz.id) : [];
  const best = attempts.reduce<(typeof attempts)[number] | undefined>(
    (top, a) => (!top || a.percentage > top.percentage ? a : top),
    undefined,
  );
  const score = best ? scoreOf(best) : null;
  const newest = attempts.at(-1);
  const success = attempts.length === 0 ? 'unknown' : attempts.some((a) => a.passed) ? 'passed' : 'failed';

  const objectives = course.bundle.outline.objectives.map((objective): LmsObjective => {
    // A quiz drawing from its bank: only the questions the best attempt was asked count.
    const asked = (q: { id: number }) => !judged?.bank?.draw || best?.answers[String(q.id)] !== undefined;
    const questions = judged?.questions.filter((q) => q.objectives.includes(objective.id) && asked(q)) ?? [];
    if (!best || questions.length === 0) {
      return { id: objective.id, description: objective.text, success: 'unknown', scaled: null };
    }
    const right = questions.filter((q) => selectedLetter(best.answers[String(q.id)]) === q.correct_answer);
    const passingScore = judged!.quiz.passing_score;
    return {
      id: objective.id,
      description: objective.text,
      success: isPassing(right.length, questions.length, passingScore) ? 'passed' : 'failed',
      scaled: right.length / questions.length,
    };
  });

  return {
    completion: summary.isComplete ? 'completed' : 'incomplete',
    success,
    score,
    progress: summary.totalLessons > 0 ? summary.completedLessons / summary.totalLessons : 0,
    objectives,
    passingScaled: judged ? judged.quiz.passing_score / 100 : null,
    latest: newest ? { ...scoreOf(newest), passed: newest.passed } : null,
    judgedAttempts: attempts.length,
    modules: summary.modules.map((m) => ({ id: m.moduleId, completed: m.progressPercentage === 100 })),
    preAssessmentTaken: summary.hasPreAssessment,
  };
}
