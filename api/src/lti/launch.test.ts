import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DRIVERS, signInAdmin, startServer, type TestServer } from '../test/harness';
import { launchClaims, ltiLaunch, ltiLogin, startTestPlatform, type TestPlatform } from '../test/ltiPlatform';

const CLIENT = 'coursekit-client';
const TABLES = [
  'users',
  'external_identities',
  'sessions',
  'lti_nonces',
  'lti_deployments',
  'lti_login_states',
];

describe.each(DRIVERS)('LTI launch (%s)', (driver) => {
  let server: TestServer;
  let platform: TestPlatform;
  let admin: string;
  let registrationId: string;

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const rows = (await server.database.db.execute(
        sql.raw(`select count(*)::int as n from ${table}`),
      )) as unknown as { rows: Array<{ n: number }> } | Array<{ n: number }>;
      out[table] = ('rows' in rows ? rows.rows : rows)[0]!.n;
    }
    return out;
  }

  const login = (extra: Record<string, string> = {}) =>
    ltiLogin(server, {
      iss: platform.issuer,
      login_hint: 'hint-1',
      target_link_uri: 'http://app.test/api/lti/launch',
      client_id: CLIENT,
      ...extra,
    });

  /** A launch refused: the error page's status and words, and not a row written. */
  async function refused(form: Record<string, string>, cookie: string, words: RegExp) {
    const before = await counts();
    const res = await ltiLaunch(server, form, cookie);
    expect(res.status, res.html).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.html).toMatch(words);
    expect(res.html).not.toContain('data-token');
    expect(await counts()).toEqual(before);
  }

  beforeAll(async () => {
    server = await startServer(driver);
    platform = await startTestPlatform();
    admin = (await signInAdmin(server)).token;
    const created = await call(server, 'POST', '/admin/lti/registrations', {
      token: admin,
      body: {
        issuer: platform.issuer,
        client_id: CLIENT,
        auth_login_url: platform.authUrl,
        token_url: `${platform.issuer}/token`,
        jwks_url: platform.jwksUrl,
      },
    });
    registrationId = created.body.id;
  });
  afterAll(async () => {
    await platform?.close();
    await server?.close();
  });

  it('refuses a login from an unregistered platform with an error page', async () => {
    const res = await fetch(
      `${server.api}/lti/login?iss=https://nobody.test&login_hint=x&target_link_uri=https://a.test/`,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('not registered');
  });

  it('redirects a login to the platform with state and nonce, bound by a partitioned cookie', async () => {
    const res = await login({ lti_message_hint: 'msg-1' });
    expect(res.status).toBe(302);
    expect(`${res.location.origin}${res.location.pathname}`).toBe(platform.authUrl);
    expect(Object.fromEntries(res.location.searchParams)).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: CLIENT,
      redirect_uri: 'http://app.test/api/lti/launch',
      login_hint: 'hint-1',
      lti_message_hint: 'msg-1',
    });
    expect(res.state).not.toBe(res.nonce);
    expect(res.setCookie).toMatch(/HttpOnly/);
    expect(res.setCookie).toMatch(/Secure/);
    expect(res.setCookie).toMatch(/SameSite=None/);
    expect(res.setCookie).toMatch(/Partitioned/);
  });

  it('launches a learner into the course: created at the first launch, the same learner after, deployment learned', async () => {
    const first = await login();
    const token = await platform.sign(
      launchClaims(CLIENT, first.nonce, { sub: 'stu-1', custom: { module: '2' } }),
    );
    const res = await ltiLaunch(server, { id_token: token, state: first.state }, first.cookie);
    expect(res.status, res.html).toBe(200);
    expect(res.data).toMatchObject({ mode: 'player', api: '/api', module: '2', role: 'learner' });
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(res.headers.get('x-frame-options')).toBeNull();
    // The player's own session: no cookie needed from here on.
    const profile = await call(server, 'GET', '/auth/user', { token: res.data.token });
    expect(profile.status).toBe(200);
    expect(profile.body.user).toMatchObject({ email: 'stu-1@school.test' });
    expect((await call(server, 'GET', '/progress', { token: res.data.token })).status).toBe(200);

    const again = await login();
    const second = await ltiLaunch(
      server,
      {
        id_token: await platform.sign(
          launchClaims(CLIENT, again.nonce, {
            sub: 'stu-1',
            roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
          }),
        ),
        state: again.state,
      },
      again.cookie,
    );
    expect(second.data.role).toBe('instructor');
    const other = await call(server, 'GET', '/auth/user', { token: second.data.token });
    expect(other.body.user.id).toBe(profile.body.user.id);

    const registrations = await call(server, 'GET', '/admin/lti/registrations', { token: admin });
    expect(registrations.body[0].deployments).toEqual([
      { deployment_id: 'deploy-1', learned_at_launch: true },
    ]);
  });

  it('goes through the platform’s storage when the browser sends no cookie back', async () => {
    const start = await login({ lti_storage_target: '_parent' });
    expect(start.status).toBe(200);
    const page = await (
      await fetch(
        `${server.api}/lti/login?${new URLSearchParams({ iss: platform.issuer, login_hint: 'h', target_link_uri: 'http://app.test/api/lti/launch', client_id: CLIENT, lti_storage_target: '_parent' })}`,
      )
    ).text();
    const put = Object.fromEntries(
      [...page.matchAll(/data-([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&#38;/g, '&')]),
    );
    expect(put).toMatchObject({ mode: 'put', target: '_parent', origin: new URL(platform.authUrl).origin });
    const next = new URL(put.next!);
    const state = next.searchParams.get('state')!;
    const idToken = await platform.sign(
      launchClaims(CLIENT, next.searchParams.get('nonce')!, { sub: 'stu-2' }),
    );
    // No cookie: the launch asks the page to read the binding back from the platform's storage.
    const ask = await ltiLaunch(server, { id_token: idToken, state });
    expect(ask.data).toMatchObject({ mode: 'get', key: put.key, state, origin: put.origin });
    const wrong = await ltiLaunch(server, { id_token: idToken, state, lti_storage_binding: 'forged' });
    expect(wrong.status).toBe(401);
    const done = await ltiLaunch(server, { id_token: idToken, state, lti_storage_binding: put.value! });
    expect(done.status, done.html).toBe(200);
    expect(done.data.mode).toBe('player');
  });

  it('refuses every forged, replayed or misdirected launch with an error page, and writes nothing', async () => {
    // A replayed id_token: its state is used up, and with a fresh login its nonce does not match.
    const used = await login();
    const token = await platform.sign(launchClaims(CLIENT, used.nonce));
    expect((await ltiLaunch(server, { id_token: token, state: used.state }, used.cookie)).status).toBe(200);
    await refused({ id_token: token, state: used.state }, used.cookie, /expired or was already used/);
    const fresh = await login();
    await refused({ id_token: token, state: fresh.state }, fresh.cookie, /wrong nonce/);
    // The platform's authorization error (a user it has not signed in), said in its words.
    await refused(
      {
        error: 'login_required',
        error_description: 'End-User authentication is required',
        state: fresh.state,
      },
      fresh.cookie,
      /The LMS did not sign you in to the course: End-User authentication is required/,
    );

    // Signed by a key the platform never published (with the kid of one it did).
    const forger = await platform.stranger();
    await refused(
      {
        id_token: await platform.sign(launchClaims(CLIENT, fresh.nonce), { key: forger }),
        state: fresh.state,
      },
      fresh.cookie,
      /signature does not match/,
    );
    // alg none: an unsigned token.
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const body = Buffer.from(
      JSON.stringify({
        ...launchClaims(CLIENT, fresh.nonce),
        iss: platform.issuer,
        iat: now,
        exp: now + 300,
      }),
    ).toString('base64url');
    await refused({ id_token: `${header}.${body}.`, state: fresh.state }, fresh.cookie, /accepted algorithm/);
    // Meant for another tool.
    await refused(
      { id_token: await platform.sign(launchClaims('another-tool', fresh.nonce)), state: fresh.state },
      fresh.cookie,
      /wrong audience/,
    );
    // Expired (beyond the minute of skew).
    await refused(
      {
        id_token: await platform.sign(launchClaims(CLIENT, fresh.nonce), { iatOffset: -900, expiresIn: 600 }),
        state: fresh.state,
      },
      fresh.cookie,
      /expired/,
    );
    // No cookie and no platform storage: the state is not this browser's.
    await refused(
      { id_token: await platform.sign(launchClaims(CLIENT, fresh.nonce)), state: fresh.state },
      '',
      /did not come back to the browser/,
    );
    // A deployment of another registration of the same platform.
    const second = await call(server, 'POST', '/admin/lti/registrations', {
      token: admin,
      body: {
        issuer: platform.issuer,
        client_id: 'second-client',
        auth_login_url: platform.authUrl,
        token_url: `${platform.issuer}/token`,
        jwks_url: platform.jwksUrl,
        deployments: ['deploy-of-second'],
      },
    });
    expect(second.status).toBe(201);
    await refused(
      {
        id_token: await platform.sign(
          launchClaims(CLIENT, fresh.nonce, { deploymentId: 'deploy-of-second' }),
        ),
        state: fresh.state,
      },
      fresh.cookie,
      /deployment of another registration/,
    );
    // A registration that lists its deployments accepts no other.
    await call(server, 'PATCH', `/admin/lti/registrations/${registrationId}`, {
      token: admin,
      body: { accept_new_deployments: false },
    });
    await refused(
      {
        id_token: await platform.sign(launchClaims(CLIENT, fresh.nonce, { deploymentId: 'deploy-unknown' })),
        state: fresh.state,
      },
      fresh.cookie,
      /does not list/,
    );
    await call(server, 'PATCH', `/admin/lti/registrations/${registrationId}`, {
      token: admin,
      body: { accept_new_deployments: true },
    });
  });

  it('fetches the platform’s JWKS again for an unknown kid, once per cool-down', async () => {
    await platform.rotate();
    const before = platform.fetches();
    // Past the cool-down of the fetches the tests above made.
    server.clock.advance(31_000);
    const start = await login();
    const res = await ltiLaunch(
      server,
      { id_token: await platform.sign(launchClaims(CLIENT, start.nonce)), state: start.state },
      start.cookie,
    );
    expect(res.status, res.html).toBe(200);
    expect(platform.fetches()).toBe(before + 1);
    // A made-up kid right after: refused without another fetch.
    const next = await login();
    const forger = await platform.stranger();
    await refused(
      {
        id_token: await platform.sign(launchClaims(CLIENT, next.nonce), { key: forger, kid: 'made-up' }),
        state: next.state,
      },
      next.cookie,
      /signature does not match/,
    );
    expect(platform.fetches()).toBe(before + 1);
  });

  it('sweeps login states nobody came back with once they expire', async () => {
    expect((await counts()).lti_login_states).toBeGreaterThan(1);
    server.clock.advance(11 * 60_000);
    await login();
    expect((await counts()).lti_login_states).toBe(1);
  });
});
