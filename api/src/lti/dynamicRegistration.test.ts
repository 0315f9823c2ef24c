import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LtiRegistration, ltiMessages } from '@coursekit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  closeServer,
  DRIVERS,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';
import { type OidcPlatform, pageData, startOidcPlatform } from '../test/oidcPlatform';
import { REGISTRATION_LINK_TTL_S } from './dynamicRegistration';

// LTI Dynamic Registration against oidc-provider's own Dynamic Client Registration: the platform
// validates the tool's registration request and makes the client and its deployment.

const TOOL_URL = 'https://tool.test';
const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

describe.each(DRIVERS)('LTI Dynamic Registration with oidc-provider (%s)', (driver) => {
  let server: TestServer;
  let platform: OidcPlatform;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(driver, { config: { publicUrl: TOOL_URL } });
    platform = await startOidcPlatform({ publicUrl: TOOL_URL, url: server.url });
    admin = (await signInAdmin(server)).token;
  });
  afterAll(async () => {
    await platform?.close();
    await server?.close();
  });

  /** An admin's single-use link, as the console gives it (its query string, to open on this server). */
  async function newLink(): Promise<string> {
    const made = await call(server, 'POST', '/admin/lti/registration-links', { token: admin, body: {} });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.url.startsWith(`${TOOL_URL}/api/lti/register?link=`)).toBe(true);
    return new URL(made.body.url).searchParams.get('link')!;
  }

  /** The LMS opens the link with its configuration URL and registration token appended. */
  async function open(link: string, extra: Record<string, string>) {
    const res = await fetch(`${server.url}/api/lti/register?${new URLSearchParams({ link, ...extra })}`);
    const html = await res.text();
    return { status: res.status, html, data: pageData(html) };
  }

  const registrations = async (): Promise<LtiRegistration[]> =>
    (await call(server, 'GET', '/admin/lti/registrations', { token: admin })).body;

  it('registers the tool with the platform, stores the platform and its deployment, and a learner launches through it', async () => {
    const invite = await platform.dynamicRegistration();
    const done = await open(await newLink(), {
      openid_configuration: invite.openidConfiguration,
      registration_token: invite.registrationToken,
    });
    expect(done.status, done.html).toBe(200);
    expect(done.data.mode).toBe('registered');

    const stored = (await registrations()).find(
      (r) => r.issuer === platform.issuer && r.client_id !== platform.clientId,
    );
    expect(stored).toMatchObject({
      auth_login_url: platform.authUrl,
      token_url: platform.tokenUrl,
      jwks_url: platform.jwksUrl,
    });
    // The platform holds the client the tool asked for, with the deployment it made.
    const client = await platform.client(stored!.client_id);
    expect(client).toMatchObject({
      redirect_uris: [`${TOOL_URL}/api/lti/launch`],
      initiate_login_uri: `${TOOL_URL}/api/lti/login`,
      jwks_uri: `${TOOL_URL}/api/lti/jwks`,
      token_endpoint_auth_method: 'private_key_jwt',
    });
    const deployment = (client![TOOL_CONFIGURATION] as { deployment_id: string }).deployment_id;
    expect(stored!.deployments).toEqual([{ deployment_id: deployment, learned_at_launch: false }]);
    expect(done.data.message).toContain(deployment);

    const learner = await platform.signIn('dr-learner');
    const launched = await learner.launch({ deploymentId: deployment }, { clientId: stored!.client_id });
    expect(launched.status, launched.html).toBe(200);
    expect(launched.data.mode).toBe('player');
  });

  it('links the platform to the organisation the admin chose for the link', async () => {
    const organisation = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: { name: 'Acme Facilities', slug: `acme-${Date.now()}` },
    });
    expect(organisation.status, JSON.stringify(organisation.body)).toBe(201);
    const made = await call(server, 'POST', '/admin/lti/registration-links', {
      token: admin,
      body: { organisation_id: organisation.body.id },
    });
    const invite = await platform.dynamicRegistration();
    const done = await open(new URL(made.body.url).searchParams.get('link')!, {
      openid_configuration: invite.openidConfiguration,
      registration_token: invite.registrationToken,
    });
    expect(done.status, done.html).toBe(200);
    const linked = (await registrations()).filter((r) => r.organisation_id === organisation.body.id);
    expect(linked).toHaveLength(1);
    expect(linked[0]!.issuer).toBe(platform.issuer);
  });

  it('uses a link once; a second opening registers nothing', async () => {
    const link = await newLink();
    const first = await platform.dynamicRegistration();
    expect(
      (
        await open(link, {
          openid_configuration: first.openidConfiguration,
          registration_token: first.registrationToken,
        })
      ).status,
    ).toBe(200);
    const before = (await registrations()).length;
    const second = await platform.dynamicRegistration();
    const again = await open(link, {
      openid_configuration: second.openidConfiguration,
      registration_token: second.registrationToken,
    });
    expect(again.status).toBe(409);
    expect(again.html).toContain(escapeQuote(ltiMessages.registrationLinkUsed));
    expect((await registrations()).length).toBe(before);
  });

  it('gives the link back when the platform refuses, saying why in the platform’s words', async () => {
    const link = await newLink();
    const invite = await platform.dynamicRegistration();
    const before = (await registrations()).length;
    const refused = await open(link, {
      openid_configuration: invite.openidConfiguration,
      registration_token: 'not-the-token',
    });
    expect(refused.status).toBe(502);
    expect(refused.html).toContain('The LMS refused the registration: invalid_token');
    expect((await registrations()).length).toBe(before);
    // The same link works once the LMS sends its real token.
    const retried = await open(link, {
      openid_configuration: invite.openidConfiguration,
      registration_token: invite.registrationToken,
    });
    expect(retried.status, retried.html).toBe(200);
  });

  it('refuses a configuration served from somewhere its issuer is not (a server speaking for another platform)', async () => {
    const real = await (await fetch(`${platform.issuer}/.well-known/openid-configuration`)).text();
    const impostor: Server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(real);
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    try {
      const before = (await registrations()).length;
      const invite = await platform.dynamicRegistration();
      const refused = await open(await newLink(), {
        openid_configuration: `http://127.0.0.1:${(impostor.address() as AddressInfo).port}/.well-known/openid-configuration`,
        registration_token: invite.registrationToken,
      });
      expect(refused.status).toBe(502);
      expect(refused.html).toContain('is not where the configuration came from');
      expect((await registrations()).length).toBe(before);
    } finally {
      await closeServer(impostor);
    }
  });

  it('refuses a link that is forged, expired, or opened without the platform’s configuration', async () => {
    const link = await newLink();
    const invite = await platform.dynamicRegistration();
    const params = {
      openid_configuration: invite.openidConfiguration,
      registration_token: invite.registrationToken,
    };
    const before = (await registrations()).length;

    const forged = await open(`${link.slice(0, -4)}AAAA`, params);
    expect(forged.status).toBe(400);
    expect(forged.html).toContain(escapeQuote(ltiMessages.registrationLinkInvalid));

    const bare = await open(link, {});
    expect(bare.status).toBe(400);
    expect(bare.html).toContain(escapeQuote(ltiMessages.registrationParameters));

    const notHttps = await open(link, {
      openid_configuration: 'http://lms.example/.well-known/openid-configuration',
    });
    expect(notHttps.status).toBe(400);

    server.clock.advance(REGISTRATION_LINK_TTL_S * 1000 + 1000);
    const late = await open(link, params);
    expect(late.status).toBe(400);
    expect(late.html).toContain(escapeQuote(ltiMessages.registrationLinkExpired));
    admin = (await signInAdmin(server)).token; // the admin's session has expired with the day too
    expect((await registrations()).length).toBe(before);
  });

  it('gives links to admins only', async () => {
    const learner = await signUp(server);
    const refused = await call(server, 'POST', '/admin/lti/registration-links', {
      token: learner.token,
      body: {},
    });
    expect(refused.status).toBe(403);
  });
});

/** The pages escape quotes and apostrophes as numeric references. */
function escapeQuote(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
