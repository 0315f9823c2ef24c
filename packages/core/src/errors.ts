import { messages } from './messages';

/** Machine-readable reasons a CourseKit call fails; `message` carries the spec's text. */
export type CourseErrorCode =
  | 'otp_expired'
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'signup_disabled'
  | 'weak_password'
  | 'user_already_registered'
  | 'invalid_request'
  | 'rate_limited'
  | 'network_error'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'validation_error'
  | 'maintenance'
  | 'unavailable'
  | 'unexpected';

/** The error every adapter method fails with. Hosts show `message`; they branch on `code`. */
export class CourseError extends Error {
  override readonly name = 'CourseError';
  constructor(
    readonly code: CourseErrorCode,
    message: string,
    /** Field-level messages of a validation error, by field name. */
    readonly fields?: Readonly<Record<string, string>>,
    /** The server's id of the request that failed (its `X-Request-Id`): what support asks for. */
    readonly requestId?: string,
  ) {
    super(message);
  }

  /** The JSON body the API answers with, and the HTTP adapter reads back. */
  toJSON(): {
    error: {
      code: CourseErrorCode;
      message: string;
      fields?: Readonly<Record<string, string>>;
      requestId?: string;
    };
  } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.requestId ? { requestId: this.requestId } : {}),
      },
    };
  }
}

export function isCourseError(value: unknown): value is CourseError {
  return value instanceof CourseError;
}

/** The HTTP status the reference API answers each code with. */
export const HTTP_STATUS: Readonly<Record<CourseErrorCode, number>> = {
  otp_expired: 400,
  invalid_credentials: 400,
  email_not_confirmed: 400,
  signup_disabled: 403,
  weak_password: 422,
  user_already_registered: 409,
  invalid_request: 400,
  rate_limited: 429,
  network_error: 503,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation_error: 400,
  maintenance: 503,
  unavailable: 503,
  unexpected: 500,
};

/** A CourseError from an error body's code, falling back to the spec's default text. */
export function courseErrorFrom(
  code: string | undefined,
  message: string | undefined,
  fields?: Record<string, string>,
  requestId?: string,
) {
  const known = code && code in HTTP_STATUS ? (code as CourseErrorCode) : 'unexpected';
  const id = typeof requestId === 'string' && requestId ? requestId : undefined;
  return new CourseError(known, message || messages.authUnexpected, fields, id);
}
