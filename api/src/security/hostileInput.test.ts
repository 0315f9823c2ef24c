import {
  type AdminEndpoint,
  adminEndpoints,
  type Endpoint,
  endpoints,
  messages,
  pathOf,
} from '@coursekit/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../http/openapi';
import { routerRoutes } from '../http/routerRoutes';
import { DRIVERS, signInAdmin, signUp, startServer, type TestServer } from '../test/harness';
import { sampleOf, stringFields, withText } from '../test/stringFields';
import { createTally } from '../test/tally';

const SQL_INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "1' UNION SELECT email, password_hash FROM users --",
  "'); DELETE FROM user_progress; --",
  '1 OR 1=1',
  "admin'--",
  '%27%20OR%201%3D1',
  '\\x27; select pg_sleep(5); --',
];
const KB = 1024;
/**
 * Bodies the body parser itself must refuse, on every route that reads a body: each a name, a raw
 * body and its content type.
 */
const UNPARSEABLE: Array<[string, string | Uint8Array, string]> = [
  ['truncated JSON', '{"email": "a@b.co", ', 'application/json'],
  ['oversize JSON', JSON.stringify({ text: 'x'.repeat(200 * KB) }), 'application/json'],
  ['UTF-16 charset', '{"a":1}', 'application/json; charset=utf-16'],
  ['text/plain', '{"email":"a@b.co","password":"x"}', 'text/plain'],
  ['form', 'email=a%40b.co&password=x', 'application/x-www-form-urlencoded'],
  [
    'multipart',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    'multipart/form-data; boundary=x',
  ],
  ['a bare string', '"just text"', 'application/json'],
  ['NaN', 'NaN', 'application/json'],
];
/** JSON that parses but that no body schema may accept (a route without a body ignores it). */
const PATHOLOGICAL: Array<[string, string | Uint8Array, string]> = [
  ['deep nesting', `${'['.repeat(40_000)}${']'.repeat(40_000)}`, 'application/json'],
  ['deep object nesting', `${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`, 'application/json'],
  [
    'bad UTF-8',
    new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
    'application/json',
  ],
];
/** Valid JSON with the wrong shape, for endpoints that have a body schema. */
const WRONG_SHAPES = (keys: string[], strings: boolean): unknown[] => [
  ...[[1], { $gt: '' }, 1e308, -1, ...(strings ? SQL_INJECTIONS.slice(0, 3) : [])].map((value) =>
    Object.fromEntries(keys.map((k) => [k, value])),
  ),
  JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"polluted": 1}}}'),
  [Object.fromEntries(keys.map((k) => [k, 'x']))],
  null,
];
/** Text PostgreSQL cannot store (U+0000) or UTF-8 cannot encode (a lone surrogate), as JSON sends them. */
const UNSTORABLE_TEXT: Array<[string, string]> = [
  ['NUL', 'a\u0000@example.org'],
  ['an unpaired surrogate', 'a\ud800b'],
];
/**
 * The same in a URL, percent-encoded: %00 arrives as NUL; the bytes a lone surrogate would be in
 * CESU-8 are not UTF-8, so the query parser hands the handler U+FFFD instead and it is plain text.
 */
const UNSTORABLE_URL: Array<[string, string, 'refused' | 'harmless']> = [
  ['NUL', 'a%00', 'refused'],
  ['an unpaired surrogate', 'a%ED%A0%80', 'harmless'],
];
// Tables that may change on refused requests: refusals are recorded and counted there.
const LOGS = new Set(['security_events', 'rate_limits', '__drizzle_migrations']);

const tally = createTally();
afterAll(() => tally.print('hostile input'));

