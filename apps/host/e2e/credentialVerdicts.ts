import { pythonVerify } from '@coursekit/api/credentials/pythonVerify';
import { verifyCredential } from '@digitalcredentials/verifier-core';
import { vi } from 'vitest';

// biome-ignore lint/suspicious/noExplicitAny: a credential and verifier-core's answer, read field by field
type Json = Record<string, any>;

/**
 * What two verifiers nobody here wrote make of a downloaded credential: verifier-core (Learner
 * Credential Wallet's verifier), which reads the status list from the site as a wallet would, and the
 * Python script on pyld, handed the issuer's DID document (where the site serves it: the platform's
 * by default, an organisation's at /o/<slug>/did.json) and the status list as served. Only the site on 127.0.0.1 is reachable;
 * verifier-core's optional schema fetch is refused.
 */
export async function outsideVerdicts(
  url: string,
  credential: Json,
  didDocumentUrl = `${url}/.well-known/did.json`,
) {
  const realFetch = globalThis.fetch;
  const guard = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    if (target.hostname === '127.0.0.1') return realFetch(input, init);
    return Promise.reject(new TypeError(`offline test: ${target.href} refused`));
  });
  const quiet = [vi.spyOn(console, 'log'), vi.spyOn(console, 'error')].map((spy) =>
    spy.mockImplementation(() => {}),
  );
  try {
    const [didDocument, statusList] = await Promise.all([
      realFetch(didDocumentUrl).then((res) => res.json()),
      realFetch(credential.credentialStatus.statusListCredential).then((res) => res.json()),
    ]);
    const [core, python] = await Promise.all([
      verifyCredential({
        credential: credential as Parameters<typeof verifyCredential>[0]['credential'],
        knownDIDRegistries: [],
      }) as Promise<Json>,
      pythonVerify(credential, { issuerDocuments: { [didDocument.id]: didDocument }, statusList }),
    ]);
    const steps = Object.fromEntries((core.log ?? []).map((entry: Json) => [entry.id, entry.valid]));
    return { core: { errors: (core.errors ?? []).map((e: Json) => e.name), steps }, python };
  } finally {
    guard.mockRestore();
    for (const spy of quiet) spy.mockRestore();
  }
}
