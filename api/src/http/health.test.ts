import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { seed } from '../content/seed';
import { directoryStorage } from '../content/storage';
import { openDatabase } from '../db/index';
import { devMailbox } from '../mail/mailer';
import {
  call,
  closeServer,
  DRIVERS,
  listen,
  startServer,
  type TestServer,
  testConfig,
} from '../test/harness';

// Liveness and readiness: what a load balancer or an orchestrator polls.

describe.each(DRIVERS)('health, liveness and readiness (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  it('is live and ready once migrated and loaded; /health answers as before', async () => {
    expect(await call(server, 'GET', '/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await call(server, 'GET', '/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ready', database: true, migrations: true, course: true, draining: false },
    });
    expect((await call(server, 'GET', '/health')).body).toEqual({ status: 'ok', database: true });
  });
});

describe('readiness that does not hold', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-ready-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const logger = pino({ level: 'silent' });

  /** An app on `database` (not migrated, or unreachable), listening; closed by the returned function. */
  async function appOn(database: Awaited<ReturnType<typeof openDatabase>>, draining?: () => boolean) {
    const app = createApp({
      db: database,
      mailer: devMailbox(path.join(dataDir, 'mailbox'), logger),
      config: testConfig(dataDir),
      logger,
      draining,
    });
    const { server, url } = await listen(app);
    return {
      api: `${url}/api`,
      async close() {
        await app.close();
        await closeServer(server);
        await database.close();
      },
    };
  }

  it('is not ready before the migrations ran, nor without a course, nor while shutting down', async () => {
    let stopping = false;
    const database = await openDatabase({});
    const app = await appOn(database, () => stopping);
    try {
      expect(await call(app, 'GET', '/health/ready')).toMatchObject({
        status: 503,
        body: { status: 'not_ready', database: true, migrations: false, course: false, draining: false },
      });
      expect((await call(app, 'GET', '/health/live')).status).toBe(200);
      await database.migrate();
      expect(await call(app, 'GET', '/health/ready')).toMatchObject({
        status: 503,
        body: { database: true, migrations: true, course: false },
      });
      await seed({
        db: database.db,
        storage: directoryStorage(path.join(dataDir, 'storage')),
        logger,
        config: testConfig(dataDir),
      });
      expect((await call(app, 'GET', '/health/ready')).status).toBe(200);
      // Shutting down: the load balancer sends it nothing new, the process still answers.
      stopping = true;
      expect(await call(app, 'GET', '/health/ready')).toMatchObject({
        status: 503,
        body: { draining: true },
      });
      expect((await call(app, 'GET', '/health/live')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is not ready when PostgreSQL cannot be reached, and still live', async () => {
    const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/none', connectTimeout: 1 });
    const app = await appOn(database);
    try {
      const res = await call(app, 'GET', '/health/ready');
      expect(res).toMatchObject({ status: 503, body: { database: false, migrations: false, course: false } });
      expect((await call(app, 'GET', '/health/live')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
