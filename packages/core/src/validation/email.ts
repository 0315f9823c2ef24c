import { messages } from '../messages';
import { invalid, type Validated, valid } from './result';

export const EMAIL_MAX_LENGTH = 320;

// One @, something on each side, a dot in the domain, no whitespace.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Script-like text, repeated plus signs, quote or angle characters (learner §5).
const EMAIL_DANGEROUS = /<|>|"|'|`|\+\+|javascript:|script/i;

/** Trims and lowercases an e-mail address, as sign-up, sign-in and reset do before anything else. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * learner §5: required, lowercased and trimmed, looks like an address, at most 320 characters,
 * no script-like text, repeated plus signs, quotes or angle brackets.
 */
export function validateEmail(raw: string | null | undefined): Validated<string> {
  const email = normalizeEmail(raw ?? '');
  if (email === '') return invalid(messages.emailRequired);
  if (email.length > EMAIL_MAX_LENGTH) return invalid(messages.emailTooLong);
  if (EMAIL_DANGEROUS.test(email)) return invalid(messages.emailInvalidCharacters);
  if (!EMAIL_SHAPE.test(email)) return invalid(messages.emailInvalidFormat);
  return valid(email);
}
