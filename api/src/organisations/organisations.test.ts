import { organisationIssuerTaken, organisationSlugTaken, organisationUnknownCourses } from '@coursekit/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import { call, DRIVERS, signInAdmin, startServer, type TestServer } from '../test/harness';
import { issuerSecretContext, openSecret } from './secretBox';

// The admin's organisations: created, edited and suspended through the API, their issuers' secrets
// sealed at rest, their origins opening CORS, every change in the audit log.

const SECRET = 'acme-shared-secret-of-at-least-32-characters';
const acme = {
  name: 'Acme Facilities',
  slug: 'acme-facilities',
  origins: ['https://intranet.acme.test'],
  theme: {
    color: { brand: '#0b6e4f', brandContrast: '#ffffff' },
    font: { body: "'Source Sans 3', sans-serif" },
  },
  seat_limit: 50,
  issuers: [{ issuer: 'https://login.acme.test', audience: 'coursekit', shared_secret: SECRET }],
};

describe.each(DRIVERS)('organisations (%s)', (driver) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    // No PARTNER_* or CORS_ORIGINS: this platform starts without organisations.
    server = await startServer(driver, { config: { corsOrigins: [] } });
    admin = (await signInAdmin(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const preflight = (origin: string) =>
    fetch(`${server.api}/progress`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET' },
    });

  it('creates an organisation whose shared secret is stored sealed and never shown again', async () => {
    expect((await preflight('https://intranet.acme.test')).status).toBe(403);
    const created = await call(server, 'POST', '/admin/organisations', { token: admin, body: acme });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Acme Facilities',
      slug: 'acme-facilities',
      status: 'active',
      origins: ['https://intranet.acme.test'],
      theme: acme.theme,
      courses: 'all',
      seat_limit: 50,
      members: 0,
      issuers: [
        { issuer: 'https://login.acme.test', audience: 'coursekit', jwks_url: null, has_secret: true },
      ],
    });
    expect(JSON.stringify(created.body)).not.toContain(SECRET);

    const [row] = await server.database.db.select().from(schema.organisationIssuers);
    expect(row!.secretCiphertext).not.toContain(SECRET);
    expect(
      openSecret(server.config.orgSecretsKey, row!.secretCiphertext!, issuerSecretContext(row!.id)),
    ).toBe(SECRET);
    // Copied onto another row, the ciphertext does not open.
    expect(() =>
      openSecret(server.config.orgSecretsKey, row!.secretCiphertext!, issuerSecretContext('x')),
    ).toThrow();

    const listed = await call(server, 'GET', '/admin/organisations', { token: admin });
    expect(listed.body.map((o: { slug: string }) => o.slug)).toEqual(['acme-facilities']);
    // Its origin may now embed the player.
    const allowed = await preflight('https://intranet.acme.test');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://intranet.acme.test');

    const log = await server.database.db
      .select()
      .from(schema.adminActionLog)
      .where(eq(schema.adminActionLog.actionType, 'organisation_created'));
    expect(log[0]!.actionDetails).toMatchObject({
      organisation_id: created.body.id,
      slug: 'acme-facilities',
    });
  });

  it.each([
    ['an origin with a path', { origins: ['https://intranet.acme.test/course'] }, 'origins.0'],
    [
      'a colour that could close a CSS declaration',
      { theme: { color: { brand: 'red;}' } } },
      'theme.color.brand',
    ],
    ['a logo over http', { theme: { logo_url: 'http://cdn.acme.test/logo.png' } }, 'theme.logo_url'],
    [
      'an issuer with no key',
      { issuers: [{ issuer: 'https://x.test', audience: 'a' }] },
      'issuers.0.jwks_url',
    ],
    [
      'a short shared secret',
      { issuers: [{ issuer: 'https://x.test', audience: 'a', shared_secret: 'short' }] },
      'issuers.0.shared_secret',
    ],
    ['a seat limit of 0', { seat_limit: 0 }, 'seat_limit'],
  ])('refuses %s naming the field, and creates nothing', async (_what, change, field) => {
    const answer = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: { ...acme, slug: 'refused-org', issuers: [], ...change },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.error.fields ?? {})).toContain(field);
    const rows = await server.database.db
      .select()
      .from(schema.organisations)
      .where(eq(schema.organisations.slug, 'refused-org'));
    expect(rows).toEqual([]);
  });

  it('refuses a taken slug, an issuer another organisation trusts, and an unknown course', async () => {
    const slug = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: { name: 'Again', slug: 'acme-facilities' },
    });
    expect(slug.status).toBe(409);
    expect(slug.body.error.message).toBe(organisationSlugTaken('acme-facilities'));
    const issuer = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: { name: 'Other', slug: 'other', issuers: [acme.issuers[0]] },
    });
    expect(issuer.status).toBe(409);
    expect(issuer.body.error.message).toBe(organisationIssuerTaken('https://login.acme.test'));
    const course = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: { name: 'Other', slug: 'other', courses: ['no-such-course'] },
    });
    expect(course.status).toBe(400);
    expect(course.body.error.message).toBe(organisationUnknownCourses(['no-such-course']));
    const slugs = (await call(server, 'GET', '/admin/organisations', { token: admin })).body.map(
      (o: { slug: string }) => o.slug,
    );
    expect(slugs).toEqual(['acme-facilities']);
  });

  it('edits the origins and the courses, and a suspended organisation’s pages are refused', async () => {
    const [org] = (await call(server, 'GET', '/admin/organisations', { token: admin })).body;
    const courses = await call(server, 'GET', '/admin/courses', { token: admin });
    const slug = courses.body[0].slug;
    const edited = await call(server, 'PATCH', `/admin/organisations/${org.id}`, {
      token: admin,
      body: { origins: ['https://learn.acme.test'], courses: [slug] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ origins: ['https://learn.acme.test'], courses: [slug] });
    expect((await preflight('https://intranet.acme.test')).status).toBe(403);
    expect((await preflight('https://learn.acme.test')).status).toBe(204);

    const suspended = await call(server, 'PATCH', `/admin/organisations/${org.id}`, {
      token: admin,
      body: { status: 'suspended' },
    });
    expect(suspended.body.status).toBe('suspended');
    expect((await preflight('https://learn.acme.test')).status).toBe(403);
    const log = await server.database.db
      .select()
      .from(schema.adminActionLog)
      .where(eq(schema.adminActionLog.actionType, 'organisation_suspended'));
    expect(log[0]!.actionDetails).toMatchObject({ organisation_id: org.id });
    await call(server, 'PATCH', `/admin/organisations/${org.id}`, {
      token: admin,
      body: { status: 'active' },
    });
    expect((await preflight('https://learn.acme.test')).status).toBe(204);
  });

  it('adds and removes issuers; an id of another organisation or none is a 404', async () => {
    const [org] = (await call(server, 'GET', '/admin/organisations', { token: admin })).body;
    const added = await call(server, 'POST', `/admin/organisations/${org.id}/issuers`, {
      token: admin,
      body: {
        issuer: 'https://keys.acme.test',
        audience: 'coursekit',
        jwks_url: 'https://keys.acme.test/jwks.json',
      },
    });
    expect(added.status).toBe(201);
    const issuer = added.body.issuers.find((i: { issuer: string }) => i.issuer === 'https://keys.acme.test');
    expect(issuer).toMatchObject({ jwks_url: 'https://keys.acme.test/jwks.json', has_secret: false });

    const other = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: { name: 'Beta', slug: 'beta' },
    });
    const crossed = await call(
      server,
      'DELETE',
      `/admin/organisations/${other.body.id}/issuers/${issuer.id}`,
      { token: admin },
    );
    expect(crossed.status).toBe(404);
    expect(
      (await call(server, 'DELETE', `/admin/organisations/${org.id}/issuers/${issuer.id}`, { token: admin }))
        .status,
    ).toBe(204);
    const after = await call(server, 'GET', `/admin/organisations/${org.id}`, { token: admin });
    expect(after.body.issuers.map((i: { issuer: string }) => i.issuer)).toEqual(['https://login.acme.test']);
  });
});
