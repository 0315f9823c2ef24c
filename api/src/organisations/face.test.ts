import { organisationNotFound } from '@coursekit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DRIVERS, signInAdmin, startServer, type TestServer } from '../test/harness';

// An organisation's public face by slug: what its site entry and its embed theme themselves with,
// read without a session. Nothing but its name, slug and theme tokens is in it.

const SECRET = 'acme-shared-secret-of-at-least-32-characters';
const theme = {
  color: { brand: '#0b6e4f', brandContrast: '#ffffff' },
  font: { body: "'Source Sans 3', sans-serif" },
  logo_url: 'https://acme.test/logo.svg',
};

describe.each(DRIVERS)('organisation face (%s)', (driver) => {
  let server: TestServer;
  let admin: string;
  let id: string;
  beforeAll(async () => {
    server = await startServer(driver, { config: { corsOrigins: [] } });
    admin = (await signInAdmin(server)).token;
    const created = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: {
        name: 'Acme Facilities',
        slug: 'acme-facilities',
        origins: ['https://intranet.acme.test'],
        theme,
        seat_limit: 50,
        issuers: [{ issuer: 'https://login.acme.test', audience: 'coursekit', shared_secret: SECRET }],
      },
    });
    id = created.body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows anyone the name and theme of an active organisation, and nothing else of it', async () => {
    const res = await call(server, 'GET', '/organisation-faces/acme-facilities');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ slug: 'acme-facilities', name: 'Acme Facilities', theme });
    for (const secret of [id, SECRET, 'intranet.acme.test', 'login.acme.test', 'coursekit'])
      expect(JSON.stringify(res.body)).not.toContain(secret);
  });

  it('answers 404 for an unknown slug and for a suspended organisation, alike', async () => {
    const unknown = await call(server, 'GET', '/organisation-faces/no-such-organisation');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(organisationNotFound);
    await call(server, 'PATCH', `/admin/organisations/${id}`, {
      token: admin,
      body: { status: 'suspended' },
    });
    const suspended = await call(server, 'GET', '/organisation-faces/acme-facilities');
    expect(suspended.status).toBe(404);
    expect(suspended.body.error).toEqual({
      ...unknown.body.error,
      requestId: suspended.body.error.requestId,
    });
    await call(server, 'PATCH', `/admin/organisations/${id}`, { token: admin, body: { status: 'active' } });
    expect((await call(server, 'GET', '/organisation-faces/acme-facilities')).status).toBe(200);
  });

  it('refuses a theme that could inject CSS, and keeps the stored one', async () => {
    for (const bad of [
      { color: { brand: 'red; background: url(https://evil.test/x)' } },
      { font: { body: 'Arial; } body { display: none' } },
      { logo_url: 'javascript:alert(1)' },
      { logo_url: 'http://evil.test/logo.svg' },
    ]) {
      const res = await call(server, 'PATCH', `/admin/organisations/${id}`, {
        token: admin,
        body: { theme: bad },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    expect((await call(server, 'GET', '/organisation-faces/acme-facilities')).body.theme).toEqual(theme);
  });
});
