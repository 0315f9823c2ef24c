import { companySignInErrors } from '@coursekit/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import { call, DRIVERS, PASSWORD, signInAdmin, signUp, startServer, type TestServer } from '../test/harness';
import { type CompanyIdp, startCompanyIdp } from '../test/oidcCompany';
import { identityProviderSecretContext } from './identityProvider';
import { openSecret } from './secretBox';

// Company sign-in end to end on the API: the organisation's identity provider is panva's
// oidc-provider on loopback, with its own client and accounts; people sign in on its own login
// pages, and the provider sends their browser back to the API's callback with a code.

const DOMAIN = 'acme-sso.test';
const PUBLIC = 'http://app.test';

describe.each(DRIVERS)('company sign-in (%s)', (driver) => {
  let server: TestServer;
  let idp: CompanyIdp;
  let admin: string;
  let orgId: string;
  let otherOrgId: string;

  const providerBody = (extra: Record<string, unknown> = {}) => ({
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    domains: [DOMAIN],
    ...extra,
  });
  const setProvider = (body: unknown, org = orgId) =>
    call(server, 'PUT', `/admin/organisations/${org}/identity-provider`, { token: admin, body });
  const setStatus = (status: 'active' | 'suspended') =>
    call(server, 'PATCH', `/admin/organisations/${orgId}`, { token: admin, body: { status } });

  /** The API's public address as this test's server answers it. */
  const atServer = (url: URL) => new URL(url.href.replace(PUBLIC, server.url));

  /** The start: the redirect to the provider and the browser's binding cookie, or the refusal's redirect. */
  async function start(slug = 'acme-sso') {
    const res = await fetch(`${server.api}/auth/sso/${slug}/start?login_hint=x%40${DOMAIN}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    return {
      location: new URL(res.headers.get('location')!),
      cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    };
  }
  /** The callback as the browser makes it (with or without its cookie): where the API sends it next. */
  async function callback(url: URL, cookie: string): Promise<URL> {
    const res = await fetch(atServer(url), { headers: cookie ? { cookie } : {}, redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }
  /** The whole sign-in of `login` at the provider, as one browser: where the site is sent at the end. */
  async function signInAs(login: string): Promise<URL> {
    const begun = await start();
    const back = await idp.signIn(begun.location.href, login);
    expect(back.href.startsWith(`${PUBLIC}/api/auth/sso/callback?`)).toBe(true);
    return callback(back, begun.cookie);
  }
  const sessionOf = (landing: URL) => {
    expect(landing.origin + landing.pathname).toBe(`${PUBLIC}/signin`);
    const hash = new URLSearchParams(landing.hash.slice(1));
    return { access: hash.get('access_token')!, refresh: hash.get('refresh_token')! };
  };
  const refusalOf = (landing: URL) => {
    expect(landing.origin + landing.pathname).toBe(`${PUBLIC}/signin`);
    expect(landing.hash).toBe('');
    return landing.searchParams.get('sso_error');
  };
  async function count(table: string): Promise<number> {
    const rows = (await server.database.db.execute(
      sql.raw(`select count(*)::int as n from ${table}`),
    )) as unknown as { rows: Array<{ n: number }> } | Array<{ n: number }>;
    return ('rows' in rows ? rows.rows : rows)[0]!.n;
  }

  beforeAll(async () => {
    server = await startServer(driver);
    idp = await startCompanyIdp(`${PUBLIC}/api/auth/sso/callback`);
    admin = (await signInAdmin(server)).token;
    orgId = (
      await call(server, 'POST', '/admin/organisations', {
        token: admin,
        body: { name: 'Acme SSO', slug: 'acme-sso' },
      })
    ).body.id;
    otherOrgId = (
      await call(server, 'POST', '/admin/organisations', {
        token: admin,
        body: { name: 'Other Org', slug: 'other-sso' },
      })
    ).body.id;
  });
  afterAll(async () => {
    await idp?.close();
    await server?.close();
  });

  it('keeps the identity provider’s client secret sealed, and never answers it', async () => {
    const none = await call(server, 'GET', `/admin/organisations/${orgId}/identity-provider`, {
      token: admin,
    });
    expect(none.body).toEqual({ identity_provider: null });
    const { client_secret: _, ...withoutSecret } = providerBody();
    const needsSecret = await setProvider(withoutSecret);
    expect(needsSecret.status).toBe(400);
    expect(needsSecret.body.error.fields.client_secret).toMatch(/client secret/);

    const saved = await setProvider(providerBody());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.identity_provider).toMatchObject({
      issuer: idp.issuer,
      client_id: idp.clientId,
      has_secret: true,
      domains: [DOMAIN],
      enabled: true,
    });
    expect(JSON.stringify(saved.body)).not.toContain(idp.clientSecret);
    const [row] = await server.database.db
      .select()
      .from(schema.organisationIdentityProviders)
      .where(eq(schema.organisationIdentityProviders.organisationId, orgId));
    expect(row!.secretCiphertext).not.toContain(idp.clientSecret);
    expect(
      openSecret(server.config.orgSecretsKey, row!.secretCiphertext, identityProviderSecretContext(row!.id)),
    ).toBe(idp.clientSecret);
    // An edit without the secret keeps the stored one.
    const edited = await setProvider(withoutSecret);
    expect(edited.status).toBe(200);
    const [after] = await server.database.db
      .select()
      .from(schema.organisationIdentityProviders)
      .where(eq(schema.organisationIdentityProviders.organisationId, orgId));
    expect(after!.secretCiphertext).toBe(row!.secretCiphertext);
  });

  it('refuses a domain another organisation’s provider claims, changing nothing', async () => {
    const clash = await setProvider(providerBody({ domains: ['other-sso.test', DOMAIN] }), otherOrgId);
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toContain(`"${DOMAIN}"`);
    const other = await call(server, 'GET', `/admin/organisations/${otherOrgId}/identity-provider`, {
      token: admin,
    });
    expect(other.body.identity_provider).toBeNull();
    const bad = await setProvider(providerBody({ domains: ['@acme.test'] }), otherOrgId);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty(['domains.0']);
  });

  it('names the organisation that claims a typed e-mail’s domain, and nothing for any other', async () => {
    const ask = (address: string) =>
      call(server, 'GET', `/auth/sso/discover?email=${encodeURIComponent(address)}`);
    expect((await ask(`kim@${DOMAIN}`)).body).toEqual({
      organisation: { slug: 'acme-sso', name: 'Acme SSO' },
    });
    expect((await ask(`Kim@${DOMAIN.toUpperCase()}`)).body.organisation?.slug).toBe('acme-sso');
    expect((await ask('kim@example.com')).body).toEqual({ organisation: null });
    expect((await ask(`kim@sub.${DOMAIN}`)).body).toEqual({ organisation: null });
    expect((await ask('not an address')).body).toEqual({ organisation: null });
    expect((await call(server, 'GET', '/auth/sso/discover')).status).toBe(400);
  });

  it('signs a new person in through the provider: a learner of the organisation, e-mail confirmed', async () => {
    idp.account('new-person', { email: `nora@${DOMAIN}`, email_verified: true, name: 'Nora New' });
    const session = sessionOf(await signInAs('new-person'));
    const me = await call(server, 'GET', '/auth/user', { token: session.access });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(`nora@${DOMAIN}`);
    const members = await call(server, 'GET', `/admin/organisations/${orgId}/members`, { token: admin });
    expect(members.body.items).toContainEqual(
      expect.objectContaining({ user_id: me.body.user.id, role: 'learner', display_name: 'Nora New' }),
    );
    // The site adopts the session by rotating its refresh token, as it does a recovery link's.
    const adopted = await call(server, 'POST', '/auth/refresh', { body: { refresh_token: session.refresh } });
    expect(adopted.status).toBe(200);
    // The next sign-in finds the same person by the provider's `sub`.
    const again = sessionOf(await signInAs('new-person'));
    expect((await call(server, 'GET', '/auth/user', { token: again.access })).body.user.id).toBe(
      me.body.user.id,
    );
  });

  it('takes up a pending invitation of the vouched e-mail: its role and its group, the invitation accepted', async () => {
    const group = await call(server, 'POST', `/organisations/${orgId}/groups`, {
      token: admin,
      body: { name: 'Night Shift' },
    });
    const invited = await call(server, 'POST', `/organisations/${orgId}/import?mode=apply`, {
      token: admin,
      raw: `email,name,group\r\nivy@${DOMAIN},Ivy Invited,Night Shift\r\numa@${DOMAIN},Uma Unverified,Night Shift\r\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.counts.invite).toBe(2);
    idp.account('ivy', { email: `ivy@${DOMAIN}`, email_verified: true, name: 'Ivy Invited' });
    idp.account('uma', { email: `uma@${DOMAIN}`, email_verified: false, name: 'Uma Unverified' });
    sessionOf(await signInAs('ivy'));
    sessionOf(await signInAs('uma'));
    const people = await call(server, 'GET', `/organisations/${orgId}/people?search=${DOMAIN}`, {
      token: admin,
    });
    const groupsOf = (address: string) =>
      (people.body.items as Array<{ email: string; groups: string[] }>).find((p) => p.email === address)
        ?.groups;
    expect(groupsOf(`ivy@${DOMAIN}`)).toEqual(['Night Shift']);
    // Without the provider's word for the address, the person joins, but the invitation waits.
    expect(groupsOf(`uma@${DOMAIN}`)).toEqual([]);
    const invitations = await call(server, 'GET', `/organisations/${orgId}/invitations`, { token: admin });
    const acceptedOf = (address: string) =>
      (invitations.body as Array<{ email: string; accepted_at: string | null }>).find(
        (i) => i.email === address,
      )?.accepted_at;
    expect(acceptedOf(`ivy@${DOMAIN}`)).not.toBeNull();
    expect(acceptedOf(`uma@${DOMAIN}`)).toBeNull();
    expect(group.status).toBe(201);
  });

  it('links an existing password account when the provider vouches for the e-mail', async () => {
    const person = await signUp(server, 'Pat Password', `pat@${DOMAIN}`);
    idp.account('pat', { email: `pat@${DOMAIN}`, email_verified: true });
    const session = sessionOf(await signInAs('pat'));
    const me = await call(server, 'GET', '/auth/user', { token: session.access });
    expect(me.body.user.id).toBe(person.userId);
    // The password still signs in too.
    const password = await call(server, 'POST', '/auth/signin', {
      body: { email: `pat@${DOMAIN}`, password: PASSWORD },
    });
    expect(password.status).toBe(200);
  });

  it('refuses to take over a password account when the provider does not vouch for the e-mail', async () => {
    await signUp(server, 'Vic Victim', `vic@${DOMAIN}`);
    idp.account('vic-impostor', { email: `vic@${DOMAIN}`, email_verified: false });
    const before = {
      sessions: await count('sessions'),
      identities: await count('external_identities'),
    };
    expect(refusalOf(await signInAs('vic-impostor'))).toBe('unverified');
    expect(companySignInErrors.unverified).toMatch(/did not confirm/);
    expect(await count('sessions')).toBe(before.sessions);
    expect(await count('external_identities')).toBe(before.identities);
  });

  it('refuses an address outside the provider’s domains, however verified (the platform’s admin, say)', async () => {
    idp.account('admin-impostor', { email: server.config.adminEmail, email_verified: true });
    const before = await count('sessions');
    expect(refusalOf(await signInAs('admin-impostor'))).toBe('domain');
    expect(await count('sessions')).toBe(before);
  });

  it('refuses a callback whose state it did not issue, or that comes back to another browser', async () => {
    idp.account('state-check', { email: `sam@${DOMAIN}`, email_verified: true });
    const begun = await start();
    const back = await idp.signIn(begun.location.href, 'state-check');
    const forged = new URL(back);
    forged.searchParams.set('state', 'made-up-state');
    expect(refusalOf(await callback(forged, begun.cookie))).toBe('expired');
    // The right state without the browser's cookie (a link planted in someone else's browser).
    expect(refusalOf(await callback(back, ''))).toBe('expired');
    // The state was used up by that attempt: even the right browser cannot use it now.
    expect(refusalOf(await callback(back, begun.cookie))).toBe('expired');
    const ask = await call(server, 'GET', '/auth/user');
    expect(ask.status).toBe(401);
  });

  it('refuses a replayed callback', async () => {
    idp.account('replay', { email: `rex@${DOMAIN}`, email_verified: true });
    const begun = await start();
    const back = await idp.signIn(begun.location.href, 'replay');
    sessionOf(await callback(back, begun.cookie));
    const before = await count('sessions');
    expect(refusalOf(await callback(back, begun.cookie))).toBe('expired');
    expect(await count('sessions')).toBe(before);
  });

  it('sends the browser to the provider with PKCE (S256), a state and a nonce', async () => {
    const { location, cookie } = await start();
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{30,}$/);
    expect(location.searchParams.get('nonce')).toMatch(/^[\w-]{30,}$/);
    expect(location.searchParams.get('login_hint')).toBe(`x@${DOMAIN}`);
    expect(cookie).toMatch(/^ck_sso_/);
  });

  it('refuses sign-in while the organisation is suspended, and through a disabled provider', async () => {
    idp.account('paused', { email: `paula@${DOMAIN}`, email_verified: true });
    // A sign-in begun before the suspension is refused at its callback too.
    const begun = await start();
    const back = await idp.signIn(begun.location.href, 'paused');
    expect((await setStatus('suspended')).status).toBe(200);
    const res = await fetch(`${server.api}/auth/sso/acme-sso/start`, { redirect: 'manual' });
    expect(refusalOf(new URL(res.headers.get('location')!))).toBe('suspended');
    expect(refusalOf(await callback(back, begun.cookie))).toBe('suspended');
    expect(companySignInErrors.suspended).toMatch(/suspended/);
    expect((await setStatus('active')).status).toBe(200);

    const { client_secret: _, ...rest } = providerBody({ enabled: false });
    expect((await setProvider(rest)).body.identity_provider.enabled).toBe(false);
    const off = await fetch(`${server.api}/auth/sso/acme-sso/start`, { redirect: 'manual' });
    expect(refusalOf(new URL(off.headers.get('location')!))).toBe('unavailable');
    expect(companySignInErrors.unavailable).toMatch(/turned off/);
    expect((await setProvider({ ...rest, enabled: true })).status).toBe(200);
    expect((await start()).location.origin).toBe(idp.issuer);
  });

  it('refuses when the provider does not accept the client secret', async () => {
    const { client_secret: _, ...rest } = providerBody();
    await setProvider({ ...rest, client_secret: 'not-the-secret' });
    idp.account('wrong-secret', { email: `wes@${DOMAIN}`, email_verified: true });
    try {
      expect(refusalOf(await signInAs('wrong-secret'))).toBe('failed');
    } finally {
      await setProvider(providerBody());
    }
  });

  it('forgets the provider when the admin removes it', async () => {
    const removed = await call(server, 'DELETE', `/admin/organisations/${otherOrgId}/identity-provider`, {
      token: admin,
    });
    expect(removed.status).toBe(404);
    await setProvider(providerBody({ domains: ['other-sso.test'] }), otherOrgId);
    expect(
      (await call(server, 'DELETE', `/admin/organisations/${otherOrgId}/identity-provider`, { token: admin }))
        .status,
    ).toBe(204);
    const res = await fetch(`${server.api}/auth/sso/other-sso/start`, { redirect: 'manual' });
    expect(refusalOf(new URL(res.headers.get('location')!))).toBe('unavailable');
    expect(
      (await call(server, 'GET', '/auth/sso/discover?email=o%40other-sso.test')).body.organisation,
    ).toBeNull();
  });
});
