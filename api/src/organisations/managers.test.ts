import {
  importMessages,
  messages,
  ORGANISATION_MANAGER_ACTIONS,
  organisationAlreadyInvited,
  organisationGroupTaken,
  organisationInvitationInvalid,
} from '@coursekit/core';
import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import {
  call,
  completeCourse,
  DRIVERS,
  PASSWORD,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';

// What an organisation's manager does, through the API: invite people (one by one, or a CSV with a
// preview), group them, assign a course with a due date, read the report and its CSV, and take
// someone out of the organisation while their learning record stays. Every action is audited.

const DAY = 86_400_000;

/** A CSV as a spreadsheet program saves it: a UTF-8 BOM and CRLF line ends (written here by code). */
const spreadsheetCsv = (lines: string[]) => `\uFEFF${lines.join('\r\n')}\r\n`;

describe.each(DRIVERS)('an organisation’s manager (%s)', (driver) => {
  let server: TestServer;
  let admin: string;
  let orgId: string;
  let manager: Awaited<ReturnType<typeof signUp>>;
  let learner: Awaited<ReturnType<typeof signUp>>;
  let course: string;
  const path = (rest: string) => `/organisations/${orgId}${rest}`;
  const as = (method: string, rest: string, body?: unknown, token = manager.token) =>
    call(server, method, path(rest), { token, ...(body === undefined ? {} : { body }) });
  const upload = (csv: string, mode: 'preview' | 'apply') =>
    fetch(`${server.api}${path(`/import?mode=${mode}`)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'text/csv' },
      body: csv,
    }).then(async (res) => ({ status: res.status, body: await res.json() }));
  const linkTo = (to: string) => {
    const mail = server.mailbox.list().find((m) => m.to === to);
    return new URL(mail!.links[0]!).searchParams.get('token')!;
  };

  beforeAll(async () => {
    server = await startServer(driver, { config: { corsOrigins: [] } });
    admin = (await signInAdmin(server)).token;
    const org = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: { name: 'Acme Facilities', slug: 'acme', seat_limit: 7 },
    });
    orgId = org.body.id;
    manager = await signUp(server, 'Mia Manager');
    learner = await signUp(server, 'Lou Learner');
    for (const [person, role] of [
      [manager, 'manager'],
      [learner, 'learner'],
    ] as const) {
      await call(server, 'PUT', `/admin/organisations/${orgId}/members/${person.userId}`, {
        token: admin,
        body: { role },
      });
    }
    course = (await call(server, 'GET', '/outline')).body.slug;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('invites by e-mail; the link makes a new account, or links an existing one, and joins it', async () => {
    const invited = await as('POST', '/invitations', { email: 'New.Person@Acme.test', name: 'Nina New' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: 'new.person@acme.test', role: 'learner', accepted_at: null });
    expect((await as('POST', '/invitations', { email: 'new.person@acme.test' })).body.error.message).toBe(
      organisationAlreadyInvited('new.person@acme.test'),
    );
    const token = linkTo('new.person@acme.test');
    const accept = (body: object) => call(server, 'POST', '/organisation-invitations/accept', { body });
    expect((await accept({ token })).status).toBe(400);
    const created = await accept({ token, password: PASSWORD });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      organisation: { slug: 'acme', name: 'Acme Facilities' },
      email: 'new.person@acme.test',
      account: 'created',
    });
    expect((await accept({ token, password: PASSWORD })).body.error.message).toBe(
      organisationInvitationInvalid,
    );
    const signIn = await call(server, 'POST', '/auth/signin', {
      body: { email: 'new.person@acme.test', password: PASSWORD },
    });
    expect(signIn.status).toBe(200);

    const existing = await signUp(server, 'Ed Existing');
    await as('POST', '/invitations', { email: existing.email, role: 'learner' });
    const linked = await accept({ token: linkTo(existing.email), password: 'Another-Pass-99' });
    expect(linked.body.account).toBe('linked');
    // The existing password is untouched.
    expect(
      (await call(server, 'POST', '/auth/signin', { body: { email: existing.email, password: PASSWORD } }))
        .status,
    ).toBe(200);

    const people = await as('GET', '/people?search=acme.test');
    expect(people.body.items.map((p: { email: string }) => p.email)).toEqual(['new.person@acme.test']);
    const all = await as('GET', '/people?pageSize=2');
    expect(all.body.total).toBe(4);
    expect(all.body.items[0]).toMatchObject({ email: manager.email, role: 'manager' });
  });

  it('previews a spreadsheet’s CSV row by row, applies it, and a second upload changes nothing', async () => {
    const csv = spreadsheetCsv([
      'Email,Name,Group',
      'ana@acme.test,Ana Alves,Night shift',
      'not-an-email,Bad Row,',
      `${learner.email},Lou Learner,`,
      'ANA@acme.test,Ana Again,',
      'bo@acme.test,"Bo, the Second",Night shift',
      'cy@acme.test,Cy,Day shift',
      'dee@acme.test,Dee,',
    ]);
    const invitations = async () =>
      (await server.database.db.select().from(schema.organisationInvitations)).length;
    const before = await invitations();
    const preview = await upload(csv, 'preview');
    expect(preview.status).toBe(200);
    // 4 people in 7 seats: room for 3 of the 4 new ones, taken in file order.
    expect(preview.body.rows).toEqual([
      { line: 2, email: 'ana@acme.test', name: 'Ana Alves', group: 'Night shift', kind: 'invite' },
      { line: 3, email: 'not-an-email', kind: 'error', message: messages.emailInvalidFormat },
      { line: 4, email: learner.email, name: 'Lou Learner', group: null, kind: 'no_change' },
      { line: 5, email: 'ana@acme.test', kind: 'error', message: importMessages.duplicate(2) },
      { line: 6, email: 'bo@acme.test', name: 'Bo, the Second', group: 'Night shift', kind: 'invite' },
      { line: 7, email: 'cy@acme.test', name: 'Cy', group: 'Day shift', kind: 'invite' },
      { line: 8, email: 'dee@acme.test', kind: 'error', message: importMessages.overSeats(7) },
    ]);
    expect(preview.body).toMatchObject({ applied: false, counts: { invite: 3, no_change: 1, error: 3 } });
    expect(await invitations()).toBe(before);

    const applied = await upload(csv, 'apply');
    expect(applied.body).toMatchObject({ applied: true, counts: { invite: 3, no_change: 1, error: 3 } });
    expect(await invitations()).toBe(before + 3);
    const groups = await as('GET', '/groups');
    expect(groups.body.map((g: { name: string }) => g.name)).toEqual(['Day shift', 'Night shift']);
    expect(server.mailbox.list().some((m) => m.to === 'bo@acme.test')).toBe(true);

    const again = await upload(csv, 'apply');
    expect(again.body.counts).toEqual({ invite: 0, no_change: 4, error: 3 });
    expect(await invitations()).toBe(before + 3);
    expect((await as('GET', '/groups')).body).toHaveLength(2);

    const noHeader = await upload('ana@acme.test,Ana\r\n', 'preview');
    expect(noHeader.body.error).toBe(importMessages.missingColumns);
  });

  it('creates, renames and deletes groups, and puts people in and out of them', async () => {
    const made = await as('POST', '/groups', { name: 'Cohort 1' });
    expect(made.status).toBe(201);
    expect((await as('POST', '/groups', { name: 'Cohort 1' })).body.error.message).toBe(
      organisationGroupTaken('Cohort 1'),
    );
    const renamed = await as('PATCH', `/groups/${made.body.id}`, { name: 'Cohort A' });
    expect(renamed.body).toMatchObject({ name: 'Cohort A', members: 0 });
    expect((await as('PUT', `/groups/${made.body.id}/members/${learner.userId}`)).status).toBe(204);
    expect((await as('PUT', `/groups/${made.body.id}/members/${learner.userId}`)).status).toBe(204);
    const outsider = await signUp(server, 'Oz Outsider');
    expect((await as('PUT', `/groups/${made.body.id}/members/${outsider.userId}`)).status).toBe(404);
    const person = (await as('GET', `/people?search=${encodeURIComponent(learner.email)}`)).body.items[0];
    expect(person.groups).toEqual(['Cohort A']);
    expect((await as('DELETE', `/groups/${made.body.id}/members/${learner.userId}`)).status).toBe(204);
    expect((await as('DELETE', `/groups/${made.body.id}`)).status).toBe(204);
    expect((await as('PATCH', `/groups/${made.body.id}`, { name: 'X' })).status).toBe(404);
  });

  it('assigns a course to a group and a person with due dates; the report, its CSV and the chart show the statuses', async () => {
    const group = (await as('POST', '/groups', { name: 'Crew' })).body;
    const members = (await as('GET', '/people?pageSize=100')).body.items as Array<{
      user_id: string;
      email: string;
    }>;
    const done = members.find((m) => m.email === 'new.person@acme.test')!;
    const started = learner;
    for (const m of [done.user_id, started.userId]) await as('PUT', `/groups/${group.id}/members/${m}`);
    const inThreeDays = new Date(server.clock.now() + 3 * DAY).toISOString().slice(0, 10);
    const toGroup = await as('POST', '/assignments', { course, group_ids: [group.id], due_at: inThreeDays });
    expect(toGroup.status).toBe(201);
    expect(toGroup.body[0]).toMatchObject({ course, group: 'Crew', due_at: `${inThreeDays}T23:59:59.999Z` });
    const yesterday = new Date(server.clock.now() - DAY).toISOString();
    const existing = members.find((m) => ![done.email, started.email, manager.email].includes(m.email))!;
    await as('POST', '/assignments', { course, user_ids: [existing.user_id], due_at: yesterday });
    await as('POST', '/assignments', { course, user_ids: [manager.userId] });
    expect(
      (await as('POST', '/assignments', { course: 'no-such-course', user_ids: [manager.userId] })).status,
    ).toBe(404);

    const newcomer = await call(server, 'POST', '/auth/signin', {
      body: { email: done.email, password: PASSWORD },
    });
    await completeCourse(server, newcomer.body.access_token);
    const lessons = await call(server, 'GET', '/modules/1/lessons', { token: started.token });
    await call(server, 'PUT', `/progress/lessons/${lessons.body[0].lesson_key}`, {
      token: started.token,
      body: { completed: true },
    });
    // A name the spreadsheet would run as a formula (as a partner token's name could be).
    await server.database.db
      .update(schema.users)
      .set({ name: '=HYPERLINK("http://evil.test")' })
      .where(eq(schema.users.id, manager.userId));

    const report = await as('GET', '/report?sort=email');
    const statuses = Object.fromEntries(
      report.body.items.map((r: { email: string; status: string }) => [r.email, r.status]),
    );
    expect(statuses).toEqual({
      [done.email]: 'completed',
      [started.email]: 'in_progress',
      [existing.email]: 'overdue',
      [manager.email]: 'not_started',
    });
    const completed = report.body.items.find((r: { email: string }) => r.email === done.email);
    expect(completed.score).toBe(100);
    expect(completed.completed_at).not.toBeNull();
    expect(completed.due_at).toBe(`${inThreeDays}T23:59:59.999Z`);

    const overdue = await as('GET', '/report?status=overdue');
    expect(overdue.body.items.map((r: { email: string }) => r.email)).toEqual([existing.email]);
    const crew = await as('GET', `/report?group=${group.id}&sort=status&dir=desc`);
    expect(crew.body.items.map((r: { status: string }) => r.status)).toEqual(['completed', 'in_progress']);
    const paged = await as('GET', '/report?pageSize=1&page=2&sort=email');
    expect(paged.body).toMatchObject({ total: 4, page: 2, pageSize: 1 });
    expect(paged.body.items[0].email).toBe(report.body.items[1].email);
    expect((await as('GET', '/report?page=9')).body).toMatchObject({ items: [], total: 4, page: 9 });

    const csv = await fetch(`${server.api}${path('/report/csv?sort=email')}`, {
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('email,name,course,status,due_at,completed_at,score');
    expect(lines).toHaveLength(6);
    expect(text).toContain(`${manager.email},"'=HYPERLINK(""http://evil.test"")",${course},not_started,,,`);

    const chart = await as('GET', '/report/completions?days=7');
    expect(chart.body).toHaveLength(7);
    expect(chart.body.at(-1)).toEqual({
      day: new Date(server.clock.now()).toISOString().slice(0, 10),
      completed: 1,
    });
    expect(chart.body.slice(0, 6).every((d: { completed: number }) => d.completed === 0)).toBe(true);

    const listed = await as('GET', '/assignments');
    expect(listed.body).toHaveLength(3);
    const personal = listed.body.find((a: { user_id: string | null }) => a.user_id === manager.userId);
    expect((await as('DELETE', `/assignments/${personal.id}`)).status).toBe(204);
    expect((await as('GET', '/report')).body.total).toBe(3);
  });

  it('takes a person out of the organisation and keeps their learning record', async () => {
    const before = await call(server, 'GET', '/progress', { token: learner.token });
    expect((await as('DELETE', `/people/${learner.userId}`)).status).toBe(204);
    expect((await as('DELETE', `/people/${learner.userId}`)).status).toBe(404);
    const emails = (await as('GET', '/report')).body.items.map((r: { email: string }) => r.email);
    expect(emails).not.toContain(learner.email);
    const after = await call(server, 'GET', '/progress', { token: learner.token });
    expect(after.body).toEqual(before.body);
    const groupRows = await server.database.db
      .select()
      .from(schema.organisationGroupMembers)
      .where(eq(schema.organisationGroupMembers.userId, learner.userId));
    expect(groupRows).toEqual([]);
  });

  it('writes every manager action to the audit log with the organisation', async () => {
    const rows = await server.database.db
      .select()
      .from(schema.adminActionLog)
      .where(
        and(
          eq(schema.adminActionLog.adminUserId, manager.userId),
          sql`${schema.adminActionLog.actionType} like 'organisation_%'`,
        ),
      );
    const actions = new Set(rows.map((r) => r.actionType));
    for (const action of ORGANISATION_MANAGER_ACTIONS) expect(actions, action).toContain(action);
    for (const r of rows) expect(r.actionDetails).toMatchObject({ organisation_id: orgId });

    // The admin's console reads that log through core's schema: every action in it is one it knows.
    const adminConsole = withHttpAdmin(
      createHttpAdapter({ baseUrl: server.api, getAccessToken: () => admin }),
    );
    const logged = await adminConsole.admin!.audit.actions({ pageSize: 100 });
    const types = new Set(logged.items.map((i) => i.action_type));
    for (const action of [
      'organisation_created',
      'organisation_member_added',
      'organisation_invitation_accepted',
    ])
      expect(types, action).toContain(action);
    for (const action of ORGANISATION_MANAGER_ACTIONS) expect(types, action).toContain(action);
  });
});
