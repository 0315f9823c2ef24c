import { CourseError, importMessages } from '@coursekit/core';
import { createHttpAdapter, createHttpOrganisation } from '@coursekit/core/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  completeCourse,
  DRIVERS,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';

// The managers' widgets call the API through core's HTTP organisation adapter: every one of its calls
// is made here against the real server, whose answers the adapter reads with the endpoints' schemas
// (an answer that does not fit fails the call).

describe.each(DRIVERS)('the HTTP organisation adapter on the real server (%s)', (driver) => {
  let server: TestServer;
  let admin: string;
  let orgId: string;
  let manager: Awaited<ReturnType<typeof signUp>>;
  let learner: Awaited<ReturnType<typeof signUp>>;
  let outsider: Awaited<ReturnType<typeof signUp>>;
  const organisationOf = (token: string) =>
    createHttpOrganisation(createHttpAdapter({ baseUrl: server.api, getAccessToken: () => token }), orgId);

  beforeAll(async () => {
    server = await startServer(driver, { config: { corsOrigins: [] } });
    admin = (await signInAdmin(server)).token;
    const org = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: { name: 'Acme Facilities', slug: 'acme-adapter', seat_limit: 5 },
    });
    orgId = org.body.id;
    manager = await signUp(server, 'Mia Manager');
    learner = await signUp(server, 'Lou Learner');
    outsider = await signUp(server, 'Oz Outsider');
    for (const [person, role] of [
      [manager, 'manager'],
      [learner, 'learner'],
    ] as const) {
      await call(server, 'PUT', `/admin/organisations/${orgId}/members/${person.userId}`, {
        token: admin,
        body: { role },
      });
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('invites, imports a CSV (preview, then apply), groups, assigns, reports and removes', async () => {
    const organisation = organisationOf(manager.token);

    const invited = await organisation.invite({ email: 'Nina.New@Acme.test', name: 'Nina New' });
    expect(invited).toMatchObject({ email: 'nina.new@acme.test', accepted_at: null });
    await expect(organisation.invite({ email: 'nina.new@acme.test' })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect((await organisation.invitations()).map((i) => i.email)).toEqual(['nina.new@acme.test']);

    const csv = new Blob(
      [
        '\uFEFFemail,name,group\r\nkim@acme.test,Kim,Night shift\r\nnot-an-email,,\r\nkim@acme.test,Kim again,\r\nlee@acme.test,,\r\nmo@acme.test,,\r\n',
      ],
      { type: 'text/csv' },
    );
    const preview = await organisation.importPeople(csv, 'preview');
    expect(preview.applied).toBe(false);
    expect(preview.rows.map((r) => [r.line, r.kind])).toEqual([
      [2, 'invite'],
      [3, 'error'],
      [4, 'error'],
      [5, 'invite'],
      [6, 'error'],
    ]);
    expect(preview.rows[2]!.message).toBe(importMessages.duplicate(2));
    expect(preview.rows[4]!.message).toBe(importMessages.overSeats(5));
    expect(await organisation.invitations()).toHaveLength(1);
    const applied = await organisation.importPeople(csv, 'apply');
    expect(applied).toMatchObject({ applied: true, counts: { invite: 2, error: 3 } });
    expect((await organisation.invitations()).map((i) => i.email).sort()).toEqual([
      'kim@acme.test',
      'lee@acme.test',
      'nina.new@acme.test',
    ]);

    const people = await organisation.people({ search: '', pageSize: 50 });
    expect(people.items.map((p) => p.email).sort()).toEqual([learner.email, manager.email].sort());
    const group = await organisation.createGroup('Day shift');
    expect(await organisation.renameGroup(group.id, 'Early shift')).toMatchObject({ name: 'Early shift' });
    await organisation.addGroupMember(group.id, learner.userId);
    expect((await organisation.groups()).find((g) => g.id === group.id)?.members).toBe(1);

    const courses = await organisation.courses();
    expect(courses.length).toBeGreaterThan(0);
    const course = courses[0]!.slug;
    const made = await organisation.assign({ course, group_ids: [group.id], due_at: '2099-03-31' });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ course, group: 'Early shift' });
    expect(made[0]!.due_at?.slice(0, 10)).toBe('2099-03-31');
    const direct = await organisation.assign({ course, user_ids: [manager.userId] });
    expect((await organisation.assignments()).map((a) => a.id).sort()).toEqual(
      [made[0]!.id, direct[0]!.id].sort(),
    );

    await completeCourse(server, learner.token, course);
    const report = await organisation.report({ sort: 'status', dir: 'asc', page: 1, pageSize: 10 });
    const statusOf = (email: string) => report.items.find((r) => r.email === email)?.status;
    expect(statusOf(learner.email)).toBe('completed');
    expect(statusOf(manager.email)).toBe('not_started');
    expect(report.items.find((r) => r.email === learner.email)?.score).not.toBeNull();
    const completedOnly = await organisation.report({ status: 'completed' });
    expect(completedOnly.items.map((r) => r.email)).toEqual([learner.email]);
    const csvText = await organisation.reportCsv({ status: 'completed' });
    expect(csvText.split('\r\n')[0]).toBe('email,name,course,status,due_at,completed_at,score');
    expect(csvText).toContain(learner.email);
    expect(csvText).not.toContain(manager.email);
    const days = await organisation.completions({ days: 7 });
    expect(days).toHaveLength(7);
    expect(days.reduce((sum, d) => sum + d.completed, 0)).toBe(1);

    await organisation.removeAssignment(direct[0]!.id);
    await organisation.removeGroupMember(group.id, learner.userId);
    await organisation.deleteGroup(group.id);
    expect(await organisation.assignments()).toEqual([]);
    await organisation.removePerson(learner.userId);
    expect((await organisation.people()).items.map((p) => p.email)).toEqual([manager.email]);
    // Their learning record stays: the learner still has the course completed.
    const progress = await call(server, 'GET', `/courses/${course}/progress`, { token: learner.token });
    expect(progress.status).toBe(200);
    expect(JSON.stringify(progress.body)).toContain('"completed":true');
  });

  it('reads the identity provider the admin set: issuer, domains, enabled, never the client or its secret', async () => {
    const organisation = organisationOf(manager.token);
    expect(await organisation.identityProvider()).toBeNull();
    const body = {
      issuer: 'https://login.acme-adapter.example',
      client_id: 'coursekit-client',
      client_secret: 'a-secret-managers-never-see',
      domains: ['acme-adapter.example'],
    };
    const put = (extra = {}) =>
      call(server, 'PUT', `/admin/organisations/${orgId}/identity-provider`, {
        token: admin,
        body: { ...body, ...extra },
      });
    expect((await put()).status).toBe(200);
    expect(await organisation.identityProvider()).toEqual({
      issuer: body.issuer,
      domains: body.domains,
      enabled: true,
    });
    await put({ enabled: false });
    expect((await organisation.identityProvider())?.enabled).toBe(false);
    const raw = await call(server, 'GET', `/organisations/${orgId}/identity-provider`, {
      token: manager.token,
    });
    expect(JSON.stringify(raw.body)).not.toMatch(/a-secret-managers-never-see|coursekit-client/);
    await expect(organisationOf(learner.token).identityProvider()).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('refuses a learner who is no manager, and a call without a session', async () => {
    const refused = await organisationOf(outsider.token)
      .people()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CourseError);
    expect((refused as CourseError).code).toBe('forbidden');
    await expect(organisationOf('').groups()).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
