import { moduleDoesNotExist, ProfileSchema, ProgressStateSchema } from '@coursekit/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import { call, DRIVERS, errorOf, signUp, startServer, type TestServer } from '../test/harness';

describe.each(DRIVERS)('course, progress and profile over HTTP (%s)', (driver) => {
  let server: TestServer;
  let firstModule: number;
  let lessons: Array<{ id: number; lesson_key: string; module_id: number; order: number }>;
  beforeAll(async () => {
    server = await startServer(driver);
    const learner = await signUp(server);
    const modules = await call(server, 'GET', '/modules', { token: learner.token });
    firstModule = modules.body[0].id;
    lessons = (await call(server, 'GET', `/modules/${firstModule}/lessons`, { token: learner.token })).body;
  });
  afterAll(() => server?.close());

  it('serves the real course: five modules in order, each module’s active lessons in order', async () => {
    const { token } = await signUp(server);
    const modules = await call(server, 'GET', '/modules', { token });
    expect(modules.body.map((m: { id: number }) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(modules.body[0].name).toBe('The Language of Data');
    expect(lessons.map((l) => l.order)).toEqual([1, 2, 3, 4, 5]);
    expect(lessons[0]!.lesson_key).toMatch(/^module_1_1_introduction/);
    const unknown = await call(server, 'GET', '/modules/9999/lessons', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual(
      errorOf(unknown, { code: 'not_found', message: moduleDoesNotExist(9999) }),
    );
    expect((await call(server, 'GET', '/modules')).status).toBe(401);
  });

  it('marks lessons by stable key, answers records plus the core summary, and resets', async () => {
    const { token, userId } = await signUp(server);
    const done = await call(server, 'PUT', `/progress/lessons/${lessons[0]!.lesson_key}`, {
      token,
      body: { completed: true },
    });
    expect(done.status).toBe(200);
    const state = ProgressStateSchema.parse(done.body);
    expect(state.records).toMatchObject([
      { user_id: userId, lesson_key: lessons[0]!.lesson_key, completed: true, tracking_method: 'stable' },
    ]);
    expect(state.summary).toMatchObject({
      completedLessons: 1,
      totalLessons: 25,
      hasStarted: true,
      nextLessonId: lessons[1]!.id,
      lastLessonId: lessons[0]!.id,
    });
    const undone = await call(server, 'PUT', `/progress/lessons/${lessons[0]!.lesson_key}`, {
      token,
      body: { completed: false },
    });
    expect(undone.body.summary.completedLessons).toBe(0);
    expect(undone.body.records).toHaveLength(1);

    await call(server, 'PUT', `/progress/lessons/${lessons[1]!.lesson_key}`, {
      token,
      body: { completed: true },
    });
    const missing = await call(server, 'DELETE', '/progress/modules/77', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(moduleDoesNotExist(77));
    const moduleReset = await call(server, 'DELETE', `/progress/modules/${firstModule}`, { token });
    expect(moduleReset.body.records).toEqual([]);
    await call(server, 'PUT', `/progress/lessons/${lessons[2]!.lesson_key}`, {
      token,
      body: { completed: true },
    });
    const all = await call(server, 'DELETE', '/progress', { token });
    expect(all.status).toBe(200);
    expect(all.body.summary.hasStarted).toBe(false);
    expect((await call(server, 'GET', '/progress', { token })).body.records).toEqual([]);
  });

  it('answers not_found for an unknown lesson key and writes nothing', async () => {
    const { token, userId } = await signUp(server);
    const res = await call(server, 'PUT', '/progress/lessons/module_99_1_nope', {
      token,
      body: { completed: true },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    const rows = await server.database.db
      .select()
      .from(schema.userProgress)
      .where(eq(schema.userProgress.userId, userId));
    expect(rows).toEqual([]);
  });

  it('leaves exactly one row after 20 parallel completions of one lesson', async () => {
    const { token, userId } = await signUp(server);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(server, 'PUT', `/progress/lessons/${lessons[3]!.lesson_key}`, {
          token,
          body: { completed: true },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await server.database.db
      .select()
      .from(schema.userProgress)
      .where(eq(schema.userProgress.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.completed).toBe(true);
  });

  it('creates the profile on first read from the sign-up name, or the e-mail’s local part', async () => {
    const named = await signUp(server, 'Jo Bloggs');
    const profile = await call(server, 'GET', '/profile', { token: named.token });
    expect(ProfileSchema.parse(profile.body)).toMatchObject({
      user_id: named.userId,
      display_name: 'Jo Bloggs',
      avatar_url: null,
    });
    const again = await call(server, 'GET', '/profile', { token: named.token });
    expect(again.body.id).toBe(profile.body.id);

    const res = await call(server, 'POST', '/auth/signup', {
      body: { email: 'kim.lee@example.org', password: 'Facility-42-Data' },
    });
    const anon = await call(server, 'GET', '/profile', { token: res.body.session.access_token });
    expect(anon.body.display_name).toBe('kim.lee');
  });

  it('updates the profile: trimmed, blank as null, avatars must be http(s) or /storage/', async () => {
    const { token } = await signUp(server);
    expect(
      (await call(server, 'PATCH', '/profile', { token, body: { display_name: '  Jo B  ' } })).body
        .display_name,
    ).toBe('Jo B');
    expect(
      (await call(server, 'PATCH', '/profile', { token, body: { display_name: '   ' } })).body.display_name,
    ).toBeNull();
    const avatar = await call(server, 'PATCH', '/profile', {
      token,
      body: { avatar_url: 'https://cdn.example.com/a.png' },
    });
    expect(avatar.body.avatar_url).toBe('https://cdn.example.com/a.png');
    const script = await call(server, 'PATCH', '/profile', {
      token,
      body: { avatar_url: 'javascript:alert(1)' },
    });
    expect(script.status).toBe(400);
    expect(script.body.error.fields).toHaveProperty('avatar_url');
    expect((await call(server, 'GET', '/profile', { token })).body.avatar_url).toBe(
      'https://cdn.example.com/a.png',
    );
    expect((await call(server, 'GET', '/profile/roles', { token })).body).toEqual({ roles: ['user'] });
  });

  it('keeps one learner’s progress and profile out of another’s reach, whatever ids are sent', async () => {
    const ana = await signUp(server, 'Ana Silva');
    const bo = await signUp(server, 'Bo Chen');
    await call(server, 'PUT', `/progress/lessons/${lessons[0]!.lesson_key}`, {
      token: ana.token,
      body: { completed: true },
    });
    const anaProfile = (await call(server, 'GET', '/profile', { token: ana.token })).body;

    // Bo's reads are Bo's, whatever he adds to the path or query.
    const boProgress = await call(server, 'GET', `/progress?user_id=${ana.userId}`, { token: bo.token });
    expect(boProgress.body.records).toEqual([]);
    expect(
      (await call(server, 'GET', `/profile?user_id=${ana.userId}`, { token: bo.token })).body.user_id,
    ).toBe(bo.userId);
    expect((await call(server, 'GET', `/profile/${anaProfile.id}`, { token: bo.token })).status).toBe(404);
    expect((await call(server, 'GET', `/progress/${ana.userId}`, { token: bo.token })).status).toBe(404);

    // …and his writes cannot name anyone else: unknown fields are refused, nothing written.
    const forged = await call(server, 'PUT', `/progress/lessons/${lessons[1]!.lesson_key}`, {
      token: bo.token,
      body: { completed: true, user_id: ana.userId },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.fields).toEqual({ user_id: 'Unknown field' });
    const profileForged = await call(server, 'PATCH', '/profile', {
      token: bo.token,
      body: { display_name: 'Hacked', user_id: ana.userId, id: anaProfile.id },
    });
    expect(profileForged.status).toBe(400);
    await call(server, 'DELETE', `/progress?user_id=${ana.userId}`, { token: bo.token });
    await call(server, 'DELETE', `/progress/modules/${firstModule}?user_id=${ana.userId}`, {
      token: bo.token,
    });

    const anaAfter = await call(server, 'GET', '/progress', { token: ana.token });
    expect(anaAfter.body.records).toHaveLength(1);
    expect((await call(server, 'GET', '/profile', { token: ana.token })).body.display_name).toBe('Ana Silva');
  });

  it('reads progress in a fixed number of SQL statements, however many lessons are complete', async () => {
    const { token } = await signUp(server);
    const statements = async () => {
      const before = server.database.statements();
      await call(server, 'GET', '/progress', { token });
      return server.database.statements() - before;
    };
    // The session check is kept for 5 s (learner §9), so of two reads in a row one reads no session.
    const read = async () => Math.min(await statements(), await statements());
    await statements(); // the first read may load the course structure into this instance's memory
    const empty = await read();
    for (const l of lessons) {
      await call(server, 'PUT', `/progress/lessons/${l.lesson_key}`, { token, body: { completed: true } });
    }
    expect(await read()).toBe(empty);
    expect(empty).toBe(1); // records, attempts and course version in one
  });

  it('answers the system settings without a session', async () => {
    const res = await call(server, 'GET', '/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 1,
      maintenance_mode: false,
      system_message: null,
      system_message_type: 'info',
    });
  });

  it('reports health with database reachability', async () => {
    expect((await call(server, 'GET', '/health')).body).toEqual({ status: 'ok', database: true });
  });
});
