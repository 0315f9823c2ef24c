import {
  CourseError,
  type Endpoint,
  type EndpointName,
  endpoints,
  messages,
  parseInput,
} from '@coursekit/core';
import { delay, HttpResponse, http } from 'msw';
import { adminBackend } from './admin/adminBackend';
import { createAdminHandlers } from './admin/createAdminHandlers';
import { answering, bodyOf, decodedSlug, eventStream, failure, tokenOf } from './httpAnswers';
import type { MemoryStore } from './store/createMemoryStore';

export interface HandlersOptions {
  /** Where the API lives, as the adapter's `baseUrl`; default '/api'. */
  baseUrl?: string;
}

interface Call {
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** The query string's parameters. */
  query: Record<string, string>;
  token: string | null;
  /** The signed-in user's id; fails with 401 when the request carries no valid token. */
  userId: () => string;
}

type Handle = (call: Call) => unknown;

const CREATED = new Set<EndpointName>(['signUp', 'startAttempt']);

/**
 * MSW request handlers that speak the reference API's learner surface (core's `endpoints` table)
 * and its admin surface (`adminEndpoints`, see admin/createAdminHandlers),
 * backed by a memory store: same paths, bodies, answers and `{ error: { code, message } }` failures.
 * Use them with `setupWorker` in a browser (Storybook) or `setupServer` from 'msw/node' in tests.
 */
export function createHandlers(store: MemoryStore, options: HandlersOptions = {}) {
  const base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const num = (value: string | undefined) => Number(value);

  const table: Partial<Record<EndpointName, Handle>> = {
    health: () => ({ status: store.options.failing ? 'degraded' : 'ok', database: !store.options.failing }),
    signUp: ({ body }) => store.signUp(body as never),
    signIn: ({ body }) => store.signIn(body as never),
    signOut: ({ token }) => store.signOut(token),
    refresh: ({ body }) => store.refresh(String(body.refresh_token)),
    user: ({ token }) => ({ user: store.userFor(token) }),
    verifyEmail: () => ({ status: 'success' }),
    resendVerification: () => undefined,
    recover: () => undefined,
    updatePassword: ({ userId }) => void userId(),
    settings: () => store.settings(),
    profile: ({ userId }) => store.profile(userId()),
    updateProfile: ({ userId, body }) => store.updateProfile(userId(), body as never),
    roles: ({ userId }) => ({ roles: store.roles(userId()) }),
    myOrganisations: ({ userId }) => ({ organisations: adminBackend(store).organisations.mine(userId()) }),
    // public; a valid token adds the learner's progress, any other token is read as none
    courses: ({ token }) => ({ courses: store.catalog(learnerOf(token)) }),
    outline: () => store.outline(),
    modules: ({ userId }) => {
      userId();
      return store.modules();
    },
    lessons: ({ userId, params }) => {
      userId();
      return store.lessons(num(params.moduleId));
    },
    progress: ({ userId }) => store.progress(userId()),
    setLessonCompleted: ({ userId, params, body }) =>
      store.setLessonCompleted(userId(), String(params.lessonKey), body.completed === true),
    resetProgress: ({ userId }) => store.resetProgress(userId()),
    resetModule: ({ userId, params }) => store.resetModule(userId(), num(params.moduleId)),
    quizzes: ({ userId }) => store.quizList(userId()),
    quiz: ({ userId, params }) => {
      userId();
      return store.quiz(num(params.quizId));
    },
    startAttempt: ({ userId, params }) => store.startAttempt(userId(), num(params.quizId)),
    attempts: ({ userId, params }) => store.attempts(userId(), num(params.quizId)),
    answer: ({ userId, params, body }) =>
      store.answer(userId(), num(params.attemptId), Number(body.question_id), body.answer as never),
    complete: ({ userId, params, body }) =>
      store.complete(userId(), num(params.attemptId), body.answers as never),
    certificate: ({ userId }) => ({ certificate: store.certificate(userId()) }),
    certificateDownload: ({ userId }) => ({ url: `${base}/certificate/file/${userId()}.pdf` }),
    certificateCheck: ({ params }) => store.verifyCertificate(String(params.code)),
    companySignIn: ({ query }) =>
      adminBackend(store).organisations.companySignIn(
        parseInput(endpoints.companySignIn.query, query, 'query').email,
      ),
    organisationFace: ({ params }) =>
      adminBackend(store).organisations.face(decodedSlug(String(params.slug))),
    certificateCredential: ({ params }) => store.credential(String(params.code)),
    credentialForWallet: ({ params }) => store.credential(String(params.code)),
  };

  const learnerOf = (token: string | null) => {
    try {
      return token ? store.userFor(token).id : null;
    } catch {
      return null;
    }
  };

  // Every endpoint at its path; a course-scoped one (scope 'course') also at /courses/:course + its
  // path, where the store's course answers by its slug and any other slug is a 404.
  const routes = Object.entries(table).flatMap(([name, handle]) => {
    const endpoint: Endpoint = endpoints[name as EndpointName];
    const scoped = endpoint.scope === 'course' ? [`/courses/:course${endpoint.path}`] : [];
    return [endpoint.path, ...scoped].map((path) => ({ name, handle: handle!, endpoint, path }));
  });
  const handlers = routes.map(({ name, handle, endpoint, path }) => {
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    return http[method](`${base}${path}`, async ({ request, params }) => {
      if (store.options.latencyMs) await delay(store.options.latencyMs);
      if (store.options.failing)
        return failure(new CourseError('unavailable', messages.databaseConnectionFailed));
      const token = tokenOf(request);
      return answering(async () => {
        if (typeof params.course === 'string') store.checkCourse(decodedSlug(params.course));
        const body = await bodyOf(request, endpoint.body);
        const answer = handle({
          params: params as Record<string, string>,
          body,
          query: Object.fromEntries(new URL(request.url).searchParams),
          token,
          userId: () => store.userFor(token).id,
        });
        if (!endpoint.answer) return new HttpResponse(null, { status: 204 });
        return HttpResponse.json(answer as never, { status: CREATED.has(name as EndpointName) ? 201 : 200 });
      });
    });
  });

  // Settings stream (SSE): the settings on connect and on every change, as the reference API sends.
  const stream = http.get(`${base}${endpoints.settingsStream.path}`, () =>
    eventStream('settings', store.settings, store.subscribeSettings),
  );

  // The badge image: the course and the learner on a plain SVG, as the reference API's carries them.
  const badge = http.get(`${base}/certificates/:code/badge.svg`, ({ params }) =>
    answering(async () => {
      const credential = store.credential(String(params.code)) as {
        credentialSubject: { name: string; achievement: { name: string } };
      };
      const text = (value: string) => value.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><title>${text(
        credential.credentialSubject.achievement.name,
      )}</title><text x="20" y="200">${text(credential.credentialSubject.name)}</text></svg>`;
      return new HttpResponse(svg, { headers: { 'content-type': 'image/svg+xml' } });
    }),
  );

  return [stream, badge, ...handlers, ...createAdminHandlers(store, base)];
}
