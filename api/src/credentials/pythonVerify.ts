import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../context';
import { issuerDocuments } from './keys';
import { documentLoader } from './loader';

export interface PythonVerdict {
  verified: boolean;
  reason: string;
}

/**
 * Runs the second-lineage verifier (python/verify_ob3.py, Debian's python3-pyld and
 * python3-cryptography) on a credential. It fetches nothing: it is handed the contexts, the issuer's
 * DID documents and the status list as served (`statusList`, read from the API by the caller).
 */
export async function pythonVerify(
  ctx: AppContext,
  // biome-ignore lint/suspicious/noExplicitAny: a credential read field by field
  credential: Record<string, any>,
  statusList: unknown,
): Promise<PythonVerdict> {
  const issuerDocs = await issuerDocuments(ctx);
  const load = documentLoader(issuerDocs);
  const documents: Record<string, unknown> = { ...issuerDocs };
  for (const url of [
    ...credential['@context'],
    'https://www.w3.org/ns/did/v1',
    'https://w3id.org/security/multikey/v1',
  ])
    documents[url] = (await load(url)).document;
  documents[credential.credentialStatus.statusListCredential] = statusList;
  const script = fileURLToPath(new URL('./python/verify_ob3.py', import.meta.url));
  const child = spawn('/usr/bin/python3', [script]);
  child.stdin.end(JSON.stringify({ credential, documents }));
  let out = '';
  for await (const chunk of child.stdout) out += chunk;
  return JSON.parse(out) as PythonVerdict;
}
