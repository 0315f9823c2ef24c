import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { documentLoader } from './loader';

export interface PythonVerdict {
  verified: boolean;
  reason: string;
}

/**
 * Runs the second-lineage verifier (python/verify_ob3.py, Debian's python3-pyld and
 * python3-cryptography) on a credential. It fetches nothing: it is handed the bundled contexts, the
 * issuer's DID documents by DID and the status list as served (both read by the caller, from the
 * database or from the site's public URLs).
 */
export async function pythonVerify(
  // biome-ignore lint/suspicious/noExplicitAny: a credential read field by field
  credential: Record<string, any>,
  given: { issuerDocuments: Record<string, unknown>; statusList: unknown },
): Promise<PythonVerdict> {
  const load = documentLoader(given.issuerDocuments);
  const documents: Record<string, unknown> = { ...given.issuerDocuments };
  for (const url of [
    ...credential['@context'],
    'https://www.w3.org/ns/did/v1',
    'https://w3id.org/security/multikey/v1',
  ])
    documents[url] = (await load(url)).document;
  documents[credential.credentialStatus.statusListCredential] = given.statusList;
  const script = fileURLToPath(new URL('./python/verify_ob3.py', import.meta.url));
  const child = spawn('/usr/bin/python3', [script]);
  child.stdin.end(JSON.stringify({ credential, documents }));
  let out = '';
  for await (const chunk of child.stdout) out += chunk;
  return JSON.parse(out) as PythonVerdict;
}
