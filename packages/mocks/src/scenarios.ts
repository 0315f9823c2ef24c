/**
 * The named states of the learner's world that stories, tests and partners' demos start from
 *. Each is a seed for `createMemoryStore`.
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
  'admin-console',
  'admin-empty',
  'admin-large',
  'admin-failing',
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
  /** An administrator's world (admin.md): the demo admin exists and adapters sign it in. */
  admin?: AdminScenario;
}

/** What an admin scenario seeds besides the demo admin (DEMO_ADMIN). */
export interface AdminScenario {
  /** The other accounts: the console's hand-made set (~25 in varied states), or N generated ones. */
  users?: 'console' | number;
  /**
   * Admin calls fail as a broken server would ('writes': only the calls that change something, so
   * lists show and each action's failure toast can be seen); the guard's role check still answers.
   */
  failing?: boolean | 'writes';
  /** Delay added to every admin call, in ms (the learner calls, and so the guard, stay quick). */
  latencyMs?: number;
  /** Pause between an image job's progress steps on the memory adapter, in ms; default 400. */
  jobStepMs?: number;
  /** Image jobs stop at this progress and never finish, so a story can show a tool mid-run. */
  holdJobsAt?: number;
  /** 'demo': two organisations, Acme Facilities (active, an issuer, people) and Bravo Works (suspended). */
  organisations?: 'demo';
  /**
   * 'demo': two LTI platforms, a Canvas (a deployment given, one learned at a launch) and a Moodle
   * accepting only its listed deployment (linked to Acme Facilities with the demo organisations).
   */
  lti?: 'demo';
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
  // The admin's worlds. A learner scenario above has no admin, so its adapters carry no `admin` part
  // and the AdminConsole shows its guard.
  /** The demo admin signed in, with ~25 users: unverified, never signed in, role mixes, one without
   * a name ('Unknown User'), one learner mid-course with several attempts of the course quiz, one
   * who finished; some legacy and orphaned progress for Stable Tracking; a few audit rows. */
  'admin-console': { learner: false, admin: { users: 'console' } },
  /** Only the admin: no other users, no progress, no attempts. */
  'admin-empty': { learner: false, admin: {} },
  /** 10,000 generated users, to show that server-side paging keeps the console fast. */
  'admin-large': { learner: false, admin: { users: 10_000 } },
  /** The console's users, but every admin call fails, so each widget shows its failure toast. */
  'admin-failing': { learner: false, admin: { users: 'console', failing: true } },
};
