import { adminMessages, type Role } from '@coursekit/core';
import type { MemoryStore } from '../store/createMemoryStore';
import { adminBackend } from './adminBackend';
import { seedLti } from './adminLti';
import { seedOrganisations } from './adminOrganisations';
import { CONSOLE_IMAGE_LINKS, CONSOLE_USERS, generatedUser, idFor, type UserSeed } from './adminScenarioData';
import { logSecurityEvent } from './adminTables';

/** The administrator every admin scenario signs in. */
export const DEMO_ADMIN = {
  email: 'morgan.reyes@example.com',
  password: 'Facility-42-Admin',
  name: 'Morgan Reyes',
  /** A fixed access token for the demo admin, for `createHttpAdapter({ getAccessToken })`. */
  accessToken: 'demo-admin-token',
} as const;

const day = (n: number, hour = 9) => new Date(Date.UTC(2025, 0, 6 + n, hour, n % 60)).toISOString();

/** An account straight into the tables (no per-user checks), so 10,000 seed quickly. */
function addUser(
  store: MemoryStore,
  seed: UserSeed,
  at: { id: string; created: string; signedIn: string },
): string {
  const { id } = at;
  store.tables.users.set(id, {
    user: {
      id,
      email: seed.email,
      email_confirmed_at: seed.confirmed === false ? null : at.created,
      created_at: at.created,
      last_sign_in_at: seed.signedIn === false ? null : at.signedIn,
      user_metadata: { name: seed.name },
    },
    password: 'Facility-42-Data',
    profile: {
      id: `profile-${id}`,
      user_id: id,
      display_name: seed.name,
      avatar_url: null,
      created_at: at.created,
      updated_at: at.created,
    },
    roles: [...(seed.roles ?? (['user'] as Role[]))],
  });
  store.tables.byEmail.set(seed.email, id);
  return id;
}

const consoleUser = (store: MemoryStore, seed: UserSeed, index: number) =>
  addUser(store, seed, { id: idFor(seed.email), created: day(index), signedIn: day(index + 30, 14) });

function addProgress(store: MemoryStore, userId: string, seed: UserSeed) {
  for (const [moduleId, count] of Object.entries(seed.completed ?? {})) {
    for (const lesson of store.lessonsList.filter((l) => l.module_id === Number(moduleId)).slice(0, count)) {
      store.setLessonCompleted(userId, lesson.lesson_key, true);
    }
  }
  const own = store.tables.progress.filter((r) => r.user_id === userId);
  // Stable Tracking has something to show: records written before lesson keys existed...
  if (seed.legacy) {
    for (const record of own.filter((r) => r.module_id === 2)) {
      Object.assign(record, { lesson_key: null, tracking_method: 'legacy' });
    }
  }
  // ...and records whose lesson is gone.
  if (seed.orphans) {
    for (const n of [1, 2]) {
      store.tables.progress.push({
        id: store.tables.nextId(),
        user_id: userId,
        lesson_id: 990 + n,
        lesson_key: `module-1-retired-lesson-${n}`,
        module_id: 1,
        completed: true,
        lesson_order: 5 + n,
        tracking_method: 'stable',
        updated_at: day(n),
      });
    }
  }
}

/** The demo admin, then the scenario's other users, their progress, links and audit history. */
export function seedAdminScenario(store: MemoryStore): void {
  adminBackend(store); // the admin tables exist from the start, whoever asks first
  const scenario = store.options.admin ?? {};
  const adminId = consoleUser(
    store,
    { email: DEMO_ADMIN.email, name: DEMO_ADMIN.name, roles: ['admin', 'user'] },
    -5,
  );
  store.tables.users.get(adminId)!.password = DEMO_ADMIN.password;
  store.tables.accessTokens.set(DEMO_ADMIN.accessToken, adminId);

  if (scenario.users === 'console') {
    CONSOLE_USERS.forEach((seed, i) => {
      const id = consoleUser(store, seed, i);
      addProgress(store, id, seed);
      (seed.attempts ?? []).forEach(([kind, correct], n) => {
        const from = i + 1 + n * 2;
        store.seedCompletedAttempt(id, kind, correct, { started: day(from, 10), completed: day(from, 11) });
      });
    });
    seedConsoleHistory(store, adminId);
  } else if (typeof scenario.users === 'number') {
    for (let i = 0; i < scenario.users; i++) {
      const user = generatedUser(i);
      const signedIn = new Date(Date.parse(user.createdAt) + 86_400_000).toISOString();
      addUser(store, user, { id: user.id, created: user.createdAt, signedIn });
    }
  }
  if (scenario.organisations === 'demo') seedOrganisations(store, adminBackend(store).organisations);
  if (scenario.lti === 'demo') {
    const { lti, organisations } = adminBackend(store);
    seedLti(lti, organisations.list()[0]?.id ?? null);
  }
}

/** Links for the image tools to flag and repair, cleanup log rows and security events. */
function seedConsoleHistory(store: MemoryStore, adminId: string) {
  const { tables } = adminBackend(store);
  for (const [lessonId, url] of Object.entries(CONSOLE_IMAGE_LINKS))
    tables.lessonImages.set(Number(lessonId), [url]);
  for (const [records_affected, n] of [
    [4, 20],
    [0, 34],
  ] as const) {
    tables.cleanupLog.push({
      id: tables.nextId(),
      cleanup_type: 'orphaned_progress',
      reason: adminMessages.orphanedProgressReason,
      records_affected,
      performed_at: day(n),
    });
  }
  const tom = [...store.tables.users.values()].find((r) => r.user.email === 'tom.becker@example.com');
  logSecurityEvent(
    tables,
    'insufficient_role',
    tom?.user.id ?? null,
    { email: 'tom.becker@example.com' },
    day(21, 16),
  );
  logSecurityEvent(tables, 'invalid_session', null, { reason: 'expired token' }, day(25, 8));
  logSecurityEvent(tables, 'admin_access_denied', tom?.user.id ?? null, { path: '/admin' }, day(26, 12));
  logSecurityEvent(tables, 'validation_error', adminId, { field: 'role' }, day(28, 15));
}
