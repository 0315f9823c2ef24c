import { readFileSync } from 'node:fs';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signWith } from './badge';
import { documentLoader } from './loader';

// 1EdTech's published eddsa-rdfc-2022 vector for Open Badges 3.0: a fixed key, a credential, proof
// options and the expected proofValue (Ed25519 is deterministic, so the same bytes or a bug).
const vector = JSON.parse(
  readFileSync(new URL('./fixtures/ob3-eddsa-rdfc-2022.json', import.meta.url), 'utf8'),
);

describe('the Open Badges 3.0 eddsa-rdfc-2022 test vector', () => {
  afterEach(() => vi.restoreAllMocks());

  it('signs to the published proofValue, loading every context from the bundle (no fetch)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const key = await Ed25519Multikey.from({ type: 'Multikey', ...vector.key });
    const signed = await signWith(key.signer(), vector.credential, documentLoader(), {
      date: vector.proofOptions.created,
      legacyContext: true,
    });
    expect(signed['@context']).toEqual(vector.documentWithCryptosuiteContext['@context']);
    expect(signed.proof).toEqual({ ...vector.proofOptions, proofValue: vector.proofValue });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a loader refuses any URL that is not bundled, rather than fetching it', async () => {
    await expect(documentLoader()('https://example.com/context.json')).rejects.toThrow(/Not loaded/);
  });
});
