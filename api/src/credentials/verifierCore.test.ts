import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@coursekit/core';
import { verifyCredential } from '@digitalcredentials/verifier-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context';
import {
  call,
  closeServer,
  completeCourse,
  DRIVERS,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';
import { issuerDocuments } from './keys';
import { pythonVerify } from './pythonVerify';
import { credentialValidUntil } from './service';

// @digitalcredentials/verifier-core is the verifier inside Learner Credential Wallet and VerifierPlus.
// It takes no document loader: it builds its own (@digitalcredentials/security-document-loader with
// remote contexts on), which answers every context our credentials use from its bundle, resolves
// did:key without a request, and fetches anything else over HTTP with the global fetch. Here every
// request goes through a guard that lets only 127.0.0.1 through: the status list comes from the
// test's API server, the issuer registry from a small server of the test's own. Anything else
// (verifier-core's optional JSON Schema check asks for 1EdTech's schema) is refused and recorded.

// biome-ignore lint/suspicious/noExplicitAny: verifier-core's answer, read field by field
type Result = Record<string, any>;
/** Each verification step verifier-core logged, by id: valid or not. */
const steps = (result: Result): Record<string, boolean | undefined> =>
  Object.fromEntries((result.log ?? []).map((entry: Result) => [entry.id, entry.valid]));
const fatal = (result: Result): string[] => (result.errors ?? []).map((error: Result) => error.name);

const DAY = 24 * 3600_000;

describe.each(DRIVERS)('verifier-core, Learner Credential Wallet’s verifier, offline (%s)', (driver) => {
  let server: TestServer;
  let ctx: AppContext;
  let registry: Server;
  let registryUrl: string;
  const refused: string[] = [];
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    server = await startServer(driver);
    // The credential names its status list under PUBLIC_URL: the server is its own public URL, so
    // verifier-core reads the list from 127.0.0.1 as a wallet would from the site.
    server.config.publicUrl = server.url;
    ctx = { db: server.database.db, clock: server.clock, config: server.config } as unknown as AppContext;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname === '127.0.0.1') return realFetch(input, init);
      refused.push(url.href);
      return Promise.reject(new TypeError(`offline test: ${url.href} refused`));
    });
    // verifier-core's optional schema check logs its refused fetch; the steps are what is checked.
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    if (registry) await closeServer(registry);
    await server?.close();
  });

  /** A DCC issuer registry ("dcc-legacy": DIDs to names) on 127.0.0.1, listing our issuers. */
  const registered: Record<string, { name: string; url: string }> = {};
  async function serveRegistry(did: string, name = 'CourseKit') {
    registered[did] = { name, url: server.url };
    if (registry) return;
    registry = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ registry: registered }));
    });
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/registry.json`;
  }

  const check = async (credential: Result) =>
    (await verifyCredential({
      credential: credential as Parameters<typeof verifyCredential>[0]['credential'],
      knownDIDRegistries: [{ name: 'CourseKit test registry', type: 'dcc-legacy', url: registryUrl }],
    })) as Result;
  const ours = async (credential: Result) =>
    (await call(server, 'POST', '/credentials/verify', { body: credential })).body;
  // The status list the credential names, its issuer's (the server is its own public URL).
  const python = async (credential: Result) =>
    pythonVerify(credential, {
      issuerDocuments: await issuerDocuments(ctx),
      statusList: await (await realFetch(credential.credentialStatus.statusListCredential)).json(),
    });

  it('valid, tampered in subject, achievement or proof, expired, then revoked: verifier-core, our endpoint and the Python script agree', async () => {
    // The certificate is ten days old, so a credential valid for a day after it has expired.
    server.clock.advance(-10 * DAY);
    const { token } = await signUp(server, 'Robin Vale');
    await completeCourse(server, token);
    const { certificate } = (await call(server, 'GET', '/certificate', { token })).body;
    server.clock.advance(10 * DAY);
    const credential = (await call(server, 'GET', `/certificates/${certificate.code}/credential`)).body;
    expect(credential.credentialStatus.statusListCredential).toBe(`${server.api}/credentials/status/1`);
    await serveRegistry(credential.issuer.id);

    const valid = await check(credential);
    expect(fatal(valid)).toEqual([]);
    expect(steps(valid)).toEqual({
      valid_signature: true,
      expiration: true,
      revocation_status: true,
      registered_issuer: true,
    });
    expect(await ours(credential)).toMatchObject({ verified: true });
    expect(await python(credential)).toEqual({ verified: true, reason: '' });

    const subject = structuredClone(credential);
    subject.credentialSubject.name = 'Someone Else';
    const achievement = structuredClone(credential);
    achievement.credentialSubject.achievement.name = 'Brain Surgery';
    const proof = structuredClone(credential);
    proof.proof.proofValue = proof.proof.proofValue.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    for (const tampered of [subject, achievement, proof]) {
      expect(fatal(await check(tampered))).toEqual(['invalid_signature']);
      expect((await ours(tampered)).checks).toContainEqual({
        check: 'signature',
        ok: false,
        message: messages.credentialSignatureBad,
      });
      expect(await python(tampered)).toMatchObject({ verified: false, reason: 'signature does not match' });
    }

    const expired = await credentialValidUntil(ctx, certificate.code, new Date(Date.now() - DAY));
    expect(expired.validUntil).toMatch(/Z$/);
    const lapsed = await check(expired);
    expect(fatal(lapsed)).toEqual([]);
    expect(steps(lapsed)).toMatchObject({
      valid_signature: true,
      expiration: false,
      revocation_status: true,
    });
    expect((await ours(expired)).checks).toEqual([
      { check: 'issuer', ok: true },
      { check: 'signature', ok: true },
      { check: 'dates', ok: false, message: messages.credentialExpired },
      { check: 'status', ok: true },
      { check: 'achievement', ok: true },
    ]);
    expect(await python(expired)).toEqual({ verified: false, reason: 'expired' });

    const { token: admin } = await signInAdmin(server);
    const revoked = await call(server, 'POST', `/admin/certificates/${certificate.code}/revoke`, {
      token: admin,
      body: { reason: 'Issued in error' },
    });
    expect(revoked.status).toBe(200);
    expect(steps(await check(credential))).toMatchObject({
      valid_signature: true,
      expiration: true,
      revocation_status: false,
    });
    expect((await ours(credential)).checks).toContainEqual({
      check: 'status',
      ok: false,
      message: messages.credentialRevoked,
    });
    expect(await python(credential)).toEqual({ verified: false, reason: 'revoked' });

    // Nothing but verifier-core's optional schema check reached for the network, and it was refused.
    expect(refused.filter((url) => !url.endsWith('_schema.json'))).toEqual([]);
  });

  it('an organisation’s own credential: valid, then revoked in its own list; another issuer’s key fails', async () => {
    const { token: admin } = await signInAdmin(server);
    const org = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: { name: 'Acme Facilities', slug: 'acme', issues_credentials: true },
    });
    const { token, userId } = await signUp(server, 'Uma Acme');
    await call(server, 'PUT', `/admin/organisations/${org.body.id}/members/${userId}`, {
      token: admin,
      body: { role: 'learner' },
    });
    await completeCourse(server, token);
    const { certificate } = (await call(server, 'GET', '/certificate', { token })).body;
    const credential = (await call(server, 'GET', `/certificates/${certificate.code}/credential`)).body;
    expect(credential.issuer.name).toBe('Acme Facilities');
    expect(credential.credentialStatus.statusListCredential).toBe(
      `${server.api}/credentials/organisations/acme/status/1`,
    );
    await serveRegistry(credential.issuer.id, 'Acme Facilities');

    expect(steps(await check(credential))).toEqual({
      valid_signature: true,
      expiration: true,
      revocation_status: true,
      registered_issuer: true,
    });
    expect(await ours(credential)).toMatchObject({ verified: true });
    expect(await python(credential)).toEqual({ verified: true, reason: '' });

    // Presented as another of the site's issuers (the platform's DID): every verifier refuses it.
    const platformDid = Object.keys(await issuerDocuments(ctx)).find((did) => did !== credential.issuer.id);
    const swapped = structuredClone(credential);
    swapped.issuer.id = platformDid;
    expect(fatal(await check(swapped))).toEqual(['invalid_signature']);
    expect((await ours(swapped)).verified).toBe(false);
    expect((await python(swapped)).verified).toBe(false);

    await call(server, 'POST', `/admin/certificates/${certificate.code}/revoke`, {
      token: admin,
      body: { reason: 'Issued in error' },
    });
    expect(steps(await check(credential))).toMatchObject({ valid_signature: true, revocation_status: false });
    expect((await ours(credential)).checks).toContainEqual({
      check: 'status',
      ok: false,
      message: messages.credentialRevoked,
    });
    expect(await python(credential)).toEqual({ verified: false, reason: 'revoked' });
    expect(refused.filter((url) => !url.endsWith('_schema.json'))).toEqual([]);
  });
});
