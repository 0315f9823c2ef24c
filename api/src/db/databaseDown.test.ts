import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { DATABASE_UNAVAILABLE } from '../http/errors';
import { devMailbox } from '../mail/mailer';
import { warmUp } from '../serve/warmUp';
import { call, closeServer, errorOf, listen, testConfig } from '../test/harness';
import { type Database, openDatabase } from './index';

/** A loopback port with nothing listening: a PostgreSQL server that is stopped. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('the API while PostgreSQL is down', () => {
  let database: Database;
  let dataDir: string;
  let server: Awaited<ReturnType<typeof listen>>;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-dbdown-'));
    database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await closedPort()}/down` });
    const config = testConfig(dataDir);
    app = createApp({
      db: database,
      mailer: devMailbox(path.join(dataDir, 'mail'), pino({ level: 'silent' })),
      config,
    });
    server = await listen(app);
  });
  afterAll(async () => {
    await app.close().catch(() => undefined);
    await closeServer(server.server);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens anyway when the database is down at start: the warm-up says so and gives up', async () => {
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    await warmUp({ database, logger }, 2);
    expect(warnings.join('')).toContain('could not warm up before listening');
  });

  it('answers 503 with a clear message and Retry-After, for public and signed-in calls alike', async () => {
    const api = { api: `${server.url}/api` };
    const settings = await call(api, 'GET', '/settings');
    expect(settings.status).toBe(503);
    expect(settings.body.error).toEqual(
      errorOf(settings, { code: 'unavailable', message: DATABASE_UNAVAILABLE }),
    );
    expect(settings.headers.get('retry-after')).toBe('5');
    const signIn = await call(api, 'POST', '/auth/signin', {
      body: { email: 'ana@example.com', password: 'Facility-42-Data' },
    });
    expect(signIn.status).toBe(503);
    expect(signIn.body.error.message).toBe(DATABASE_UNAVAILABLE);
  });

  it('reports the database down on the readiness check', async () => {
    const health = await call({ api: `${server.url}/api` }, 'GET', '/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'degraded', database: false });
  });
});
