import {
  type AuthUser,
  type CourseAdapter,
  type CourseBundle,
  CourseError,
  catalogEntry,
  catalogProgress,
  DEFAULT_SYSTEM_SETTINGS,
  endpoints,
  type Profile,
  type Session,
} from '@coursekit/core';
import type { LmsProblem, LmsRuntime, LmsSession, LmsStandard } from '../runtime/LmsRuntime';
import { lmsTexts, problem } from '../runtime/lmsTexts';
import { type CourseState, createCourseState } from '../state/createCourseState';
import { lmsReport } from '../state/lmsReport';
import { decodeSuspendData, encodeSuspendData, SuspendDataError } from '../state/suspendData';
import { answerRecords } from './answerRecords';

/** The package's side of the LMS connection, for the player shell (notices, location, exit). */
export interface LmsConnection {
  readonly standard: LmsStandard | 'none';
  /** Resolves once the LMS session has started, or could not. */
  readonly ready: Promise<void>;
  /** What the learner should know about the connection now (empty when all is well). */
  problems(): LmsProblem[];
  subscribe(listener: (problems: LmsProblem[]) => void): () => void;
  /** Where the learner was when the package opened (a player path), or null. */
  resumeAt(): string | null;
  /** cmi5's returnURL, or null. */
  returnUrl(): string | null;
  /** Records where the learner is now, so the next launch resumes there. */
  setLocation(path: string): Promise<void>;
  /** Ends the session; later calls do nothing. */
  finish(): Promise<void>;
}

export type PackageCourseAdapter = CourseAdapter & { lms: LmsConnection };

export interface PackageAdapterOptions {
  bundle: CourseBundle;
  runtime: LmsRuntime;
  /** Where the package's files are served from; images resolve against it (document.baseURI by default). */
  baseUrl?: string;
  now?: () => Date;
  /** Where quiz draws and option orders come from (core's RandomSource); Math.random when absent. */
  random?: () => number;
}

/** In a package the LMS signs the learner in: the widgets never offer sign-in, so these say why. */
const NOT_HERE = 'Your learning management system (LMS) signs you in to this course.';

type Schema = { parse(value: unknown): unknown };

/**
 * A CourseAdapter for a course inside an LMS package: the course comes from the bundle, the learner's
 * progress and quiz results from the LMS runtime (SCORM 1.2, SCORM 2004, cmi5). Every answer has the
 * API's shape and errors; whatever the LMS does, it never throws into the player — problems are
 * reported through `lms`.
 */
