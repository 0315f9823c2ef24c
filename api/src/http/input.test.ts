import { type Endpoint, endpoints } from '@coursekit/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import { call, DRIVERS, email, PASSWORD, signUp, startServer, type TestServer } from '../test/harness';

const SQL = "x'); DROP TABLE users; --";
const HTML = '<script>alert(1)</script>';

describe.each(DRIVERS)('bad input gets a clear 4xx and writes nothing (%s)', (driver) => {
  let server: TestServer;
  let token: string;
  let userId: string;
  let lessonKey: string;
  beforeAll(async () => {
    server = await startServer(driver);
    ({ token, userId } = await signUp(server));
    lessonKey = (await call(server, 'GET', '/modules/1/lessons', { token })).body[0].lesson_key;
  });
  afterAll(() => server?.close());

  const counts = async () => {
    const db = server.database.db;
    const one = async (
      table:
        | typeof schema.users
        | typeof schema.userProgress
        | typeof schema.quizAttempts
        | typeof schema.profiles,
    ) => (await db.select({ n: sql<number>`count(*)::int` }).from(table as typeof schema.users))[0]!.n;
    return {
      users: await one(schema.users),
      progress: await one(schema.userProgress),
      attempts: await one(schema.quizAttempts),
      profiles: await one(schema.profiles),
    };
  };

  it('refuses malformed JSON, non-object bodies and oversize bodies', async () => {
    const before = await counts();
    const malformed = await call(server, 'POST', '/auth/signup', { raw: '{"email": "a@b.co", ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({
      code: 'validation_error',
      message: 'Malformed JSON in request body',
    });
    expect((await call(server, 'POST', '/auth/signin', { raw: '"just a string"' })).status).toBe(400);
    expect((await call(server, 'POST', '/auth/signin', { raw: '[1,2]' })).status).toBe(400);
    const big = await call(server, 'POST', '/auth/signup', {
      body: { email: email(), password: PASSWORD, name: 'a'.repeat(200_000) },
    });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('invalid_request');
    const noBody = await call(server, 'POST', '/auth/signin');
    expect(noBody.status).toBe(400);
    expect(noBody.body.error.fields).toMatchObject({ email: 'Expected string', password: 'Expected string' });
    expect(await counts()).toEqual(before);
  });

  it('refuses wrong types and unknown fields, naming the field', async () => {
    const before = await counts();
    const types = await call(server, 'POST', '/auth/signup', { body: { email: 42, password: ['x'] } });
    expect(types.status).toBe(400);
    expect(types.body.error.fields).toEqual({ email: 'Expected string', password: 'Expected string' });
    const extra = await call(server, 'POST', '/auth/signup', {
      body: { email: email(), password: PASSWORD, role: 'admin' },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.fields).toEqual({ role: 'Unknown field' });
    const completed = await call(server, 'PUT', `/progress/lessons/${lessonKey}`, {
      token,
      body: { completed: 'yes' },
    });
    expect(completed.body.error.fields).toEqual({ completed: 'Expected boolean' });
    const letter = await call(server, 'POST', '/attempts/1/answers', {
      token,
      body: { question_id: 1.5, answer: 'A' },
    });
    expect(letter.status).toBe(400);
    const ids = ['abc', '-1', '0', '1.5', '99999999999', "1'or'1'='1"];
    for (const id of ids) {
      const res = await call(server, 'GET', `/modules/${encodeURIComponent(id)}/lessons`, { token });
      expect(res.status, id).toBe(400);
      expect(res.body.error.fields).toHaveProperty('moduleId');
    }
    expect((await call(server, 'DELETE', '/progress/modules/abc', { token })).status).toBe(400);
    expect((await call(server, 'POST', '/quizzes/abc/attempts', { token })).status).toBe(400);
    expect((await call(server, 'POST', '/attempts/abc/complete', { token, body: {} })).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('refuses SQL and HTML in every text field with a 4xx, and the tables stay as they were', async () => {
    const before = await counts();
    for (const text of [SQL, HTML]) {
      const cases: Array<[string, string, unknown, string?]> = [
        ['POST', '/auth/signup', { email: text, password: PASSWORD }],
        ['POST', '/auth/signup', { email: email(), password: PASSWORD, name: text }],
        ['POST', '/auth/signin', { email: text, password: text }],
        ['POST', '/auth/resend', { email: text }],
        ['POST', '/auth/recover', { email: text }],
        ['POST', '/auth/refresh', { refresh_token: text }],
        ['PATCH', '/profile', { display_name: text }, token],
        ['PATCH', '/profile', { avatar_url: text }, token],
        ['PUT', `/progress/lessons/${encodeURIComponent(text)}`, { completed: true }, token],
      ];
      for (const [method, path, body, auth] of cases) {
        const res = await call(server, method, path, { body, token: auth });
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        expect(res.body.error.message).toBeTruthy();
      }
      const verify = await call(server, 'POST', '/auth/verify', { body: { token: text } });
      expect(verify.body).toEqual({ status: 'error' });
      expect((await call(server, 'GET', `/certificates/${encodeURIComponent(text)}`)).status).toBe(400);
    }
    expect(await counts()).toEqual(before);
    const profile = await call(server, 'GET', '/profile', { token });
    expect(profile.body.display_name).toBe('Ana Silva');
    expect(profile.body.user_id).toBe(userId);
  });

  it('answers every endpoint of the table with a 4xx, never a 500, for junk bodies and parameters', async () => {
    const before = await counts();
    const junk = [
      'null',
      '[]',
      '1',
      '"x"',
      '{"a":1}',
      '{"email":{"$gt":""}}',
      `{"x":${'['.repeat(50)}${']'.repeat(50)}}`,
      '{',
    ];
    for (const [name, endpoint] of Object.entries(endpoints) as Array<[string, Endpoint]>) {
      if (!endpoint.body && !endpoint.path.includes(':')) continue; // nothing to get wrong
      const path = endpoint.path.replace(/:(\w+)/g, (_, p: string) =>
        p === 'lessonKey' ? 'module_1_1_x%00' : '%27%3B--',
      );
      for (const raw of endpoint.body ? junk : ['']) {
        const res = await call(server, endpoint.method, path, { raw: raw || undefined, token });
        expect(res.status, `${name} ${raw}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${name} ${raw}`).toBeLessThan(500);
        expect(typeof res.body.error.message, name).toBe('string');
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('sends helmet’s headers and a JSON 404 for unknown endpoints', async () => {
    const res = await call(server, 'GET', '/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('serves the OpenAPI document generated from the endpoint table', async () => {
    const res = await call(server, 'GET', '/docs');
    expect(res.body.openapi).toBe('3.1.0');
    expect(
      res.body.paths['/progress/lessons/{lessonKey}'].put.requestBody.content['application/json'].schema,
    ).toMatchObject({
      type: 'object',
      properties: { completed: { type: 'boolean' } },
      additionalProperties: false,
    });
    expect(Object.keys(res.body.paths)).toContain('/attempts/{attemptId}/complete');
  });

  it('serves the course images from the image-assets storage, and nothing outside it', async () => {
    const image = await fetch(`${server.url}/storage/image-assets/module-1-intro.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect((await fetch(`${server.url}/storage/image-assets/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${server.url}/storage/image-assets/missing.svg`)).status).toBe(404);
  });
});
