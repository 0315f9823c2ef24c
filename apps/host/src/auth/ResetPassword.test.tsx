import { describe, expect, it } from 'vitest';
import { recoveryTokens } from './ResetPassword';

describe('recovery link tokens (learner §2 /reset-password)', () => {
  it('reads access and refresh tokens of a recovery link from the hash', () => {
    expect(recoveryTokens('#access_token=a.b.c&refresh_token=r1&type=recovery')).toEqual({
      access_token: 'a.b.c',
      refresh_token: 'r1',
    });
  });

  it('ignores a hash that is not a recovery link', () => {
    expect(recoveryTokens('#access_token=a&refresh_token=r&type=signup')).toBeNull();
    expect(recoveryTokens('')).toBeNull();
  });
});
