import type { ProgressSummary } from '../schemas/derived';
import type { AnswerResult, CompletedAttempt, Quiz, SystemSettings } from '../schemas/entities';

/**
 * What a host page hears from an embedded player: one typed stream, delivered to
 * `onEvent`, as DOM CustomEvents named `coursekit:{type}`, and optionally as xAPI statements.
 */
export type CourseEvent = CourseEventBody & {
  /**
   * The course it happened in, by slug; null for the platform's default course. Set by whoever
   * knows the course (the embed sets it on every event); absent otherwise.
   */
  course?: string | null;
};

type CourseEventBody =
  | { type: 'lessonCompleted'; moduleId: number; lessonId: number; lessonKey: string; title: string }
  | { type: 'moduleCompleted'; moduleId: number }
  | { type: 'moduleUnlocked'; moduleId: number }
  | { type: 'quizAnswered'; quizId: number; quizTitle: string; questionId: number; result: AnswerResult }
  | {
      type: 'quizCompleted';
      quizId: number;
      quizTitle: string;
      kind: Quiz['kind'];
      score: number;
      total: number;
      percentage: number;
      passed: boolean;
    }
  | { type: 'courseCompleted' }
  | { type: 'certificateIssued'; code: string }
  | { type: 'maintenanceChanged'; maintenance: boolean; message: string | null };

export type CourseEventType = CourseEvent['type'];
export const COURSE_EVENT_TYPES: readonly CourseEventType[] = [
  'lessonCompleted',
  'moduleCompleted',
  'moduleUnlocked',
  'quizAnswered',
  'quizCompleted',
  'courseCompleted',
  'certificateIssued',
  'maintenanceChanged',
];

/** Receives every event; a host's handler that throws does not break the player. */
export type CourseEventListener = (event: CourseEvent) => void;

type Summary = Pick<ProgressSummary, 'modules' | 'courseComplete'>;

/**
 * The module- and course-level events a change of progress means, in the order a learner lives
 * them: a module completed, the next one unlocked, then the course completed.
 */
export function progressEvents(before: Summary | undefined, after: Summary): CourseEvent[] {
  if (!before) return [];
  const events: CourseEvent[] = [];
  const was = new Map(before.modules.map((m) => [m.moduleId, m]));
  for (const m of after.modules) {
    const prior = was.get(m.moduleId);
    if (!prior) continue;
    if (prior.progressPercentage < 100 && m.progressPercentage === 100) {
      events.push({ type: 'moduleCompleted', moduleId: m.moduleId });
    }
  }
  for (const m of after.modules) {
    const prior = was.get(m.moduleId);
    if (prior && !prior.isUnlocked && m.isUnlocked)
      events.push({ type: 'moduleUnlocked', moduleId: m.moduleId });
  }
  if (!before.courseComplete && after.courseComplete) events.push({ type: 'courseCompleted' });
  return events;
}

/** The event a graded attempt means. */
export function quizCompletedEvent(
  quiz: Pick<Quiz, 'id' | 'title' | 'kind'>,
  done: CompletedAttempt,
): CourseEvent {
  return {
    type: 'quizCompleted',
    quizId: quiz.id,
    quizTitle: quiz.title,
    kind: quiz.kind,
    score: done.attempt.score,
    total: done.attempt.total_questions,
    percentage: done.attempt.percentage,
    passed: done.attempt.passed,
  };
}

/** The event a settings change means, or none when maintenance did not change. */
export function maintenanceEvent(
  before: Pick<SystemSettings, 'maintenance_mode'> | undefined,
  after: Pick<SystemSettings, 'maintenance_mode' | 'system_message'>,
): CourseEvent | null {
  if (!before || before.maintenance_mode === after.maintenance_mode) return null;
  return { type: 'maintenanceChanged', maintenance: after.maintenance_mode, message: after.system_message };
}
