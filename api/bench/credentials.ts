// bench:credentials — signing and verifying Open Badges credentials, and the status list's size.
// Prints the p50 of issuing and signing one credential (over 100), of verifying one, and the
// signed status list's bytes as the API serves it (JSON, before HTTP compression).
import { performance } from 'node:perf_hooks';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { badgeCredential, signWith } from '../src/credentials/badge';
import { documentLoader } from '../src/credentials/loader';
import {
  STATUS_LIST_SIZE,
  statusEntry,
  statusListCredential,
  statusListUrl,
} from '../src/credentials/statusList';

const RUNS = 100;
const publicUrl = 'https://courses.example';
const generated = await Ed25519Multikey.generate();
const did = `did:key:${generated.publicKeyMultibase}`;
const method = { id: `${did}#${generated.publicKeyMultibase}`, type: 'Multikey', controller: did };
const key = await Ed25519Multikey.from({
  ...method,
  publicKeyMultibase: generated.publicKeyMultibase,
  secretKeyMultibase: generated.secretKeyMultibase,
});
const didDocument = {
  '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
  id: did,
  verificationMethod: [{ ...method, publicKeyMultibase: generated.publicKeyMultibase }],
  assertionMethod: [method.id],
};
const loader = documentLoader({ [did]: didDocument });
const p50 = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

const issueTimes: number[] = [];
let credential: Record<string, unknown> = {};
for (let i = 0; i < RUNS; i += 1) {
  const start = performance.now();
  credential = await signWith(
    key.signer(),
    {
      ...badgeCredential({
        publicUrl,
        issuer: did,
        issuerName: 'Bench Academy',
        email: `learner${i}@example.com`,
        certificate: {
          code: `CK-AAAA-BBBB-${String(i).padStart(4, '0')}`,
          learner_name: 'Dana Ortiz',
          course_title: 'Data Literacy',
          issued_at: new Date().toISOString(),
        },
        course: {
          slug: 'data-literacy',
          title: 'Data Literacy',
          description: 'A course.',
          objectives: [{ id: 'o1', text: 'Read a chart' }],
        },
      }),
      credentialStatus: statusEntry(publicUrl, null, i),
    },
    loader,
  );
  issueTimes.push(performance.now() - start);
}

const verifyTimes: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const start = performance.now();
  const result = await vc.verifyCredential({
    credential,
    suite: new DataIntegrityProof({ cryptosuite }),
    documentLoader: loader,
    checkStatus: async () => ({ verified: true }),
  });
  if (!result.verified) throw new Error('bench: the credential did not verify');
  verifyTimes.push(performance.now() - start);
}

const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
for (let i = 0; i < 1000; i += 1) bits[(i * 131) % bits.length] = 0x80; // 1,000 revoked, spread out
const list = await signWith(
  key.signer(),
  statusListCredential(statusListUrl(publicUrl), did, bits, Date.now()),
  loader,
);

process.stdout.write(`issue and sign one credential: p50 ${p50(issueTimes).toFixed(1)} ms over ${RUNS}\n`);
process.stdout.write(`verify one credential: p50 ${p50(verifyTimes).toFixed(1)} ms over ${RUNS}\n`);
process.stdout.write(
  `status list (${STATUS_LIST_SIZE} entries, 1,000 revoked): ${Buffer.byteLength(JSON.stringify(list))} bytes as served\n`,
);
