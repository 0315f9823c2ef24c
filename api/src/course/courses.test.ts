import { CatalogAnswerSchema, CourseOutlineSchema, courseDoesNotExist, messages } from '@coursekit/core';
import { createHttpAdapter } from '@coursekit/core/http';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCourse, SEED_COURSE_DIR } from '../content/loader';
import { openDatabase, schema } from '../db/index';
import {
  call,
  completeCourse,
  courseIdOf,
  DRIVERS,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';
import { COURSE_CHANNEL, onCourseDropped } from './structure';

// Many courses side by side. The seed's course is the default and keeps every unscoped
// route; any course answers at /api/courses/{slug}/…; the catalog lists the published ones; one
// course's progress never moves another's.

const SECOND = 'reading-meter-data';

describe.each(DRIVERS)('courses side by side (%s)', (driver) => {
  let server: TestServer;
  let seedSlug: string;

  beforeAll(async () => {
    server = await startServer(driver);
    seedSlug = (await readCourse(SEED_COURSE_DIR)).course.slug;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the published courses, the default first, with progress only for a signed-in learner', async () => {
    const out = await call(server, 'GET', '/courses');
    expect(out.status).toBe(200);
    const { courses } = CatalogAnswerSchema.parse(out.body);
    expect(courses.map((c) => c.slug)).toEqual([seedSlug, SECOND]);
    expect(courses.map((c) => c.is_default)).toEqual([true, false]);
    expect(courses.every((c) => c.progress === null)).toBe(true);
    expect(courses[1]!.module_count).toBe(3);

    const { token } = await signUp(server, 'Cat Alog');
    const lessons = (await call(server, 'GET', `/courses/${SECOND}/modules/1/lessons`, { token })).body;
    await call(server, 'PUT', `/courses/${SECOND}/progress/lessons/${lessons[0].lesson_key}`, {
      token,
      body: { completed: true },
    });
    const signedIn = CatalogAnswerSchema.parse((await call(server, 'GET', '/courses', { token })).body);
    expect(signedIn.courses.map((c) => c.progress)).toEqual([
      { completed_lessons: 0, total_lessons: 25, percentage: 0, certified: false },
      { completed_lessons: 1, total_lessons: 9, percentage: 11, certified: false },
    ]);
    // A token that does not verify reads the public catalog.
    const forged = await call(server, 'GET', '/courses', { token: 'not-a-token' });
    expect(forged.status).toBe(200);
    expect(forged.body.courses[0].progress).toBeNull();
  });

  it('serves the default course unscoped and by its slug alike, and another course by its slug', async () => {
    const { token } = await signUp(server, 'Sam Scope');
    const unscoped = await call(server, 'GET', '/modules', { token });
    const bySlug = await call(server, 'GET', `/courses/${seedSlug}/modules`, { token });
    expect(bySlug.body).toEqual(unscoped.body);
    expect(unscoped.body.map((m: { id: number }) => m.id)).toEqual([1, 2, 3, 4, 5]);

    const outline = CourseOutlineSchema.parse((await call(server, 'GET', `/courses/${SECOND}/outline`)).body);
    expect(outline.title).toBe('Reading a Meter-Data Report');
    const second = (await call(server, 'GET', `/courses/${SECOND}/modules`, { token })).body;
    expect(second.map((m: { id: number; name: string }) => m.id)).toEqual([1, 2, 3]);
    expect(second[0].name).toBe(outline.modules[0]!.name);
    // Module 1 of each course is its own.
    const first = (await call(server, 'GET', '/modules/1/lessons', { token })).body;
    const other = (await call(server, 'GET', `/courses/${SECOND}/modules/1/lessons`, { token })).body;
    expect(other.map((l: { title: string }) => l.title)).not.toEqual(
      first.map((l: { title: string }) => l.title),
    );
    expect((await call(server, 'GET', `/courses/${SECOND}/modules/4/lessons`, { token })).status).toBe(404);
  });

  it('answers 404 with the course named for an unknown slug, on public and signed-in calls', async () => {
    const { token } = await signUp(server, 'Nat Found');
    for (const [path, auth] of [
      ['/courses/no-such-course/outline', undefined],
      ['/courses/no-such-course/modules', token],
      ['/courses/no-such-course/progress', token],
    ] as const) {
      const res = await call(server, 'GET', path, { token: auth });
      expect(res.status, path).toBe(404);
      expect(res.body.error.message).toBe(courseDoesNotExist('no-such-course'));
    }
    // A quiz of one course is not found through another.
    const quizzes = (await call(server, 'GET', '/quizzes', { token })).body;
    const res = await call(server, 'GET', `/courses/${SECOND}/quizzes/${quizzes[0].quiz.id}`, { token });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(messages.quizNotFound);
  });

  it('keeps one course’s progress and certificate out of another’s summary', async () => {
    const { token } = await signUp(server, 'Iso Lation');
    const before = (await call(server, 'GET', '/progress', { token })).body;
    await completeCourse(server, token, SECOND);
    const second = (await call(server, 'GET', `/courses/${SECOND}/progress`, { token })).body;
    expect(second.summary).toMatchObject({ completedLessons: 9, totalLessons: 9, courseComplete: true });
    const after = (await call(server, 'GET', '/progress', { token })).body;
    expect(after).toEqual(before);
    expect(after.summary.completedLessons).toBe(0);

    const certificate = (await call(server, 'GET', `/courses/${SECOND}/certificate`, { token })).body
      .certificate;
    expect(certificate.course_title).toBe('Reading a Meter-Data Report');
    expect((await call(server, 'GET', '/certificate', { token })).body.certificate).toBeNull();
    const check = await call(server, 'GET', `/certificates/${certificate.code}`);
    expect(check.body).toMatchObject({ valid: true, certificate });

    // The adapter's course option reaches the same course.
    const adapter = createHttpAdapter({ baseUrl: server.api, course: SECOND, getAccessToken: () => token });
    expect((await adapter.certificate!.get())?.code).toBe(certificate.code);
    expect((await adapter.progress.get()).summary.completedLessons).toBe(9);
  });

  it('keeps an archived course’s records but takes it out of the catalog and starts no attempt', async () => {
    const { token } = await signUp(server, 'Arch Ived');
    const lessons = (await call(server, 'GET', `/courses/${SECOND}/modules/2/lessons`, { token })).body;
    await call(server, 'PUT', `/courses/${SECOND}/progress/lessons/${lessons[0].lesson_key}`, {
      token,
      body: { completed: true },
    });
    const { db } = server.database;
    const id = await courseIdOf(db, SECOND);
    await db.update(schema.courses).set({ status: 'archived' }).where(eq(schema.courses.id, id));
    try {
      const catalog = (await call(server, 'GET', '/courses')).body;
      expect(catalog.courses.map((c: { slug: string }) => c.slug)).toEqual([seedSlug]);
      const progress = (await call(server, 'GET', `/courses/${SECOND}/progress`, { token })).body;
      expect(progress.summary.completedLessons).toBe(1);
      const [quiz] = (await call(server, 'GET', `/courses/${SECOND}/quizzes`, { token })).body;
      const start = await call(server, 'POST', `/courses/${SECOND}/quizzes/${quiz.quiz.id}/attempts`, {
        token,
      });
      expect(start.status).toBe(409);
      expect(start.body.error.message).toBe(messages.courseArchived);
    } finally {
      await db.update(schema.courses).set({ status: 'published' }).where(eq(schema.courses.id, id));
    }
  });

  it('drops only the changed course from every instance’s cached structure, told by NOTIFY', async () => {
    const { token } = await signUp(server, 'Cache Percourse');
    const statements = async (path: string) => {
      const before = server.database.statements();
      const res = await call(server, 'GET', path, { token });
      return { count: server.database.statements() - before, summary: res.body.summary };
    };
    // Another instance's connection (on PGlite the same one): it makes the change and hears the NOTIFYs.
    const other = server.databaseUrl ? await openDatabase({ url: server.databaseUrl }) : server.database;
    const heard: string[] = [];
    const stop = await other.listen(COURSE_CHANNEL, (payload) => heard.push(payload));
    const secondId = await courseIdOf(server.database.db, SECOND);
    const [lesson] = (await call(server, 'GET', `/courses/${SECOND}/modules/3/lessons`, { token })).body;
    // What this instance dropped from its cache, as its own listener heard it ('' for everything).
    const dropped: string[] = [];
    onCourseDropped({ database: server.database, logger: pino({ level: 'silent' }) }, (courseId) =>
      dropped.push(courseId === undefined ? '' : String(courseId)),
    );
    const hear = async (payload: string) => {
      await vi.waitFor(() => expect(heard).toContain(payload), { timeout: 2_000, interval: 20 });
      // This instance's listener was told in the same delivery: wait until it dropped its copy too.
      await vi.waitFor(() => expect(dropped).toContain(payload), { timeout: 2_000, interval: 5 });
      dropped.length = 0;
    };
    try {
      // Both courses cached (and the session, which stays checked for 5 s).
      await statements('/progress');
      await statements(`/courses/${SECOND}/progress`);
      expect((await statements('/progress')).count).toBe(1);
      expect((await statements(`/courses/${SECOND}/progress`)).count).toBe(1);

      await other.db.execute(
        sql`update lessons set is_active = false where course_id = ${secondId} and lesson_key = ${lesson.lesson_key}`,
      );
      await hear(String(secondId));
      // The change NOTIFYs the course's id, not '' (which would drop every course).
      expect(heard).toEqual([String(secondId)]);
      // The default course is still in memory: one statement. The second is loaded again: two.
      expect((await statements('/progress')).count).toBe(1);
      const reloaded = await statements(`/courses/${SECOND}/progress`);
      expect(reloaded.count).toBe(2);
      expect(reloaded.summary.totalLessons).toBe(8);
      expect((await statements(`/courses/${SECOND}/progress`)).count).toBe(1);

      // A change to the list of courses (a title here) drops everything: '' on the channel.
      await other.db.execute(sql`update courses set title = title where id = ${secondId}`);
      await hear('');
      // The list, the learner's state, the default course's structure.
      expect((await statements('/progress')).count).toBe(3);
    } finally {
      await other.db.execute(
        sql`update lessons set is_active = true where course_id = ${secondId} and lesson_key = ${lesson.lesson_key}`,
      );
      await stop();
      if (other !== server.database) await other.close();
    }
    // The restored lesson counts again.
    expect((await statements(`/courses/${SECOND}/progress`)).summary.totalLessons).toBe(9);
  });

  // Last in this file: it deletes the second course to measure with the default course alone.
  it('reads progress in one statement with 1 course, 2 or 50', async () => {
    const { token } = await signUp(server, 'Stat Ements');
    const statements = async (path: string) => {
      const before = server.database.statements();
      await call(server, 'GET', path, { token });
      return server.database.statements() - before;
    };
    // The session check is kept for 5 s, so of two reads in a row one reads no session.
    const read = async (path: string) => {
      await statements(path); // may load the structure into this instance's memory
      return Math.min(await statements(path), await statements(path));
    };
    const { db } = server.database;
    const counted: Record<string, number> = {};
    counted[2] = await read('/progress');
    await db.delete(schema.courses).where(eq(schema.courses.slug, SECOND));
    expect((await db.select().from(schema.courses)).length).toBe(1);
    counted[1] = await read('/progress');
    // 49 more courses of 5 modules × 5 lessons: 50 in all.
    await db.execute(sql`insert into courses (slug, title, description, estimated_time, syllabus_time,
      pre_assessment_time) select 'filler-' || n, 'Filler ' || n, '', '1 hour', '1h', '5 minutes'
      from generate_series(1, 49) n`);
    await db.execute(sql`insert into modules (course_id, id, name, title, description, order_index)
      select c.id, m, 'Module ' || m, 'Module ' || m, '', m from courses c, generate_series(1, 5) m
      where c.slug like 'filler-%'`);
    await db.execute(sql`insert into lessons (course_id, module_id, lesson_key, title, content, content_hash, "order")
      select m.course_id, m.id, 'module_' || m.id || '_' || l || '_filler', 'Lesson ' || l, '<p>x</p>', 'h', l
      from modules m, generate_series(1, 5) l where m.course_id in (select id from courses where slug like 'filler-%')`);
    expect((await db.select().from(schema.courses)).length).toBe(50);
    counted[50] = await read('/progress');
    counted['50, one by slug'] = await read('/courses/filler-7/progress');
    process.stdout.write(
      `SQL statements per progress read, by number of courses: ${JSON.stringify(counted)}\n`,
    );
    // Records, attempts and the course version in one statement; the structure comes from memory.
    expect(counted).toEqual({ 1: 1, 2: 1, 50: 1, '50, one by slug': 1 });
  });
});
