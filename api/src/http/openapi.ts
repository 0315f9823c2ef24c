import { type Endpoint, endpoints } from '@coursekit/core';
import * as z from 'zod/mini';

const ErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});

const json = (schema: z.ZodMiniType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

/** The OpenAPI 3.1 document of the learner API, generated from core's endpoint table and zod schemas. */
export function openApiDocument(serverUrl = '/api') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, raw] of Object.entries(endpoints)) {
    const endpoint = raw as Endpoint;
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    const params = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: m[1] === 'lessonKey' || m[1] === 'code' ? 'string' : 'integer' },
    }));
    const created = /\(201\)/.test(endpoint.summary);
    const success = endpoint.answer
      ? {
          [created ? '201' : '200']: {
            description: 'OK',
            content: { 'application/json': { schema: json(endpoint.answer) } },
          },
        }
      : name === 'settingsStream'
        ? {
            '200': {
              description: 'text/event-stream of `settings` events',
              content: { 'text/event-stream': {} },
            },
          }
        : { '204': { description: 'No Content' } };
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      operationId: name,
      summary: endpoint.summary,
      ...(params.length ? { parameters: params } : {}),
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
      title: 'CourseKit reference API (learner side)',
      version: '0.1.0',
      description:
        'Data Literacy for Facility Managers. Generated from @coursekit/core endpoints and zod schemas.',
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
