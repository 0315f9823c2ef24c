import type { Server } from 'node:http';
import { CourseError } from '@coursekit/core';
import { createHttpAdapter } from '@coursekit/core/http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { call, closeServer, DRIVERS, listen, signUp, startServer, type TestServer } from '../test/harness';

// Request ids and the request log: every answer carries an id, every
// log line of the request carries it, an error a user sees carries it, and the log never keeps a
// query string's values.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(DRIVERS)('request ids and the request log (%s)', (driver) => {
  let server: TestServer;
  let logged: { app: App; server: Server; api: string; lines: string[] };
  beforeAll(async () => {
    server = await startServer(driver);
    // A second app on the same database whose log lines the test reads.
    const lines: string[] = [];
    const app = createApp({
      db: server.database,
      mailer: server.mailbox,
      config: server.config,
      clock: server.clock,
      logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
    });
    const { server: http, url } = await listen(app);
    logged = { app, server: http, api: `${url}/api`, lines };
  });
  afterAll(async () => {
    await logged?.app.close();
    if (logged) await closeServer(logged.server);
    await server?.close();
  });

  const entries = () => logged.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('answers every request with an id, its own when well formed, else a new one', async () => {
    const plain = await call(server, 'GET', '/health');
    expect(plain.headers.get('x-request-id')).toMatch(UUID);
    const other = await call(server, 'GET', '/health');
    expect(other.headers.get('x-request-id')).not.toBe(plain.headers.get('x-request-id'));

    const given = await call(server, 'GET', '/health', { headers: { 'x-request-id': 'lb-4f2a9c:17' } });
    expect(given.headers.get('x-request-id')).toBe('lb-4f2a9c:17');
    for (const hostile of ['<script>alert(1)</script>', 'a'.repeat(129), 'two words']) {
      const refused = await call(server, 'GET', '/health', { headers: { 'x-request-id': hostile } });
      expect(refused.headers.get('x-request-id'), hostile).toMatch(UUID);
    }
    const traced = await call(server, 'GET', '/health', {
      headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
    });
    expect(traced.headers.get('x-request-id')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    const zero = await call(server, 'GET', '/health', {
      headers: { traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' },
    });
    expect(zero.headers.get('x-request-id')).toMatch(UUID);
  });

  it('puts the id in the error a user is shown, and the HTTP adapter keeps it', async () => {
    const res = await call(server, 'GET', '/progress', { token: 'not-a-token' });
    expect(res.status).toBe(401);
    expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));

    const adapter = createHttpAdapter({ baseUrl: server.api });
    const failed = await adapter.auth
      .signIn({ email: 'nobody@example.com', password: 'Wrong-Pass-1' })
      .catch((e) => e);
    expect(failed).toBeInstanceOf(CourseError);
    expect((failed as CourseError).code).toBe('invalid_credentials');
    expect((failed as CourseError).requestId).toMatch(UUID);
  });

  it('logs each request once with its id, path, route pattern and the names of its query, never the values', async () => {
    const learner = await signUp(server);
    const form = await fetch(
      `${logged.api}/auth/signin?email=${encodeURIComponent(learner.email)}&password=Secret-Pass-99&grant=abc.def`,
      { headers: { 'x-request-id': 'form-without-script' } },
    );
    expect(form.status).toBe(404);
    const lessons = await fetch(`${logged.api}/modules/1/lessons?page=2`, {
      headers: { authorization: `Bearer ${learner.token}` },
    });
    expect(lessons.status).toBe(200);
    const id = lessons.headers.get('x-request-id');

    // The line is written when the answer has finished going out, which (compressed) can be just after
    // the client has read it: wait for it rather than race it.
    await expect.poll(() => entries().some((e) => e.reqId === id)).toBe(true);
    const text = logged.lines.join('');
    expect(text).not.toContain('Secret-Pass-99');
    expect(text).not.toContain(encodeURIComponent(learner.email));
    expect(text).not.toContain(learner.email);
    expect(text).not.toContain('abc.def');
    const formLine = entries().find((e) => e.reqId === 'form-without-script');
    expect(formLine).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: '/api/auth/signin',
      query: ['email', 'password', 'grant'],
      route: '(unmatched)',
      status: 404,
    });
    const lessonsLine = entries().find((e) => e.reqId === id);
    expect(lessonsLine).toMatchObject({
      path: '/api/modules/1/lessons',
      query: ['page'],
      route: '/api/modules/:moduleId/lessons',
      status: 200,
    });
    expect(entries().filter((e) => e.reqId === id)).toHaveLength(1);
  });
});
