import { type ManagerEndpoint, managerEndpoints, pathOf } from '@coursekit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import { call, DRIVERS, signInAdmin, signUp, startServer, type TestServer } from '../test/harness';
import { createTally } from '../test/tally';

// The access matrix of the organisation manager's routes, with organisation-scoped callers. Two
// organisations, Alpha and Bravo, each with a manager, a learner, a group, an assignment and a
// pending invitation. Every route of core's managerEndpoints is called on each organisation's URL
// by: no one, that organisation's learner, the other organisation's manager, a signed-in person of
// no organisation, the admin, and the organisation's own manager; ids are the organisation's own,
// the other's swapped in (a group, person or assignment id of Bravo in Alpha's URL, and the reverse),
// mixed, and made up. Nothing of one organisation may come back to anyone but its manager and the
// admin, and no one may change anything through another organisation's ids.

type Org = 'alpha' | 'bravo';
const OTHER: Record<Org, Org> = { alpha: 'bravo', bravo: 'alpha' };
const CALLERS = ['anonymous', 'learner', 'other manager', 'outsider', 'admin', 'manager'] as const;
type Caller = (typeof CALLERS)[number];

interface OrgFixture {
  id: string;
  manager: { token: string; userId: string; email: string };
  learner: { token: string; userId: string; email: string };
  groupId: string;
  groupName: string;
  assignmentId: string;
  invited: string;
}

/** The ids a request carries: an organisation's own, or another's. */
interface Ids {
  userId: string;
  groupId: string;
  assignmentId: string;
}

const GUESSED: Ids = {
  userId: '00000000-0000-4000-8000-00000000000a',
  groupId: '00000000-0000-4000-8000-00000000000b',
  assignmentId: '00000000-0000-4000-8000-00000000000c',
};

/** Whether a route carries an id of a person, group or assignment (in its path, query or body). */
const carriesIds = (name: string, e: ManagerEndpoint) =>
  /:(userId|groupId|assignmentId)/.test(e.path) || ['orgAssign', 'orgReport', 'orgReportCsv'].includes(name);

/** The request of a route on `org`'s URL carrying `ids`. */
function requestOf(name: string, e: ManagerEndpoint, orgId: string, ids: Ids, course: string) {
  let url = `/api${pathOf(e.path, { organisationId: orgId, ...ids })}`;
  let body: unknown;
  let raw: string | undefined;
  if (name === 'orgReport' || name === 'orgReportCsv') url += `?group=${ids.groupId}`;
  if (name === 'orgAssign') body = { course, user_ids: [ids.userId], group_ids: [ids.groupId] };
  if (name === 'orgInvite') body = { email: `matrix.${Math.random().toString(36).slice(2)}@example.com` };
  if (name === 'orgCreateGroup' || name === 'orgRenameGroup') body = { name: 'Renamed by the matrix' };
  if (name === 'orgImport') {
    url += '?mode=preview';
    raw = 'email,name,group\r\nmatrix@example.com,Max,\r\n';
  }
  return { url, body, raw };
}

const tally = createTally();
afterAll(() => tally.print('organisation access control'));

