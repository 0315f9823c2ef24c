import { type AdminAdapter, CourseError, messages } from '@coursekit/core';
import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import {
  call,
  DRIVERS,
  email,
  PASSWORD,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';

const { userProgress, quizAttempts, userRoles, profiles, users, adminActionLog } = schema;

async function rejection(promise: Promise<unknown>): Promise<CourseError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CourseError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe.each(DRIVERS)('admin users, roles and audit (%s)', (driver) => {
  let server: TestServer;
  let admin: AdminAdapter;
  let adminToken: string;
  let adminId: string;

  beforeAll(async () => {
    server = await startServer(driver);
    ({ token: adminToken, userId: adminId } = await signInAdmin(server));
    admin = withHttpAdmin(createHttpAdapter({ baseUrl: server.api, getAccessToken: () => adminToken })).admin;
  });
  afterAll(() => server?.close());

  const count = async (table: typeof userProgress | typeof quizAttempts, userId: string) => {
    const [row] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.userId, userId));
    return row!.n;
  };

  /** A learner with a profile, one completed lesson, one quiz attempt and the user role. */
  async function learnerWithData(name: string) {
    const learner = await signUp(server, name);
    await call(server, 'GET', '/profile', { token: learner.token });
    const [module] = (await call(server, 'GET', '/modules', { token: learner.token })).body;
    const [lesson] = (await call(server, 'GET', `/modules/${module.id}/lessons`, { token: learner.token }))
      .body;
    await call(server, 'PUT', `/progress/lessons/${lesson.lesson_key}`, {
      token: learner.token,
      body: { completed: true },
    });
    const [quiz] = (await call(server, 'GET', '/quizzes', { token: learner.token })).body;
    await call(server, 'POST', `/quizzes/${quiz.quiz.id}/attempts`, { token: learner.token });
    return learner;
  }

  it('lists users with e-mail, sign-in, confirmation and roles, searches and sorts by last name', async () => {
    const tag = Array.from({ length: 6 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    await signUp(server, `Zoe ${tag}Adams`, email(`zoe.${tag}`));
    await signUp(server, `Al ${tag}Brown`, email(`al.${tag}`));
    await signUp(server, `Cy ${tag}Clark`, email(`cyx.${tag}`));

    const byName = await admin.users.list({ search: `${tag}B` });
    expect(byName.items.map((u) => u.display_name)).toEqual([`Al ${tag}Brown`]);
    expect(byName.items[0]).toMatchObject({ roles: ['user'], email_confirmed_at: null });
    expect(byName.items[0]!.last_sign_in_at).not.toBeNull();
    expect(byName.items[0]!.email).toMatch(/@example\.com$/);

    const byEmail = await admin.users.list({ search: `CYX.${tag.toUpperCase()}` });
    expect(byEmail.total).toBe(1);

    const asc = await admin.users.list({ search: tag, sort: 'asc' });
    expect(asc.items.map((u) => u.display_name)).toEqual([
      `Zoe ${tag}Adams`,
      `Al ${tag}Brown`,
      `Cy ${tag}Clark`,
    ]);
    const desc = await admin.users.list({ search: tag, sort: 'desc', pageSize: 2, page: 1 });
    expect(desc).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(desc.items.map((u) => u.display_name)).toEqual([`Cy ${tag}Clark`, `Al ${tag}Brown`]);
    const second = await admin.users.list({ search: tag, sort: 'desc', pageSize: 2, page: 2 });
    expect(second.items.map((u) => u.display_name)).toEqual([`Zoe ${tag}Adams`]);
    expect((await admin.users.list({ search: '%' })).total).toBe(0);
    expect((await admin.users.list({ search: 'nobody-matches-this' })).items).toEqual([]);
  });

  it('lists a page of users in one statement, whatever the page size', async () => {
    const before = server.database.statements();
    await call(server, 'GET', '/admin/users?pageSize=50', { token: adminToken });
    // guard: session + role; the list itself: one statement.
    expect(server.database.statements() - before).toBeLessThanOrEqual(3);
  });

  it('creates users with the spec’s defaults and validation', async () => {
    const invited = email('invited');
    const user = await admin.users.create({
      email: invited,
      password: PASSWORD,
      displayName: '  Ivy Invited  ',
      sendInvite: true,
      roles: ['user'],
    });
    expect(user).toMatchObject({ email: invited, display_name: 'Ivy Invited', roles: ['user'] });
    expect(user.email_confirmed_at).toBeNull();
    expect(server.mailbox.list().some((m) => m.to === invited)).toBe(true);

    const direct = email('direct');
    const confirmed = await admin.users.create({
      email: direct,
      password: PASSWORD,
      displayName: 'Dan Direct',
      sendInvite: false,
      roles: ['user', 'moderator'],
    });
    expect(confirmed.email_confirmed_at).not.toBeNull();
    expect(confirmed.roles).toEqual(['moderator', 'user']);
    expect(server.mailbox.list().some((m) => m.to === direct)).toBe(false);
    const signIn = await call(server, 'POST', '/auth/signin', {
      body: { email: direct, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);

    // Defaults: send invite on, role user.
    const bare = await call(server, 'POST', '/admin/users', {
      token: adminToken,
      body: { email: email('bare'), password: PASSWORD, displayName: 'Bea Bare' },
    });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ roles: ['user'], email_confirmed_at: null });

    const invalid = await rejection(
      admin.users.create({ email: 'nope', password: '12', displayName: ' ', sendInvite: false, roles: [] }),
    );
    expect(invalid.code).toBe('validation_error');
    expect(invalid.fields).toEqual({
      email: messages.createUserEmailInvalid,
      password: messages.createUserPasswordTooShort,
      displayName: messages.createUserDisplayNameRequired,
    });
    const common = await rejection(
      admin.users.create({
        email: email('weak'),
        password: 'password123',
        displayName: 'Wes Weak',
        sendInvite: false,
        roles: ['user'],
      }),
    );
    expect(common.code).toBe('weak_password');
    const taken = await rejection(
      admin.users.create({
        email: direct,
        password: PASSWORD,
        displayName: 'Dup',
        sendInvite: false,
        roles: [],
      }),
    );
    expect(taken.message).toBe(messages.authUserAlreadyRegistered);
  });

  it('views and edits a profile, trimming and storing blanks as null', async () => {
    const learner = await signUp(server, 'Eve Edit');
    expect(await admin.users.get(learner.userId)).toMatchObject({
      id: learner.userId,
      display_name: 'Eve Edit',
    });
    const edited = await admin.users.update(learner.userId, {
      display_name: '  Eve Edited  ',
      avatar_url: '   ',
    });
    expect(edited).toMatchObject({ display_name: 'Eve Edited', avatar_url: null });
    const blank = await admin.users.update(learner.userId, { display_name: '   ' });
    expect(blank.display_name).toBeNull();
    const profile = await call(server, 'GET', '/profile', { token: learner.token });
    expect(profile.body.display_name).toBeNull();
    expect((await rejection(admin.users.get('00000000-0000-4000-8000-000000000000'))).code).toBe('not_found');
  });

  it('deletes exactly the five kinds of a user’s data and nothing of another user', async () => {
    const doomed = await learnerWithData('Dee Doomed');
    const bystander = await learnerWithData('Bo Bystander');
    const { db } = server.database;
    for (const id of [doomed.userId, bystander.userId]) {
      expect(await count(userProgress, id)).toBe(1);
      expect(await count(quizAttempts, id)).toBe(1);
    }
    await admin.users.delete(doomed.userId);

    expect(await count(userProgress, doomed.userId)).toBe(0);
    expect(await count(quizAttempts, doomed.userId)).toBe(0);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, doomed.userId))).toEqual([]);
    expect(await db.select().from(profiles).where(eq(profiles.userId, doomed.userId))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, doomed.userId))).toEqual([]);

    expect(await count(userProgress, bystander.userId)).toBe(1);
    expect(await count(quizAttempts, bystander.userId)).toBe(1);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, bystander.userId))).toHaveLength(1);
    expect(await db.select().from(profiles).where(eq(profiles.userId, bystander.userId))).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.id, bystander.userId))).toHaveLength(1);

    // The deleted account's session no longer opens anything.
    expect((await call(server, 'GET', '/progress', { token: doomed.token })).status).toBe(401);
    const [logged] = await db
      .select()
      .from(adminActionLog)
      .where(eq(adminActionLog.targetUserId, doomed.userId));
    expect(logged).toMatchObject({
      actionType: 'user_deleted',
      actionDetails: { removed: { progress: 1, quizAttempts: 1, roles: 1, profile: 1, authAccount: 1 } },
    });
  });

  it('assigns and removes roles, several per user, each written to the action log with the user agent', async () => {
    const learner = await signUp(server, 'Rita Roles');
    expect(await admin.roles.assign(learner.userId, 'moderator')).toEqual(['moderator', 'user']);
    expect(await admin.roles.assign(learner.userId, 'admin')).toEqual(['admin', 'moderator', 'user']);
    expect(await admin.roles.assign(learner.userId, 'admin')).toEqual(['admin', 'moderator', 'user']);
    expect(await admin.roles.remove(learner.userId, 'moderator')).toEqual(['admin', 'user']);
    // The new admin is an admin on the very next request.
    expect((await call(server, 'GET', '/admin/stats', { token: learner.token })).status).toBe(200);
    expect(await admin.roles.remove(learner.userId, 'admin')).toEqual(['user']);
    expect((await call(server, 'GET', '/admin/stats', { token: learner.token })).status).toBe(403);

    await call(server, 'POST', `/admin/users/${learner.userId}/roles`, {
      token: adminToken,
      body: { role: 'moderator' },
      headers: { 'user-agent': 'CourseKit-Console/1.0' },
    });
    const log = await admin.audit.actions({ pageSize: 5 });
    expect(log.items[0]).toMatchObject({
      admin_user_id: adminId,
      target_user_id: learner.userId,
      action_type: 'role_assigned',
      action_details: { role: 'moderator' },
      user_agent: 'CourseKit-Console/1.0',
    });
    expect(log.items[1]).toMatchObject({ action_type: 'role_removed', action_details: { role: 'admin' } });
    expect(log.total).toBeGreaterThan(5);
    const bad = await call(server, 'POST', `/admin/users/${learner.userId}/roles`, {
      token: adminToken,
      body: { role: 'owner' },
    });
    expect(bad.status).toBe(400);
  });

  it('sends a password-reset e-mail, or refuses with ‘User email not available’', async () => {
    const learner = await signUp(server, 'Pat Reset');
    await admin.users.sendPasswordReset(learner.userId);
    const mail = server.mailbox.list().find((m) => m.to === learner.email && /reset/i.test(m.subject));
    expect(mail?.links[0]).toMatch(/\/reset-password#access_token=.+type=recovery/);
    const [logged] = (await admin.audit.actions({ pageSize: 1 })).items;
    expect(logged).toMatchObject({ action_type: 'password_reset_initiated', target_user_id: learner.userId });

    await admin.users.delete(learner.userId);
    const refused = await rejection(admin.users.sendPasswordReset(learner.userId));
    expect(refused.message).toBe(messages.userEmailNotAvailable);
  });

  it('refuses an admin’s recovery session: only a signed-in session opens the console', async () => {
    await call(server, 'POST', '/auth/recover', { body: { email: server.config.adminEmail } });
    const mail = server.mailbox.list().findLast((m) => m.to === server.config.adminEmail);
    const recoveryToken = new URLSearchParams(new URL(mail!.links[0]!).hash.slice(1)).get('access_token')!;
    const refused = await call(server, 'GET', '/admin/stats', { token: recoveryToken });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(messages.guardSessionFailed);
    const [event] = (await admin.audit.securityEvents({ pageSize: 1 })).items;
    expect(event).toMatchObject({ event_type: 'invalid_session', user_id: adminId });
  });

  it('lists selectable profiles newest first', async () => {
    const newest = await signUp(server, 'Nina Newest');
    const list = await admin.users.selectable();
    expect(list[0]).toMatchObject({ user_id: newest.userId, display_name: 'Nina Newest' });
    const times = list.map((p) => p.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers the guard’s texts and records the reasons', async () => {
    const learner = await signUp(server, 'Gus Guard');
    const refused = await call(server, 'GET', '/admin/users', { token: learner.token });
    expect(refused.body.error.message).toBe(messages.guardInsufficientRole);
    const signedOut = await call(server, 'GET', '/admin/users');
    expect(signedOut.body.error.message).toBe(messages.guardSessionFailed);
    await call(server, 'POST', '/auth/signout', { token: learner.token, body: {} });
    const revoked = await call(server, 'GET', '/admin/users', { token: learner.token });
    expect(revoked.status).toBe(401);
    const badQuery = await call(server, 'GET', '/admin/users?pageSize=5000', { token: adminToken });
    expect(badQuery.status).toBe(400);
    const events = await admin.audit.securityEvents({ pageSize: 4 });
    expect(events.items.map((e) => e.event_type)).toEqual([
      'validation_error',
      'invalid_session',
      'invalid_session',
      'insufficient_role',
    ]);
    expect(events.items[3]!.user_id).toBe(learner.userId);
  });
});
