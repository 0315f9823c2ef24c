import { describe, expect, it } from 'vitest';
import { CourseError } from '../../errors';
import type { Organisation, OrganisationMember } from '../../schemas/organisations';
import { createHttpAdapter } from '../createHttpAdapter';
import { fetchOrganisationFace } from '../organisationFace';
import { withHttpAdmin } from './withHttpAdmin';

// The admin's organisations over HTTP, and an organisation's public face: each call's method, path
// and body, the answers read with core's schemas, a refusal's fields kept for the form.

const ID = '00000000-0000-4000-8000-000000000001';
const acme: Organisation = {
  id: ID,
  slug: 'acme-facilities',
  name: 'Acme Facilities',
  status: 'active',
  origins: ['https://intranet.acme.test'],
  theme: { color: { brand: '#0b6e4f' } },
  courses: 'all',
  seat_limit: null,
  members: 1,
  issuers: [],
  issues_credentials: false,
  credential_issuer: null,
  created_at: '2026-11-29T09:00:00.000Z',
  updated_at: '2026-11-29T09:00:00.000Z',
};
const member: OrganisationMember = {
  user_id: 'u1',
  email: 'ana@acme.test',
  display_name: null,
  role: 'manager',
  joined_at: '2026-11-29T09:00:00.000Z',
};
const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function fakeApi(routes: Record<string, () => Response>) {
  const seen: Array<{ route: string; body: unknown }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const route = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}${url.search}`;
    seen.push({ route, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = routes[route];
    return answer ? answer() : json(404, { error: { code: 'not_found', message: 'No such organisation.' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const adapterOn = (fetch: typeof globalThis.fetch) =>
  withHttpAdmin(
    createHttpAdapter({ baseUrl: 'http://api.test/api', getAccessToken: () => 'admin-token', fetch }),
  );

describe('the HTTP admin adapter’s organisations', () => {
  it('calls each organisation endpoint with its method, path and body', async () => {
    const org = `/admin/organisations/${ID}`;
    const { fetch, seen } = fakeApi({
      'GET /admin/organisations': () => json(200, [acme]),
      'POST /admin/organisations': () => json(201, acme),
      [`GET ${org}`]: () => json(200, acme),
      [`PATCH ${org}`]: () => json(200, { ...acme, status: 'suspended' }),
      [`POST ${org}/issuers`]: () => json(201, acme),
      [`DELETE ${org}/issuers/i1`]: () => json(204, null),
      [`GET ${org}/members?page=2&pageSize=10`]: () =>
        json(200, { items: [member], total: 11, page: 2, pageSize: 10 }),
      [`PUT ${org}/members/u1`]: () => json(200, member),
      [`DELETE ${org}/members/u1`]: () => json(204, null),
    });
    const organisations = adapterOn(fetch).admin.organisations!;
    expect(await organisations.list()).toEqual([acme]);
    await organisations.create({ name: 'Acme Facilities', slug: 'acme-facilities' });
    expect(await organisations.get(ID)).toEqual(acme);
    expect((await organisations.update(ID, { status: 'suspended' })).status).toBe('suspended');
    await organisations.addIssuer(ID, {
      issuer: 'https://login.acme.test',
      audience: 'ck',
      jwks_url: 'https://login.acme.test/jwks',
    });
    await organisations.removeIssuer(ID, 'i1');
    expect((await organisations.members(ID, { page: 2, pageSize: 10 })).total).toBe(11);
    expect(await organisations.setMember(ID, 'u1', 'manager')).toEqual(member);
    await organisations.removeMember(ID, 'u1');
    expect(seen.map((s) => s.route)).toHaveLength(9);
    expect(seen.find((s) => s.route === `PATCH ${org}`)!.body).toEqual({ status: 'suspended' });
    expect(seen.find((s) => s.route === `PUT ${org}/members/u1`)!.body).toEqual({ role: 'manager' });
  });

  it('keeps a refusal’s fields, so the form can show each at its field', async () => {
    const fields = { 'theme.color.brand': 'A colour like #0b6e4f' };
    const { fetch } = fakeApi({
      'POST /admin/organisations': () =>
        json(400, { error: { code: 'validation_error', message: 'Invalid request body', fields } }),
    });
    const error = await adapterOn(fetch)
      .admin.organisations!.create({ name: 'A', slug: 'a' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CourseError);
    expect((error as CourseError).fields).toEqual(fields);
  });

  it('reads an organisation’s public face without a session, and null for none', async () => {
    const face = { slug: 'acme-facilities', name: 'Acme Facilities', theme: { color: { brand: '#0b6e4f' } } };
    const { fetch, seen } = fakeApi({ 'GET /organisation-faces/acme-facilities': () => json(200, face) });
    const adapter = createHttpAdapter({ baseUrl: 'http://api.test/api', fetch });
    expect(await fetchOrganisationFace(adapter, 'acme-facilities')).toEqual(face);
    expect(await fetchOrganisationFace(adapter, 'bravo-works')).toBeNull();
    expect(seen.map((s) => s.route)).toEqual([
      'GET /organisation-faces/acme-facilities',
      'GET /organisation-faces/bravo-works',
    ]);
  });
});
