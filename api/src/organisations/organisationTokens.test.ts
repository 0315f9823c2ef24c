import { organisationSeatsFull, organisationSuspended } from '@coursekit/core';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { openDatabase, schema } from '../db/index';
import {
  call,
  closeServer,
  DRIVERS,
  listen,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';

// People in organisations: a partner token signs its person in and into the organisation whose
// issuer signed it; admins add and remove people; learners of no organisation stay as they were.

const secretOf = (name: string) => `${name}-shared-secret-of-at-least-32-chars`;
const token = (issuer: string, claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setAudience('coursekit')
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(secretOf(new URL(issuer).hostname)));

describe.each(DRIVERS)('people in organisations (%s)', (driver) => {
  let server: TestServer;
  let admin: string;
  const orgs: Record<string, string> = {};

  const create = async (slug: string, extra: Record<string, unknown> = {}) => {
    const issuer = `https://${slug}.test`;
    const answer = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: {
        name: slug,
        slug,
        issuers: [{ issuer, audience: 'coursekit', shared_secret: secretOf(`${slug}.test`) }],
        ...extra,
      },
    });
    expect(answer.status).toBe(201);
    orgs[slug] = answer.body.id;
    return issuer;
  };
  const members = async (slug: string) =>
    (await call(server, 'GET', `/admin/organisations/${orgs[slug]}/members`, { token: admin })).body;

  beforeAll(async () => {
    server = await startServer(driver, { config: { corsOrigins: [] } });
    admin = (await signInAdmin(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('joins a partner-token learner to the organisation whose issuer signed the token, once', async () => {
    const issuer = await create('acme');
    const ana = await token(issuer, { sub: 'emp-1', email: 'ana@acme.test', name: 'Ana' });
    const answers = await Promise.all(
      ['/progress', '/profile', '/modules'].map((p) => call(server, 'GET', p, { token: ana })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const page = await members('acme');
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ email: 'ana@acme.test', role: 'learner' });
    expect((await call(server, 'GET', '/admin/organisations', { token: admin })).body[0].members).toBe(1);
  });

  it('lets one person belong to several organisations, with a role in each', async () => {
    await create('beta');
    const [ana] = (await members('acme')).items;
    const made = await call(server, 'PUT', `/admin/organisations/${orgs.beta}/members/${ana.user_id}`, {
      token: admin,
      body: { role: 'manager' },
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ email: 'ana@acme.test', role: 'manager' });
    expect((await members('acme')).items[0].role).toBe('learner');
    // Her partner token keeps her a learner of Acme, and does not touch her role in Beta.
    await call(server, 'GET', '/progress', {
      token: await token('https://acme.test', { sub: 'emp-1', email: 'ana@acme.test' }),
    });
    expect((await members('beta')).items[0].role).toBe('manager');
    const log = await server.database.db
      .select()
      .from(schema.adminActionLog)
      .where(eq(schema.adminActionLog.actionType, 'organisation_member_added'));
    expect(log.at(-1)!.actionDetails).toMatchObject({ organisation_id: orgs.beta, role: 'manager' });
  });

  it('takes a person out of an organisation and keeps their account and learning', async () => {
    const [ana] = (await members('beta')).items;
    expect(
      (
        await call(server, 'DELETE', `/admin/organisations/${orgs.beta}/members/${ana.user_id}`, {
          token: admin,
        })
      ).status,
    ).toBe(204);
    expect((await members('beta')).total).toBe(0);
    expect(
      (
        await call(server, 'DELETE', `/admin/organisations/${orgs.beta}/members/${ana.user_id}`, {
          token: admin,
        })
      ).status,
    ).toBe(404);
    const user = await call(server, 'GET', `/admin/users/${ana.user_id}`, { token: admin });
    expect(user.status).toBe(200);
  });

  it('refuses a new person when the organisation has no seat left', async () => {
    const issuer = await create('small', { seat_limit: 1 });
    expect(
      (
        await call(server, 'GET', '/progress', {
          token: await token(issuer, { sub: 'a', email: 'a@small.test' }),
        })
      ).status,
    ).toBe(200);
    const second = await call(server, 'GET', '/progress', {
      token: await token(issuer, { sub: 'b', email: 'b@small.test' }),
    });
    expect(second.status).toBe(403);
    expect(second.body.error.message).toBe(organisationSeatsFull('small', 1));
    // The first person still signs in.
    expect(
      (
        await call(server, 'GET', '/progress', {
          token: await token(issuer, { sub: 'a', email: 'a@small.test' }),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses the tokens of a suspended organisation, and of an issuer no longer trusted', async () => {
    const ana = await token('https://acme.test', { sub: 'emp-1', email: 'ana@acme.test' });
    await call(server, 'PATCH', `/admin/organisations/${orgs.acme}`, {
      token: admin,
      body: { status: 'suspended' },
    });
    const refused = await call(server, 'GET', '/progress', { token: ana });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(organisationSuspended('acme'));
    const events = await server.database.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.type, 'partner_token_refused'));
    expect(events.some((e) => (e.details as { reason?: string }).reason === 'organisation_suspended')).toBe(
      true,
    );
    await call(server, 'PATCH', `/admin/organisations/${orgs.acme}`, {
      token: admin,
      body: { status: 'active' },
    });
    expect((await call(server, 'GET', '/progress', { token: ana })).status).toBe(200);

    const [issuer] = (await call(server, 'GET', `/admin/organisations/${orgs.acme}`, { token: admin })).body
      .issuers;
    await call(server, 'DELETE', `/admin/organisations/${orgs.acme}/issuers/${issuer.id}`, { token: admin });
    expect((await call(server, 'GET', '/progress', { token: ana })).status).toBe(401);
  });

  it('leaves a learner of no organisation exactly as before', async () => {
    const learner = await signUp(server, 'Nora None');
    expect((await call(server, 'GET', '/progress', { token: learner.token })).status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(schema.organisationMembers)
      .where(eq(schema.organisationMembers.userId, learner.userId));
    expect(rows).toEqual([]);
  });

  it.runIf(driver === 'postgres')('tells every instance of an issuer another instance added', async () => {
    const database = await openDatabase({ url: server.databaseUrl!, max: 2 });
    const other = createApp({
      db: database,
      mailer: server.mailbox,
      config: server.config,
      logger: pino({ level: 'silent' }),
    });
    const { server: http, url } = await listen(other);
    const second = { api: `${url}/api` };
    try {
      const gamma = await token('https://gamma.test', { sub: 'g1', email: 'g1@gamma.test' });
      expect((await call(second, 'GET', '/progress', { token: gamma })).status).toBe(401);
      await create('gamma');
      // The second instance hears the NOTIFY and trusts the new issuer without a restart.
      await vi.waitFor(
        async () => expect((await call(second, 'GET', '/progress', { token: gamma })).status).toBe(200),
        {
          timeout: 5000,
          interval: 50,
        },
      );
      const joined = await server.database.db
        .select()
        .from(schema.organisationMembers)
        .where(and(eq(schema.organisationMembers.organisationId, orgs.gamma!)));
      expect(joined).toHaveLength(1);
    } finally {
      await other.close();
      await closeServer(http);
      await database.close();
    }
  });
});
