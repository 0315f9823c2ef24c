// The status of one person's assigned course, as the manager's report shows it and filters by.

export const ASSIGNMENT_STATUSES = ['not_started', 'in_progress', 'completed', 'overdue'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

export interface AssignmentFacts {
  /** Lessons of the course the person has completed. */
  lessonsDone: number;
  /** The course's active lessons. */
  lessonsTotal: number;
  /** Whether the person has started any quiz attempt in the course. */
  attempted?: boolean;
  /** The due date, when the assignment has one (ISO string or epoch ms). */
  dueAt: string | number | null;
  /** Now, in epoch ms (the caller's clock). */
  now: number;
}

/**
 * completed: every lesson done (whenever that was, even after the due date); overdue: not completed
 * and the due date has passed; in progress: some lesson done or a quiz attempted; else not started.
 */
export function assignmentStatus(facts: AssignmentFacts): AssignmentStatus {
  if (facts.lessonsTotal > 0 && facts.lessonsDone >= facts.lessonsTotal) return 'completed';
  if (facts.dueAt !== null && new Date(facts.dueAt).getTime() < facts.now) return 'overdue';
  if (facts.lessonsDone > 0 || facts.attempted) return 'in_progress';
  return 'not_started';
}
