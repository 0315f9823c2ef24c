import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LTI_CLAIMS, LTI_RESOURCE_LINK_REQUEST, LTI_VERSION } from '@coursekit/core';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { closeServer, type TestServer } from './harness';

// A bare LTI platform for the API's tests: its keys, a JWKS on 127.0.0.1 (counting fetches), and
// id_tokens signed as a platform signs them. The OIDC side is driven by the test itself.

type Key = { kid: string; privateKey: CryptoKey; jwk: JWK };

async function newKey(kid: string): Promise<Key> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export interface TestPlatform {
  issuer: string;
  jwksUrl: string;
  authUrl: string;
  /** How many times the JWKS was fetched. */
  fetches(): number;
  /** A new key signs from now on and is published alongside the old one. */
  rotate(): Promise<void>;
  /** A key the platform never publishes (a forger's). */
  stranger(): Promise<Key>;
  sign(
    claims: Record<string, unknown>,
    options?: { key?: Key; kid?: string; expiresIn?: number; iatOffset?: number },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startTestPlatform(): Promise<TestPlatform> {
  let keys = [await newKey('platform-1')];
  let fetches = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === '/jwks') {
      fetches += 1;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: keys.map((k) => k.jwk) }));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer: base,
    jwksUrl: `${base}/jwks`,
    authUrl: `${base}/auth`,
    fetches: () => fetches,
    async rotate() {
      keys = [await newKey(`platform-${keys.length + 1}`), ...keys];
    },
    stranger: () => newKey('platform-1'),
    async sign(claims, options = {}) {
      const key = options.key ?? keys[0]!;
      const now = Math.floor(Date.now() / 1000) + (options.iatOffset ?? 0);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? key.kid })
        .setIssuer(base)
        .setIssuedAt(now)
        .setExpirationTime(now + (options.expiresIn ?? 300))
        .sign(key.privateKey);
    },
    close: () => closeServer(server),
  };
}

/** The claims of a resource-link launch for a client, deployment and user. */
export function launchClaims(
  clientId: string,
  nonce: string,
  overrides: {
    sub?: string;
    deploymentId?: string;
    roles?: string[];
    custom?: Record<string, string>;
  } & Record<string, unknown> = {},
): Record<string, unknown> {
  const { sub = 'lms-user-1', deploymentId = 'deploy-1', roles, custom, ...rest } = overrides;
  return {
    aud: clientId,
    sub,
    nonce,
    name: 'Lia Lms',
    email: `${sub}@school.test`,
    [LTI_CLAIMS.messageType]: LTI_RESOURCE_LINK_REQUEST,
    [LTI_CLAIMS.version]: LTI_VERSION,
    [LTI_CLAIMS.deploymentId]: deploymentId,
    [LTI_CLAIMS.targetLinkUri]: 'http://app.test/api/lti/launch',
    [LTI_CLAIMS.resourceLink]: { id: 'link-1' },
    [LTI_CLAIMS.roles]: roles ?? ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    ...(custom ? { [LTI_CLAIMS.custom]: custom } : {}),
    ...rest,
  };
}

export interface Login {
  status: number;
  location: URL;
  state: string;
  nonce: string;
  /** `name=value` of the binding cookie, and its attributes as the server set them. */
  cookie: string;
  setCookie: string;
}

/** The platform's login initiation, as the browser follows it (the redirect not taken). */
export async function ltiLogin(server: TestServer, params: Record<string, string>): Promise<Login> {
  const res = await fetch(`${server.api}/lti/login?${new URLSearchParams(params)}`, { redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? 'http://none.invalid');
  const setCookie = res.headers.get('set-cookie') ?? '';
  return {
    status: res.status,
    location,
    state: location.searchParams.get('state') ?? '',
    nonce: location.searchParams.get('nonce') ?? '',
    cookie: setCookie.split(';')[0] ?? '',
    setCookie,
  };
}

/** The platform's form_post to the launch. */
export async function ltiLaunch(server: TestServer, form: Record<string, string>, cookie?: string) {
  const res = await fetch(`${server.api}/lti/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(form),
    redirect: 'manual',
  });
  const html = await res.text();
  const data = Object.fromEntries(
    [...html.matchAll(/data-([\w-]+)="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
    ]),
  );
  return { status: res.status, html, data, headers: res.headers };
}
