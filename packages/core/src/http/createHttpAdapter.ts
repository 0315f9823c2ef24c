import type * as z from 'zod/mini';
import type { CourseAdapter, Unsubscribe } from '../adapter/CourseAdapter';
import { sessionNeedsRefresh } from '../rules/display';
import { DEFAULT_SYSTEM_SETTINGS, SystemSettingsSchema } from '../schemas/entities';
import { coursePath, type Endpoint, type EndpointName, endpoints } from './endpoints';
import { followEventStream } from './eventStream';
import {
  type CallInit,
  createHttpTransport,
  type HttpAdapterOptions,
  type HttpTransport,
  registerTransport,
  transportOf,
} from './httpTransport';
import { retryProgressRead } from './retryProgressRead';

export type { HttpAdapterOptions } from './httpTransport';
export type { SessionStorageLike } from './sessionKeeper';

/**
 * What `createHttpAdapter` returns: the learner's CourseAdapter. The admin part is added by
 * `withHttpAdmin` from `@coursekit/core/http/admin`, so that learner pages never load it.
 */
export type HttpCourseAdapter = CourseAdapter;

type AnswerOf<N extends EndpointName> = (typeof endpoints)[N] extends {
  answer: infer S extends z.ZodMiniType;
}
  ? z.infer<S>
  : undefined;

/**
 * A CourseAdapter for the reference API over HTTP (fetch). Answers are validated with core's schemas;
 * failures become CourseErrors carrying the spec's texts; the session is refreshed when 60 s or
 * less remain, and once more when the server says it has expired.
 */
export function createHttpAdapter(options: HttpAdapterOptions): HttpCourseAdapter {
  return adapterOn(createHttpTransport(options), options.course);
}

/**
 * The same connection for another course: an adapter whose course-scoped calls go to
 * `/courses/{course}/…` (no course: the default course's unscoped calls), sharing `adapter`'s
 * session, storage and token refresh — so signing in once serves every course, and two adapters
 * never rotate one refresh token against each other. `adapter` is one `createHttpAdapter` made.
 *
 * @example
 * const site = createHttpAdapter({ baseUrl: '/api', storage: localStorage });
 * const cobie = forCourse(site, 'cobie-handover');
 * await cobie.course.modules(); // GET /api/courses/cobie-handover/modules, with site's token
 */
export function forCourse(adapter: CourseAdapter, course: string | undefined): HttpCourseAdapter {
  const transport = transportOf(adapter);
  if (!transport) {
    throw new TypeError(
      'forCourse needs the adapter that createHttpAdapter returned (it shares its session)',
    );
  }
  return adapterOn(transport, course);
}

