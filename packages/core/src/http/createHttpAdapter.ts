import ky, { HTTPError, type KyInstance, TimeoutError } from 'ky';
import * as z from 'zod/mini';

import type { AdminAdapter } from '../adapter/AdminAdapter';
import type { CourseAdapter, Unsubscribe } from '../adapter/CourseAdapter';
import { CourseError, courseErrorFrom } from '../errors';
import { messages } from '../messages';
import { sessionNeedsRefresh, TIMINGS } from '../rules/display';
import {
  DiagnosticSettingsSchema,
  ImageAnalysisResultSchema,
  ImageCorrectionResultSchema,
  ImageValidationResultSchema,
  type JobStatus,
} from '../schemas/admin';
import {
  DEFAULT_SYSTEM_SETTINGS,
  type Session,
  SessionSchema,
  SystemSettingsSchema,
} from '../schemas/entities';
import { type AdminEndpoint, type AdminEndpointName, adminEndpoints } from './adminEndpoints';
import { type Endpoint, type EndpointName, endpoints, pathOf } from './endpoints';
import { followEventStream } from './eventStream';

/** Where the adapter keeps the session between page loads; `localStorage` fits. */
export interface SessionStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface HttpAdapterOptions {
  /** The API's base URL, e.g. `https://courses.example.com/api` or `/api` in a browser. */
  baseUrl: string;
  /**
   * The host supplies sign-in: called before every request for a bearer token (a partner's SSO
   * token, say). When set, the adapter keeps no session of its own.
   */
  getAccessToken?: () => Promise<string | null | undefined> | string | null | undefined;
  /** Keeps the session across reloads; in memory only when absent. */
  storage?: SessionStorageLike;
  /** The storage key; defaults to 'coursekit.session'. */
  storageKey?: string;
  /** For tests and non-browser hosts. */
  fetch?: typeof globalThis.fetch;
  /** Per-request time-out; defaults to 15 s. */
  timeoutMs?: number;
  /** How often `admin.images.*` poll a running job; defaults to 500 ms. */
  jobPollMs?: number;
}

/** The HTTP adapter always carries `admin`; the server refuses it to anyone but admins. */
export type HttpCourseAdapter = CourseAdapter & { admin: AdminAdapter };

type Params = Record<string, string | number>;
type AdminAnswerOf<N extends AdminEndpointName> = (typeof adminEndpoints)[N] extends { produces: string }
  ? string
  : (typeof adminEndpoints)[N] extends { answer: infer S extends z.ZodMiniType }
    ? z.infer<S>
    : undefined;
type AnswerOf<N extends EndpointName> = (typeof endpoints)[N] extends {
  answer: infer S extends z.ZodMiniType;
}
  ? z.infer<S>
  : undefined;

const RETRYABLE_PROGRESS_ERROR = /row-level security|policy|invalid session context/i;

/**
 * A CourseAdapter for the reference API over HTTP (ky). Answers are validated with core's schemas;
 * failures become CourseErrors carrying the spec's texts; the session is refreshed when 60 s or
 * less remain, and once more when the server says it has expired.
 */
