import {
  type AdminEndpoint,
  adminEndpoints,
  type CourseErrorCode,
  type Endpoint,
  endpoints,
  HTTP_STATUS,
  ltiEndpoints,
  type ManagerEndpoint,
  managerEndpoints,
  ssoEndpoints,
} from '@coursekit/core';
import * as z from 'zod/mini';

const ErrorSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(HTTP_STATUS) as [CourseErrorCode, ...CourseErrorCode[]]),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
    /** The request's id (also its X-Request-Id header), for support to find the log lines. */
    requestId: z.optional(z.string()),
  }),
});

const json = (schema: z.ZodMiniType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

/** An endpoint of the learner's, the admin's or the organisation manager's table. */
type AnyEndpoint = Endpoint | AdminEndpoint | ManagerEndpoint;

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

function errorResponses(failures: Map<number, string[]>) {
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

const STRING_PARAMS = new Set([
  'lessonKey',
  'code',
  'userId',
  'role',
  'jobId',
  'course',
  'path',
  'organisationId',
  'issuerId',
  'registrationId',
  'groupId',
  'assignmentId',
  'slug',
]);
const STREAMS = new Set(['settingsStream', 'adminDiagnosticsStream']);

/**
 * A public document outside the tables (an issuer's status list or DID document): no session, one
 * media type; `bySlug`, an organisation's, named by its slug (400 for a bad one, 404 for none);
 * `atSiteRoot`, served at the site's root rather than under /api.
 */
function publicDocument(doc: {
  operationId: string;
  summary: string;
  answer: string;
  mediaType: string;
  bySlug?: boolean;
  atSiteRoot?: boolean;
}) {
  const failures = new Map<number, string[]>([
    ...(doc.bySlug
      ? ([
          [400, ['validation_error']],
          [404, ['not_found']],
        ] as Array<[number, string[]]>)
      : []),
    [500, ['unexpected']],
    [503, ['unavailable']],
  ]);
  return {
    ...(doc.atSiteRoot ? { servers: [{ url: '/' }] } : {}),
    get: {
      operationId: doc.operationId,
      summary: doc.summary,
      security: [],
      ...(doc.bySlug
        ? { parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }] }
        : {}),
      responses: {
        '200': { description: doc.answer, content: { [doc.mediaType]: {} } },
        ...errorResponses(failures),
      },
    },
  };
}

/** Query-string parameters of an admin endpoint, from its zod object's keys (all optional). */
function queryParameters(schema: z.ZodMiniType | undefined) {
  if (!schema) return [];
  const properties = (json(schema).properties ?? {}) as Record<string, unknown>;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    schema: property,
  }));
}

/**
 * The OpenAPI 3.1 document of the API, learner and admin sides, generated from core's endpoint
 * tables and zod schemas.
 */
