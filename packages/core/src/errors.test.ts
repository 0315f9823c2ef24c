import { describe, expect, it } from 'vitest';
import { CourseError, courseErrorFrom, HTTP_STATUS, isCourseError } from './errors';
import { messages } from './messages';

describe('CourseError', () => {
  it('carries a code, the spec text and field messages, and serialises as the API body', () => {
    const error = new CourseError('validation_error', messages.emailRequired, {
      email: messages.emailRequired,
    });
    expect(isCourseError(error)).toBe(true);
    expect(isCourseError(new Error('x'))).toBe(false);
    expect(error.toJSON()).toEqual({
      error: {
        code: 'validation_error',
        message: messages.emailRequired,
        fields: { email: messages.emailRequired },
      },
    });
    expect(new CourseError('not_found', 'gone').toJSON()).toEqual({
      error: { code: 'not_found', message: 'gone' },
    });
  });
  it('is rebuilt from an error body, unknown codes falling back to unexpected with the default text', () => {
    expect(courseErrorFrom('rate_limited', messages.rateLimitSignIn)).toMatchObject({
      code: 'rate_limited',
      message: messages.rateLimitSignIn,
    });
    expect(courseErrorFrom('nope', undefined)).toMatchObject({
      code: 'unexpected',
      message: messages.authUnexpected,
    });
  });
  it('maps every code to an HTTP status', () => {
    expect(HTTP_STATUS.unauthorized).toBe(401);
    expect(HTTP_STATUS.rate_limited).toBe(429);
    expect(Object.values(HTTP_STATUS).every((s) => s >= 400 && s < 600)).toBe(true);
  });
});
