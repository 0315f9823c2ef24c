import type { CourseOutline } from '@coursekit/core';
import { seedAdminScenario } from '../admin/seedAdminScenario';
import { type CourseFixture, courseFixture } from '../fixtures/courseFixture';
import { type ScenarioName, type ScenarioOptions, scenarioOptions } from '../scenarios';
import { memoryAccounts } from './memoryAccounts';
import { memoryAttemptFlow } from './memoryAttemptFlow';
import { memoryCertificate } from './memoryCertificate';
import { memoryCourses } from './memoryCourses';
import { memoryProgress } from './memoryProgress';
import { memoryQuizzes } from './memoryQuizzes';
import { memorySettings } from './memorySettings';
import { createMemoryTables } from './memoryTables';
import { seedLearnerScenario } from './seedLearnerScenario';

/**
 * In-memory data behind the mocks: the course, accounts, progress and attempts. Every rule is
 * core's, as on the reference API (summaries, grades, what an attempt may do, the texts of its
 * failures). Calls are synchronous and fail with `CourseError`; the adapter and the MSW handlers
 * add latency and failures per the scenario.
 */
export type MemoryStore = ReturnType<typeof createMemoryStore>;

/** Builds a store seeded with a named scenario (default 'new-learner') or a scenario's options. */
export function createMemoryStore(
  scenario: ScenarioName | ScenarioOptions = 'new-learner',
  fixture: CourseFixture = courseFixture,
) {
  const options: ScenarioOptions = typeof scenario === 'string' ? scenarioOptions[scenario] : scenario;
  const tables = createMemoryTables(options, fixture);
  const accounts = memoryAccounts(tables);
  const attemptFlow = memoryAttemptFlow(tables);
  const progress = memoryProgress(tables, attemptFlow.flow);
  const certificates = memoryCertificate(tables, accounts, progress);
  const store = {
    /** The scenario this store was seeded with. */
    options,
    /** What the course says about itself (GET /outline, public): the fixture's facts and modules. */
    outline(): CourseOutline {
      return structuredClone(tables.outline);
    },
    modulesList: tables.modules,
    lessonsList: tables.lessons,
    quizzesList: tables.quizzes,
    /** The raw rows, for the admin side (admin/*), which works on every account. */
    tables,
    ...memorySettings(tables),
    ...accounts,
    ...progress,
    ...memoryQuizzes(tables, attemptFlow),
    ...certificates,
    ...memoryCourses(tables, progress, certificates),
  };
  if (options.learner !== false) seedLearnerScenario(store, options);
  if (options.admin) seedAdminScenario(store);
  return store;
}
