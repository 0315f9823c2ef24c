import { messages } from '../messages';
import { invalid, type Validated, valid } from './result';

export const NAME_MAX_LENGTH = 100;

const NAME_DANGEROUS = /<|>|javascript:|\bon\w+\s*=|script|&#|\\u00/i;
const NAME_ALLOWED = /^[\p{L}\p{M}' -]+$/u;

/**
 * The sign-up name (learner §5): 1 to 100 characters of letters, spaces, apostrophes and hyphens.
 * The field is optional at sign-up: callers pass `undefined` for "not given", which is valid.
 */
export function validateName(
  raw: string | null | undefined,
  options: { required?: boolean } = {},
): Validated<string | undefined> {
  if (raw === undefined || raw === null || raw === '') {
    return options.required ? invalid(messages.nameRequired) : valid(undefined);
  }
  const name = raw.trim();
  if (name === '') return invalid(messages.nameEmpty);
  if (name.length > NAME_MAX_LENGTH) return invalid(messages.nameTooLong);
  if (NAME_DANGEROUS.test(name)) return invalid(messages.nameDangerous);
  if (!NAME_ALLOWED.test(name)) return invalid(messages.nameInvalidCharacters);
  return valid(name);
}