describe.each(DRIVERS)('organisation access control matrix (%s)', (driver) => {
  let server: TestServer;
  let admin: string;
  let outsider: string;
  let course: string;
  const orgs = {} as Record<Org, OrgFixture>;

  beforeAll(async () => {
    server = await startServer(driver, { config: { corsOrigins: [] } });
    admin = (await signInAdmin(server)).token;
    outsider = (await signUp(server, 'Otto Outsider')).token;
    course = (await call(server, 'GET', '/outline')).body.slug;
    for (const slug of ['alpha', 'bravo'] as const) {
      const id = (
        await call(server, 'POST', '/admin/organisations', {
          token: admin,
          body: { name: `${slug} Org`, slug },
        })
      ).body.id;
      const manager = await signUp(server, `${slug} Manager`);
      const learner = await signUp(server, `${slug} Learner`);
      for (const [person, role] of [
        [manager, 'manager'],
        [learner, 'learner'],
      ] as const)
        await call(server, 'PUT', `/admin/organisations/${id}/members/${person.userId}`, {
          token: admin,
          body: { role },
        });
      const as = (method: string, rest: string, body?: unknown) =>
        call(server, method, `/organisations/${id}${rest}`, { token: manager.token, body });
      // Its identity provider: managers read its issuer and domains; its client secret no one reads.
      const provider = await call(server, 'PUT', `/admin/organisations/${id}/identity-provider`, {
        token: admin,
        body: {
          issuer: `https://login.${slug}-idp.example`,
          client_id: `${slug}-client`,
          client_secret: `${slug}-client-secret-never-shown`,
          domains: [`${slug}-people.example`],
        },
      });
      expect(provider.status).toBe(200);
      const groupName = `${slug} secret crew`;
      const group = (await as('POST', '/groups', { name: groupName })).body;
      await as('PUT', `/groups/${group.id}/members/${learner.userId}`);
      const [assignment] = (
        await as('POST', '/assignments', { course, user_ids: [learner.userId], due_at: '2030-01-31' })
      ).body;
      const invited = `${slug}.invitee@example.com`;
      await as('POST', '/invitations', { email: invited });
      orgs[slug] = {
        id,
        manager,
        learner,
        groupId: group.id,
        groupName,
        assignmentId: assignment.id,
        invited,
      };
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const idsOf = (org: Org): Ids => ({
    userId: orgs[org].learner.userId,
    groupId: orgs[org].groupId,
    assignmentId: orgs[org].assignmentId,
  });
  /** What only `org`'s manager and the admin may ever read. */
  const secretsOf = (org: Org) => [
    orgs[org].id,
    orgs[org].learner.userId,
    orgs[org].learner.email,
    orgs[org].groupId,
    orgs[org].groupName,
    orgs[org].assignmentId,
    orgs[org].invited,
    `login.${org}-idp.example`,
    `${org}-people.example`,
    `${org}-client-secret-never-shown`,
  ];
  const tokenOf = (caller: Caller, org: Org): string | undefined =>
    ({
      anonymous: undefined,
      learner: orgs[org].learner.token,
      'other manager': orgs[OTHER[org]].manager.token,
      outsider,
      admin,
      manager: orgs[org].manager.token,
    })[caller];

  /** Everything either organisation holds, to compare before and after the attacks. */
  const snapshot = async () => {
    const db = server.database.db;
    const [members, groups, groupMembers, assignments, invitations] = await Promise.all([
      db.select().from(schema.organisationMembers),
      db.select().from(schema.organisationGroups),
      db.select().from(schema.organisationGroupMembers),
      db.select().from(schema.organisationAssignments),
      db.select().from(schema.organisationInvitations),
    ]);
    const sort = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
    return [members, groups, groupMembers, assignments, invitations].map(sort);
  };

  async function hit(method: string, url: string, token: string | undefined, body: unknown, raw?: string) {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(raw !== undefined
          ? { 'content-type': 'text/csv' }
          : body !== undefined
            ? { 'content-type': 'application/json' }
            : {}),
      },
      body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
    return { status: res.status, text: await res.text() };
  }

  it('refuses everyone but the organisation’s manager and the admin, on every route, whatever the ids', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    let cells = 0;
    for (const org of ['alpha', 'bravo'] as const) {
      const variants: Array<[string, Ids]> = [
        ['own ids', idsOf(org)],
        ['the other organisation’s ids', idsOf(OTHER[org])],
        ['guessed ids', GUESSED],
      ];
      for (const [name, e] of Object.entries(managerEndpoints) as Array<[string, ManagerEndpoint]>) {
        for (const caller of CALLERS) {
          // The organisation's own manager and the admin are refused by the ids only (below).
          if (caller === 'manager' || caller === 'admin') continue;
          for (const [label, ids] of variants) {
            const request = requestOf(name, e, orgs[org].id, ids, course);
            const res = await hit(e.method, request.url, tokenOf(caller, org), request.body, request.raw);
            const want = caller === 'anonymous' ? 401 : 403;
            cells += 1;
            const ok = res.status === want;
            const leaked = secretsOf(org).filter((s) => s !== orgs[org].id && res.text.includes(s));
            if (!ok)
              failures.push(`${e.method} ${e.path} on ${org} as ${caller} with ${label}: ${res.status}`);
            if (leaked.length)
              failures.push(`${e.method} ${e.path} on ${org} as ${caller}: leaked ${leaked}`);
            tally.attack(`${caller} refused on another organisation’s routes`, ok && leaked.length === 0);
          }
        }
        if (!carriesIds(name, e)) continue;
        // The organisation's manager and the admin, on its URL, with ids that are not its own.
        for (const caller of ['manager', 'admin'] as const) {
          for (const [label, ids] of [
            ['the other organisation’s ids', idsOf(OTHER[org])],
            ['guessed ids', GUESSED],
            ['its group and the other’s person', { ...idsOf(org), userId: idsOf(OTHER[org]).userId }],
            ['the other’s group and its person', { ...idsOf(org), groupId: idsOf(OTHER[org]).groupId }],
          ] as Array<[string, Ids]>) {
            const request = requestOf(name, e, orgs[org].id, ids, course);
            // A person id of its own with the other's group (or the reverse) is refused only where the route reads both.
            const mixed = label.startsWith('its group') || label.startsWith('the other’s group');
            const readsBoth = /:groupId.*:userId/.test(e.path) || name === 'orgAssign';
            const readsGroup =
              /:groupId/.test(e.path) || ['orgAssign', 'orgReport', 'orgReportCsv'].includes(name);
            const readsUser = /:userId/.test(e.path) || name === 'orgAssign';
            if (mixed) {
              const foreignGroup = label.startsWith('the other’s group');
              if (!readsBoth && !(foreignGroup ? readsGroup : readsUser)) continue;
            }
            const res = await hit(e.method, request.url, tokenOf(caller, org), request.body, request.raw);
            cells += 1;
            const ok = res.status === 404;
            const leaked = secretsOf(OTHER[org]).filter((s) => res.text.includes(s));
            if (!ok)
              failures.push(
                `${e.method} ${e.path} on ${org} as ${caller} with ${label}: ${res.status} ${res.text.slice(0, 100)}`,
              );
            if (leaked.length)
              failures.push(`${e.method} ${e.path} on ${org} as ${caller} with ${label}: leaked ${leaked}`);
            tally.attack(`${caller} with another organisation’s ids`, ok && leaked.length === 0);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(cells).toBeGreaterThan(400);
    // Nothing of either organisation changed.
    expect(await snapshot()).toEqual(before);
  }, 240_000);

  it('shows each organisation’s manager and the admin its reads, with nothing of the other organisation in them', async () => {
    for (const org of ['alpha', 'bravo'] as const) {
      for (const caller of ['manager', 'admin'] as const) {
        for (const [name, e] of Object.entries(managerEndpoints) as Array<[string, ManagerEndpoint]>) {
          if (e.method !== 'GET') continue;
          const url = `/api${pathOf(e.path, { organisationId: orgs[org].id })}`;
          const res = await hit('GET', url, tokenOf(caller, org), undefined);
          expect(res.status, `${name} on ${org} as ${caller}`).toBe(200);
          // Nor its own identity provider's client secret, which no read answers.
          const leaked = [...secretsOf(OTHER[org]), `${org}-client-secret-never-shown`].filter((s) =>
            res.text.includes(s),
          );
          expect(
            tally.attack('reads of an organisation hold nothing of another', leaked.length === 0),
            name,
          ).toBe(true);
        }
      }
      // Its own data is there: the matrix's "no leak" is not an empty answer.
      const report = await call(server, 'GET', `/organisations/${orgs[org].id}/report`, {
        token: orgs[org].manager.token,
      });
      expect(report.body.items.map((r: { email: string }) => r.email)).toEqual([orgs[org].learner.email]);
      // Its identity provider, read only: issuer, domains, enabled; not its client, never its secret.
      const provider = await call(server, 'GET', `/organisations/${orgs[org].id}/identity-provider`, {
        token: orgs[org].manager.token,
      });
      expect(provider.body).toEqual({
        identity_provider: {
          issuer: `https://login.${org}-idp.example`,
          domains: [`${org}-people.example`],
          enabled: true,
        },
      });
    }
  });

  it('answers a made-up organisation as it answers another’s: 403 to a manager, 404 only to the admin', async () => {
    const made = '00000000-0000-4000-8000-0000000000ff';
    const manager = await call(server, 'GET', `/organisations/${made}/people`, {
      token: orgs.alpha.manager.token,
    });
    const other = await call(server, 'GET', `/organisations/${orgs.bravo.id}/people`, {
      token: orgs.alpha.manager.token,
    });
    expect([manager.status, other.status]).toEqual([403, 403]);
    expect(manager.body).toEqual({
      ...other.body,
      error: { ...other.body.error, requestId: manager.body.error.requestId },
    });
    const notAnId = await call(server, 'GET', '/organisations/alpha/people', {
      token: orgs.alpha.manager.token,
    });
    expect(notAnId.status).toBe(403);
    expect((await call(server, 'GET', `/organisations/${made}/people`, { token: admin })).status).toBe(404);
  });

  it('shows every caller an organisation’s public face, with nothing of its people, ids or the other organisation', async () => {
    for (const org of ['alpha', 'bravo'] as const) {
      for (const caller of CALLERS) {
        const res = await hit('GET', `/api/organisation-faces/${org}`, tokenOf(caller, org), undefined);
        expect(res.status, `${org} as ${caller}`).toBe(200);
        expect(JSON.parse(res.text)).toEqual({ slug: org, name: `${org} Org`, theme: {} });
        const leaked = [...secretsOf(org), ...secretsOf(OTHER[org])].filter((s) => res.text.includes(s));
        expect(
          tally.attack('an organisation’s public face holds nothing of its people', leaked.length === 0),
        ).toBe(true);
      }
    }
  });

  it('shows each person only their own memberships at /me/organisations, and no one without a session', async () => {
    const own = (org: Org, role: 'manager' | 'learner') => [
      { id: orgs[org].id, slug: org, name: `${org} Org`, role },
    ];
    const want: Record<Caller, unknown> = {
      anonymous: null,
      learner: own('alpha', 'learner'),
      'other manager': own('bravo', 'manager'),
      outsider: [],
      admin: [],
      manager: own('alpha', 'manager'),
    };
    for (const caller of CALLERS) {
      const res = await hit('GET', '/api/me/organisations', tokenOf(caller, 'alpha'), undefined);
      if (caller === 'anonymous') {
        expect(res.status).toBe(401);
        continue;
      }
      expect(res.status, caller).toBe(200);
      expect(JSON.parse(res.text), caller).toEqual({ organisations: want[caller] });
      // Nobody's answer names another person: no user id, e-mail or group is in it.
      const people = (['alpha', 'bravo'] as const).flatMap((org) => [
        orgs[org].learner.userId,
        orgs[org].learner.email,
        orgs[org].manager.userId,
        orgs[org].manager.email,
        orgs[org].groupName,
        orgs[org].invited,
      ]);
      const leaked = people.filter((s) => res.text.includes(s));
      expect(
        tally.attack('/me/organisations names nobody and only the caller’s own', leaked.length === 0),
      ).toBe(true);
    }
  });

  it('refuses a suspended organisation’s manager', async () => {
    await call(server, 'PATCH', `/admin/organisations/${orgs.bravo.id}`, {
      token: admin,
      body: { status: 'suspended' },
    });
    const res = await call(server, 'GET', `/organisations/${orgs.bravo.id}/people`, {
      token: orgs.bravo.manager.token,
    });
    expect(res.status).toBe(403);
    // Its console refuses them, so their list of organisations leaves it out.
    const mine = await call(server, 'GET', '/me/organisations', { token: orgs.bravo.manager.token });
    expect(mine.body).toEqual({ organisations: [] });
    await call(server, 'PATCH', `/admin/organisations/${orgs.bravo.id}`, {
      token: admin,
      body: { status: 'active' },
    });
    const again = await call(server, 'GET', `/organisations/${orgs.bravo.id}/people`, {
      token: orgs.bravo.manager.token,
    });
    expect(again.status).toBe(200);
  });
});