describe.each(DRIVERS)('hostile input against every route (%s)', (driver) => {
  let server: TestServer;
  let learner: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(driver, {
      imageValidation: { pauseMs: 5, retryDelaysMs: [5], timeoutMs: 2000 },
    });
    learner = (await signUp(server)).token;
    admin = (await signInAdmin(server)).token;
  });
  afterAll(async () => {
    await server?.app.adminJobs.idle();
    await server?.close();
  });

  async function rowCounts(): Promise<Record<string, number>> {
    const db = server.database.db;
    const tables = (await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    )) as unknown as { rows?: Array<{ name: string }> } & Array<{ name: string }>;
    const names = (tables.rows ?? tables).map((t) => t.name).filter((n) => !LOGS.has(n));
    const counts: Record<string, number> = {};
    for (const name of names) {
      const result = (await db.execute(sql.raw(`select count(*)::int as n from "${name}"`))) as unknown as {
        rows?: Array<{ n: number }>;
      } & Array<{ n: number }>;
      counts[name] = (result.rows ?? result)[0]!.n;
    }
    return counts;
  }

  const table = [...Object.values(endpoints), ...Object.values(adminEndpoints)] as Array<
    Endpoint | AdminEndpoint
  >;
  const schemaOf = (method: string, path: string) =>
    table.find((e) => e.method === method && `/api${e.path}` === path);
  const keysOf = (endpoint: Endpoint | AdminEndpoint | undefined): string[] =>
    Object.keys(
      (endpoint?.body as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape ?? {},
    );

  async function send(method: string, path: string, body?: string | Uint8Array, type?: string) {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${path.startsWith('/api/admin/') ? admin : learner}`,
        ...(type ? { 'content-type': type } : {}),
      },
      body: body as BodyInit | undefined,
      // A redirect is the answer itself (company sign-in's go to the site, which is not running here).
      redirect: 'manual',
    });
    const text = await res.text();
    return { status: res.status, text };
  }

  it('answers SQL injection, malformed and oversize input on every route with a 4xx, and changes nothing', async () => {
    const routes = routerRoutes(server.app.app).filter(
      (r) => r.path.startsWith('/api/') && !r.path.endsWith('/stream') && !r.path.startsWith('/api/dev/'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(60);
    const before = await rowCounts();
    const wrong: string[] = [];
    // Each answer is one the OpenAPI document lists for that operation.
    const doc = openApiDocument();
    const undocumented = new Set<string>();
    let documented: string[] = [];
    const check = (
      category: string,
      what: string,
      res: { status: number; text: string },
      accept?: number[],
    ) => {
      const ok = (res.status >= 400 && res.status < 500) || (accept ?? []).includes(res.status);
      if (!tally.attack(category, ok)) wrong.push(`${what}: ${res.status} ${res.text.slice(0, 100)}`);
      if (!documented.includes(String(res.status)))
        undocumented.add(`${what.split(' ', 2).join(' ')}: ${res.status}`);
    };
    for (const { method, path } of routes) {
      const operation =
        doc.paths[path.slice('/api'.length).replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      documented = Object.keys((operation as { responses?: object } | undefined)?.responses ?? {});
      const endpoint = schemaOf(method, path);
      const hasParams = path.includes(':');
      if (hasParams) {
        for (const injection of SQL_INJECTIONS) {
          const url = path.replace(/:(\w+)/g, () => encodeURIComponent(injection));
          // Company sign-in refuses by sending the browser back to the sign-in page with the reason.
          const refusal = path.startsWith('/api/auth/sso/') ? [302] : [];
          check('SQL injection in a path', `${method} ${url}`, await send(method, url), refusal);
        }
      }
      if (method === 'GET' || method === 'DELETE') continue;
      const malformed = endpoint?.body ? [...UNPARSEABLE, ...PATHOLOGICAL] : UNPARSEABLE;
      for (const [name, raw, type] of malformed) {
        check(
          'malformed or oversize body',
          `${method} ${path} ${name}`,
          await send(method, path.replace(/:(\w+)/g, '1'), raw, type),
        );
      }
      if (!endpoint?.body) continue;
      const admin = path.startsWith('/api/admin/');
      // Any string is a fine refresh token to forget at sign-out (that would end the session), and
      // a strong enough password: SQL text there is data, hashed, never a query.
      const strings = !admin && path !== '/api/auth/signout' && path !== '/api/auth/password';
      for (const body of WRONG_SHAPES(keysOf(endpoint), strings)) {
        const res = await send(
          method,
          path.replace(/:(\w+)/g, '1'),
          JSON.stringify(body),
          'application/json',
        );
        // A token that is not one is an answer, not an error: verification says so in a 200.
        const accept = path === '/api/auth/verify' ? [200] : [];
        check(
          'wrong types, SQL text or pollution in a body',
          `${method} ${path} ${JSON.stringify(body)}`,
          res,
          accept,
        );
      }
    }
    expect(wrong).toEqual([]);
    expect([...undocumented]).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  }, 180_000);

  it('refuses NUL and unpaired surrogates in every string field of every endpoint with a 400 naming the field, and changes nothing', async () => {
    const userId = (await signUp(server)).userId;
    const params: Record<string, string> = {
      userId,
      moduleId: '1',
      quizId: '1',
      attemptId: '1',
      lessonKey: 'module1_intro',
      code: 'ABCD-1234',
      role: 'user',
      jobId: '00000000-0000-4000-8000-000000000000',
      organisationId: '00000000-0000-4000-8000-000000000001',
      issuerId: '00000000-0000-4000-8000-000000000002',
      registrationId: '00000000-0000-4000-8000-000000000000',
      rosterId: '00000000-0000-4000-8000-000000000003',
      slug: 'no-such-organisation',
      course: 'no-such-course',
      path: 'course.json',
      version: '1',
      from: '1',
      to: '1',
    };
    const before = await rowCounts();
    const wrong: string[] = [];
    const expectRefused = (what: string, res: { status: number; text: string }, field: string) => {
      const error = res.status === 400 ? JSON.parse(res.text).error : undefined;
      const named = error?.code === 'validation_error' && error.fields?.[field] === messages.textNotStorable;
      // Only that field: the rest of the request was valid, so the text alone was refused.
      const alone = named && Object.keys(error.fields).length === 1;
      if (!tally.attack('NUL or unpaired surrogate in a text field', alone)) {
        wrong.push(`${what}: ${res.status} ${res.text.slice(0, 160)}`);
      }
    };
    let fields = 0;
    for (const endpoint of table) {
      const path = `/api${pathOf(endpoint.path, params)}`;
      if (endpoint.body) {
        const valid = sampleOf(endpoint.body);
        for (const field of stringFields(endpoint.body)) {
          fields += 1;
          for (const [name, text] of UNSTORABLE_TEXT) {
            const body = JSON.stringify(withText(valid, field, text));
            const res = await send(endpoint.method, path, body, 'application/json');
            expectRefused(
              `${endpoint.method} ${path} ${name} in ${field.path.join('.')}`,
              res,
              field.path.join('.'),
            );
          }
        }
      }
      const query = 'query' in endpoint ? endpoint.query : undefined;
      for (const field of query ? stringFields(query) : []) {
        fields += 1;
        const name = field.path.join('.');
        // The rest of the query valid (a required format, say), so the text alone is refused.
        const rest = new URLSearchParams(
          Object.entries(sampleOf(query) as Record<string, unknown>)
            .filter(([key]) => key !== name)
            .map(([key, value]) => [key, String(value)]),
        ).toString();
        for (const [what, encoded, outcome] of UNSTORABLE_URL) {
          const url = `${path}?${rest ? `${rest}&` : ''}${name}=${encoded}`;
          const res = await send(endpoint.method, url);
          if (outcome === 'refused') expectRefused(`${endpoint.method} ${url}`, res, name);
          else if (!tally.attack('NUL or unpaired surrogate in a text field', res.status < 500)) {
            wrong.push(`${endpoint.method} ${url} (${what}): ${res.status} ${res.text.slice(0, 160)}`);
          }
        }
      }
      for (const param of endpoint.path.match(/:\w+/g) ?? []) {
        for (const [what, encoded] of UNSTORABLE_URL) {
          const url = `/api${endpoint.path}`.replace(/:(\w+)/g, (name) =>
            name === param ? encoded : encodeURIComponent(params[name.slice(1)]!),
          );
          const res = await send(endpoint.method, url);
          const refused = res.status >= 400 && res.status < 500;
          if (!tally.attack('NUL or unpaired surrogate in a path', refused)) {
            wrong.push(`${endpoint.method} ${url} (${what}): ${res.status} ${res.text.slice(0, 160)}`);
          }
        }
      }
    }
    // Sign-up, sign-in, recover, resend, profile, admin create/edit, settings, search…: all of them.
    expect(fields).toBeGreaterThanOrEqual(20);
    expect(wrong).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  }, 120_000);

  it('refuses a body that is not JSON with 415 instead of running the call as if it were empty', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await send('POST', '/api/auth/signout', 'refresh_token=x', type);
      expect(tally.attack('non-JSON body on an all-optional endpoint', res.status === 415), type).toBe(true);
    }
    const still = await send('GET', '/api/profile');
    expect(still.status).toBe(200);
  });

  it('treats SQL in search and sort parameters as text: no rows leak, no error', async () => {
    for (const injection of SQL_INJECTIONS) {
      const search = await send('GET', `/api/admin/users?search=${encodeURIComponent(injection)}`);
      expect(tally.attack('SQL injection in a search', search.status === 200), injection).toBe(true);
      expect(JSON.parse(search.text).items).toEqual([]);
      const sort = await send('GET', `/api/admin/users?sort=${encodeURIComponent(injection)}`);
      expect(tally.attack('SQL injection in a sort', sort.status === 400), injection).toBe(true);
      const page = await send('GET', `/api/admin/audit/actions?page=${encodeURIComponent(injection)}`);
      expect(tally.attack('SQL injection in a page number', page.status === 400), injection).toBe(true);
    }
  });
});
