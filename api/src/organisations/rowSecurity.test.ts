import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import pino from 'pino';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { type Database, openDatabase, schema } from '../db/index';
import {
  call,
  closeServer,
  listen,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';
import { inOrganisation, PLATFORM } from './scope';

// The second wall: PostgreSQL's row-level security on the organisation tables. Superusers (the
// harness's `postgres`) and BYPASSRLS roles skip policies, so the proof connects as a role made here
// without either, as a deployment's API role would be.

const secret = (slug: string) => `${slug}-shared-secret-of-at-least-32-chars`;

describe.runIf(process.env.DATABASE_URL)('row-level security on the organisation tables (postgres)', () => {
  let server: TestServer;
  let owner: postgres.Sql;
  let app: postgres.Sql;
  let role: string;
  let roleUrl: string;
  const ids: Record<string, string> = {};
  const managers: Record<string, string> = {};
  const learners: Record<string, string> = {};

  beforeAll(async () => {
    server = await startServer('postgres', { config: { corsOrigins: [] } });
    const admin = (await signInAdmin(server)).token;
    for (const slug of ['alpha', 'bravo']) {
      const org = await call(server, 'POST', '/admin/organisations', {
        token: admin,
        body: {
          name: slug,
          slug,
          origins: [`https://${slug}.test`],
          issuers: [{ issuer: `https://${slug}.test`, audience: 'coursekit', shared_secret: secret(slug) }],
        },
      });
      ids[slug] = org.body.id;
      for (const n of [1, 2]) {
        const person = await signUp(server, `${slug} ${n === 1 ? 'One' : 'Two'}`);
        await call(server, 'PUT', `/admin/organisations/${org.body.id}/members/${person.userId}`, {
          token: admin,
          body: { role: n === 1 ? 'manager' : 'learner' },
        });
        if (n === 1) managers[slug] = person.token;
        else learners[slug] = person.email;
      }
      // The managers' tables: a group with the learner in it, the course assigned to the group and to
      // the learner, a pending invitation.
      const as = (method: string, rest: string, body?: unknown) =>
        call(server, method, `/organisations/${org.body.id}${rest}`, { token: managers[slug], body });
      const learner = (await as('GET', '/people')).body.items.find(
        (p: { role: string }) => p.role === 'learner',
      );
      const group = (await as('POST', '/groups', { name: `${slug} crew` })).body;
      await as('PUT', `/groups/${group.id}/members/${learner.user_id}`);
      const course = (await call(server, 'GET', '/outline')).body.slug;
      await as('POST', '/assignments', { course, group_ids: [group.id], user_ids: [learner.user_id] });
      await as('POST', '/invitations', { email: `${slug}.invitee@example.com` });
    }
    role = `ck_rls_${randomBytes(4).toString('hex')}`;
    owner = postgres(server.databaseUrl!, { max: 1, onnotice: () => {} });
    await owner.unsafe(`create role ${role} login nosuperuser nobypassrls`);
    await owner.unsafe(`grant usage on schema public to ${role}`);
    await owner.unsafe(`grant select, insert, update, delete on all tables in schema public to ${role}`);
    await owner.unsafe(`grant usage, select on all sequences in schema public to ${role}`);
    const url = new URL(server.databaseUrl!);
    url.username = role;
    roleUrl = url.toString();
    app = postgres(roleUrl, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await app?.end();
    await owner?.unsafe(`drop owned by ${role}`);
    await owner?.end();
    await server?.close();
    // The role belongs to the cluster, not to the scratch database: dropped once nothing is its.
    const cluster = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    await cluster.unsafe(`drop role if exists ${role}`);
    await cluster.end();
  });

  it('connects as a role that policies apply to', async () => {
    const [me] = await app`select rolsuper, rolbypassrls from pg_roles where rolname = current_user`;
    expect(me).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it('shows a query that forgets its organisation filter only the organisation of its transaction', async () => {
    const seen = await app.begin(async (tx) => {
      await tx`select set_config('app.organisation_id', ${ids.alpha!}, true)`;
      // No where clause at all: the policies filter.
      return {
        organisations: await tx`select id from organisations`,
        issuers: await tx`select issuer from organisation_issuers`,
        members: await tx`select organisation_id from organisation_members`,
        updated: (await tx`update organisation_members set role = 'learner'`).count,
      };
    });
    expect(seen.organisations.map((r) => r.id)).toEqual([ids.alpha]);
    expect(seen.issuers.map((r) => r.issuer)).toEqual(['https://alpha.test']);
    expect(seen.members.map((r) => r.organisation_id)).toEqual([ids.alpha, ids.alpha]);
    expect(seen.updated).toBe(2);
    const bravo = await server.database.query<{ role: string }>(
      'select role from organisation_members where organisation_id = $1 order by role',
      [ids.bravo],
    );
    expect(bravo.map((r) => r.role)).toEqual(['learner', 'manager']);
  });

  it('refuses to write a row into another organisation, and shows nothing without a scope', async () => {
    const [someone] = await owner`select id from users limit 1`;
    await expect(
      app.begin(async (tx) => {
        await tx`select set_config('app.organisation_id', ${ids.alpha!}, true)`;
        await tx`insert into organisation_members (organisation_id, user_id, role) values (${ids.bravo!}, ${someone!.id}, 'manager')`;
      }),
    ).rejects.toThrow(/row-level security/);
    // SET LOCAL ended with its transaction: the pooled connection carries no organisation on.
    expect(await app`select * from organisation_members`).toEqual([]);
    expect(await app`select * from organisations`).toEqual([]);
  });

  it('keeps the managers’ tables to the organisation of the transaction: a report query that forgets its filter sees only its own', async () => {
    const scoped = <T>(organisation: string | null, work: (tx: postgres.TransactionSql) => Promise<T>) =>
      app.begin(async (tx) => {
        if (organisation) await tx`select set_config('app.organisation_id', ${organisation}, true)`;
        return work(tx);
      }) as Promise<T>;
    // The report's shape with no organisation named anywhere: assignments, to people and through
    // groups, joined to the people and their progress.
    const report = (tx: postgres.TransactionSql) => tx`
      select u.email, a.organisation_id
        from organisation_assignments a
        left join organisation_group_members gm on gm.group_id = a.group_id
        join users u on u.id = coalesce(a.user_id, gm.user_id)
        left join user_progress up on up.user_id = u.id`;
    const seen = await scoped(ids.alpha!, async (tx) => ({
      groups: await tx`select organisation_id, name from organisation_groups`,
      groupMembers: await tx`select organisation_id from organisation_group_members`,
      assignments: await tx`select organisation_id from organisation_assignments`,
      invitations: await tx`select email from organisation_invitations`,
      report: await report(tx),
    }));
    expect(seen.groups.map((r) => r.name)).toEqual(['alpha crew']);
    expect(seen.groupMembers.map((r) => r.organisation_id)).toEqual([ids.alpha]);
    expect(seen.assignments.map((r) => r.organisation_id)).toEqual([ids.alpha, ids.alpha]);
    expect(seen.invitations.map((r) => r.email)).toEqual(['alpha.invitee@example.com']);
    expect(new Set(seen.report.map((r) => r.email))).toEqual(new Set([learners.alpha]));
    // The same query as the platform sees both organisations (so the filter above is the policies').
    const platform = await scoped('*', report);
    expect(new Set(platform.map((r) => r.email))).toEqual(new Set([learners.alpha, learners.bravo]));
    // No scope: nothing at all.
    expect(await scoped(null, report)).toEqual([]);
    expect(await scoped(null, (tx) => tx`select * from organisation_invitations`)).toEqual([]);
    // Writing a row of Bravo from Alpha's scope is refused.
    await expect(
      scoped(
        ids.alpha!,
        (tx) =>
          tx`insert into organisation_groups (id, organisation_id, name) values (gen_random_uuid(), ${ids.bravo!}, 'planted')`,
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('runs the manager’s calls as that role: Bravo’s manager reads Bravo’s report, imports, and is refused Alpha', async () => {
    const database: Database = await openDatabase({ url: roleUrl, max: 2 });
    const api = createApp({
      db: database,
      mailer: server.mailbox,
      config: server.config,
      logger: pino({ level: 'silent' }),
    });
    const { server: http, url } = await listen(api);
    const remote = { api: `${url}/api` };
    try {
      const token = managers.bravo!;
      const report = await call(remote, 'GET', `/organisations/${ids.bravo}/report`, { token });
      expect(report.status).toBe(200);
      expect(report.body.items.map((r: { email: string }) => r.email)).toEqual([learners.bravo]);
      const groups = await call(remote, 'GET', `/organisations/${ids.bravo}/groups`, { token });
      expect(groups.body.map((g: { name: string }) => g.name)).toEqual(['bravo crew']);
      const preview = await fetch(`${remote.api}/organisations/${ids.bravo}/import?mode=preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: `email,name,group\r\n${learners.bravo},B,\r\n${learners.alpha},A,\r\n`,
      });
      // Alpha's learner is no one Bravo knows: an invitation, not "no change".
      expect((await preview.json()).counts).toEqual({ invite: 1, no_change: 1, error: 0 });
      expect((await call(remote, 'GET', `/organisations/${ids.alpha}/report`, { token })).status).toBe(403);
    } finally {
      await api.close();
      await closeServer(http);
      await database.close();
    }
  });

  it('keeps each organisation’s identity provider (its sealed client secret) to its own transaction', async () => {
    const admin = (await signInAdmin(server)).token;
    for (const slug of ['alpha', 'bravo'])
      await call(server, 'PUT', `/admin/organisations/${ids[slug]}/identity-provider`, {
        token: admin,
        body: {
          issuer: `https://login.${slug}.test`,
          client_id: 'coursekit',
          client_secret: secret(slug),
          domains: [`${slug}.test`],
        },
      });
    const scoped = (organisation: string | null) =>
      app.begin(async (tx) => {
        if (organisation) await tx`select set_config('app.organisation_id', ${organisation}, true)`;
        return tx`select organisation_id, secret_ciphertext from organisation_identity_providers`;
      });
    expect((await scoped(ids.alpha!)).map((r) => r.organisation_id)).toEqual([ids.alpha]);
    expect(await scoped(null)).toEqual([]);
    expect(await scoped('*')).toHaveLength(2);
  });

  it('runs the API as that role: platform calls see every organisation, a partner token joins only its own', async () => {
    const database: Database = await openDatabase({ url: roleUrl, max: 2 });
    const api = createApp({
      db: database,
      mailer: server.mailbox,
      config: server.config,
      logger: pino({ level: 'silent' }),
    });
    const { server: http, url } = await listen(api);
    const remote = { api: `${url}/api` };
    try {
      const admin = (await signInAdmin({ ...server, api: remote.api })).token;
      const listed = await call(remote, 'GET', '/admin/organisations', { token: admin });
      expect(listed.body.map((o: { slug: string }) => o.slug)).toEqual(['alpha', 'bravo']);
      const token = await new SignJWT({ sub: 'b-9', email: 'b9@bravo.test' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('https://bravo.test')
        .setAudience('coursekit')
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(secret('bravo')));
      expect((await call(remote, 'GET', '/progress', { token })).status).toBe(200);
      const preflight = await fetch(`${remote.api}/progress`, {
        method: 'OPTIONS',
        headers: { origin: 'https://bravo.test', 'access-control-request-method': 'GET' },
      });
      expect(preflight.status).toBe(204);

      // The API's own scope: an unfiltered read in Alpha's transaction sees Alpha's people only.
      const alpha = await inOrganisation(database.db, ids.alpha!, (tx) =>
        tx.select().from(schema.organisationMembers),
      );
      expect(new Set(alpha.map((m) => m.organisationId))).toEqual(new Set([ids.alpha]));
      const all = await inOrganisation(database.db, PLATFORM, (tx) =>
        tx.select().from(schema.organisationMembers),
      );
      expect(all.filter((m) => m.organisationId === ids.bravo)).toHaveLength(3);
    } finally {
      await api.close();
      await closeServer(http);
      await database.close();
    }
  });
});
