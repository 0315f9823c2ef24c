import {
  type CourseAdapter,
  CourseError,
  DEFAULT_SYSTEM_SETTINGS,
  endpoints,
  messages,
  type Session,
  SystemSettingsSchema,
} from '@coursekit/core';
import { adminBackend } from './admin/adminBackend';
import { createMemoryAdminAdapter } from './admin/createMemoryAdminAdapter';
import { DEMO_ADMIN } from './admin/seedAdminScenario';
import type { MemoryStore } from './store/createMemoryStore';
import { DEMO_LEARNER } from './store/seedLearnerScenario';

export interface MemoryAdapterOptions {
  /** Starts signed in as the scenario's demo learner, or its demo admin in an admin scenario; default true. */
  signedIn?: boolean;
  /**
   * The course it shows, by slug, as `createHttpAdapter`'s `course`: the store's own course answers
   * by its slug; any other slug fails every course call with not_found. Absent: the store's course.
   */
  course?: string;
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
  // A course call (an endpoint of scope 'course'): about the adapter's course, which must exist.
  const inCourse = <T>(schema: Schema | undefined, work: (id: string) => T) =>
    asUser(schema, (id) => {
      store.checkCourse(options.course);
      return work(id);
    });
  /** The signed-in learner, or null: the catalog is public and shows progress only to a session. */
  const learnerOrNull = () => {
    try {
      return session ? userId() : null;
    } catch {
      return null;
    }
  };

  return {
    // Only an admin scenario's adapter carries the admin part; a learner's has none (the widget's
    // guard case). The store still checks the admin role on every admin call, as the server does.
    ...(store.options.admin
      ? { admin: createMemoryAdminAdapter(store, () => session?.access_token ?? null, options.course) }
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
      organisations: async () =>
        (
          await asUser(endpoints.myOrganisations.answer, (id) => ({
            organisations: adminBackend(store).organisations.mine(id),
          }))
        ).organisations,
    },
    course: {
      catalog: async () =>
        (await run(endpoints.courses.answer, () => ({ courses: store.catalog(learnerOrNull()) }))).courses,
      outline: () =>
        run(endpoints.outline.answer, () => {
          store.checkCourse(options.course);
          return store.outline();
        }),
      modules: () => inCourse(endpoints.modules.answer, () => store.modules()),
      lessons: (moduleId) => inCourse(endpoints.lessons.answer, () => store.lessons(moduleId)),
    },
    progress: {
      get: () => inCourse(endpoints.progress.answer, (id) => store.progress(id)),
      setLessonCompleted: (key, completed) =>
        inCourse(endpoints.setLessonCompleted.answer, (id) => store.setLessonCompleted(id, key, completed)),
      reset: () => inCourse(endpoints.resetProgress.answer, (id) => store.resetProgress(id)),
      resetModule: (moduleId) =>
        inCourse(endpoints.resetModule.answer, (id) => store.resetModule(id, moduleId)),
    },
    quizzes: {
      list: () => inCourse(endpoints.quizzes.answer, (id) => store.quizList(id)),
      get: (quizId) => inCourse(endpoints.quiz.answer, () => store.quiz(quizId)),
      startAttempt: (quizId) =>
        inCourse(endpoints.startAttempt.answer, (id) => store.startAttempt(id, quizId)),
      // an attempt is named by its own id, whichever course it belongs to
      answer: (attemptId, questionId, letter) =>
        asUser(endpoints.answer.answer, (id) => store.answer(id, attemptId, questionId, letter)),
      complete: (attemptId, answers) =>
        asUser(endpoints.complete.answer, (id) => store.complete(id, attemptId, answers)),
      attempts: (quizId) => inCourse(endpoints.attempts.answer, (id) => store.attempts(id, quizId)),
    },
    certificate: {
      get: () => inCourse(undefined, (id) => store.certificate(id)),
      downloadUrl: () => inCourse(undefined, (id) => `/api/certificate/${id}.pdf`),
      verify: (code) => run(endpoints.certificateCheck.answer, () => store.verifyCertificate(code)),
    },
  };
}
