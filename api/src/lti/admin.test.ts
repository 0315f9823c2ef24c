import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DRIVERS, signInAdmin, startServer, type TestServer } from '../test/harness';

const BODY = {
  issuer: 'https://canvas.instructure.com',
  client_id: '10000000000001',
  auth_login_url: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  token_url: 'https://sso.canvaslms.com/login/oauth2/token',
  jwks_url: 'https://sso.canvaslms.com/api/lti/security/jwks',
  deployments: ['1:abc'],
};

/** Debian's python3-jwcrypto (/usr/bin/python3, not a PATH python without it) reads a JWKS: each key's kid and type, and whether it has a private part. */
function jwcryptoRead(jwks: unknown): Array<{ kid: string; kty: string; private: boolean }> {
  const script = `
import json, sys
from jwcrypto import jwk
keys = jwk.JWKSet.from_json(sys.stdin.read())
print(json.dumps([{"kid": k.key_id, "kty": k.key_type, "private": k.has_private} for k in keys["keys"]]))`;
  return JSON.parse(
    execFileSync('/usr/bin/python3', ['-W', 'ignore', '-c', script], {
      input: JSON.stringify(jwks),
    }).toString(),
  );
}

describe.each(DRIVERS)('LTI registrations and keys (%s)', (driver) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(driver);
    token = (await signInAdmin(server)).token;
  });
  afterAll(() => server?.close());

  it('creates, lists, edits and deletes a registration; each change is in the admin action log', async () => {
    const created = await call(server, 'POST', '/admin/lti/registrations', { token, body: BODY });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      issuer: BODY.issuer,
      client_id: BODY.client_id,
      deployments: [{ deployment_id: '1:abc', learned_at_launch: false }],
      accept_new_deployments: true,
      organisation_id: null,
    });
    const id = created.body.id;

    const twice = await call(server, 'POST', '/admin/lti/registrations', { token, body: BODY });
    expect(twice.status).toBe(409);

    const bad = await call(server, 'POST', '/admin/lti/registrations', {
      token,
      body: { ...BODY, client_id: 'other', jwks_url: 'http://evil.example/jwks', token_url: 'not a url' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['jwks_url', 'token_url']);

    const edited = await call(server, 'PATCH', `/admin/lti/registrations/${id}`, {
      token,
      body: { deployments: ['1:abc', '2:def'], accept_new_deployments: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.deployments.map((d: { deployment_id: string }) => d.deployment_id)).toEqual([
      '1:abc',
      '2:def',
    ]);
    expect(edited.body.accept_new_deployments).toBe(false);

    // A deployment id of this issuer belongs to one registration only.
    const other = await call(server, 'POST', '/admin/lti/registrations', {
      token,
      body: { ...BODY, client_id: 'second', deployments: ['2:def'] },
    });
    expect(other.status).toBe(409);
    expect(other.body.error.message).toContain('2:def');

    const list = await call(server, 'GET', '/admin/lti/registrations', { token });
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([id]);

    expect((await call(server, 'DELETE', `/admin/lti/registrations/${id}`, { token })).status).toBe(204);
    expect((await call(server, 'DELETE', `/admin/lti/registrations/${id}`, { token })).status).toBe(404);
    expect((await call(server, 'GET', '/admin/lti/registrations', { token })).body).toEqual([]);

    const log = await call(server, 'GET', '/admin/audit/actions?pageSize=20', { token });
    const actions = log.body.items.map((a: { action_type: string }) => a.action_type);
    expect(actions).toEqual(
      expect.arrayContaining([
        'lti_registration_created',
        'lti_registration_updated',
        'lti_registration_deleted',
      ]),
    );
  });

  it('publishes its keys with kid; a rotation keeps the old key published until the next one', async () => {
    const first = (await call(server, 'GET', '/lti/jwks')).body;
    expect(first.keys).toHaveLength(1);
    const [one] = first.keys;
    expect(one).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(one.d).toBeUndefined();

    const rotated = await call(server, 'POST', '/admin/lti/keys/rotate', { token });
    expect(rotated.status).toBe(201);
    expect(rotated.body.previous).toBe(one.kid);
    const second = (await call(server, 'GET', '/lti/jwks')).body;
    expect(second.keys.map((k: { kid: string }) => k.kid)).toEqual([rotated.body.current, one.kid]);

    const again = await call(server, 'POST', '/admin/lti/keys/rotate', { token });
    const third = (await call(server, 'GET', '/lti/jwks')).body;
    expect(third.keys.map((k: { kid: string }) => k.kid)).toEqual([again.body.current, rotated.body.current]);
    expect(again.body.retired).toEqual([one.kid]);

    // A second language reads the same set: public RSA keys, each with its kid.
    const byKid = (a: { kid: string }, b: { kid: string }) => a.kid.localeCompare(b.kid);
    expect(jwcryptoRead(third).sort(byKid)).toEqual(
      third.keys.map((k: { kid: string }) => ({ kid: k.kid, kty: 'RSA', private: false })).sort(byKid),
    );
  });
});
