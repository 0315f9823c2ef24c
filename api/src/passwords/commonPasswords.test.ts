import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './commonPasswords';

describe('the common-password list', () => {
  it('holds at least the top 1,000', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(1000);
  });
  it.each(['123456', 'dragon', 'iloveyou', 'Password1', 'sunshine', 'trustno1'])('knows %s', (pw) => {
    expect(isCommonPassword(pw)).toBe(true);
  });
  it('lets an uncommon password through', () => {
    expect(isCommonPassword('Chiller-Plant-42')).toBe(false);
  });
});
