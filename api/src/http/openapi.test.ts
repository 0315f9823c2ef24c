import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { adminEndpoints, endpoints } from '@coursekit/core';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi';
import { failuresOf } from './openapiErrors';

// The document a partner feeds to their tools. Redocly CLI's recommended rules
// judge it as a partner's pipeline would (0 errors; before this, 12 errors and 73 warnings). Run
// here, in `npm test`, on the document generated from the tables, so a new endpoint is linted on
// the day it is added, without a server or a script of its own.

const require = createRequire(import.meta.url);
const REDOCLY = require.resolve('@redocly/cli/bin/cli.js');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

function lint(document: unknown): Problem[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const run = spawnSync(process.execPath, [REDOCLY, 'lint', file, '--format=json'], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      timeout: 120_000,
    });
    const json = run.stdout.slice(run.stdout.indexOf('{'));
    if (!json) throw new Error(`redocly lint printed no report:\n${run.stdout}\n${run.stderr}`);
    return (JSON.parse(json) as { problems: Problem[] }).problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended rules with no error', () => {
    const problems = lint(openApiDocument());
    const where = (p: Problem) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`;
    expect(problems.filter((p) => p.severity === 'error').map(where)).toEqual([]);
    // The only warnings left: public reads that can fail with no 4xx at all (the catalog reads a
    // token that does not verify as no session).
    // Company sign-in's routes answer with redirects only (a refusal goes back to the sign-in page
    // too), so they have no 2XX, and the callback, which reads no path, no 4XX.
    const redirects = [
      'operation-2xx-response at #/paths/~1auth~1sso~1callback/get/responses: Operation must have at least one `2XX` response.',
      'operation-2xx-response at #/paths/~1auth~1sso~1{slug}~1start/get/responses: Operation must have at least one `2XX` response.',
      'operation-4xx-response at #/paths/~1auth~1sso~1callback/get/responses: Operation must have at least one `4XX` response.',
    ];
    expect(problems.map(where).sort()).toEqual(
      [
        ...redirects,
        // Only a 503 can stop these: they take no input and need no session.
        ...[
          '.well-known~1did.json',
          'courses',
          'credentials~1status~11',
          'health',
          'health~1live',
          'health~1ready',
          'lti~1jwks',
          'lti~1lti.js',
          'settings',
          'settings~1stream',
        ].map(
          (p) =>
            `operation-4xx-response at #/paths/~1${p}/get/responses: Operation must have at least one \`4XX\` response.`,
        ),
      ].sort(),
    );
  }, 120_000);

  it('documents what each operation can fail with, from its table entry', () => {
    const doc = openApiDocument();
    const signIn = doc.paths['/auth/signin']!.post as {
      security: unknown[];
      responses: Record<string, unknown>;
    };
    expect(signIn.security).toEqual([]);
    expect(Object.keys(signIn.responses)).toEqual(['200', '400', '413', '415', '429', '500', '503']);
    const answer = doc.paths['/attempts/{attemptId}/answers']!.post as { responses: Record<string, unknown> };
    expect(Object.keys(answer.responses)).toEqual([
      '200',
      '400',
      '401',
      '404',
      '409',
      '413',
      '415',
      '500',
      '503',
    ]);
    expect([...failuresOf(adminEndpoints.adminStats).keys()]).toEqual([401, 403, 500, 503]);
    expect([...failuresOf(endpoints.settings).keys()]).toEqual([500, 503]);
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });

  it('documents the organisation manager’s calls: refused to anyone else (403), the import a CSV in, the export a CSV out', () => {
    const doc = openApiDocument();
    const org = '/organisations/{organisationId}';
    const report = doc.paths[`${org}/report`]!.get as { responses: Record<string, unknown> };
    expect(Object.keys(report.responses)).toEqual(['200', '400', '401', '403', '500', '503']);
    const upload = doc.paths[`${org}/import`]!.post as { requestBody: { content: Record<string, unknown> } };
    expect(Object.keys(upload.requestBody.content)).toEqual(['text/csv']);
    const csv = doc.paths[`${org}/report/csv`]!.get as { responses: Record<string, { content?: unknown }> };
    expect(csv.responses['200']!.content).toEqual({ 'text/csv': {} });
    expect(doc.paths['/organisation-invitations/accept']!.post).toMatchObject({ security: [] });
  });

  it('documents an organisation’s public face: no session, a string slug, 404 for an unknown or suspended one', () => {
    const doc = openApiDocument();
    const face = doc.paths['/organisation-faces/{slug}']!.get as {
      security: unknown[];
      parameters: Array<{ name: string; schema: { type: string } }>;
      responses: Record<string, unknown>;
    };
    expect(face.security).toEqual([]);
    expect(face.parameters.find((p) => p.name === 'slug')?.schema.type).toBe('string');
    expect(Object.keys(face.responses)).toContain('404');
  });
});