export function createHttpAdapter(options: HttpAdapterOptions): HttpCourseAdapter {
  const base = options.baseUrl.replace(/\/+$/, '');
  const storageKey = options.storageKey ?? 'coursekit.session';
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const listeners = new Set<(session: Session | null) => void>();
  let session: Session | null = readStoredSession();
  let refreshing: Promise<Session> | null = null;

  const http: KyInstance = ky.create({
    fetch: doFetch,
    retry: 0,
    timeout: options.timeoutMs ?? 15_000,
    throwHttpErrors: true,
  });

  function readStoredSession(): Session | null {
    try {
      const raw = options.storage?.getItem(storageKey);
      const parsed = raw ? SessionSchema.safeParse(JSON.parse(raw)) : null;
      return parsed?.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  function setSession(next: Session | null) {
    session = next;
    if (next) options.storage?.setItem(storageKey, JSON.stringify(next));
    else options.storage?.removeItem(storageKey);
    for (const listener of listeners) listener(next);
  }

  async function toCourseError(error: unknown): Promise<CourseError> {
    if (error instanceof CourseError) return error;
    if (error instanceof HTTPError) {
      const body = (await error.response.json().catch(() => null)) as {
        error?: { code?: string; message?: string; fields?: Record<string, string>; requestId?: string };
      } | null;
      if (body?.error)
        return courseErrorFrom(body.error.code, body.error.message, body.error.fields, body.error.requestId);
      if (error.response.status === 401) return new CourseError('unauthorized', messages.sessionInvalid);
      if (error.response.status === 503)
        return new CourseError('unavailable', messages.databaseConnectionFailed);
      return new CourseError('unexpected', messages.authUnexpected);
    }
    if (error instanceof TimeoutError || error instanceof TypeError) {
      return new CourseError('network_error', messages.authNetworkError);
    }
    return new CourseError('unexpected', messages.authUnexpected);
  }

  async function accessToken(): Promise<string | null> {
    if (options.getAccessToken) return (await options.getAccessToken()) ?? null;
    if (session && sessionNeedsRefresh(session.expires_at)) {
      try {
        await refresh();
      } catch {
        // the server decides; a dead session answers 401 and we sign out below
      }
    }
    return session?.access_token ?? null;
  }

  async function call<N extends EndpointName>(
    name: N,
    init: { params?: Params; body?: unknown; retried?: boolean } = {},
  ): Promise<AnswerOf<N>> {
    const endpoint: Endpoint = endpoints[name];
    const token = endpoint.auth === 'none' && name !== 'signOut' ? null : await accessToken();
    if (endpoint.auth !== 'none' && !token) throw new CourseError('unauthorized', messages.sessionMissing);
    try {
      const response = await http(`${base}${pathOf(endpoint.path, init.params)}`, {
        method: endpoint.method,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(init.body !== undefined ? { json: init.body } : {}),
      });
      if (!endpoint.answer || response.status === 204) return undefined as AnswerOf<N>;
      const parsed = endpoint.answer.safeParse(await response.json());
      if (!parsed.success) throw new CourseError('unexpected', messages.authUnexpected);
      return parsed.data as AnswerOf<N>;
    } catch (error) {
      const courseError = await toCourseError(error);
      const canRefresh = !options.getAccessToken && session && endpoint.auth !== 'none' && !init.retried;
      if (courseError.code === 'unauthorized' && canRefresh && name !== 'signOut') {
        try {
          await refresh();
        } catch {
          setSession(null);
          throw new CourseError('unauthorized', messages.authSessionExpired);
        }
        return call(name, { ...init, retried: true });
      }
      throw courseError;
    }
  }

  function refresh(): Promise<Session> {
    if (!session) return Promise.reject(new CourseError('unauthorized', messages.sessionMissing));
    refreshing ??= call('refresh', { body: { refresh_token: session.refresh_token } })
      .then((next) => {
        setSession(next);
        return next;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /** One admin call: the same session handling as `call`, with a query string where the table has one. */
  async function adminCall<N extends AdminEndpointName>(
    name: N,
    init: {
      params?: Params;
      query?: Record<string, string | number | undefined>;
      body?: unknown;
      retried?: boolean;
    } = {},
  ): Promise<AdminAnswerOf<N>> {
    const endpoint: AdminEndpoint = adminEndpoints[name];
    const token = await accessToken();
    if (!token) throw new CourseError('unauthorized', messages.sessionMissing);
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined && value !== '') search.set(key, String(value));
    }
    const qs = search.size > 0 ? `?${search}` : '';
    try {
      const response = await http(`${base}${pathOf(endpoint.path, init.params)}${qs}`, {
        method: endpoint.method,
        headers: { authorization: `Bearer ${token}` },
        ...(init.body !== undefined ? { json: init.body } : {}),
      });
      // A text export (the progress CSV) is answered as it came; everything else is validated JSON.
      if (endpoint.produces) return (await response.text()) as AdminAnswerOf<N>;
      if (!endpoint.answer || response.status === 204) return undefined as AdminAnswerOf<N>;
      const parsed = endpoint.answer.safeParse(await response.json());
      if (!parsed.success) throw new CourseError('unexpected', messages.authUnexpected);
      return parsed.data as AdminAnswerOf<N>;
    } catch (error) {
      const courseError = await toCourseError(error);
      const canRefresh = !options.getAccessToken && session && !init.retried;
      if (courseError.code === 'unauthorized' && canRefresh) {
        try {
          await refresh();
        } catch {
          throw courseError;
        }
        return adminCall(name, { ...init, retried: true });
      }
      throw courseError;
    }
  }

  /** Starts an image job and polls it, reporting each new progress step, until it is done. */
  async function runJob<T>(
    name: 'adminAnalyzeImages' | 'adminValidateImages' | 'adminCorrectImages',
    schema: z.ZodMiniType<T>,
    onProgress?: (job: JobStatus) => void,
  ): Promise<T> {
    let job: JobStatus = await adminCall(name);
    let reported = -1;
    for (;;) {
      if (job.progress !== reported || job.state !== 'running') {
        reported = job.progress;
        onProgress?.(job);
      }
      if (job.state === 'error') throw new CourseError('unexpected', job.error ?? messages.authUnexpected);
      if (job.state === 'done') {
        const parsed = schema.safeParse(job.result);
        if (!parsed.success) throw new CourseError('unexpected', messages.authUnexpected);
        return parsed.data;
      }
      await new Promise((resolve) => setTimeout(resolve, options.jobPollMs ?? 500));
      job = await adminCall('adminJob', { params: { jobId: job.id } });
    }
  }

  const admin: AdminAdapter = {
    users: {
      list: (query = {}) => adminCall('adminUsers', { query: { ...query } }),
      get: (userId) => adminCall('adminUser', { params: { userId } }),
      create: (input) => adminCall('adminCreateUser', { body: input }),
      update: (userId, input) => adminCall('adminUpdateUser', { params: { userId }, body: input }),
      delete: (userId) => adminCall('adminDeleteUser', { params: { userId } }),
      sendPasswordReset: (userId) => adminCall('adminPasswordReset', { params: { userId } }),
      selectable: () => adminCall('adminSelectableProfiles'),
    },
    roles: {
      assign: async (userId, role) =>
        (await adminCall('adminAssignRole', { params: { userId }, body: { role } })).roles,
      remove: async (userId, role) =>
        (await adminCall('adminRemoveRole', { params: { userId, role } })).roles,
    },
    userProgress: {
      get: (userId) => adminCall('adminUserProgress', { params: { userId } }),
      attempts: (userId, quizId) => adminCall('adminQuizAttempts', { params: { userId, quizId } }),
      reset: (userId) => adminCall('adminResetProgress', { params: { userId } }),
      resetModule: (userId, moduleId) => adminCall('adminResetModule', { params: { userId, moduleId } }),
      resetQuiz: (userId, quizId) => adminCall('adminResetQuiz', { params: { userId, quizId } }),
      resetPreAssessment: (userId) => adminCall('adminResetPreAssessment', { params: { userId } }),
    },
    settings: {
      update: (input) => adminCall('adminUpdateSettings', { body: input }),
      debug: () => adminCall('adminSettingsDebug'),
    },
    diagnostics: {
      list: () => adminCall('adminDiagnostics'),
      update: (moduleId, changes) =>
        adminCall('adminUpdateDiagnostics', { params: { moduleId }, body: changes }),
      setAll: (enabled) => adminCall('adminSetAllDiagnostics', { body: { diagnostic_enabled: enabled } }),
      export: () => adminCall('adminDiagnosticsExport'),
      subscribe(listener) {
        return followEventStream({
          url: `${base}${adminEndpoints.adminDiagnosticsStream.path}`,
          fetch: doFetch,
          headers: async (): Promise<Record<string, string>> => {
            const token = await accessToken();
            return token ? { authorization: `Bearer ${token}` } : {};
          },
          onEvent: ({ event, data }) => {
            if (event !== 'diagnostics') return;
            try {
              const parsed = z.array(DiagnosticSettingsSchema).safeParse(JSON.parse(data));
              if (parsed.success) listener(parsed.data);
            } catch {
              // skipped; the next event carries every module again
            }
          },
        });
      },
    },
    content: {
      loadAll: () => adminCall('adminLoadAllContent'),
      loadModule: (moduleId) => adminCall('adminLoadModuleContent', { params: { moduleId } }),
      refreshImages: () => adminCall('adminRefreshImages'),
    },
    images: {
      list: () => adminCall('adminImages'),
      analyze: (onProgress) => runJob('adminAnalyzeImages', ImageAnalysisResultSchema, onProgress),
      validate: (onProgress) => runJob('adminValidateImages', ImageValidationResultSchema, onProgress),
      correct: (onProgress) => runJob('adminCorrectImages', ImageCorrectionResultSchema, onProgress),
    },
    tracking: {
      overview: () => adminCall('adminTracking'),
      cleanup: () => adminCall('adminTrackingCleanup'),
      migrate: (userId) => adminCall('adminTrackingMigrate', { params: { userId } }),
      cleanupLog: () => adminCall('adminCleanupLog'),
    },
    audit: {
      actions: (query = {}) => adminCall('adminAuditActions', { query: { ...query } }),
      securityEvents: (query = {}) => adminCall('adminAuditSecurityEvents', { query: { ...query } }),
    },
    stats: () => adminCall('adminStats'),
    analytics: {
      report: () => adminCall('adminAnalyticsReport'),
      progressCsv: () => adminCall('adminAnalyticsProgressCsv'),
    },
  };

  async function progressWithRetry() {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call('progress');
      } catch (error) {
        const retryable = error instanceof CourseError && RETRYABLE_PROGRESS_ERROR.test(error.message);
        if (!retryable || attempt >= TIMINGS.progressRetryMax) throw error;
        await new Promise((resolve) => setTimeout(resolve, TIMINGS.progressRetryDelayMs * attempt));
      }
    }
  }

  function absolute(url: string): string {
    if (/^[a-z]+:/i.test(url)) return url;
    const origin = /^[a-z]+:\/\/[^/]+/i.exec(base)?.[0] ?? '';
    return `${origin}${url}`;
  }

  return {
    admin,
    auth: {
      async getSession() {
        if (options.getAccessToken) return null;
        if (session && sessionNeedsRefresh(session.expires_at)) {
          await refresh().catch(() => setSession(null));
        }
        return session;
      },
      onSessionChange(listener): Unsubscribe {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      async signUp(input) {
        const result = await call('signUp', { body: input });
        if (result.session) setSession(result.session);
        return result;
      },
      async signIn(input) {
        const next = await call('signIn', { body: input });
        setSession(next);
        return next;
      },
      async signOut() {
        const current = session;
        setSession(null);
        if (!current) return;
        await http(`${base}${endpoints.signOut.path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${current.access_token}` },
          json: { refresh_token: current.refresh_token },
        }).catch(() => undefined); // signed out locally whatever the server says
      },
      refresh,
      async setSession(tokens) {
        // Adopting tokens (a recovery link's, a partner's) exchanges the refresh token, which also
        // proves it; the server keeps the session's type (a recovery session stays one).
        const next = await call('refresh', { body: { refresh_token: tokens.refresh_token } });
        setSession(next);
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
          url: `${base}${endpoints.settingsStream.path}`,
          fetch: doFetch,
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
    },
    course: {
      modules: () => call('modules'),
      // Lesson HTML links its images root-relative (/storage/…); on a partner's page that would mean
      // the partner's server, so they are resolved against the API's origin.
      lessons: async (moduleId) =>
        (await call('lessons', { params: { moduleId } })).map((lesson) => ({
          ...lesson,
          content: lesson.content.replace(/(\s(?:src|href)=["'])\/(?!\/)/g, `$1${absolute('/')}`),
        })),
    },
    progress: {
      get: progressWithRetry,
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
      downloadUrl: async () => absolute((await call('certificateDownload')).url),
      verify: (code) => call('certificateCheck', { params: { code } }),
    },
  };
}
