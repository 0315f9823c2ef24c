import { type AdminEndpoint, adminEndpoints, type Endpoint, endpoints } from '@coursekit/core';
import * as z from 'zod/mini';

const ErrorSchema = z.object({
  error: z.object({
    code: z.string(),
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

const STRING_PARAMS = new Set(['lessonKey', 'code', 'userId', 'role', 'jobId']);
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
  const table = { ...endpoints, ...adminEndpoints } as Record<string, Endpoint | AdminEndpoint>;
  for (const [name, endpoint] of Object.entries(table)) {
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
      ? { '200': { description: 'OK (an attachment)', content: { [produces]: {} } } }
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
      ...(endpoint.auth !== 'none' ? { security: [{ bearer: [] }] } : {}),
      ...(endpoint.body
        ? {
            requestBody: { required: true, content: { 'application/json': { schema: json(endpoint.body) } } },
          }
        : {}),
      responses: {
        ...success,
        default: {
          description: 'A CourseError: status HTTP_STATUS[code]',
          content: { 'application/json': { schema: json(ErrorSchema) } },
        },
      },
    };
  }
  // Routes outside the learner table: the URL a certificate download answers, and the dev mailbox.
  paths['/certificate/pdf'] = {
    get: {
      operationId: 'certificatePdf',
      summary: 'The certificate PDF; `grant` comes from POST /certificate/download and lives 2 minutes',
      parameters: [{ name: 'grant', in: 'query', required: true, schema: { type: 'string' } }],
      responses: { '200': { description: 'The PDF', content: { 'application/pdf': {} } } },
    },
  };
  paths['/dev/mailbox'] = {
    get: {
      operationId: 'devMailbox',
      summary:
        'Outside production without SMTP_URL: the mails written to DATA_DIR/mailbox (GET /dev/mailbox/{id} for the raw .eml)',
      responses: { '200': { description: '{ messages: [{ id, to, subject, date, text, links }] }' } },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'CourseKit reference API',
      version: '0.1.0',
      description:
        'Data Literacy for Facility Managers. Generated from @coursekit/core endpoints and zod schemas.',
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