export function openApiDocument(serverUrl = '/api') {
  const paths: Record<string, Record<string, unknown>> = {};
  const table = { ...endpoints, ...adminEndpoints, ...managerEndpoints } as Record<string, AnyEndpoint>;
  // A course-scoped endpoint is documented twice: for the default course, and for any by slug.
  const operations: Array<[string, AnyEndpoint]> = [];
  for (const [name, endpoint] of Object.entries(table)) {
    operations.push([name, endpoint]);
    if (!('scope' in endpoint) || endpoint.scope !== 'course') continue;
    operations.push([
      `${name}InCourse`,
      {
        ...endpoint,
        path: `/courses/:course${endpoint.path}`,
        errors: [...new Set([...(endpoint.errors ?? []), 'not_found' as const])],
        summary: `${endpoint.summary} — in the course named by its slug (404 for an unknown one)`,
      } as Endpoint | AdminEndpoint,
    ]);
  }
  for (const [name, endpoint] of operations) {
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    const params = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: STRING_PARAMS.has(m[1]!) ? 'string' : 'integer' },
    }));
    const query = queryParameters('query' in endpoint ? endpoint.query : undefined);
    const status = 'status' in endpoint && endpoint.status ? endpoint.status : undefined;
    const created = status ? String(status) : /\(201\)/.test(endpoint.summary) ? '201' : '200';
    const produces = 'produces' in endpoint ? endpoint.produces : undefined;
    const success = produces
      ? produces === 'application/octet-stream'
        ? { '200': { description: 'OK (the file, in its own media type)', content: { '*/*': {} } } }
        : { '200': { description: 'OK (an attachment)', content: { [produces]: {} } } }
      : endpoint.answer
        ? {
            [created]: {
              description: 'OK',
              content: { 'application/json': { schema: json(endpoint.answer) } },
            },
          }
        : STREAMS.has(name)
          ? {
              '200': {
                description: `text/event-stream of \`${name === 'settingsStream' ? 'settings' : 'diagnostics'}\` events`,
                content: { 'text/event-stream': {} },
              },
            }
          : { '204': { description: 'No Content' } };
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      operationId: name,
      summary: endpoint.summary,
      ...(params.length + query.length ? { parameters: [...params, ...query] } : {}),
      // Public operations say so: the document-wide default would otherwise apply.
      security: endpoint.auth === 'none' ? [] : [{ bearer: [] }],
      ...(endpoint.body
        ? {
            requestBody: { required: true, content: { 'application/json': { schema: json(endpoint.body) } } },
          }
        : 'consumes' in endpoint && endpoint.consumes
          ? { requestBody: { required: true, content: { [endpoint.consumes]: {} } } }
          : {}),
      responses: {
        ...success,
        ...errorResponses(failuresOf(endpoint)),
        // The health check answers its own body, not a CourseError, when the database is away.
        ...(name === 'health' && endpoint.answer
          ? {
              '503': {
                description: 'The database cannot be reached: status degraded, database false',
                content: { 'application/json': { schema: json(endpoint.answer) } },
              },
            }
          : {}),
      },
    };
  }
  // Routes outside the learner table: the URL a certificate download answers, and the dev mailbox.
  paths['/certificate/pdf'] = {
    get: {
      operationId: 'certificatePdf',
      summary: 'The certificate PDF; `grant` comes from POST /certificate/download and lives 2 minutes',
      parameters: [{ name: 'grant', in: 'query', required: true, schema: { type: 'string' } }],
      security: [],
      responses: {
        '200': { description: 'The PDF', content: { 'application/pdf': {} } },
        ...errorResponses(
          new Map([
            [400, ['validation_error']],
            [401, ['unauthorized (the grant has expired)']],
            [404, ['not_found']],
            [500, ['unexpected']],
            [503, ['unavailable']],
          ]),
        ),
      },
    },
  };
  // The Open Badges routes outside the tables: the badge image, the issuer's status list, and its
  // DID document (at the site's root, not under /api).
  paths['/certificates/{code}/badge.svg'] = {
    get: {
      operationId: 'certificateBadge',
      summary:
        'The certificate’s badge image (SVG) with its Open Badges credential baked in: an `openbadges:credential` element holding the credential JSON',
      parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string' } }],
      security: [],
      responses: {
        '200': { description: 'The badge image', content: { 'image/svg+xml': {} } },
        ...errorResponses(
          new Map([
            [400, ['validation_error']],
            [404, ['not_found']],
            [500, ['unexpected']],
            [503, ['unavailable']],
          ]),
        ),
      },
    },
  };
  paths['/credentials/status/1'] = publicDocument({
    operationId: 'credentialStatusList',
    summary:
      'The issuer’s revocation list: a signed BitstringStatusListCredential of 131,072 entries (public, cached for 60 s)',
    answer: 'The status list credential',
    mediaType: 'application/json',
  });
  paths['/.well-known/did.json'] = publicDocument({
    operationId: 'issuerDidDocument',
    summary:
      'The issuer’s did:web document: every key it signed credentials with, retired ones too (public, cached for 5 minutes)',
    answer: 'The DID document',
    mediaType: 'application/did+json',
    atSiteRoot: true,
  });
  paths['/credentials/organisations/{slug}/status/1'] = publicDocument({
    operationId: 'organisationCredentialStatusList',
    summary:
      'The revocation list of an organisation issuing in its own name: a signed BitstringStatusListCredential of 131,072 entries (public, cached for 60 s); 404 for an organisation that never issued',
    answer: 'The status list credential',
    mediaType: 'application/json',
    bySlug: true,
  });
  paths['/o/{slug}/did.json'] = publicDocument({
    operationId: 'organisationDidDocument',
    summary:
      'The DID document of an organisation issuing in its own name (did:web:<host>:o:<slug> resolves here): every key it signed with, retired ones too (public, cached for 5 minutes)',
    answer: 'The DID document',
    mediaType: 'application/did+json',
    bySlug: true,
    atSiteRoot: true,
  });
  paths['/dev/mailbox'] = {
    get: {
      operationId: 'devMailbox',
      summary:
        'Outside production without SMTP_URL: the mails written to DATA_DIR/mailbox (GET /dev/mailbox/{id} for the raw .eml)',
      security: [],
      responses: {
        '200': { description: '{ messages: [{ id, to, subject, date, text, links }] }' },
        ...errorResponses(new Map([[404, ['not_found (production, SMTP, or not from this machine)']]])),
      },
    },
  };
  // The LTI routes: forms in, pages, a JWKS and redirects out (core's ltiEndpoints).
  for (const [name, endpoint] of Object.entries(ltiEndpoints)) {
    const page = (description: string) => ({ description, content: { 'text/html': {} } });
    const success =
      endpoint.produces === 'redirect'
        ? {
            '200': page('A page that stores the state in the platform’s storage, then goes on'),
            '302': { description: 'To the platform’s authorization endpoint' },
          }
        : { '200': { description: 'OK', content: { [endpoint.produces]: {} } } };
    const refusals =
      endpoint.method === 'POST' || endpoint.path === '/lti/login' || endpoint.path === '/lti/register'
        ? {
            '400': page(
              'An error page: a parameter is missing or invalid, or the platform is not registered',
            ),
            ...(endpoint.path === '/lti/launch'
              ? {
                  '401': page(
                    'An error page: the launch is refused (signature, issuer, audience, expiry, nonce, state, deployment)',
                  ),
                  '403': page('An error page: a deep-linking request from someone who is not an instructor'),
                  '404': page('An error page: the course the link opens does not exist'),
                  '502': page('An error page: the platform’s keys could not be fetched'),
                }
              : {}),
            ...(endpoint.path === '/lti/register'
              ? {
                  '409': page('An error page: the registration link has been used already'),
                  '502': page(
                    'An error page: the platform’s configuration could not be read, or the platform refused the registration',
                  ),
                }
              : {}),
            ...(endpoint.path === '/lti/deep-link'
              ? {
                  '401': page('An error page: the choice page expired or was not signed by CourseKit'),
                  '404': page('An error page: the chosen course or module does not exist'),
                }
              : {}),
          }
        : {};
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method.toLowerCase()] = {
      operationId: name,
      summary: endpoint.summary,
      security: [],
      ...('consumes' in endpoint
        ? { requestBody: { required: true, content: { [endpoint.consumes]: {} } } }
        : {}),
      responses: {
        ...success,
        ...errorResponses(
          new Map([
            ...(endpoint.method === 'POST'
              ? ([
                  [400, ['validation_error (a JSON body that does not parse)']],
                  [413, ['invalid_request (the body is over the size limit)']],
                ] as Array<[number, string[]]>)
              : []),
            [500, ['unexpected']],
            [503, ['unavailable']],
          ]),
        ),
        // Refusals are pages in the LMS's frame.
        ...refusals,
      },
    };
  }
  // Company sign-in's redirects (core's ssoEndpoints): every answer sends the browser on, to the
  // organisation's identity provider or back to the site, whose sign-in page reads `sso_error`.
  for (const [name, endpoint] of Object.entries(ssoEndpoints)) {
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    const start = endpoint.path.includes(':slug');
    paths[path] ??= {};
    paths[path]!.get = {
      operationId: name,
      summary: endpoint.summary,
      security: [],
      parameters: start
        ? [
            { name: 'slug', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'login_hint', in: 'query', required: false, schema: { type: 'string' } },
          ]
        : [
            { name: 'code', in: 'query', required: false, schema: { type: 'string' } },
            { name: 'state', in: 'query', required: true, schema: { type: 'string' } },
          ],
      responses: {
        '302': {
          description: start
            ? 'To the identity provider’s authorization endpoint, or to the sign-in page with `sso_error`'
            : 'To the site’s sign-in page with the session in the URL hash, or with `sso_error` saying why not',
        },
        ...errorResponses(
          new Map([
            // A refused sign-in is a 302 too; only a path the router cannot decode is a 400.
            ...(start
              ? ([[400, ['validation_error (a path that is not percent-encoded UTF-8)']]] as Array<
                  [number, string[]]
                >)
              : []),
            [500, ['unexpected']],
            [503, ['unavailable']],
          ]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'CourseKit reference API',
      version: '0.1.0',
      description:
        'The API of an embeddable course platform with any number of courses. Generated from @coursekit/core endpoints and zod schemas.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: serverUrl }],
    components: {
      schemas: { Error: json(ErrorSchema) },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
}
