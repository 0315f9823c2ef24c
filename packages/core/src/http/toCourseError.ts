import { CourseError, courseErrorFrom } from '../errors';
import { messages } from '../messages';
import { HttpStatusError, RequestTimeoutError } from './request';

/**
 * What a failed HTTP call means to a widget: the server's `{ error: { code, message, fields } }`
 * when it sent one, else a CourseError chosen from the status, or a network error with the spec's text.
 */
export async function toCourseError(error: unknown): Promise<CourseError> {
  if (error instanceof CourseError) return error;
  if (error instanceof HttpStatusError) {
    const body = (await error.response.json().catch(() => null)) as {
      error?: { code?: string; message?: string; fields?: Record<string, string>; requestId?: string };
    } | null;
    // The request id lets support find the server's log line for what the learner saw.
    if (body?.error)
      return courseErrorFrom(body.error.code, body.error.message, body.error.fields, body.error.requestId);
    if (error.response.status === 401) return new CourseError('unauthorized', messages.sessionInvalid);
    if (error.response.status === 503)
      return new CourseError('unavailable', messages.databaseConnectionFailed);
    return new CourseError('unexpected', messages.authUnexpected);
  }
  if (error instanceof RequestTimeoutError || isNetworkFailure(error)) {
    return new CourseError('network_error', messages.authNetworkError);
  }
  return new CourseError('unexpected', messages.authUnexpected);
}

/** fetch() rejects with a TypeError when no answer arrived at all (offline, refused, or blocked by CORS). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}