export function createPackageAdapter(options: PackageAdapterOptions): PackageCourseAdapter {
  const { bundle, runtime } = options;
  const base = options.baseUrl ?? globalThis.document?.baseURI ?? 'http://localhost/';
  let session: LmsSession | null = null;
  let course: CourseState | null = null;
  let location: string | null = null;
  let problems: LmsProblem[] = [];
  const listeners = new Set<(problems: LmsProblem[]) => void>();
  let finished = false;

  const report = (next: LmsProblem | null, clears: LmsProblem['kind'][] = []) => {
    const kept = problems.filter((p) => !clears.includes(p.kind) && (!next || p.kind !== next.kind));
    problems = next ? [...kept, next] : kept;
    for (const listener of listeners) listener(problems);
  };

  const ready = (async () => {
    const started = await runtime.start();
    session = started.session;
    location = session.location;
    course = createCourseState(bundle, {
      learnerId: session.learner.id,
      masteryScore: session.masteryScore,
      ...(options.now ? { now: options.now } : {}),
      ...(options.random ? { random: options.random } : {}),
    });
    report(started.problem);
    if (!session.suspendData) return;
    try {
      const saved = decodeSuspendData(bundle, session.suspendData);
      course.load(saved.state);
      if (!saved.sameVersion) report(problem('saved-state', 'info', lmsTexts.courseUpdated));
    } catch (error) {
      if (!(error instanceof SuspendDataError)) throw error;
      report(problem('saved-state', 'warning', lmsTexts.olderFormat));
    }
  })();

  const current = () => ({
    suspendData: encodeSuspendData(bundle, course!.snapshot()),
    location,
    report: lmsReport(course!),
  });
  // Saves go out one at a time, in order; a save that went through clears the warnings of one that did not.
  let saving: Promise<void> = Promise.resolve();
  const persist = () => {
    saving = saving.then(async () => {
      if (finished) return;
      const refused = await runtime.save(current());
      report(refused, ['refused', 'unreachable']);
    });
    return saving;
  };

  async function run<T>(
    schema: Schema | undefined,
    work: (c: CourseState) => T,
    changes = false,
  ): Promise<T> {
    await ready;
    const value = work(course!);
    if (changes) await persist();
    return (schema ? schema.parse(value) : value) as T;
  }

  const user = (): AuthUser => ({
    id: session?.learner.id ?? 'local-learner',
    email: '',
    email_confirmed_at: null,
    created_at: bundle.course.exportedAt,
    last_sign_in_at: null,
    user_metadata: { name: displayName() },
  });
  const displayName = () => {
    const name = session?.learner.name?.trim();
    if (!name) return null;
    // SCORM 1.2 gives "Last, First"; the player greets people by "First Last".
    const [last, first] = name.split(/\s*,\s*/);
    return first && last ? `${first} ${last}` : name;
  };
  const lmsSession = (): Session => ({
    user: user(),
    access_token: 'lms',
    refresh_token: 'lms',
    expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
    type: 'normal',
  });
  const signedIn = () => ready.then(lmsSession);
  const notHere = async (): Promise<never> => {
    throw new CourseError('forbidden', NOT_HERE);
  };
  const rewriteImages = (html: string) =>
    html.replace(/(<img\b[^>]*?\bsrc=")(images\/[^"]+)"/g, (_m, head: string, src: string) => {
      return `${head}${new URL(src, base).href}"`;
    });

  return {
    auth: {
      getSession: signedIn,
      onSessionChange: () => () => {},
      signUp: notHere,
      signIn: notHere,
      signOut: async () => {},
      refresh: signedIn,
      setSession: signedIn,
      requestPasswordReset: notHere,
      updatePassword: notHere,
      verifyEmail: notHere,
      resendVerification: notHere,
    },
    // No maintenance inside a package: the course is all here.
    settings: { get: async () => DEFAULT_SYSTEM_SETTINGS, subscribe: () => () => {} },
    profile: {
      get: () =>
        run(endpoints.profile.answer, (): Profile => {
          const at = bundle.course.exportedAt;
          const id = user().id;
          return {
            id,
            user_id: id,
            display_name: displayName(),
            avatar_url: null,
            created_at: at,
            updated_at: at,
          };
        }),
      update: notHere,
      roles: async () => ['user'],
      // An LMS package runs outside any organisation.
      organisations: async () => [],
    },
    course: {
      // The package's one course is its whole catalog. There is no certificate in a package, so
      // the course is never `certified` here (the LMS records completion instead).
      catalog: async () =>
        (
          await run(endpoints.courses.answer, (c) => ({
            courses: [
              catalogEntry(bundle.outline, {
                isDefault: true,
                progress: catalogProgress(c.progress().summary, false),
              }),
            ],
          }))
        ).courses,
      outline: () => run(endpoints.outline.answer, () => bundle.outline),
      modules: () => run(endpoints.modules.answer, (c) => c.modules()),
      lessons: (moduleId) =>
        run(endpoints.lessons.answer, (c) =>
          c.lessons(moduleId).map((l) => ({ ...l, content: rewriteImages(l.content) })),
        ),
    },
    progress: {
      get: () => run(endpoints.progress.answer, (c) => c.progress()),
      setLessonCompleted: (key, completed) =>
        run(endpoints.setLessonCompleted.answer, (c) => c.setLessonCompleted(key, completed), true),
      reset: () => run(endpoints.resetProgress.answer, (c) => c.reset(), true),
      resetModule: (moduleId) => run(endpoints.resetModule.answer, (c) => c.resetModule(moduleId), true),
    },
    quizzes: {
      list: () => run(endpoints.quizzes.answer, (c) => c.quizList()),
      get: (quizId) => run(endpoints.quiz.answer, (c) => c.quiz(quizId)),
      startAttempt: (quizId) => run(endpoints.startAttempt.answer, (c) => c.startAttempt(quizId)),
      async answer(attemptId, questionId, letter) {
        const result = await run(endpoints.answer.answer, (c) => c.answer(attemptId, questionId, letter));
        const recorded = await runtime.recordAnswers?.(answerRecords(course!, attemptId, [questionId]));
        if (recorded) report(recorded);
        return result;
      },
      async complete(attemptId, answers) {
        const done = await run(endpoints.complete.answer, (c) => c.complete(attemptId, answers), true);
        if (answers) {
          const ids = done.review.map((r) => r.question_id);
          const recorded = await runtime.recordAnswers?.(answerRecords(course!, attemptId, ids));
          if (recorded) report(recorded);
        }
        return done;
      },
      attempts: (quizId) => run(endpoints.attempts.answer, (c) => c.attempts(quizId)),
    },
    lms: {
      standard: runtime.standard,
      ready: ready.catch(() => undefined),
      problems: () => problems,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      resumeAt: () => session?.location ?? null,
      returnUrl: () => session?.returnUrl ?? null,
      async setLocation(path) {
        if (!course) await ready;
        if (location === path) return;
        location = path;
        await persist();
      },
      // Synchronous up to the runtime's own calls: on pagehide (the LMS closing the frame) nothing
      // after an await would run, and SCORM's LMSFinish must go out before the frame is gone.
      finish() {
        if (finished || !course) return Promise.resolve();
        finished = true;
        return runtime.finish(current()).then((refused) => report(refused, ['refused', 'unreachable']));
      },
    },
  };
}
