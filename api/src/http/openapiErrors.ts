import {
  type AdminEndpoint,
  type CourseErrorCode,
  type Endpoint,
  HTTP_STATUS,
  type ManagerEndpoint,
} from '@coursekit/core';

// The OpenAPI document's failures: what each operation can answer besides success, by status.

/** An endpoint of the learner's, the admin's or the organisation manager's table. */
export type AnyEndpoint = Endpoint | AdminEndpoint | ManagerEndpoint;

/** Failures that are not a CourseError code's own status: the body parser's and jsonOnly's. */
const TOO_LARGE = 413;
const NOT_JSON = 415;
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
};

/**
 * What an operation can fail with, by status. Derived from its table entry (its guard, method, query
 * and path parameters; every call can fail with 500, and with 503 while the database is away),
 * plus the `errors` the entry lists for what only its handler knows (a 404, a 409, a rate limit).
 */
export function failuresOf(endpoint: AnyEndpoint): Map<number, string[]> {
  const codes = new Set<CourseErrorCode>(['unexpected', 'unavailable']);
  if (endpoint.auth !== 'none') codes.add('unauthorized');
  // An admin call refuses other roles; a manager's, anyone who does not manage its organisation.
  if (endpoint.auth === 'admin' || endpoint.auth === 'manager') codes.add('forbidden');
  const query = 'query' in endpoint ? endpoint.query : undefined;
  // Any POST, PUT or PATCH may carry a body the parser refuses, whether or not the call reads one.
  const carriesBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  if (carriesBody || query || endpoint.path.includes(':')) codes.add('validation_error');
  for (const code of endpoint.errors ?? []) codes.add(code);
  const byStatus = new Map<number, string[]>();
  for (const code of codes)
    byStatus.set(HTTP_STATUS[code], [...(byStatus.get(HTTP_STATUS[code]) ?? []), code]);
  if (carriesBody) {
    byStatus.set(TOO_LARGE, ['invalid_request (the body is over the size limit)']);
    const type = 'consumes' in endpoint && endpoint.consumes ? endpoint.consumes : 'application/json';
    byStatus.set(NOT_JSON, [`invalid_request (the body is not ${type})`]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

export function errorResponses(failures: Map<number, string[]>) {
  return Object.fromEntries(
    [...failures].map(([status, codes]) => [
      String(status),
      {
        description: `A CourseError: ${codes.join(', ')}`,
        ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}
