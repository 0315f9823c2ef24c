import type { Server } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { call, closeServer, DRIVERS, listen, signUp, startServer, type TestServer } from '../test/harness';

// GET /metrics: Prometheus text, by route pattern and status, off the public port
// unless METRICS_TOKEN is set.

const TOKEN = 'metrics-token-of-the-test-0123456789';

const scrape = (server: { url: string }, token?: string) =>
  fetch(`${server.url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(DRIVERS)('GET /metrics (%s)', (driver) => {
  let server: TestServer;
  /** A second app on the same database, configured without METRICS_TOKEN. */
  let closed: { app: App; server: Server; url: string };
  beforeAll(async () => {
    server = await startServer(driver, { config: { metricsToken: TOKEN } });
    const app = createApp({
      db: server.database,
      mailer: server.mailbox,
      config: { ...server.config, metricsToken: undefined },
      logger: pino({ level: 'silent' }),
    });
    const listening = await listen(app);
    closed = { app, server: listening.server, url: listening.url };
  });
  afterAll(async () => {
    await closed?.app.close();
    if (closed) await closeServer(closed.server);
    await server?.close();
  });

  it('is not on the public port without METRICS_TOKEN, and needs the token when it is set', async () => {
    expect((await scrape(closed)).status).toBe(404);
    expect((await scrape(closed, TOKEN)).status).toBe(404);
    const anonymous = await scrape(server);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');
    expect((await scrape(server, 'wrong-token')).status).toBe(401);
    const learner = await signUp(server);
    expect((await scrape(server, learner.token)).status, 'a learner’s session is not the token').toBe(401);
  });

  it('counts requests and their durations by route pattern and status, never by raw URL', async () => {
    const learner = await signUp(server);
    for (const id of [1, 2, 3]) {
      expect((await call(server, 'GET', `/modules/${id}/lessons`, { token: learner.token })).status).toBe(
        200,
      );
    }
    expect((await call(server, 'GET', '/modules/999/lessons', { token: learner.token })).status).toBe(404);
    expect((await call(server, 'GET', '/progress')).status).toBe(401);
    const res = await scrape(server, TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const route = 'route="/api/modules/:moduleId/lessons"';
    expect(sample(text, `coursekit_http_requests_total{method="GET",${route},status="200"}`)).toBe(3);
    expect(sample(text, `coursekit_http_requests_total{method="GET",${route},status="404"}`)).toBe(1);
    expect(
      sample(text, `coursekit_http_request_duration_seconds_count{method="GET",${route},status="200"}`),
    ).toBe(3);
    expect(
      sample(text, 'coursekit_http_requests_total{method="GET",route="/api/progress",status="401"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('/api/modules/1/lessons');
    expect(text).not.toContain('/api/modules/999/lessons');
  });

  it('reports the pool, the open event streams, the mail outbox and the admin’s running jobs', async () => {
    const stream = await fetch(`${server.api}/settings/stream`);
    expect(stream.status).toBe(200);
    const text = await (await scrape(server, TOKEN)).text();
    expect(sample(text, 'coursekit_sse_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'coursekit_db_pool_size')).toBe(driver === 'pglite' ? 1 : 8);
    expect(sample(text, 'coursekit_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'coursekit_db_pool_waiting')).toBe(0);
    for (const status of ['pending', 'retrying', 'failed']) {
      expect(sample(text, `coursekit_mail_outbox_messages{status="${status}"}`), status).toBe(0);
    }
    expect(sample(text, 'coursekit_admin_jobs_running')).toBe(0);
    await stream.body?.cancel();
  });
});
