import type { ScenarioOptions } from '../scenarios';
import type { MemoryStore } from './createMemoryStore';

/** The learner every scenario signs in, so widgets have someone to show. */
export const DEMO_LEARNER = {
  email: 'ana.silva@example.com',
  password: 'Facility-42-Data',
  name: 'Ana Silva',
  /** A fixed access token for the demo learner, for `createHttpAdapter({ getAccessToken })`. */
  accessToken: 'demo-access-token',
} as const;

/** The demo learner with the scenario's completed lessons and attempts, spread over past days. */
export function seedLearnerScenario(store: MemoryStore, options: ScenarioOptions): void {
  const { user } = store.signUp({
    email: DEMO_LEARNER.email,
    password: DEMO_LEARNER.password,
    name: DEMO_LEARNER.name,
  });
  store.tables.accessTokens.set(DEMO_LEARNER.accessToken, user.id);
  let minute = 0;
  // Oldest first, so "last" and "best" mean something.
  const past = () => new Date(Date.UTC(2025, 2, 3, 9, minute++)).toISOString();
  for (const [moduleId, count] of Object.entries(options.completed ?? {})) {
    for (const lesson of store.lessonsList.filter((l) => l.module_id === Number(moduleId)).slice(0, count)) {
      store.setLessonCompleted(user.id, lesson.lesson_key, true, past());
    }
  }
  for (const seed of options.attempts ?? []) {
    store.seedCompletedAttempt(user.id, seed.quiz, seed.correct, { started: past(), completed: past() });
  }
}
