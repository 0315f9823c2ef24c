import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import {
  call,
  DRIVERS,
  defaultCourseId,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
  takeFinalQuiz,
} from '../test/harness';
import { INSTRUCTOR, type OidcPlatform, startOidcPlatform } from '../test/oidcPlatform';

// The instructor's roster (LTI Names and Role Provisioning) through an LMS whose authorization
// server is oidc-provider: the tool gets its client-credentials token for the NRPS scope (the
// provider checks its private_key_jwt assertion), the LMS's memberships service checks that token
// with the provider's own model and pages its members, and only the session of an instructor's
// launch in that context reads the roster.

const TOOL_URL = 'https://tool.test';

describe.each(DRIVERS)('LTI class roster (%s)', (driver) => {
  let server: TestServer;
  let platform: OidcPlatform;
  let lessonKeys: string[];

  beforeAll(async () => {
    server = await startServer(driver, { config: { publicUrl: TOOL_URL } });
    platform = await startOidcPlatform({ publicUrl: TOOL_URL, url: server.url });
    const admin = (await signInAdmin(server)).token;
    const created = await call(server, 'POST', '/admin/lti/registrations', {
      token: admin,
      body: platform.registration(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const db = server.database.db;
    lessonKeys = (
      await db
        .select({ key: schema.lessons.lessonKey })
        .from(schema.lessons)
        .where(and(eq(schema.lessons.courseId, await defaultCourseId(db)), eq(schema.lessons.isActive, true)))
        .orderBy(asc(schema.lessons.id))
    ).map((l) => l.key!);
  });
  afterAll(async () => {
    await platform?.close();
    await server?.close();
  });

  const roster = (token: string | undefined, rosterId: string) =>
    call(server, 'GET', `/lti/rosters/${rosterId}`, token ? { token } : {});
  const instructorLaunch = async (sub: string, contextId: string, resourceLinkId = 'roster-link') => {
    const teacher = await platform.signIn(sub, { name: `Teacher ${sub}` });
    const launch = await teacher.launch({ roles: [INSTRUCTOR], contextId, resourceLinkId });
    expect(launch.status, launch.html).toBe(200);
    expect(launch.data.role).toBe('instructor');
    expect(launch.data.roster, 'the instructor’s page names the roster').toMatch(/^[0-9a-f-]{36}$/);
    return { token: launch.data.token!, rosterId: launch.data.roster! };
  };

  it('lists every member of the context across pages, with progress for those who launched and "not started" for the others', async () => {
    platform.setMembers('class-a', [
      { user_id: 'ro-teacher', name: 'Tess Teacher', roles: [INSTRUCTOR] },
      { user_id: 'ro-done', name: 'Dana Done', email: 'dana@school.test' },
      { user_id: 'ro-half', name: 'Hal Half' },
      { user_id: 'ro-never', name: 'Nev Never', email: 'nev@school.test' },
      { user_id: 'ro-gone', name: 'Gil Gone', status: 'Inactive' },
    ]);
    platform.setMemberPageSize(2);

    const done = await (await platform.signIn('ro-done')).launch({
      contextId: 'class-a',
      resourceLinkId: 'roster-link',
    });
    const doneToken = done.data.token!;
    expect(done.data.roster, 'a learner’s page names no roster').toBeUndefined();
    for (const key of lessonKeys) {
      expect(
        (
          await call(server, 'PUT', `/progress/lessons/${key}`, {
            token: doneToken,
            body: { completed: true },
          })
        ).status,
      ).toBe(200);
    }
    await takeFinalQuiz(server, doneToken, true);
    const half = await (await platform.signIn('ro-half')).launch({
      contextId: 'class-a',
      resourceLinkId: 'roster-link',
    });
    await call(server, 'PUT', `/progress/lessons/${lessonKeys[0]}`, {
      token: half.data.token!,
      body: { completed: true },
    });

    const teacher = await instructorLaunch('ro-teacher', 'class-a');
    const before = platform.membershipRequests();
    const res = await roster(teacher.token, teacher.rosterId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(platform.membershipRequests() - before, 'three pages of two').toBe(3);
    expect(res.body.context).toEqual({ id: 'class-a', title: 'Class of 2026' });
    expect(res.body.module_id).toBeNull();
    const bySub = Object.fromEntries(
      (res.body.members as Array<Record<string, unknown>>).map((m) => [m.platform_user_id, m]),
    );
    expect(Object.keys(bySub)).toEqual(['ro-teacher', 'ro-done', 'ro-half', 'ro-never', 'ro-gone']);
    const total = lessonKeys.length;
    expect(bySub['ro-done']).toMatchObject({
      name: 'Dana Done',
      email: 'dana@school.test',
      role: 'learner',
      launched: true,
      state: 'completed',
      lessons_done: total,
      lessons_total: total,
      completed: true,
    });
    expect((bySub['ro-done']!.quiz as { percentage: number }).percentage).toBeGreaterThanOrEqual(70);
    expect(bySub['ro-half']).toMatchObject({
      launched: true,
      state: 'in_progress',
      lessons_done: 1,
      lessons_total: total,
      quiz: null,
      completed: false,
    });
    expect(bySub['ro-never']).toMatchObject({
      name: 'Nev Never',
      launched: false,
      state: 'not_started',
      lessons_done: 0,
      quiz: null,
      completed: false,
    });
    expect(bySub['ro-teacher']).toMatchObject({ role: 'instructor', launched: true, state: 'not_started' });
    expect(bySub['ro-gone']).toMatchObject({ status: 'Inactive', state: 'not_started' });

    // The token is cached: a second look asks the token endpoint nothing.
    const tokens = platform.tokenRequests();
    expect((await roster(teacher.token, teacher.rosterId)).status).toBe(200);
    expect(platform.tokenRequests()).toBe(tokens);
  });

  it('refuses the roster to a learner’s launch, to anyone signed in without a launch, to no one signed in, and to an instructor of another context', async () => {
    platform.setMembers('class-b', [{ user_id: 'rb-teacher', roles: [INSTRUCTOR] }]);
    const owner = await instructorLaunch('rb-teacher', 'class-b');
    const learner = await (await platform.signIn('rb-learner')).launch({
      contextId: 'class-b',
      resourceLinkId: 'roster-link',
    });
    const site = await signUp(server, 'Sid Site');
    const admin = (await signInAdmin(server)).token;
    const other = await instructorLaunch('rc-teacher', 'class-c');

    const requests = platform.membershipRequests();
    for (const [who, token, status] of [
      ['a learner of the context', learner.data.token, 403],
      ['a site learner', site.token, 403],
      ['an admin of the site (no launch)', admin, 403],
      ['an instructor of another context', other.token, 403],
      ['no one signed in', undefined, 401],
    ] as const) {
      const res = await roster(token, owner.rosterId);
      expect(res.status, who).toBe(status);
      expect(typeof res.body.error.message, who).toBe('string');
    }
    expect(platform.membershipRequests(), 'no refused caller reaches the LMS').toBe(requests);
    expect((await roster(owner.token, owner.rosterId)).status).toBe(200);
    expect((await roster(other.token, other.rosterId)).status).toBe(200);
  });

  it('says why, in words, when the LMS cannot give the roster', async () => {
    platform.setMembers('class-d', [{ user_id: 'rd-teacher', roles: [INSTRUCTOR] }]);
    const teacher = await instructorLaunch('rd-teacher', 'class-d');
    expect((await roster(teacher.token, teacher.rosterId)).status).toBe(200);
    platform.setMemberPageSize(0);
    await platform.close();
    const res = await roster(teacher.token, teacher.rosterId);
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/^The LMS did not give the class roster: network:/);
    platform = await startOidcPlatform({ publicUrl: TOOL_URL, url: server.url });
  });
});
