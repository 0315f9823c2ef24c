import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CourseError } from '../errors';
import { messages } from '../messages';
import { DEFAULT_SYSTEM_SETTINGS, type Session } from '../schemas/entities';
import { withHttpAdmin } from './admin/withHttpAdmin';
import { createHttpAdapter, type SessionStorageLike } from './createHttpAdapter';
import { createEventParser } from './eventStream';

type Handler = (req: IncomingMessage, body: unknown, res: ServerResponse) => void;
let server: Server;
let baseUrl: string;
let routes: Record<string, Handler>;
let seen: Array<{ route: string; auth: string | undefined; body: unknown }>;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const now = () => Math.floor(Date.now() / 1000);
const user = {
  id: 'u1',
  email: 'ana@example.com',
  email_confirmed_at: null,
  created_at: '2026-01-01T00:00:00Z',
  user_metadata: { name: 'Ana' },
};
const session = (token: string, expiresIn = 900): Session => ({
  user,
  access_token: token,
  refresh_token: `r-${token}`,
  expires_at: now() + expiresIn,
});
const summary = {
  totalLessons: 0,
  completedLessons: 0,
  progressPercentage: 0,
  isComplete: false,
  hasStarted: false,
  lastModuleId: null,
  lastLessonId: null,
  nextModuleId: null,
  nextLessonId: null,
  courseComplete: false,
  quizPassed: false,
  hasPreAssessment: false,
  preAssessmentPassed: false,
  modules: [],
};

