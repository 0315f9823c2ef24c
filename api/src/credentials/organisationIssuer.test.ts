import { randomUUID } from 'node:crypto';
import { messages, organisationSlugIssuing } from '@coursekit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { inOrganisation, PLATFORM } from '../organisations/scope';
import {
  call,
  completeCourse,
  courseIdOf,
  DRIVERS,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';
import { issuerDirectory, issuerDocuments, rotateKey, servedDidDocument } from './keys';
import { pythonVerify } from './pythonVerify';

// An organisation that issues its people's credentials in its own name: its own key, DID and status
// list; which organisation issues when a learner is in several; and that the verify endpoint and the
// Python script accept its credentials, see its revocations, and refuse one issuer's credential
// presented as another's. (verifierCore.test.ts has Learner Credential Wallet's verifier agree.)

// biome-ignore lint/suspicious/noExplicitAny: credentials read field by field
type Json = Record<string, any>;
const LOGO = 'https://acme.example/logo.svg';

describe.each(DRIVERS)('an organisation’s own credential issuer (%s)', (driver) => {
  let server: TestServer;
  let ctx: AppContext;
  let admin: string;
  const orgs: Record<string, { id: string; slug: string }> = {};

  beforeAll(async () => {
    server = await startServer(driver, { config: { corsOrigins: [] } });
    ctx = server.app.ctx;
    admin = (await signInAdmin(server)).token;
    // A day behind, so the seconds each membership steps forward stay in the past (the Python
    // script checks validFrom on the real clock).
    server.clock.advance(-24 * 3600_000);
    for (const [slug, name, theme] of [
      ['acme', 'Acme Facilities', { logo_url: LOGO }],
      ['bravo', 'Bravo Works', {}],
      ['cobalt', 'Cobalt Labs', {}],
    ] as const) {
      const made = await call(server, 'POST', '/admin/organisations', {
        token: admin,
        body: { name, slug, theme },
      });
      orgs[slug] = { id: made.body.id, slug };
    }
  });
  afterAll(() => server?.close());

  const organisation = async (slug: string) =>
    (await call(server, 'GET', `/admin/organisations/${orgs[slug]!.id}`, { token: admin })).body;
  const setIssuing = (slug: string, on: boolean) =>
    call(server, 'PATCH', `/admin/organisations/${orgs[slug]!.id}`, {
      token: admin,
      body: { issues_credentials: on },
    });
  /** A new learner in these organisations (oldest membership first) who completes the course. */
  async function credentialOfLearner(name: string, memberOf: string[], assign?: string): Promise<Json> {
    const learner = await signUp(server, name);
    for (const slug of memberOf) {
      server.clock.advance(1000);
      await call(server, 'PUT', `/admin/organisations/${orgs[slug]!.id}/members/${learner.userId}`, {
        token: admin,
        body: { role: 'learner' },
      });
    }
    if (assign) {
      const courseId = await courseIdOf(server.database.db);
      await inOrganisation(server.database.db, PLATFORM, (db) =>
        db.insert(schema.organisationAssignments).values({
          id: randomUUID(),
          organisationId: orgs[assign]!.id,
          courseId,
          userId: learner.userId,
        }),
      );
    }
    await completeCourse(server, learner.token);
    const { certificate } = (await call(server, 'GET', '/certificate', { token: learner.token })).body;
    return (await call(server, 'GET', `/certificates/${certificate.code}/credential`)).body;
  }
  const verify = async (credential: Json) =>
    (await call(server, 'POST', '/credentials/verify', { body: credential })).body;
  const python = async (credential: Json) =>
    pythonVerify(credential, {
      issuerDocuments: await issuerDocuments(ctx),
      statusList: await (
        await fetch(
          credential.credentialStatus.statusListCredential.replace(ctx.config.publicUrl, server.url),
        )
      ).json(),
    });
  const platformDid = async () => (await (await fetch(`${server.url}/.well-known/did.json`)).json()).id;

  it('is off by default: the platform issues for the organisation’s people', async () => {
    expect(await organisation('acme')).toMatchObject({ issues_credentials: false, credential_issuer: null });
    const credential = await credentialOfLearner('Ada Off', ['acme']);
    expect(credential.issuer).toMatchObject({ id: await platformDid(), url: ctx.config.publicUrl });
    expect(credential.credentialStatus.statusListCredential).toBe(
      `${ctx.config.publicUrl}/api/credentials/status/1`,
    );
    // No issuer of its own yet: no DID document, no status list.
    expect((await fetch(`${server.url}/o/acme/did.json`)).status).toBe(404);
    expect((await fetch(`${server.api}/credentials/organisations/acme/status/1`)).status).toBe(404);
  });

  it('issues in its own name once on: its name, page, logo, DID, key and status list; every verifier agrees', async () => {
    const before = await credentialOfLearner('Ben Before', ['acme']);
    expect((await setIssuing('acme', true)).body).toMatchObject({
      issues_credentials: true,
      credential_issuer: null,
    });
    const credential = await credentialOfLearner('Cleo Acme', ['acme']);
    const listUrl = `${ctx.config.publicUrl}/api/credentials/organisations/acme/status/1`;
    expect(credential.issuer).toEqual({
      id: expect.stringMatching(/^did:key:z6Mk/),
      type: ['Profile'],
      name: 'Acme Facilities',
      url: `${ctx.config.publicUrl}/o/acme`,
      image: { id: LOGO, type: 'Image' },
    });
    expect(credential.issuer.id).not.toBe(await platformDid());
    expect(credential.credentialStatus.statusListCredential).toBe(listUrl);
    // Its DID document, served before the site's pages, names it.
    const document = await fetch(`${server.url}/o/acme/did.json`);
    expect(document.headers.get('content-type')).toContain('application/did+json');
    expect((await document.json()).id).toBe(credential.issuer.id);
    const list = await fetch(`${server.api}/credentials/organisations/acme/status/1`);
    expect(list.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await list.json()).toMatchObject({ id: listUrl, issuer: credential.issuer.id });

    expect(await verify(credential)).toMatchObject({ verified: true });
    expect(await python(credential)).toEqual({ verified: true, reason: '' });
    // LinkedIn's add-to-profile link names the organisation as the issuer.
    const shared = (await call(server, 'GET', `/certificates/${credential.id.split('/').at(-2)}`)).body;
    expect(new URL(shared.linkedInUrl).searchParams.get('organizationName')).toBe('Acme Facilities');
    // A credential keeps the issuer it was signed with.
    expect(await verify(before)).toMatchObject({ verified: true });
    expect(before.issuer.id).toBe(await platformDid());
    expect((await organisation('acme')).credential_issuer).toEqual({
      did: credential.issuer.id,
      did_document_url: `${ctx.config.publicUrl}/o/acme/did.json`,
      status_list_url: listUrl,
      keys: 1,
      credentials: 1,
    });
  });

  it('refuses one issuer’s credential presented as another’s, and revokes in the issuer’s own list', async () => {
    const acme = await credentialOfLearner('Dev Swap', ['acme']);
    const platform = await credentialOfLearner('Eve Platform', []);
    const asPlatform = structuredClone(acme);
    asPlatform.issuer = { ...platform.issuer };
    const asAcme = structuredClone(platform);
    asAcme.issuer = { ...acme.issuer };
    for (const swapped of [asPlatform, asAcme]) {
      expect((await verify(swapped)).checks).toContainEqual({
        check: 'signature',
        ok: false,
        message: messages.credentialSignatureBad,
      });
      expect((await python(swapped)).verified).toBe(false);
    }

    const revoked = await call(server, 'POST', `/admin/certificates/${acme.id.split('/').at(-2)}/revoke`, {
      token: admin,
      body: { reason: 'Issued in error' },
    });
    expect(revoked.status).toBe(200);
    expect((await verify(acme)).checks).toContainEqual({
      check: 'status',
      ok: false,
      message: messages.credentialRevoked,
    });
    expect(await python(acme)).toEqual({ verified: false, reason: 'revoked' });
    // The platform's list does not carry Acme's bit.
    expect(await verify(platform)).toMatchObject({ verified: true });
  });

  it('chooses the organisation that assigned the course, else the oldest issuing membership, else the platform', async () => {
    await setIssuing('bravo', true);
    const assigned = await credentialOfLearner('Fay Assigned', ['acme', 'bravo'], 'bravo');
    expect(assigned.issuer.name).toBe('Bravo Works');
    const oldest = await credentialOfLearner('Gus Oldest', ['cobalt', 'bravo', 'acme']);
    expect(oldest.issuer.name).toBe('Bravo Works');
    // An organisation that does not issue in its own name falls back to the next.
    const notIssuing = await credentialOfLearner('Hal Cobalt', ['cobalt', 'acme'], 'cobalt');
    expect(notIssuing.issuer.name).toBe('Acme Facilities');
    await call(server, 'PATCH', `/admin/organisations/${orgs.bravo!.id}`, {
      token: admin,
      body: { status: 'suspended' },
    });
    const suspended = await credentialOfLearner('Ida Suspended', ['bravo']);
    expect(suspended.issuer.id).toBe(await platformDid());
    for (const credential of [assigned, oldest, notIssuing, suspended])
      expect(await verify(credential)).toMatchObject({ verified: true });
  });

  it('rotates one issuer’s key alone; turned off, its credentials keep verifying and its slug stays', async () => {
    const old = await credentialOfLearner('Jo Rotate', ['acme']);
    const platformBefore = await platformDid();
    await rotateKey(ctx, orgs.acme!);
    const fresh = await credentialOfLearner('Kim Fresh', ['acme']);
    expect(fresh.issuer.id).not.toBe(old.issuer.id);
    expect(await platformDid()).toBe(platformBefore);
    expect(await verify(old)).toMatchObject({ verified: true });
    expect(await python(old)).toMatchObject({ verified: true });
    expect((await organisation('acme')).credential_issuer).toMatchObject({ did: fresh.issuer.id, keys: 2 });

    await setIssuing('acme', false);
    const after = await credentialOfLearner('Lee After', ['acme']);
    expect(after.issuer.id).toBe(platformBefore);
    expect(await verify(fresh)).toMatchObject({ verified: true });
    expect((await fetch(`${server.url}/o/acme/did.json`)).status).toBe(200);
    const renamed = await call(server, 'PATCH', `/admin/organisations/${orgs.acme!.id}`, {
      token: admin,
      body: { slug: 'acme-renamed' },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.message).toBe(organisationSlugIssuing);
    expect((await fetch(`${server.url}/o/no-such-organisation/did.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/o/NOT_A_SLUG/did.json`)).status).toBe(400);
  });

  it('in production: did:web:<host>:o:<slug>, its document listing every key of its own, retired ones too', async () => {
    const production = {
      ...ctx,
      config: { ...ctx.config, production: true, publicUrl: 'https://learn.example.org' },
    };
    const { owners } = await issuerDirectory(production);
    expect(owners.get('did:web:learn.example.org:o:acme')).toEqual(orgs.acme);
    expect(owners.get('did:web:learn.example.org')).toBeNull();
    const document = await servedDidDocument(production, orgs.acme!);
    expect(document.id).toBe('did:web:learn.example.org:o:acme');
    expect(document.verificationMethod).toHaveLength(2);
    const platform = await servedDidDocument(production, null);
    expect(platform.verificationMethod.map((m) => m.publicKeyMultibase)).not.toContain(
      document.verificationMethod[0]!.publicKeyMultibase,
    );
  });
});
