import { describe, expect, it } from 'vitest';
import { adminMessages } from '../../adminMessages';
import { CourseError } from '../../errors';
import type { AdminCourse, CourseImportResult } from '../adminSchemas';
import { createHttpAdapter, forCourse } from '../createHttpAdapter';
import { withHttpAdmin } from './withHttpAdmin';

// The courses (list, update, a zip out and in), and
// the course-specific calls answering for the adapter's course or the one `admin.forCourse` names.

const course = (slug: string, isDefault = false): AdminCourse => ({
  slug,
  title: `Course ${slug}`,
  status: 'published',
  is_default: isDefault,
  modules: 2,
  lessons: 6,
  learners: 1,
});
const stats = { totalUsers: 3, totalModules: 2, totalLessons: 6, totalQuizzes: 1 };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Seen {
  route: string;
  type: string | null;
  body: unknown;
}

/** A fake API answering by "METHOD path?query"; it records what each request carried. */
function fakeApi(routes: Record<string, (seen: Seen) => Response>) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const route = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}${url.search}`;
    const request: Seen = { route, type: new Headers(init?.headers).get('content-type'), body: init?.body };
    seen.push(request);
    const answer = routes[route];
    return answer ? answer(request) : json(404, { error: { code: 'not_found', message: `no ${route}` } });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const adminOn = (fetch: typeof globalThis.fetch, slug?: string) =>
  withHttpAdmin(
    createHttpAdapter({
      baseUrl: 'http://api.test/api',
      getAccessToken: () => 'admin-token',
      fetch,
      course: slug,
    }),
  ).admin;

describe('the admin courses over HTTP', () => {
  it('lists the courses and changes one with a PATCH of its changes', async () => {
    const api = fakeApi({
      'GET /admin/courses': () => json(200, [course('first', true), course('second')]),
      'PATCH /admin/courses/second': () => json(200, { ...course('second'), status: 'archived' }),
    });
    const admin = adminOn(api.fetch);
    expect((await admin.courses!.list()).map((c) => c.slug)).toEqual(['first', 'second']);
    expect(await admin.courses!.update('second', { status: 'archived' })).toMatchObject({
      status: 'archived',
    });
    expect(api.seen[1]).toMatchObject({ type: 'application/json', body: '{"status":"archived"}' });
  });

  it('passes the server’s conflict on, in its words', async () => {
    const api = fakeApi({
      'PATCH /admin/courses/first': () =>
        json(409, { error: { code: 'conflict', message: adminMessages.defaultStaysPublished } }),
    });
    const failed = await adminOn(api.fetch)
      .courses!.update('first', { status: 'draft' })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(CourseError);
    expect(failed).toMatchObject({ code: 'conflict', message: adminMessages.defaultStaysPublished });
  });

  it('exports a course as a zip under the server’s file name', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 5, 6, ...new Array(18).fill(0)]);
    const api = fakeApi({
      'GET /admin/courses/second/export': () =>
        new Response(zip, {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="second.zip"',
          },
        }),
    });
    const download = await adminOn(api.fetch).courses!.exportZip('second');
    expect(download.fileName).toBe('second.zip');
    expect(new Uint8Array(await download.data.arrayBuffer())).toEqual(zip);
  });

  it('sends the zip to import as the body, with the zip’s content type, and reads the result', async () => {
    const result: CourseImportResult = {
      course: { ...course('third'), status: 'draft' },
      created: true,
      summary: { modules: 2, inserted: 6, updated: 0, unchanged: 0, deactivated: 0, questions: 8, images: 6 },
    };
    const api = fakeApi({ 'POST /admin/courses/import': () => json(200, result) });
    const file = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: 'application/x-zip-compressed' });
    expect(await adminOn(api.fetch).courses!.importZip(file)).toEqual(result);
    expect(api.seen[0]).toMatchObject({ type: 'application/zip', body: file });
  });

  it('answers a refused zip with the server’s message naming the file', async () => {
    const message = 'quizzes/module-2.json: finalQuiz[0].correct_answer must be one of A, B, C, D';
    const api = fakeApi({
      'POST /admin/courses/import': () => json(400, { error: { code: 'invalid_request', message } }),
    });
    await expect(adminOn(api.fetch).courses!.importZip(new Blob(['PK']))).rejects.toMatchObject({
      code: 'invalid_request',
      message,
    });
  });
});

describe('the admin’s course-specific calls', () => {
  const routes = {
    'GET /admin/stats': () => json(200, stats),
    'GET /courses/second/admin/stats': () => json(200, { ...stats, totalModules: 3 }),
    'GET /admin/profiles': () => json(200, []),
    'GET /courses/second/admin/users/u1/progress': () => json(500, {}),
  };

  it('answer for the default course, and for the course forCourse names, on the same session', async () => {
    const api = fakeApi(routes);
    const admin = adminOn(api.fetch);
    const second = admin.forCourse!('second');
    expect((await admin.stats()).totalModules).toBe(2);
    expect((await second.stats()).totalModules).toBe(3);
    await second.users.selectable();
    await second.userProgress.get('u1').catch(() => undefined);
    await second.content.exportPackage!('cmi5').catch(() => undefined);
    expect(api.seen.map((s) => s.route)).toEqual([
      'GET /admin/stats',
      'GET /courses/second/admin/stats',
      'GET /admin/profiles', // the platform's users, whatever the course
      'GET /courses/second/admin/users/u1/progress',
      'GET /admin/content/package?format=cmi5&course=second',
    ]);
  });

  it('answer one object per course, so a console can keep it', () => {
    const admin = adminOn(fakeApi({}).fetch);
    expect(admin.forCourse!('second')).toBe(admin.forCourse!('second'));
    expect(admin.forCourse!('second').forCourse!(undefined)).toBe(admin);
  });

  it('follow the course of the adapter the admin part was added to (course, forCourse)', async () => {
    const api = fakeApi(routes);
    expect((await adminOn(api.fetch, 'second').stats()).totalModules).toBe(3);
    const site = createHttpAdapter({
      baseUrl: 'http://api.test/api',
      getAccessToken: () => 't',
      fetch: api.fetch,
    });
    expect((await withHttpAdmin(forCourse(site, 'second')).admin.stats()).totalModules).toBe(3);
    expect((await withHttpAdmin(site).admin.stats()).totalModules).toBe(2);
  });
});
