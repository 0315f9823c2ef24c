import {
  type CourseAdapter,
  CourseError,
  DEFAULT_SYSTEM_SETTINGS,
  endpoints,
  messages,
  type Session,
  SystemSettingsSchema,
} from '@coursekit/core';
import { createMemoryAdminAdapter } from './admin/createMemoryAdminAdapter';
import { DEMO_ADMIN } from './admin/seedAdminScenario';
import type { MemoryStore } from './store/createMemoryStore';
import { DEMO_LEARNER } from './store/seedLearnerScenario';

export interface MemoryAdapterOptions {
  /** Starts signed in as the scenario's demo learner, or its demo admin in an admin scenario; default true. */
  signedIn?: boolean;
}

type Schema = { parse(value: unknown): unknown };

/**
 * A `CourseAdapter` straight on a memory store, with no network in between: the fastest way to
 * drive the widgets in tests and demos. It honours the scenario's latency and failures, and checks
 * every answer against the same schemas the HTTP adapter uses.
 */
export function createMemoryAdapter(store: MemoryStore, options: MemoryAdapterOptions = {}): CourseAdapter {
  const listeners = new Set<(session: Session | null) => void>();
  let session: Session | null = null;
  if (options.signedIn !== false && store.options.admin) {
    session = store.sessionFor(DEMO_ADMIN.accessToken);
  } else if (options.signedIn !== false && store.options.learner !== false) {
    session = store.sessionFor(DEMO_LEARNER.accessToken);
  }

  const setSession = (next: Session | null) => {
    session = next;
    for (const listener of listeners) listener(next);
  };
  const pause = () => {
    const ms = store.options.latencyMs ?? 0;
    return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  };

  /** Runs one call as the API would: after the scenario's latency, failing when the server does. */
  async function run<T>(schema: Schema | undefined, work: () => T, { needsUser = false } = {}): Promise<T> {
    await pause();
    if (store.options.failing) throw new CourseError('unavailable', messages.databaseConnectionFailed);
    if (needsUser && !session) throw new CourseError('unauthorized', messages.sessionMissing);
    const value = work();
    return (schema ? schema.parse(value) : value) as T;
  }
  const userId = () => store.userFor(session?.access_token).id;
  const asUser = <T>(schema: Schema | undefined, work: (id: string) => T) =>
    run(schema, () => work(userId()), { needsUser: true });

  return {
    // Only an admin scenario's adapter carries the admin part; a learner's has none (the widget's
    // guard case). The store still checks the admin role on every admin call, as the server does.
    ...(store.options.admin
      ? { admin: createMemoryAdminAdapter(store, () => session?.access_token ?? null) }
      : {}),
    auth: {
      getSession: async () => session,
      onSessionChange(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      signUp: (input) =>
        run(endpoints.signUp.answer, () => {
          const result = store.signUp(input);
          setSession(result.session);
          return result;
        }),
      signIn: (input) =>
        run(endpoints.signIn.answer, () => {
          const next = store.signIn(input);
          setSession(next);
          return next;
        }),
      signOut: async () => {
        store.signOut(session?.access_token ?? null);
        setSession(null);
      },
      refresh: () =>
        run(endpoints.refresh.answer, () => {
          if (!session) throw new CourseError('unauthorized', messages.sessionMissing);
          const next = store.refresh(session.refresh_token);
          setSession(next);
          return next;
        }),
      setSession: (tokens) =>
        run(endpoints.refresh.answer, () => {
          const next = store.refresh(tokens.refresh_token);
          setSession(next);
          return next;
        }),
      requestPasswordReset: () => run(undefined, () => undefined),
      updatePassword: () => asUser(undefined, () => undefined),
      verifyEmail: () => run(undefined, () => 'success' as const),
      resendVerification: () => run(undefined, () => undefined),
    },
    settings: {
      async get() {
        try {
          return await run(SystemSettingsSchema, () => store.settings());
        } catch {
          return DEFAULT_SYSTEM_SETTINGS; // learner §3: failing settings mean no maintenance
        }
      },
      subscribe: (listener) => store.subscribeSettings(listener),
    },
    profile: {
      get: () => asUser(endpoints.profile.answer, (id) => store.profile(id)),
      update: (input) => asUser(endpoints.updateProfile.answer, (id) => store.updateProfile(id, input)),
      roles: () => asUser(undefined, (id) => store.roles(id)),
    },
    course: {
      outline: () => run(endpoints.outline.answer, () => store.outline()),
      modules: () => asUser(endpoints.modules.answer, () => store.modules()),
      lessons: (moduleId) => asUser(endpoints.lessons.answer, () => store.lessons(moduleId)),
    },
    progress: {
      get: () => asUser(endpoints.progress.answer, (id) => store.progress(id)),
      setLessonCompleted: (key, completed) =>
        asUser(endpoints.setLessonCompleted.answer, (id) => store.setLessonCompleted(id, key, completed)),
      reset: () => asUser(endpoints.resetProgress.answer, (id) => store.resetProgress(id)),
      resetModule: (moduleId) =>
        asUser(endpoints.resetModule.answer, (id) => store.resetModule(id, moduleId)),
    },
    quizzes: {
      list: () => asUser(endpoints.quizzes.answer, (id) => store.quizList(id)),
      get: (quizId) => asUser(endpoints.quiz.answer, () => store.quiz(quizId)),
      startAttempt: (quizId) => asUser(endpoints.startAttempt.answer, (id) => store.startAttempt(id, quizId)),
      answer: (attemptId, questionId, letter) =>
        asUser(endpoints.answer.answer, (id) => store.answer(id, attemptId, questionId, letter)),
      complete: (attemptId, answers) =>
        asUser(endpoints.complete.answer, (id) => store.complete(id, attemptId, answers)),
      attempts: (quizId) => asUser(endpoints.attempts.answer, (id) => store.attempts(id, quizId)),
    },
    certificate: {
      get: () => asUser(undefined, (id) => store.certificate(id)),
      downloadUrl: () => asUser(undefined, (id) => `/api/certificate/${id}.pdf`),
      verify: (code) => run(endpoints.certificateCheck.answer, () => store.verifyCertificate(code)),
    },
  };
}
