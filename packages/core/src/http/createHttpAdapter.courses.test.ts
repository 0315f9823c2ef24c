import { describe, expect, it } from 'vitest';
import { courseDoesNotExist } from '../messages';
import type { CatalogCourse } from '../schemas/course';
import type { Session } from '../schemas/entities';
import { createHttpAdapter, forCourse, type SessionStorageLike } from './createHttpAdapter';

// The catalog (public, with the learner's progress when signed in) and
// adapters for a course by slug that share one session.

const now = () => Math.floor(Date.now() / 1000);
const session = (token: string, expiresIn = 900): Session => ({
  user: {
    id: 'u1',
    email: 'ana@example.com',
    email_confirmed_at: null,
    created_at: '2026-01-01T00:00:00Z',
    user_metadata: { name: 'Ana' },
  },
  access_token: token,
  refresh_token: `r-${token}`,
  expires_at: now() + expiresIn,
});
const course = (slug: string, progress: CatalogCourse['progress'] = null): CatalogCourse => ({
  slug,
  title: `Course ${slug}`,
  description: 'About it',
  estimated_time: '2 hours',
  is_default: slug === 'first',
  module_count: 2,
  progress,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: answers by "METHOD path", and records what each request carried. */
function fakeApi(routes: Record<string, (auth: string | null) => Response>) {
  const seen: Array<{ route: string; auth: string | null }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const route = `${init?.method ?? 'GET'} ${url.pathname}`;
    const auth = new Headers(init?.headers).get('authorization');
    seen.push({ route, auth });
    const answer = routes[route];
    return answer ? answer(auth) : json(404, { error: { code: 'not_found', message: `no route ${route}` } });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

function storageWith(value: Session): SessionStorageLike {
  const data = new Map([['coursekit.session', JSON.stringify(value)]]);
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const baseUrl = 'http://api.test/api';
const progress = { completed_lessons: 1, total_lessons: 4, percentage: 25, certified: false };

describe('the catalog on the HTTP adapter', () => {
  it('asks GET /courses without a token when signed out, and answers the list', async () => {
    const api = fakeApi({ 'GET /api/courses': () => json(200, { courses: [course('first')] }) });
    const adapter = createHttpAdapter({ baseUrl, fetch: api.fetch, course: 'second' });
    expect(await adapter.course.catalog()).toEqual([course('first')]);
    expect(api.seen).toEqual([{ route: 'GET /api/courses', auth: null }]);
  });

  it('sends the session’s token when signed in, so each course carries the learner’s progress', async () => {
    const api = fakeApi({
      'GET /api/courses': (auth) =>
        json(200, { courses: [course('first', auth === 'Bearer a' ? progress : null)] }),
    });
    const adapter = createHttpAdapter({ baseUrl, fetch: api.fetch, storage: storageWith(session('a')) });
    expect((await adapter.course.catalog())[0]?.progress).toEqual(progress);
    expect(api.seen).toEqual([{ route: 'GET /api/courses', auth: 'Bearer a' }]);
  });

  it('sends the host’s token when the host supplies sign-in', async () => {
    const api = fakeApi({ 'GET /api/courses': () => json(200, { courses: [] }) });
    await createHttpAdapter({ baseUrl, fetch: api.fetch, getAccessToken: () => 'sso' }).course.catalog();
    expect(api.seen[0]?.auth).toBe('Bearer sso');
  });

  it('a token the server refuses only costs the progress: the public catalog is asked again', async () => {
    const api = fakeApi({
      'GET /api/courses': (auth) =>
        auth
          ? json(401, { error: { code: 'unauthorized', message: 'Invalid token' } })
          : json(200, { courses: [course('first')] }),
    });
    const adapter = createHttpAdapter({ baseUrl, fetch: api.fetch, storage: storageWith(session('gone')) });
    expect(await adapter.course.catalog()).toEqual([course('first')]);
    expect(api.seen.map((s) => s.auth)).toEqual(['Bearer gone', null]);
  });
});

describe('an adapter for a course by slug', () => {
  it('sends the course calls to /courses/{slug}/…, and the others where they always go', async () => {
    const api = fakeApi({
      'GET /api/courses/cobie%20handover/modules': () => json(200, []),
      'GET /api/courses': () => json(200, { courses: [] }),
      'GET /api/settings': () => json(500, {}),
    });
    const adapter = createHttpAdapter({
      baseUrl,
      fetch: api.fetch,
      course: 'cobie handover',
      getAccessToken: () => 't',
    });
    await adapter.course.modules();
    await adapter.course.catalog();
    await adapter.settings.get();
    expect(api.seen.map((s) => s.route)).toEqual([
      'GET /api/courses/cobie%20handover/modules',
      'GET /api/courses',
      'GET /api/settings',
    ]);
  });

  it('an unknown slug fails as the server says: not_found with the course’s name', async () => {
    const api = fakeApi({
      'GET /api/courses/nope/outline': () =>
        json(404, { error: { code: 'not_found', message: courseDoesNotExist('nope') } }),
    });
    const adapter = createHttpAdapter({ baseUrl, fetch: api.fetch, course: 'nope' });
    await expect(adapter.course.outline()).rejects.toMatchObject({
      code: 'not_found',
      message: 'Course "nope" does not exist',
    });
  });

  it('forCourse shares the session: one sign-in serves every course, one refresh for both', async () => {
    let refreshes = 0;
    const api = fakeApi({
      'POST /api/auth/signin': () => json(200, session('a', 30)),
      'POST /api/auth/refresh': () => {
        refreshes += 1;
        return json(200, session('b'));
      },
      'GET /api/modules': () => json(200, []),
      'GET /api/courses/second/modules': () => json(200, []),
    });
    const site = createHttpAdapter({ baseUrl, fetch: api.fetch });
    const second = forCourse(site, 'second');
    const seenBySecond: Array<string | null> = [];
    second.auth.onSessionChange((s) => seenBySecond.push(s?.access_token ?? null));

    await site.auth.signIn({ email: 'ana@example.com', password: 'Correct-Horse-9' });
    expect((await second.auth.getSession())?.access_token).toBe('b'); // 30 s left: refreshed once
    await Promise.all([site.course.modules(), second.course.modules()]);
    expect(refreshes).toBe(1);
    expect(api.seen.filter((s) => s.route.endsWith('/modules')).map((s) => [s.route, s.auth])).toEqual([
      ['GET /api/modules', 'Bearer b'],
      ['GET /api/courses/second/modules', 'Bearer b'],
    ]);
    await second.auth.signOut();
    expect(await site.auth.getSession()).toBeNull();
    expect(seenBySecond).toEqual(['a', 'b', null]);
  });

  it('forCourse refuses an adapter that createHttpAdapter did not make', () => {
    const site = createHttpAdapter({ baseUrl });
    expect(() => forCourse({ ...site }, 'second')).toThrow(/createHttpAdapter/);
  });
});
