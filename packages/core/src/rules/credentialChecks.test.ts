import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { achievementSlug, credentialDatesCheck, decodeStatusList, statusListBit } from './credentialChecks';

const NOW = Date.parse('2026-06-01T12:00:00Z');

describe('the checks a credential gets on the server and in the browser', () => {
  it('dates pass once validFrom is past and while validUntil is ahead, and say why they fail', () => {
    expect(credentialDatesCheck({ validFrom: '2026-05-01T00:00:00Z' }, NOW)).toEqual({
      check: 'dates',
      ok: true,
    });
    expect(
      credentialDatesCheck({ validFrom: '2026-05-01T00:00:00Z', validUntil: '2026-05-31T00:00:00Z' }, NOW),
    ).toEqual({ check: 'dates', ok: false, message: messages.credentialExpired });
    expect(credentialDatesCheck({ validFrom: '2026-07-01T00:00:00Z' }, NOW)).toEqual({
      check: 'dates',
      ok: false,
      message: messages.credentialNotYetValid,
    });
    expect(credentialDatesCheck({}, NOW).ok).toBe(false);
  });

  it('reads a served status list back to its bits, index 0 the first byte’s highest bit', async () => {
    const bits = new Uint8Array(16_384);
    bits[1] = 0x40; // index 9
    const encoded = `u${gzipSync(bits).toString('base64url')}`;
    const decoded = await decodeStatusList(encoded);
    expect(decoded.length).toBe(16_384);
    expect(statusListBit(decoded, 9)).toBe(true);
    expect(statusListBit(decoded, 8)).toBe(false);
    expect(statusListBit(decoded, 131_071)).toBe(false);
    await expect(decodeStatusList('z123')).rejects.toThrow(/multibase/);
  });

  it('an achievement is the site’s when its id is under the site’s /api/achievements/', () => {
    expect(
      achievementSlug(
        'https://learn.example.org/api/achievements/meter%20data',
        'https://learn.example.org/',
      ),
    ).toBe('meter data');
    expect(
      achievementSlug('https://other.example/api/achievements/x', 'https://learn.example.org'),
    ).toBeUndefined();
    expect(
      achievementSlug('https://learn.example.org/api/achievements/', 'https://learn.example.org'),
    ).toBeUndefined();
  });
});
