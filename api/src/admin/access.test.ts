import { randomUUID } from 'node:crypto';
import { type AdminEndpoint, adminEndpoints, messages, pathOf } from '@coursekit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, grantRole, signInAdmin, signUp, startServer, type TestServer } from '../test/harness';

type Caller = 'signed-out' | 'user' | 'moderator' | 'admin';

/** One request of an endpoint with made-up but well-formed path parameters; streams are cut at the headers. */
async function hit(server: TestServer, endpoint: AdminEndpoint, token: string | undefined, targetId: string) {
  const path = pathOf(endpoint.path, {
    userId: targetId,
    quizId: 1,
    moduleId: 1,
    role: 'moderator',
    jobId: randomUUID(),
    organisationId: randomUUID(),
    issuerId: randomUUID(),
    registrationId: randomUUID(),
    code: 'CK-AAAA-BBBB-CCCC',
    course: 'no-such-course',
    path: 'course.json',
    version: 1,
    from: 1,
    to: 1,
  });
  const controller = new AbortController();
  const res = await fetch(`${server.api}${path}`, {
    method: endpoint.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(endpoint.body ? { 'content-type': 'application/json' } : {}),
    },
    body: endpoint.body ? '{}' : undefined,
    signal: controller.signal,
  });
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await res.json() : null;
  controller.abort();
  return { status: res.status, body, type };
}

describe.each(DRIVERS)('admin access (%s)', (driver) => {
  let server: TestServer;
  const tokens: Partial<Record<Caller, string>> = {};
  let target: string;

  beforeAll(async () => {
    server = await startServer(driver, {
      imageValidation: { pauseMs: 5, retryDelaysMs: [5, 10], timeoutMs: 2000, slowMs: 1000 },
    });
    tokens.user = (await signUp(server, 'Uma User')).token;
    const moderator = await signUp(server, 'Mo Moderator');
    await grantRole(server, moderator.userId, 'moderator');
    tokens.moderator = moderator.token;
    tokens.admin = (await signInAdmin(server)).token;
    target = (await signUp(server, 'Tara Target')).userId;
  });
  afterAll(async () => {
    await server?.app.adminJobs.idle();
    await server?.close();
  });

  const table = Object.entries(adminEndpoints) as Array<[string, AdminEndpoint]>;

  it('covers every admin endpoint of the table', () => {
    expect(table.length).toBeGreaterThanOrEqual(37);
    for (const [, endpoint] of table) {
      expect(endpoint.auth).toBe('admin');
      expect(endpoint.path.startsWith('/admin/')).toBe(true);
    }
  });

  // The studio's author endpoints (`authors: true`) let a moderator in too; every other one admins only.
  it.each(table)(
    '%s: only an admin (or, for an author endpoint, a moderator) gets through',
    async (_name, endpoint) => {
      const out = await hit(server, endpoint, undefined, target);
      expect(out.status).toBe(401);
      expect(out.body.error.message).toBe(messages.guardSessionFailed);

      const garbled = await hit(server, endpoint, 'not-a-token', target);
      expect(garbled.status).toBe(401);

      for (const caller of endpoint.authors ? (['user'] as const) : (['user', 'moderator'] as const)) {
        const refused = await hit(server, endpoint, tokens[caller], target);
        expect(refused.status, caller).toBe(403);
        expect(refused.body.error).toMatchObject({
          code: 'forbidden',
          message: messages.guardInsufficientRole,
        });
      }

      for (const caller of endpoint.authors ? (['moderator', 'admin'] as const) : (['admin'] as const)) {
        const passed = await hit(server, endpoint, tokens[caller], target);
        // Past the guard: success, or a 4xx about this made-up input (an empty body, a job or course
        // that does not exist, JSON where a zip belongs), never a 401/403 and never a server error.
        expect(passed.status, `${caller}: ${JSON.stringify(passed.body)}`).toBeLessThan(500);
        expect([401, 403]).not.toContain(passed.status);
        if (passed.status >= 400)
          expect(passed.body.error.code).toMatch(/validation_error|not_found|weak_password|invalid_request/);
      }
    },
  );

  it('documents every admin endpoint in the OpenAPI document, each needing a bearer token', async () => {
    const doc = await (await fetch(`${server.api}/docs`)).json();
    for (const [name, endpoint] of table) {
      const operation = doc.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      expect(operation, name).toMatchObject({ operationId: name, security: [{ bearer: [] }] });
    }
    const users = doc.paths['/admin/users'].get;
    expect(users.parameters.map((p: { name: string }) => p.name)).toEqual([
      'search',
      'sort',
      'page',
      'pageSize',
    ]);
    expect(doc.paths['/admin/images/analysis'].post.responses['202']).toBeDefined();
  });

  it('records each refusal as a security event with the spec’s reason', async () => {
    const admin = await signInAdmin(server);
    const res = await fetch(`${server.api}/admin/audit/security-events?pageSize=100`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const page = await res.json();
    const reasons = new Set(page.items.map((e: { event_type: string }) => e.event_type));
    expect(reasons).toContain('invalid_session');
    expect(reasons).toContain('insufficient_role');
    expect(reasons).toContain('validation_error');
    const times = page.items.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
