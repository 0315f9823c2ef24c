import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DRIVERS, signInAdmin, startServer, type TestServer } from '../test/harness';
import { formOf, INSTRUCTOR, type OidcPlatform, pageData, startOidcPlatform } from '../test/oidcPlatform';

const DEEP_LINKING = 'LtiDeepLinkingRequest';

/** Debian's python3-jwcrypto checks a JWT against a JWKS and answers its header and claims. */
function jwcryptoVerify(
  jwt: string,
  jwks: unknown,
): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const script = `
import json, sys
from jwcrypto import jwk, jwt
data = json.loads(sys.stdin.read())
keys = jwk.JWKSet.from_json(json.dumps(data["jwks"]))
token = jwt.JWT(jwt=data["jwt"], key=keys, algs=["RS256"])
print(json.dumps({"header": json.loads(token.header), "claims": json.loads(token.claims)}))`;
  return JSON.parse(
    execFileSync('/usr/bin/python3', ['-W', 'ignore', '-c', script], {
      input: JSON.stringify({ jwt, jwks }),
    }).toString(),
  );
}

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

  /** The instructor's deep-linking page: the forms of its choices, by button label. */
  async function choices(spec: Parameters<Awaited<ReturnType<OidcPlatform['signIn']>>['launch']>[0]) {
    const teacher = await platform.signIn('teacher-1');
    const page = await teacher.launch({ messageType: DEEP_LINKING, roles: [INSTRUCTOR], ...spec });
    expect(page.status, page.html).toBe(200);
    return [...page.html.matchAll(/<form[\s\S]*?<\/form>/g)].map((m) => ({
      label: /<button[^>]*>([^<]*)</.exec(m[0])![1]!,
      ...formOf(m[0]),
    }));
  }

  async function choose(fields: Record<string, string>) {
    const res = await fetch(`${server.api}/lti/deep-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    const html = await res.text();
    return {
      status: res.status,
      html,
      data: pageData(html),
      csp: res.headers.get('content-security-policy'),
    };
  }

  const returnTo = async (action: string, jwt: string) => {
    const res = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ JWT: jwt }),
    });
    return { status: res.status, body: await res.json() };
  };

  it('deep-links a module: the instructor chooses from the catalog, the platform gets a signed response with a line item', async () => {
    const list = await choices({});
    expect(list.map((c) => c.label)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Add the module “/)]),
    );
    const module = list.find((c) => c.fields.module !== undefined)!;
    expect(module.action).toBe('/api/lti/deep-link');
    const picked = await choose(module.fields);
    expect(picked.status, picked.html).toBe(200);
    expect(picked.data.mode).toBe('return');
    // The page may post its form to the platform, and only there besides the tool.
    expect(picked.csp).toContain(`form-action 'self' ${platform.issuer}`);
    const back = await returnTo(picked.data.action!, picked.data.jwt!);
    expect(back, JSON.stringify(back.body)).toMatchObject({ status: 200 });

    const [response] = platform.deepLinks();
    const items = response!['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as Array<
      Record<string, unknown>
    >;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'ltiResourceLink',
      url: `${TOOL_URL}/api/lti/launch`,
      custom: { course: module.fields.course, module: module.fields.module },
      lineItem: {
        scoreMaximum: 100,
        resourceId: `course:${module.fields.course}/module:${module.fields.module}`,
        tag: 'coursekit',
        label: expect.any(String),
      },
    });

    // A second language checks the same response against the tool's published keys.
    const jwks = (await call(server, 'GET', '/lti/jwks')).body;
    const checked = jwcryptoVerify(picked.data.jwt!, jwks);
    expect(checked.header).toMatchObject({ alg: 'RS256', kid: jwks.keys[0].kid });
    expect(checked.claims).toMatchObject({
      iss: platform.clientId,
      aud: platform.issuer,
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'deploy-1',
    });

    // The link it made opens that module for a learner.
    const learner = await platform.signIn('stu-dl');
    const opened = await learner.launch({ custom: items[0]!.custom as Record<string, string> });
    expect(opened.data).toMatchObject({
      mode: 'player',
      course: module.fields.course,
      module: module.fields.module,
    });
  });

  it('refuses forged deep-linking returns: a tampered choice, a learner’s request, a response for another request or deployment', async () => {
    const [first] = await choices({});
    const tampered = await choose({ ...first!.fields, choice: `${first!.fields.choice}x` });
    expect(tampered.status).toBe(401);
    expect(tampered.html).toMatch(/not made by CourseKit/);
    expect(tampered.html).not.toContain('data-jwt');

    const unknown = await choose({ ...first!.fields, course: 'no-such-course' });
    expect(unknown.status).toBe(404);

    const learner = await platform.signIn('stu-not-teacher');
    const asLearner = await learner.launch({ messageType: DEEP_LINKING });
    expect(asLearner.status).toBe(403);
    expect(asLearner.html).toMatch(/Only an instructor/);

    // A response made for one request (its data claim) and deployment is refused at another's return URL.
    const before = platform.deepLinks().length;
    const other = await choices({ deploymentId: 'deploy-2' });
    const mine = await choose(first!.fields);
    const theirs = await choose(other[0]!.fields);
    const crossed = await returnTo(theirs.data.action!, mine.data.jwt!);
    expect(crossed.status).toBe(400);
    expect(crossed.body.error).toMatch(/wrong (data|deployment)/);
    expect(platform.deepLinks()).toHaveLength(before);
  });
});
