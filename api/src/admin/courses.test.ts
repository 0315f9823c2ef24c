import {
  AdminCourseSchema,
  adminMessages,
  CourseImportResultSchema,
  courseDoesNotExist,
  MIN_SECTION_LENGTH,
  sectionNotALesson,
} from '@coursekit/core';
import { eq, sql } from 'drizzle-orm';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packCourseZip, unpackCourseZip } from '../content/courseZip';
import { schema } from '../db/index';
import { call, DRIVERS, signInAdmin, signUp, startServer, type TestServer } from '../test/harness';

// Every course with its status, the default course an admin can change,
// a course's folder exported as a zip and imported back (identical), new courses imported as
// drafts, bad zips refused naming the file with nothing changed.

const SECOND = 'reading-meter-data';

describe.each(DRIVERS)('admin courses (%s)', (driver) => {
  let server: TestServer;
  let token: string;
  let seedSlug: string;

  beforeAll(async () => {
    server = await startServer(driver);
    token = (await signInAdmin(server)).token;
    seedSlug = (await call(server, 'GET', '/outline')).body.slug;
  });
  afterAll(async () => {
    await server?.close();
  });

  const exportZip = async (slug: string) => {
    const res = await fetch(`${server.api}/admin/courses/${slug}/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${slug}.zip"`);
    return new Uint8Array(await res.arrayBuffer());
  };
  const importZip = (zip: Uint8Array, type = 'application/zip') =>
    fetch(`${server.api}/admin/courses/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body: Buffer.from(zip),
    }).then(async (res) => ({ status: res.status, body: await res.json() }));
  const tableCounts = async () => {
    const count = async (table: string) =>
      (await server.database.query<{ n: number }>(`select count(*)::int as n from ${table}`, []))[0]!.n;
    return {
      courses: await count('courses'),
      modules: await count('modules'),
      lessons: await count('lessons'),
      versions: await count('lesson_versions'),
      questions: await count('quiz_questions'),
      files: await count('course_files'),
    };
  };

  it('lists every course, the default first, with its size and learners', async () => {
    const learner = await signUp(server, 'Lee Arner');
    const lessons = (
      await call(server, 'GET', `/courses/${SECOND}/modules/1/lessons`, { token: learner.token })
    ).body;
    await call(server, 'PUT', `/courses/${SECOND}/progress/lessons/${lessons[0].lesson_key}`, {
      token: learner.token,
      body: { completed: true },
    });
    const res = await call(server, 'GET', '/admin/courses', { token });
    expect(res.status).toBe(200);
    const courses = res.body.map((c: unknown) => AdminCourseSchema.parse(c));
    expect(courses.map((c: { slug: string }) => c.slug)).toEqual([seedSlug, SECOND]);
    expect(courses[0]).toMatchObject({ is_default: true, status: 'published', modules: 5, lessons: 25 });
    expect(courses[1]).toMatchObject({ is_default: false, modules: 3, lessons: 9 });
    expect(courses[1].learners).toBeGreaterThanOrEqual(1);
  });

  it('makes another course the default, and keeps the default published', async () => {
    const moved = await call(server, 'PATCH', `/admin/courses/${SECOND}`, {
      token,
      body: { is_default: true },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ slug: SECOND, is_default: true });
    try {
      expect((await call(server, 'GET', '/outline')).body.slug).toBe(SECOND);
      const archive = await call(server, 'PATCH', `/admin/courses/${SECOND}`, {
        token,
        body: { status: 'archived' },
      });
      expect(archive.status).toBe(409);
      expect(archive.body.error.message).toBe(adminMessages.defaultStaysPublished);
    } finally {
      await call(server, 'PATCH', `/admin/courses/${seedSlug}`, { token, body: { is_default: true } });
    }
    expect((await call(server, 'GET', '/outline')).body.slug).toBe(seedSlug);
    const [row] = await server.database.db
      .select()
      .from(schema.adminActionLog)
      .where(eq(schema.adminActionLog.actionType, 'course_updated'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(row!.actionDetails).toMatchObject({ course: seedSlug, to: { is_default: true } });
  });

  it('hides a draft from learners and the catalog, not from the admin', async () => {
    await call(server, 'PATCH', `/admin/courses/${SECOND}`, { token, body: { status: 'draft' } });
    try {
      const learner = await signUp(server, 'Dee Raft');
      const outline = await call(server, 'GET', `/courses/${SECOND}/outline`);
      expect(outline.status).toBe(404);
      expect(outline.body.error.message).toBe(courseDoesNotExist(SECOND));
      expect((await call(server, 'GET', `/courses/${SECOND}/modules`, { token: learner.token })).status).toBe(
        404,
      );
      const catalog = (await call(server, 'GET', '/courses')).body.courses;
      expect(catalog.map((c: { slug: string }) => c.slug)).toEqual([seedSlug]);
      const stats = await call(server, 'GET', `/courses/${SECOND}/admin/stats`, { token });
      expect(stats.status).toBe(200);
      expect(stats.body).toMatchObject({ totalModules: 3, totalLessons: 9 });
    } finally {
      await call(server, 'PATCH', `/admin/courses/${SECOND}`, { token, body: { status: 'published' } });
    }
  });

  it('exports a course folder and imports it back unchanged: export → import → export is identical', async () => {
    const first = await exportZip(seedSlug);
    const before = await tableCounts();
    const imported = await importZip(first);
    expect(imported.status).toBe(200);
    const result = CourseImportResultSchema.parse(imported.body);
    expect(result).toMatchObject({
      created: false,
      course: { slug: seedSlug, status: 'published', is_default: true },
      summary: { modules: 5, inserted: 0, updated: 0, unchanged: 25, deactivated: 0, images: 25 },
    });
    expect(result.notes).toBeUndefined(); // every section of the seed course is a lesson
    expect(await tableCounts()).toEqual(before);
    const second = await exportZip(seedSlug);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
  });

  it('imports a new course as a draft, which an admin then publishes', async () => {
    const files = unpackCourseZip(await exportZip(SECOND));
    const renamed = new Map<string, Uint8Array>();
    const decoder = new TextDecoder();
    for (const [path, data] of files) {
      if (path === 'course.json') {
        const course = JSON.parse(decoder.decode(data));
        renamed.set(
          path,
          strToU8(JSON.stringify({ ...course, slug: 'meter-data-2', title: 'Meter Data, Again' })),
        );
      } else if (path.startsWith('images/')) {
        renamed.set(path.replace('images/', 'images/again-'), data);
      } else if (path.startsWith('modules/')) {
        const text = decoder.decode(data).replaceAll('/image-assets/', '/image-assets/again-');
        // A heading whose lesson is still to be written: imported, left out, and said so.
        renamed.set(
          path,
          strToU8(path === 'modules/module-2.md' ? `${text}\n## Coming soon\n\nTBC.\n` : text),
        );
      } else renamed.set(path, data);
    }
    const imported = await importZip(packCourseZip(renamed));
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({
      created: true,
      course: { slug: 'meter-data-2', status: 'draft', is_default: false, modules: 3, lessons: 9 },
      summary: { inserted: 9, images: 9 },
      notes: [sectionNotALesson(2, 'Coming soon', 4, MIN_SECTION_LENGTH)],
    });
    expect((await call(server, 'GET', '/courses/meter-data-2/outline')).status).toBe(404);
    await call(server, 'PATCH', '/admin/courses/meter-data-2', { token, body: { status: 'published' } });
    const outline = await call(server, 'GET', '/courses/meter-data-2/outline');
    expect(outline.body.title).toBe('Meter Data, Again');
    const image = await fetch(`${server.url}/storage/image-assets/again-meter-data-module-1-lesson-1.svg`);
    expect(image.status).toBe(200);
  });

  it('refuses a bad zip naming the file and the problem, and changes nothing', async () => {
    const good = unpackCourseZip(await exportZip(SECOND));
    const variant = (edit: (files: Map<string, Uint8Array>) => void) => {
      const files = new Map(good);
      edit(files);
      return packCourseZip(files);
    };
    const before = await tableCounts();
    const cases: Array<[string, Uint8Array, RegExp, string?]> = [
      ['not a zip', strToU8('just text'), /^\(zip\): /],
      [
        'a quiz with a wrong letter',
        variant((f) => {
          const quiz = JSON.parse(new TextDecoder().decode(f.get('quizzes/module-2.json')!));
          quiz.finalQuiz[0].correct_answer = 'E';
          f.set('quizzes/module-2.json', strToU8(JSON.stringify(quiz)));
        }),
        /^quizzes\/module-2\.json: .*correct_answer/,
      ],
      ['a missing module file', variant((f) => f.delete('modules/module-3.md')), /^modules\/module-3\.md: /],
      [
        'an SVG with a script',
        variant((f) => {
          f.set(
            'images/meter-data-module-1-lesson-1.svg',
            strToU8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          );
        }),
        /^images\/meter-data-module-1-lesson-1\.svg: /,
      ],
      [
        'an image that is not one',
        variant((f) => {
          f.set('images/meter-data-module-1-lesson-2.svg', strToU8('MZ not an image at all'));
        }),
        /^images\/meter-data-module-1-lesson-2\.svg: /,
      ],
      // Another course's images by name: the bucket is shared, so this one would overwrite them.
      [
        'an image name another course uses',
        variant((f) => {
          const course = JSON.parse(new TextDecoder().decode(f.get('course.json')!));
          f.set('course.json', strToU8(JSON.stringify({ ...course, slug: 'copycat' })));
        }),
        /^images\/meter-data-module-1-lesson-1\.svg: course "reading-meter-data" already has/,
      ],
    ];
    for (const [name, zip, message] of cases) {
      const res = await importZip(zip);
      expect(res.status, name).toBe(400);
      expect(res.body.error.message, name).toMatch(message);
    }
    const wrongType = await importZip(good.get('course.json')!, 'application/octet-stream');
    expect(wrongType.status).toBe(415);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses the course tools to a learner', async () => {
    const learner = await signUp(server, 'Nota Dmin');
    expect((await call(server, 'GET', '/admin/courses', { token: learner.token })).status).toBe(403);
    const res = await fetch(`${server.api}/admin/courses/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${learner.token}`, 'content-type': 'application/zip' },
      body: strToU8('PK'),
    });
    expect(res.status).toBe(403);
  });
});
