import { randomUUID } from 'node:crypto';

/**
 * An `X-Request-Id` a proxy or client may hand in (nginx's `$request_id`, a UUID, a Heroku-style id):
 * 1 to 128 characters of letters, digits and `._:-`. Anything else is ignored and an id generated,
 * so a header cannot put line breaks, markup or megabytes into the log.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** W3C Trace Context: version-traceid-parentid-flags; an all-zero trace or parent id is invalid. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/**
 * The id of one request: the caller's `X-Request-Id` when it is well formed, else the trace id of a
 * valid `traceparent`, else a new UUID. Logged on every line of the request, answered in the
 * `X-Request-Id` header and in error bodies, so a user's report finds its log lines.
 */
export function requestIdFrom(headers: Record<string, string | string[] | undefined>): string {
  const given = headers['x-request-id'];
  if (typeof given === 'string' && REQUEST_ID.test(given)) return given;
  const trace = headers.traceparent;
  if (typeof trace === 'string') {
    const match = TRACEPARENT.exec(trace);
    if (match && match[1] !== 'ff' && !/^0+$/.test(match[2]!) && !/^0+$/.test(match[3]!)) return match[2]!;
  }
  return randomUUID();
}