function adapterOn(transport: HttpTransport, course: string | undefined): HttpCourseAdapter {
  const { session } = transport;
  // A course-scoped call names the adapter's course in its path; without one it means the default.
  const call = <N extends EndpointName>(name: N, init?: CallInit) => {
    const endpoint: Endpoint = endpoints[name];
    const path = endpoint.scope === 'course' ? coursePath(endpoint.path, course) : endpoint.path;
    return transport.call({ ...endpoint, path }, init) as Promise<AnswerOf<N>>;
  };
  const { options } = transport;

  const adapter: HttpCourseAdapter = {
    auth: {
      async getSession() {
        if (options.getAccessToken) return null;
        const current = session.current();
        if (current && sessionNeedsRefresh(current.expires_at)) {
          await transport.refresh().catch(() => session.set(null));
        }
        return session.current();
      },
      onSessionChange: (listener): Unsubscribe => session.onChange(listener),
      async signUp(input) {
        const result = await call('signUp', { body: input });
        if (result.session) session.set(result.session);
        return result;
      },
      async signIn(input) {
        const next = await call('signIn', { body: input });
        session.set(next);
        return next;
      },
      async signOut() {
        const current = session.current();
        session.set(null);
        if (!current) return;
        await call('signOut', {
          token: current.access_token,
          body: { refresh_token: current.refresh_token },
        }).catch(() => undefined); // signed out locally whatever the server says
      },
      refresh: () => transport.refresh(),
      async setSession(tokens) {
        // Adopting tokens (a recovery link's, a partner's) exchanges the refresh token, which also
        // proves it; the server keeps the session's type (a recovery session stays one).
        const next = await call('refresh', { body: { refresh_token: tokens.refresh_token } });
        session.set(next);
        return next;
      },
      async requestPasswordReset(email) {
        await call('recover', { body: { email } });
      },
      async updatePassword(password) {
        await call('updatePassword', { body: { password } });
      },
      async verifyEmail(token) {
        return (await call('verifyEmail', { body: { token } })).status;
      },
      async resendVerification(email) {
        await call('resendVerification', { body: { email } });
      },
    },
    settings: {
      async get() {
        try {
          return await call('settings');
        } catch {
          return DEFAULT_SYSTEM_SETTINGS; // learner §3: failing settings mean no maintenance
        }
      },
      subscribe(listener) {
        return followEventStream({
          url: `${transport.base}${endpoints.settingsStream.path}`,
          fetch: transport.fetch,
          onEvent: ({ event, data }) => {
            if (event !== 'settings') return;
            try {
              const parsed = SystemSettingsSchema.safeParse(JSON.parse(data));
              if (parsed.success) listener(parsed.data);
            } catch {
              // a malformed event is skipped; the next one carries the full settings again
            }
          },
        });
      },
    },
    profile: {
      get: () => call('profile'),
      update: (input) => call('updateProfile', { body: input }),
      roles: async () => (await call('roles')).roles,
      organisations: async () => (await call('myOrganisations')).organisations,
    },
    course: {
      async catalog() {
        // The catalog is public; signed in, the learner's token goes along so that each course
        // carries their progress. A token the server no longer takes only costs the progress.
        const token = await transport.accessToken().catch(() => null);
        if (!token) return (await call('courses')).courses;
        try {
          return (await call('courses', { token })).courses;
        } catch (error) {
          if ((error as { code?: unknown }).code !== 'unauthorized') throw error;
          return (await call('courses')).courses;
        }
      },
      outline: () => call('outline'),
      modules: () => call('modules'),
      // Lesson HTML links its images root-relative (/storage/…); on a partner's page that would mean
      // the partner's server, so they are resolved against the API's origin.
      lessons: async (moduleId) =>
        (await call('lessons', { params: { moduleId } })).map((lesson) => ({
          ...lesson,
          content: lesson.content.replace(/(\s(?:src|href)=["'])\/(?!\/)/g, `$1${absolute(transport, '/')}`),
        })),
    },
    progress: {
      get: () => retryProgressRead(() => call('progress')),
      setLessonCompleted: (lessonKey, completed) =>
        call('setLessonCompleted', { params: { lessonKey }, body: { completed } }),
      reset: () => call('resetProgress'),
      resetModule: (moduleId) => call('resetModule', { params: { moduleId } }),
    },
    quizzes: {
      list: () => call('quizzes'),
      get: (quizId) => call('quiz', { params: { quizId } }),
      startAttempt: (quizId) => call('startAttempt', { params: { quizId } }),
      answer: (attemptId, questionId, answer) =>
        call('answer', { params: { attemptId }, body: { question_id: questionId, answer } }),
      complete: (attemptId, answers) =>
        call('complete', { params: { attemptId }, body: answers ? { answers } : {} }),
      attempts: (quizId) => call('attempts', { params: { quizId } }),
    },
    certificate: {
      get: async () => (await call('certificate')).certificate,
      downloadUrl: async () => absolute(transport, (await call('certificateDownload')).url),
      verify: (code) => call('certificateCheck', { params: { code } }),
      credentialUrl: (code) => `${transport.base}/certificates/${encodeURIComponent(code)}/credential`,
      badgeUrl: (code) => `${transport.base}/certificates/${encodeURIComponent(code)}/badge.svg`,
      checkCredential: async (code) => {
        const credential = await call('certificateCredential', { params: { code } });
        return call('credentialVerify', { body: credential });
      },
    },
  };
  registerTransport(adapter, transport, course);
  return adapter;
}

/** A root-relative URL of the API's answers, on the API's origin (the page may be a partner's). */
function absolute(transport: HttpTransport, url: string): string {
  if (/^[a-z]+:/i.test(url)) return url;
  const origin = /^[a-z]+:\/\/[^/]+/i.exec(transport.base)?.[0] ?? '';
  return `${origin}${url}`;
}
