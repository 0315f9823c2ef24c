import type { QuizAttempt, Role } from '@coursekit/core';
import type { MemoryStore } from '../createMemoryStore';
import { logSecurityEvent } from './adminState';
import { adminStore } from './adminStore';
import { CONSOLE_USERS, type UserSeed } from './consoleUsers';
import { idFor, seedGeneratedUsers } from './generatedUsers';

/** The administrator every admin scenario signs in. */
export const DEMO_ADMIN = {
  email: 'morgan.reyes@example.com',
  password: 'Facility-42-Admin',
  name: 'Morgan Reyes',
  /** A fixed access token for the demo admin, for `createHttpAdapter({ getAccessToken })`. */
  accessToken: 'demo-admin-token',
} as const;

const day = (n: number, hour = 9) => new Date(Date.UTC(2025, 0, 6 + n, hour, n % 60)).toISOString();

function addUser(store: MemoryStore, seed: UserSeed, index: number): string {
  const { users, byEmail } = store.tables;
  const id = idFor(seed.email);
  const createdAt = day(index);
  users.set(id, {
    user: {
      id,
      email: seed.email,
      email_confirmed_at: seed.confirmed === false ? null : createdAt,
      created_at: createdAt,
      last_sign_in_at: seed.signedIn === false ? null : day(index + 30, 14),
      user_metadata: { name: seed.name },
    },
    password: 'Facility-42-Data',
    profile: {
      id: `profile-${id}`,
      user_id: id,
      display_name: seed.name,
      avatar_url: null,
      created_at: createdAt,
      updated_at: createdAt,
    },
    roles: [...(seed.roles ?? (['user'] as Role[]))],
  });
  byEmail.set(seed.email, id);
  return id;
}

/** Completed attempts, oldest first, one day apart; `correct` answers right, the rest wrong. */
function addAttempts(
  store: MemoryStore,
  userId: string,
  seeds: NonNullable<UserSeed['attempts']>,
  from: number,
) {
  seeds.forEach(([kind, correct], i) => {
    const quiz = store.quizzesList.find((q) => q.kind === kind);
    if (!quiz) return;
    const attempt: QuizAttempt = store.startAttempt(userId, quiz.id);
    const stored = store.tables.attempts.find((a) => a.id === attempt.id)!;
    stored.started_at = day(from + i * 2, 10);
    store.tables.questionsOf(quiz.id).forEach((q, n) => {
      const letter = n < correct ? q.correct_answer : q.correct_answer === 'A' ? 'B' : 'A';
      stored.answers[String(q.id)] =
        kind === 'pre_assessment'
          ? { selected: letter, correct: q.correct_answer, isCorrect: letter === q.correct_answer }
          : letter;
    });
    store.tables.grade(stored, day(from + i * 2, 11));
  });
}

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
export function seedAdminWorld(store: MemoryStore): void {
  adminStore(store); // the admin tables exist from the start, whoever asks first
  const scenario = store.options.admin ?? {};
  const adminId = addUser(
    store,
    { email: DEMO_ADMIN.email, name: DEMO_ADMIN.name, roles: ['admin', 'user'] },
    -5,
  );
  store.tables.users.get(adminId)!.password = DEMO_ADMIN.password;
  store.tables.accessTokens.set(DEMO_ADMIN.accessToken, adminId);

  if (scenario.users === 'console') {
    CONSOLE_USERS.forEach((seed, i) => {
      const id = addUser(store, seed, i);
      addProgress(store, id, seed);
      addAttempts(store, id, seed.attempts ?? [], i + 1);
    });
    seedConsoleHistory(store, adminId);
  } else if (typeof scenario.users === 'number') {
    seedGeneratedUsers(store, scenario.users);
  }
}

/** Links for the image tools to flag and repair, cleanup log rows and security events. */
function seedConsoleHistory(store: MemoryStore, adminId: string) {
  const { state } = adminStore(store);
  const links: Record<number, string> = {
    201: '/storage/image-assets//module-2-intro.png',
    202: '/storage/image-assets/Module%202%20Lesson%201.png',
    303: 'image-assets/module 3 lesson (2).png',
    405: 'module-4-summary.png',
    502: '/storage/image-assets/module-5-lesson-1-old.png',
  };
  for (const [lessonId, url] of Object.entries(links)) state.lessonImages.set(Number(lessonId), [url]);
  state.cleanupLog.push(
    {
      id: state.nextId(),
      cleanup_type: 'orphaned_progress',
      reason: 'Progress records whose lesson no longer exists',
      records_affected: 4,
      performed_at: day(20),
    },
    {
      id: state.nextId(),
      cleanup_type: 'orphaned_progress',
      reason: 'Progress records whose lesson no longer exists',
      records_affected: 0,
      performed_at: day(34),
    },
  );
  const tom = [...store.tables.users.values()].find((r) => r.user.email === 'tom.becker@example.com');
  logSecurityEvent(
    state,
    'insufficient_role',
    tom?.user.id ?? null,
    { email: 'tom.becker@example.com' },
    day(21, 16),
  );
  logSecurityEvent(state, 'invalid_session', null, { reason: 'expired token' }, day(25, 8));
  logSecurityEvent(state, 'admin_access_denied', tom?.user.id ?? null, { path: '/admin' }, day(26, 12));
  logSecurityEvent(state, 'validation_error', adminId, { field: 'role' }, day(28, 15));
}
