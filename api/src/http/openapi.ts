import {
  type AdminEndpoint,
  adminEndpoints,
  type CourseErrorCode,
  type Endpoint,
  endpoints,
  HTTP_STATUS,
  managerEndpoints,
} from '@coursekit/core';
import * as z from 'zod/mini';
import { type AnyEndpoint, errorResponses, failuresOf } from './openapiErrors';
import { routesOutsideTables } from './openapiOutsideTables';

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
  routesOutsideTables(paths);
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
