import { messages } from '../messages';

/** An error as an auth call reports it: a machine code when there is one, a message otherwise. */
export interface AuthErrorLike {
  code?: string | undefined;
  message?: string | undefined;
}

export interface MappedAuthError {
  message: string;
  /** Whether trying again could succeed; an unconfirmed e-mail won't confirm itself. */
  retryable: boolean;
  /** False when nothing in the error was recognised and `message` is the generic one. */
  known: boolean;
}

const RATE_LIMIT_CODES = new Set([
  'rate_limited',
  'over_request_rate_limit',
  'over_email_send_rate_limit',
  'too_many_requests',
]);

const BY_CODE: Record<string, string> = {
  otp_expired: messages.authExpired,
  token_expired: messages.authExpired,
  invalid_credentials: messages.authInvalidCredentials,
  invalid_grant: messages.authInvalidCredentials,
  email_not_confirmed: messages.authEmailNotConfirmed,
  signup_disabled: messages.authSignupDisabled,
  weak_password: messages.authWeakPassword,
  user_already_registered: messages.authUserAlreadyRegistered,
  user_already_exists: messages.authUserAlreadyRegistered,
  network_error: messages.authNetworkError,
  timeout: messages.authNetworkError,
};

// Fallbacks when only a message is known: what the text says, in the order the spec lists codes.
const BY_TEXT: Array<[RegExp, string]> = [
  [/expired/i, messages.authExpired],
  [/invalid (login )?credentials|invalid email or password|invalid grant/i, messages.authInvalidCredentials],
  [/not (been )?confirmed|verify your email/i, messages.authEmailNotConfirmed],
  [/signups? (not allowed|disabled)|registration is .*disabled/i, messages.authSignupDisabled],
  [/weak password|password is too weak|password should/i, messages.authWeakPassword],
  [/rate limit|too many/i, messages.authRateLimited],
  [/already (registered|exists)/i, messages.authUserAlreadyRegistered],
  [/network|fetch failed|timed? ?out|failed to fetch/i, messages.authNetworkError],
];

/** learner §8: maps a sign-in/sign-up error to the text the learner sees, by code, then by message. */
export function mapAuthError(error: AuthErrorLike | null | undefined): MappedAuthError {
  const code = error?.code ?? '';
  const text = error?.message ?? '';
  let message: string | undefined;
  if (code === 'invalid_request') {
    message = /expired/i.test(text) ? messages.authExpired : messages.authInvalidRequest;
  } else if (RATE_LIMIT_CODES.has(code)) {
    message = messages.authRateLimited;
  } else {
    message = BY_CODE[code] ?? BY_TEXT.find(([pattern]) => pattern.test(text))?.[1];
  }
  const known = message !== undefined;
  message ??= messages.authUnexpected;
  return { message, retryable: message !== messages.authEmailNotConfirmed, known };
}
