import {
  type AdminBackend,
  type AdminScenario,
  adminBackend,
  DEMO_ADMIN,
  DEMO_LEARNER,
  type MemoryStore,
  type ScenarioName,
  type ScenarioOptions,
  scenarioOptions,
} from '@coursekit/mocks';
import type { HttpHandler } from 'msw';
import { type CourseParameters, scenario } from '../withCourse';

export interface AdminStoryWorld {
  /** Changes the world before the story renders (diagnostics switched on, say). */
  setup?: (admin: AdminBackend, store: MemoryStore) => void;
  /** Answers that take precedence over the store's (an empty users table, say). */
  handlers?: HttpHandler[];
  course?: CourseParameters;
}

/** Far enough ahead that a story left open never needs a refresh. */
const NEVER_EXPIRES = 4_102_444_800; // 2100-01-01

/**
 * A story's parameters for an admin world: the mocks scenario behind MSW, and the adapter signed in
 * with a session (the admin guard asks for one): the demo admin's, or on a learner scenario the demo
 * learner's, for the guard's stories.
 */
export function adminScenario(name: ScenarioName | ScenarioOptions, world: AdminStoryWorld = {}) {
  const options = typeof name === 'string' ? scenarioOptions[name] : name;
  const base = scenario(name, { hostRoutes: true, ...world.course });
  if (!base.course.signedOut) {
    const token = options.admin ? DEMO_ADMIN.accessToken : DEMO_LEARNER.accessToken;
    base.course.session = { ...base.store.sessionFor(token), expires_at: NEVER_EXPIRES };
  }
  world.setup?.(adminBackend(base.store), base.store);
  return { ...base, msw: { handlers: [...(world.handlers ?? []), ...base.msw.handlers] } };
}

/** The admin-console world with some admin options changed (latency, failing writes, held jobs). */
export const consoleWith = (admin: AdminScenario, extra: ScenarioOptions = {}): ScenarioOptions => ({
  ...scenarioOptions['admin-console'],
  ...extra,
  admin: { users: 'console', ...admin },
});

/** A seeded user's id, by e-mail (the console scenario's ids are stable, but long). */
export function userIdOf(store: MemoryStore, email: string): string {
  const row = [...store.tables.users.values()].find((r) => r.user.email === email);
  if (!row) throw new Error(`no seeded user ${email}`);
  return row.user.id;
}
