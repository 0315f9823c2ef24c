/**
 * The named states of the learner's world that stories, tests and partners' demos start from
 * (issue 5). Each is a seed for `createMemoryStore`.
 */
export const SCENARIOS = [
  'new-learner',
  'mid-course',
  'module-just-completed',
  'course-finished-no-quiz-passed',
  'course-complete',
  'maintenance',
  'server-failing',
  'slow-network',
  'no-quizzes',
] as const;

export type ScenarioName = (typeof SCENARIOS)[number];

/** What a scenario sets up; every field is optional so partners can mix their own. */
export interface ScenarioOptions {
  /** Seeds the demo learner (signed in on adapters made with `signedIn`); default true. */
  learner?: boolean;
  /** Lessons completed, as a count per module id (e.g. `{ 1: 5, 2: 2 }`). */
  completed?: Record<number, number>;
  /** Attempts already made, oldest first. */
  attempts?: Array<{ quiz: 'pre_assessment' | 'course'; correct: number }>;
  /** Holds no quizzes at all. */
  noQuizzes?: boolean;
  /** Maintenance on, with a system message. */
  maintenance?: boolean;
  /** A system message shown in the banner. */
  systemMessage?: { text: string; type: 'info' | 'warning' | 'error' | 'success' };
  /** Every learner call fails as a broken server would (settings fall back to defaults). */
  failing?: boolean;
  /** Delay added to every call, in ms. */
  latencyMs?: number;
}

const ALL_LESSONS = { 1: 5, 2: 5, 3: 5, 4: 5, 5: 5 };

export const scenarioOptions: Record<ScenarioName, ScenarioOptions> = {
  'new-learner': {},
  'mid-course': {
    completed: { 1: 5, 2: 2 },
    attempts: [{ quiz: 'pre_assessment', correct: 2 }],
  },
  'module-just-completed': {
    completed: { 1: 5, 2: 5 },
    attempts: [{ quiz: 'pre_assessment', correct: 4 }],
  },
  'course-finished-no-quiz-passed': {
    completed: ALL_LESSONS,
    attempts: [
      { quiz: 'pre_assessment', correct: 3 },
      { quiz: 'course', correct: 2 },
    ],
  },
  'course-complete': {
    completed: ALL_LESSONS,
    attempts: [
      { quiz: 'pre_assessment', correct: 3 },
      { quiz: 'course', correct: 3 },
      { quiz: 'course', correct: 5 },
    ],
  },
  maintenance: {
    maintenance: true,
    systemMessage: { text: 'Scheduled maintenance is in progress.', type: 'warning' },
  },
  'server-failing': { failing: true },
  'slow-network': { latencyMs: 1500, completed: { 1: 2 } },
  'no-quizzes': { noQuizzes: true, completed: { 1: 1 } },
};
