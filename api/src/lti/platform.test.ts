import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DRIVERS, signInAdmin, startServer, type TestServer } from '../test/harness';
import { INSTRUCTOR, type OidcPlatform, startOidcPlatform } from '../test/oidcPlatform';

// Launches through an LMS whose authorization server is oidc-provider: it signs the id_tokens,
// checks the redirect URI and client, and the LTI claims ride on its claims machinery.

const TOOL_URL = 'https://tool.test';

describe.each(DRIVERS)('LTI launch through oidc-provider (%s)', (driver) => {
  let server: TestServer;
  let platform: OidcPlatform;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(driver, { config: { publicUrl: TOOL_URL } });
    platform = await startOidcPlatform({ publicUrl: TOOL_URL, url: server.url });
    admin = (await signInAdmin(server)).token;
    const created = await call(server, 'POST', '/admin/lti/registrations', {
      token: admin,
      body: platform.registration(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
  afterAll(async () => {
    await platform?.close();
    await server?.close();
  });

  it('launches a learner into a module: the provider signs, the tool opens the player with its own session', async () => {
    const lia = await platform.signIn('stu-1', { name: 'Lia Lms', email: 'lia@school.test' });
    const res = await lia.launch({ custom: { module: '2' } });
    expect(res.status, res.html).toBe(200);
    expect(res.data).toMatchObject({ mode: 'player', api: '/api', module: '2', role: 'learner' });
    const profile = await call(server, 'GET', '/auth/user', { token: res.data.token });
    expect(profile.body.user).toMatchObject({
      email: 'lia@school.test',
      user_metadata: { name: 'Lia Lms' },
    });

    // The same LMS user is the same learner; an instructor role maps to ours.
    const again = await lia.launch({ roles: [INSTRUCTOR] });
    expect(again.data.role).toBe('instructor');
    const same = await call(server, 'GET', '/auth/user', { token: again.data.token });
    expect(same.body.user.id).toBe(profile.body.user.id);
  });

  it('refuses the provider’s id_token posted a second time (state and nonce are single use)', async () => {
    const bo = await platform.signIn('stu-2');
    const auth = await bo.authorize();
    const first = await bo.post({ id_token: auth.idToken, state: auth.state }, auth.toolCookie);
    expect(first.status, first.html).toBe(200);
    const replay = await bo.post({ id_token: auth.idToken, state: auth.state }, auth.toolCookie);
    expect(replay.status).toBe(401);
    expect(replay.html).toMatch(/expired or was already used/);
    expect(replay.html).not.toContain('data-token');
  });

  it('goes on launching when the LMS rotates its signing key (the tool refetches on the new kid)', async () => {
    const cy = await platform.signIn('stu-3');
    expect((await cy.launch()).status).toBe(200);
    await platform.rotate();
    // The LMS restarted with its new key set: its user signs in again.
    const cyAgain = await platform.signIn('stu-3');
    // Past the JWKS refetch cool-down of the launches above.
    server.clock.advance(31_000);
    const after = await cyAgain.launch();
    expect(after.status, after.html).toBe(200);
    const header = JSON.parse(Buffer.from(after.idToken.split('.')[0]!, 'base64url').toString());
    expect(header.kid).toBe('lms-2');
  });
});
