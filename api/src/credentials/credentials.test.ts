import { createHash } from 'node:crypto';
import { messages } from '@coursekit/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import {
  call,
  completeCourse,
  DRIVERS,
  email,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';
import { issuerDocuments, rotateKey } from './keys';
import { OB_V3, VC_V2 } from './loader';
import { pythonVerify as runPython } from './pythonVerify';
import { verifyBadge } from './verify';

/** The Python verifier, handed the status list as the test's server serves it. */
// biome-ignore lint/suspicious/noExplicitAny: a credential read field by field
async function pythonVerify(ctx: AppContext, server: TestServer, credential: Record<string, any>) {
  const list = await (await fetch(`${server.api}/credentials/status/1`)).json();
  return runPython(credential, { issuerDocuments: await issuerDocuments(ctx), statusList: list });
}

describe.each(DRIVERS)('Open Badges credential (%s)', (driver) => {
  let server: TestServer;
  let ctx: AppContext;
  beforeAll(async () => {
    server = await startServer(driver);
    ctx = { db: server.database.db, clock: server.clock, config: server.config } as unknown as AppContext;
  });
  afterAll(() => server?.close());

  it('issues a signed OpenBadgeCredential per certificate that verifies, also after a key rotation', async () => {
    const address = email();
    const { token } = await signUp(server, 'Dana Ortiz', address);
    await completeCourse(server, token);
    const { certificate } = (await call(server, 'GET', '/certificate', { token })).body;
    const res = await call(server, 'GET', `/certificates/${certificate.code}/credential`);
    expect(res.status).toBe(200);
    const credential = res.body;
    const siteName = (await call(server, 'GET', '/settings')).body.platform.site_name;
    expect(credential).toMatchObject({
      '@context': [VC_V2, OB_V3],
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      // The issuer is named as the site is, in the platform settings.
      issuer: { id: expect.stringMatching(/^did:key:z6Mk/), type: ['Profile'], name: siteName },
      validFrom: certificate.issued_at.replace(/\.\d+Z$/, 'Z'),
      credentialSchema: [{ type: 'JsonSchema' }],
      credentialSubject: {
        type: ['AchievementSubject'],
        achievement: { type: ['Achievement'], name: certificate.course_title },
      },
      proof: { type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', proofPurpose: 'assertionMethod' },
    });
    expect(credential.credentialSubject.achievement.criteria.narrative).toBeTruthy();
    // The e-mail only as a salted hash.
    expect(JSON.stringify(credential)).not.toContain(address);
    const [identity] = credential.credentialSubject.identifier;
    const digest = createHash('sha256')
      .update(address + identity.salt)
      .digest('hex');
    expect(identity).toMatchObject({
      identityType: 'emailAddress',
      hashed: true,
      identityHash: `sha256$${digest}`,
    });

    expect((await call(server, 'GET', `/certificates/${certificate.code}/credential`)).body).toEqual(
      credential,
    );
    expect((await verifyBadge(ctx, credential)).verified).toBe(true);

    const tampered = structuredClone(credential);
    tampered.credentialSubject.achievement.name = 'Brain Surgery';
    expect((await verifyBadge(ctx, tampered)).verified).toBe(false);

    await rotateKey(ctx);
    expect((await verifyBadge(ctx, credential)).verified).toBe(true);
  });

  it('POST /credentials/verify names each check and why a credential fails; bad input is a 4xx', async () => {
    const { token } = await signUp(server, 'Lee Park');
    await completeCourse(server, token);
    const { certificate } = (await call(server, 'GET', '/certificate', { token })).body;
    const credential = (await call(server, 'GET', `/certificates/${certificate.code}/credential`)).body;
    const verify = (body: unknown) => call(server, 'POST', '/credentials/verify', { body });

    const good = await verify(credential);
    expect(good.status).toBe(200);
    expect(good.body).toEqual({
      verified: true,
      checks: ['issuer', 'signature', 'dates', 'status', 'achievement'].map((check) => ({ check, ok: true })),
    });

    const tampered = structuredClone(credential);
    tampered.credentialSubject.name = 'Someone Else';
    expect((await verify(tampered)).body.checks).toContainEqual({
      check: 'signature',
      ok: false,
      message: messages.credentialSignatureBad,
    });

    const foreign = structuredClone(credential);
    foreign.issuer.id = 'did:key:z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi';
    expect((await verify(foreign)).body).toEqual({
      verified: false,
      checks: [{ check: 'issuer', ok: false, message: messages.credentialNotOurs }],
    });

    // A context nobody bundled is never fetched: the proof cannot be checked, so it fails.
    const unknownContext = {
      ...credential,
      '@context': [...credential['@context'], 'https://evil.example/c'],
    };
    const unknown = await verify(unknownContext);
    expect(unknown.status).toBe(200);
    expect(unknown.body.verified).toBe(false);

    server.clock.advance(-400 * 24 * 3600_000);
    try {
      expect((await verify(credential)).body.checks).toContainEqual({
        check: 'dates',
        ok: false,
        message: messages.credentialNotYetValid,
      });
    } finally {
      server.clock.advance(400 * 24 * 3600_000);
    }

    const wrongContext = await verify({
      ...credential,
      '@context': ['https://www.w3.org/2018/credentials/v1'],
    });
    expect(wrongContext.status).toBe(400);
    expect(wrongContext.body.error.message).toBe(messages.credentialContext);
    expect((await verify({ ...credential, type: 'OpenBadgeCredential' })).status).toBe(400);
    const malformed = await fetch(`${server.api}/credentials/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"@context": [',
    });
    expect(malformed.status).toBe(400);
    const huge = await fetch(`${server.api}/credentials/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...credential, padding: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
  });

  it('Debian’s python3-pyld + python3-cryptography agree with our verifier: valid, tampered subject, achievement, proof, revoked', async () => {
    const { token } = await signUp(server, 'Sam Reyes');
    await completeCourse(server, token);
    const { certificate } = (await call(server, 'GET', '/certificate', { token })).body;
    const credential = (await call(server, 'GET', `/certificates/${certificate.code}/credential`)).body;
    const subject = structuredClone(credential);
    subject.credentialSubject.name = 'Someone Else';
    const achievement = structuredClone(credential);
    achievement.credentialSubject.achievement.description = 'Brain surgery';
    const proof = structuredClone(credential);
    proof.proof.proofValue = proof.proof.proofValue.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    for (const [copy, valid] of [
      [credential, true],
      [subject, false],
      [achievement, false],
      [proof, false],
    ] as const) {
      const python = await pythonVerify(ctx, server, copy);
      expect(python.verified, python.reason).toBe(valid);
      expect((await verifyBadge(ctx, copy)).verified).toBe(valid);
    }

    const { token: admin } = await signInAdmin(server);
    const revokePath = `/admin/certificates/${certificate.code}/revoke`;
    expect((await call(server, 'POST', revokePath, { token, body: { reason: 'x' } })).status).toBe(403);
    const revoked = await call(server, 'POST', revokePath, {
      token: admin,
      body: { reason: 'Issued in error' },
    });
    expect(revoked.body).toMatchObject({ code: certificate.code, reason: 'Issued in error' });
    const [logged] = await server.database.db
      .select()
      .from(schema.adminActionLog)
      .where(eq(schema.adminActionLog.actionType, 'credential_revoked'));
    expect(logged?.actionDetails).toEqual({ code: certificate.code, reason: 'Issued in error' });
    expect(await pythonVerify(ctx, server, credential)).toEqual({ verified: false, reason: 'revoked' });
    expect(
      (await call(server, 'POST', '/credentials/verify', { body: credential })).body.checks,
    ).toContainEqual({
      check: 'status',
      ok: false,
      message: messages.credentialRevoked,
    });
    // The public check says it no longer stands, when and why, and offers nothing to share.
    const check = await call(server, 'GET', `/certificates/${certificate.code}`);
    expect(check.body).toEqual({
      valid: false,
      certificate: expect.objectContaining({ code: certificate.code }),
      revoked: { at: expect.any(String), reason: 'Issued in error' },
    });
    const list = await fetch(`${server.api}/credentials/status/1`);
    expect(list.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await list.json()).credentialSubject).toMatchObject({
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
    });
  });

  it('answers 404 for an unknown code', async () => {
    expect((await call(server, 'GET', '/certificates/CK-AAAA-BBBB-CCCC/credential')).status).toBe(404);
  });
});
