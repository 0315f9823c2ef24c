import { messages } from '../messages';
import { invalid, type Validated, valid } from './result';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const RESET_PASSWORD_MIN_LENGTH = 6;
export const CREATE_USER_PASSWORD_MIN_LENGTH = 6;

/** learner §5's examples of common patterns; the server adds a list of the most common passwords. */
export const COMMON_PASSWORD_PATTERNS = ['password', '123456', 'qwerty', 'admin', 'letmein'] as const;

/** How many of the four classes (upper, lower, digit, special) a password uses. */
export function passwordClassCount(password: string): number {
  return [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(password)).length;
}

/**
 * The sign-up password policy (learner §5). The server applies it wherever a password is set:
 * sign-up, reset and admin create (DESIGN decision 5). The password itself is never altered.
 */
export function validatePassword(password: string | null | undefined): Validated<string> {
  if (!password) return invalid(messages.passwordRequired);
  if (password.length < PASSWORD_MIN_LENGTH) return invalid(messages.passwordTooShort);
  if (password.length > PASSWORD_MAX_LENGTH) return invalid(messages.passwordTooLong);
  if (passwordClassCount(password) < 3) return invalid(messages.passwordClasses);
  const lower = password.toLowerCase();
  if (COMMON_PASSWORD_PATTERNS.some((pattern) => lower.includes(pattern))) {
    return invalid(messages.passwordCommon);
  }
  return valid(password);
}

/** The reset form's own first-line checks (learner §5), before the server's policy. */
export function validateResetPasswordForm(password: string, confirm: string): Validated<string> {
  if (!password) return invalid(messages.resetPasswordRequired);
  if (password.length < RESET_PASSWORD_MIN_LENGTH) return invalid(messages.resetPasswordTooShort);
  if (password !== confirm) return invalid(messages.resetPasswordMismatch);
  return valid(password);
}