beforeEach(async () => {
  routes = {};
  seen = [];
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const route = `${req.method} ${req.url}`;
      const body = raw ? JSON.parse(raw) : undefined;
      seen.push({ route, auth: req.headers.authorization, body });
      const handler = routes[route];
      if (handler) handler(req, body, res);
      else json(res, 404, { error: { code: 'not_found', message: `no route ${route}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function memoryStorage(): SessionStorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => data.set(k, v),
    removeItem: (k) => data.delete(k),
  };
}

async function failure(promise: Promise<unknown>): Promise<CourseError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CourseError);
  return error as CourseError;
}

describe('createHttpAdapter', () => {
  it('signs in, keeps the session in storage, and sends it as a bearer token', async () => {
    routes['POST /api/auth/signin'] = (_req, _body, res) => json(res, 200, session('a1'));
    routes['GET /api/profile/roles'] = (_req, _body, res) => json(res, 200, { roles: ['user'] });
    const storage = memoryStorage();
    const adapter = createHttpAdapter({ baseUrl, storage });
    const changes: Array<Session | null> = [];
    adapter.auth.onSessionChange((s) => changes.push(s));

    await adapter.auth.signIn({ email: 'ana@example.com', password: 'x' });
    expect(await adapter.profile.roles()).toEqual(['user']);
    expect(seen.at(-1)?.auth).toBe('Bearer a1');
    expect(changes.map((s) => s?.access_token)).toEqual(['a1']);

    const reloaded = createHttpAdapter({ baseUrl, storage });
    expect((await reloaded.auth.getSession())?.access_token).toBe('a1');
  });

  it('turns an error body into a CourseError with the server’s code, text and fields', async () => {
    routes['POST /api/auth/signup'] = (_req, _body, res) =>
      json(res, 400, {
        error: {
          code: 'validation_error',
          message: messages.emailRequired,
          fields: { email: messages.emailRequired },
        },
      });
    const error = await failure(createHttpAdapter({ baseUrl }).auth.signUp({ email: '', password: 'x' }));
    expect(error).toMatchObject({
      code: 'validation_error',
      message: messages.emailRequired,
      fields: { email: messages.emailRequired },
    });
  });

  it('reports an unreachable server as a network error with the spec’s text', async () => {
    const adapter = createHttpAdapter({ baseUrl: 'http://127.0.0.1:9/api' });
    const error = await failure(adapter.auth.signIn({ email: 'a@b.co', password: 'x' }));
    expect(error).toMatchObject({ code: 'network_error', message: messages.authNetworkError });
  });

  it('gives up on a server that does not answer within the time-out, as a network error', async () => {
    routes['GET /api/modules'] = () => undefined; // never answers
    const adapter = createHttpAdapter({ baseUrl, getAccessToken: () => 't', timeoutMs: 50 });
    const error = await failure(adapter.course.modules());
    expect(error).toMatchObject({ code: 'network_error', message: messages.authNetworkError });
  });

  it('sends a body as JSON with its content type', async () => {
    routes['POST /api/auth/recover'] = (req, _body, res) => {
      res.writeHead(req.headers['content-type'] === 'application/json' ? 204 : 415).end();
    };
    await createHttpAdapter({ baseUrl }).auth.requestPasswordReset('ana@example.com');
    expect(seen.at(-1)?.body).toEqual({ email: 'ana@example.com' });
  });

  it('refuses an answer that does not match the contract', async () => {
    routes['GET /api/modules'] = (_req, _body, res) => json(res, 200, [{ id: 'one' }]);
    const adapter = createHttpAdapter({ baseUrl, getAccessToken: () => 'partner-token' });
    expect((await failure(adapter.course.modules())).code).toBe('unexpected');
    expect(seen[0]?.auth).toBe('Bearer partner-token');
  });

  it('needs a session for signed-in calls and says so without calling the server', async () => {
    const error = await failure(createHttpAdapter({ baseUrl }).progress.get());
    expect(error).toMatchObject({ code: 'unauthorized', message: messages.sessionMissing });
    expect(seen).toHaveLength(0);
  });

  it('refreshes once, before the call, when 60 s or less remain', async () => {
    const storage = memoryStorage();
    storage.setItem('coursekit.session', JSON.stringify(session('old', 30)));
    routes['POST /api/auth/refresh'] = (_req, body, res) => {
      expect(body).toEqual({ refresh_token: 'r-old' });
      setTimeout(() => json(res, 200, session('new')), 20);
    };
    routes['GET /api/progress'] = (_req, _body, res) => json(res, 200, { records: [], summary });
    const adapter = createHttpAdapter({ baseUrl, storage });
    await Promise.all([adapter.progress.get(), adapter.progress.get()]);
    expect(seen.filter((s) => s.route === 'POST /api/auth/refresh')).toHaveLength(1);
    expect(seen.filter((s) => s.route === 'GET /api/progress').map((s) => s.auth)).toEqual([
      'Bearer new',
      'Bearer new',
    ]);
  });

  it('on a 401 refreshes and retries once; when that fails, the session ends', async () => {
    const storage = memoryStorage();
    storage.setItem('coursekit.session', JSON.stringify(session('stale')));
    let refreshes = 0;
    routes['POST /api/auth/refresh'] = (_req, _body, res) => {
      refreshes += 1;
      if (refreshes === 1) json(res, 200, session('fresh'));
      else json(res, 401, { error: { code: 'unauthorized', message: messages.sessionInvalid } });
    };
    routes['GET /api/profile'] = (req, _body, res) =>
      req.headers.authorization === 'Bearer fresh'
        ? json(res, 200, {
            id: 'p',
            user_id: 'u1',
            display_name: 'Ana',
            avatar_url: null,
            created_at: 'x',
            updated_at: 'x',
          })
        : json(res, 401, { error: { code: 'unauthorized', message: messages.sessionInvalid } });
    const adapter = createHttpAdapter({ baseUrl, storage });
    expect((await adapter.profile.get()).display_name).toBe('Ana');

    routes['GET /api/profile'] = (_req, _body, res) =>
      json(res, 401, { error: { code: 'unauthorized', message: messages.sessionInvalid } });
    const error = await failure(adapter.profile.get());
    expect(error).toMatchObject({ code: 'unauthorized', message: messages.authSessionExpired });
    expect(await adapter.auth.getSession()).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  it('answers the default settings when the read fails (maintenance off)', async () => {
    routes['GET /api/settings'] = (_req, _body, res) => json(res, 500, {});
    expect(await createHttpAdapter({ baseUrl }).settings.get()).toEqual(DEFAULT_SYSTEM_SETTINGS);
  });

  it('retries a progress read while the API answers 503 unavailable, waiting 1 s times the attempt', async () => {
    const storage = memoryStorage();
    storage.setItem('coursekit.session', JSON.stringify(session('a')));
    let calls = 0;
    routes['GET /api/progress'] = (_req, _body, res) => {
      calls += 1;
      if (calls < 3)
        json(res, 503, { error: { code: 'unavailable', message: messages.databaseConnectionFailed } });
      else json(res, 200, { records: [], summary });
    };
    const started = Date.now();
    const state = await createHttpAdapter({ baseUrl, storage }).progress.get();
    expect(state.records).toEqual([]);
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  });

  it('does not retry a progress read for other errors', async () => {
    const storage = memoryStorage();
    storage.setItem('coursekit.session', JSON.stringify(session('a')));
    routes['GET /api/progress'] = (_req, _body, res) =>
      json(res, 404, { error: { code: 'not_found', message: 'gone' } });
    await failure(createHttpAdapter({ baseUrl, storage }).progress.get());
    expect(seen).toHaveLength(1);
  });

  it('signs out locally even when the server is unreachable', async () => {
    const storage = memoryStorage();
    storage.setItem('coursekit.session', JSON.stringify(session('a')));
    const adapter = createHttpAdapter({ baseUrl: 'http://127.0.0.1:9/api', storage });
    await adapter.auth.signOut();
    expect(await adapter.auth.getSession()).toBeNull();
  });

  it('follows the settings stream and hands every change to the listener', async () => {
    routes['GET /api/settings/stream'] = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': hello\n\n');
      res.write(
        `event: settings\ndata: ${JSON.stringify({ ...DEFAULT_SYSTEM_SETTINGS, maintenance_mode: true })}\n\n`,
      );
      res.write('event: settings\ndata: not json\n\n');
      res.write(
        `event: settings\ndata: ${JSON.stringify({ ...DEFAULT_SYSTEM_SETTINGS, system_message: 'Hi' })}\n\n`,
      );
    };
    const received: unknown[] = [];
    const stop = createHttpAdapter({ baseUrl }).settings.subscribe((s) => received.push(s));
    await expect.poll(() => received.length).toBe(2);
    stop();
    expect(received).toMatchObject([{ maintenance_mode: true }, { system_message: 'Hi' }]);
  });

  it('resolves lesson images and links against the API’s origin, so they work on a partner’s page', async () => {
    const lesson = {
      id: 1,
      lesson_key: 'module_1_1_intro',
      title: 'Intro',
      content_hash: 'h',
      order: 1,
      original_order: 1,
      module_id: 1,
      is_active: true,
      version: 1,
      updated_at: 'x',
      content:
        '<p><img src="/storage/image-assets/module-1-intro.svg" alt="d"> <a href="https://iso.org/x">ISO</a> <a href="/syllabus">s</a> <img src="//cdn.example/x.svg"></p>',
    };
    routes['GET /api/modules/1/lessons'] = (_req, _body, res) => json(res, 200, [lesson]);
    const [resolved] = await createHttpAdapter({ baseUrl, getAccessToken: () => 't' }).course.lessons(1);
    const origin = baseUrl.replace(/\/api$/, '');
    expect(resolved!.content).toBe(
      `<p><img src="${origin}/storage/image-assets/module-1-intro.svg" alt="d"> <a href="https://iso.org/x">ISO</a> <a href="${origin}/syllabus">s</a> <img src="//cdn.example/x.svg"></p>`,
    );
  });

  it('builds a download URL on the API’s origin', async () => {
    routes['POST /api/certificate/download'] = (_req, _body, res) =>
      json(res, 200, { url: '/api/certificate/pdf?grant=g' });
    const adapter = createHttpAdapter({ baseUrl, getAccessToken: () => 't' });
    expect(await adapter.certificate!.downloadUrl()).toBe(`${baseUrl}/certificate/pdf?grant=g`);
  });

  it('builds the public credential and badge URLs for a code', () => {
    const adapter = createHttpAdapter({ baseUrl, getAccessToken: () => 't' });
    expect(adapter.certificate!.credentialUrl!('A B/1')).toBe(`${baseUrl}/certificates/A%20B%2F1/credential`);
    expect(adapter.certificate!.badgeUrl!('A B/1')).toBe(`${baseUrl}/certificates/A%20B%2F1/badge.svg`);
  });
});

describe('a cross-origin call that fails at the network level', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('writes one console error naming the page’s origin, the API’s origin and the embed origins to add it to', async () => {
    vi.stubGlobal('location', {
      origin: 'https://intranet.partner.example',
      href: 'https://intranet.partner.example/course',
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const adapter = createHttpAdapter({ baseUrl: 'http://127.0.0.1:9/api', getAccessToken: () => 't' });
    // What the widget shows stays the spec's text; the console is for the partner's developer.
    expect(await failure(adapter.course.modules())).toMatchObject({ code: 'network_error' });
    await failure(adapter.quizzes.list());
    expect(log).toHaveBeenCalledTimes(1);
    const [text] = log.mock.calls[0]!;
    expect(text).toContain('https://intranet.partner.example');
    expect(text).toContain('http://127.0.0.1:9');
    expect(text).toContain('embed origins');
  });

  it('says nothing when the page and the API share an origin, or when the server answered', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:9', href: 'http://127.0.0.1:9/course' });
    await failure(createHttpAdapter({ baseUrl: '/api', getAccessToken: () => 't' }).course.modules());
    vi.stubGlobal('location', {
      origin: 'https://intranet.partner.example',
      href: 'https://intranet.partner.example/',
    });
    await failure(createHttpAdapter({ baseUrl, getAccessToken: () => 't' }).course.modules()); // a 404
    expect(log).not.toHaveBeenCalled();
  });
});

describe('withHttpAdmin', () => {
  it('adds the admin part on the learner adapter’s session, refreshing it once for both', async () => {
    const storage = memoryStorage();
    storage.setItem('coursekit.session', JSON.stringify(session('old', 30)));
    routes['POST /api/auth/refresh'] = (_req, _body, res) =>
      setTimeout(() => json(res, 200, session('new')), 20);
    routes['GET /api/profile/roles'] = (_req, _body, res) => json(res, 200, { roles: ['admin'] });
    routes['GET /api/admin/settings/debug'] = (_req, _body, res) =>
      json(res, 200, { settings: DEFAULT_SYSTEM_SETTINGS, fetchedAt: '2026-01-01T00:00:00.000Z' });
    const learner = createHttpAdapter({ baseUrl, storage });
    const adapter = withHttpAdmin(learner);
    expect(withHttpAdmin(learner)).toBe(adapter);
    expect(adapter.auth).toBe(learner.auth);
    await Promise.all([adapter.profile.roles(), adapter.admin.settings.debug()]);
    expect(seen.filter((s) => s.route === 'POST /api/auth/refresh')).toHaveLength(1);
    expect(seen.filter((s) => s.route !== 'POST /api/auth/refresh').map((s) => s.auth)).toEqual([
      'Bearer new',
      'Bearer new',
    ]);
  });

  it('keeps an adapter that has an admin part, and refuses one it cannot extend', () => {
    const learner = createHttpAdapter({ baseUrl });
    const withAdmin = withHttpAdmin(learner);
    expect(withHttpAdmin(withAdmin)).toBe(withAdmin);
    expect(() => withHttpAdmin({ ...learner })).toThrow(/createHttpAdapter/);
  });
});

describe('the event-stream parser', () => {
  it('joins events split across chunks and multi-line data', () => {
    const events: unknown[] = [];
    const parse = createEventParser((e) => events.push(e));
    parse('event: sett');
    parse('ings\ndata: a\r\ndata: b\n');
    parse('\n:comment\n\ndata:c\n\n');
    expect(events).toEqual([
      { event: 'settings', data: 'a\nb' },
      { event: 'message', data: 'c' },
    ]);
  });
});
