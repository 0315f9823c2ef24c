import { ltiEndpoints, ssoEndpoints } from '@coursekit/core';
import { errorResponses } from './openapiErrors';

// The OpenAPI document's routes outside core's endpoint tables: the certificate's download URL and
// badge, the issuers' public documents, the dev mailbox, the LTI pages and the company sign-in's
// redirects.

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

/** Adds the routes outside core's endpoint tables to the document's `paths`. */
export function routesOutsideTables(paths: Record<string, Record<string, unknown>>): void {
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
}
