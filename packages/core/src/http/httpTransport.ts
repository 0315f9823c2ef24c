import type * as z from 'zod/mini';
import { CourseError } from '../errors';
import { messages } from '../messages';
import { sessionNeedsRefresh } from '../rules/display';
import type { Session } from '../schemas/entities';
import { createCrossOriginHint } from './crossOriginHint';
import { endpoints, pathOf } from './endpoints';
import { request } from './request';
import { createSessionKeeper, type SessionKeeper, type SessionStorageLike } from './sessionKeeper';
import { isNetworkFailure, toCourseError } from './toCourseError';

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
  /**
   * The course this adapter shows, by slug: its course-scoped calls go to `/courses/{slug}/…`.
   * Absent: the platform's default course (the unscoped calls).
   */
  course?: string;
  /** For tests and non-browser hosts. */
  fetch?: typeof globalThis.fetch;
  /** Per-request time-out; defaults to 15 s. */
  timeoutMs?: number;
  /** How often `admin.images.*` poll a running job; defaults to 500 ms. */
  jobPollMs?: number;
}

/** What the transport needs of an endpoint of either table (learner `endpoints` or `adminEndpoints`). */
interface CallableEndpoint {
  method: string;
  path: string;
  auth: 'none' | 'user' | 'recovery' | 'admin';
  answer?: z.ZodMiniType;
  produces?: string;
  /** The body is a file of this type (`CallInit.body`, a Blob), sent as it is. */
  consumes?: string;
}

export interface CallInit {
  params?: Record<string, string | number>;
  /** Query-string values; undefined and '' are left out. */
  query?: Record<string, string | number | undefined>;
  /** JSON, or the Blob itself for an endpoint that `consumes` a file. */
  body?: unknown;
  /** Send this token and never refresh (signing out a session the adapter has already dropped). */
  token?: string;
}

/** The session, the token and the one call function that both the learner and the admin adapter use. */
export interface HttpTransport {
  readonly options: HttpAdapterOptions;
  /** The base URL without a trailing slash. */
  readonly base: string;
  readonly fetch: typeof globalThis.fetch;
  readonly session: SessionKeeper;
  /** Exchanges the refresh token for a new session; concurrent callers share one exchange. */
  refresh(): Promise<Session>;
  /** The bearer token to send: the host's, or ours, refreshed first when 60 s or less remain. */
  accessToken(): Promise<string | null>;
  /**
   * Calls one endpoint: validates the answer with the table's schema, turns failures into
   * CourseErrors, and on a 401 refreshes the session once and retries; when that refresh fails the
   * session has ended.
   */
  call(endpoint: CallableEndpoint, init?: CallInit): Promise<unknown>;
}

export function createHttpTransport(options: HttpAdapterOptions): HttpTransport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const session = createSessionKeeper(options.storage, options.storageKey ?? 'coursekit.session');
  const hintCrossOrigin = createCrossOriginHint(base);
  const timeoutMs = options.timeoutMs ?? 15_000;
  let refreshing: Promise<Session> | null = null;

  function refresh(): Promise<Session> {
    const current = session.current();
    if (!current) return Promise.reject(new CourseError('unauthorized', messages.sessionMissing));
    refreshing ??= (
      call(endpoints.refresh, { body: { refresh_token: current.refresh_token } }) as Promise<Session>
    )
      .then((next) => {
        session.set(next);
        return next;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function accessToken(): Promise<string | null> {
    if (options.getAccessToken) return (await options.getAccessToken()) ?? null;
    const current = session.current();
    if (current && sessionNeedsRefresh(current.expires_at)) {
      try {
        await refresh();
      } catch {
        // the server decides; a dead session answers 401 and `call` ends it
      }
    }
    return session.current()?.access_token ?? null;
  }

  function urlOf(endpoint: CallableEndpoint, init: CallInit): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined && value !== '') search.set(key, String(value));
    }
    return `${base}${pathOf(endpoint.path, init.params)}${search.size > 0 ? `?${search}` : ''}`;
  }

  async function call(endpoint: CallableEndpoint, init: CallInit = {}, retried = false): Promise<unknown> {
    const token = init.token ?? (endpoint.auth === 'none' ? null : await accessToken());
    if (endpoint.auth !== 'none' && !token) throw new CourseError('unauthorized', messages.sessionMissing);
    try {
      const response = await request(doFetch, urlOf(endpoint, init), {
        method: endpoint.method,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(endpoint.consumes
          ? { file: { data: init.body as Blob, type: endpoint.consumes } }
          : { json: init.body }),
        timeoutMs,
      });
      // A file is answered as it came (a package zip as a download with the server's file name, the
      // progress CSV as text); everything else is validated JSON.
      if (endpoint.produces === 'application/zip' || endpoint.produces === 'application/octet-stream') {
        const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
        return {
          fileName: fileName ?? (endpoint.produces === 'application/zip' ? 'package.zip' : 'file'),
          data: await response.blob(),
        };
      }
      if (endpoint.produces) return await response.text();
      if (!endpoint.answer || response.status === 204) return undefined;
      const parsed = endpoint.answer.safeParse(await response.json());
      if (!parsed.success) throw new CourseError('unexpected', messages.authUnexpected);
      return parsed.data;
    } catch (error) {
      if (isNetworkFailure(error)) hintCrossOrigin();
      const courseError = await toCourseError(error);
      const canRefresh =
        !options.getAccessToken && !init.token && session.current() && endpoint.auth !== 'none' && !retried;
      if (courseError.code !== 'unauthorized' || !canRefresh) throw courseError;
      try {
        await refresh();
      } catch {
        session.set(null);
        throw new CourseError('unauthorized', messages.authSessionExpired);
      }
      return call(endpoint, init, true);
    }
  }

  return { options, base, fetch: doFetch, session, refresh, accessToken, call };
}

// Which transport an adapter was made on, and for which course, so that `withHttpAdmin` (a separate
// entry, loaded only by admin screens) can add the admin part to an adapter that already exists,
// sharing its session and its course.
const transports = new WeakMap<object, { transport: HttpTransport; course: string | undefined }>();

export function registerTransport(adapter: object, transport: HttpTransport, course?: string): void {
  transports.set(adapter, { transport, course });
}

export function transportOf(adapter: object): HttpTransport | undefined {
  return transports.get(adapter)?.transport;
}

/** The course slug an adapter was made for (`course` / `forCourse`); undefined: the default course. */
export function courseOf(adapter: object): string | undefined {
  return transports.get(adapter)?.course;
}
