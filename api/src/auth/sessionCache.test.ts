import type { Server } from 'node:http';
import { messages } from '@coursekit/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { type Database, openDatabase } from '../db/index';
import {
  call,
  closeServer,
  DRIVERS,
  listen,
  PASSWORD,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';
import { SESSION_CACHE_MS } from './sessionCache';

// learner §9 lets a session validation be cached for 5 s; DESIGN "Capacity": only if a revocation
// reaches every instance at once. These run the real API: one instance on both drivers, and on
// PostgreSQL a second instance on the same database, as behind a load balancer.

describe.each(DRIVERS)('session validation cache (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  it('reads a session row once per 5 s, not once per request', async () => {
    const learner = await signUp(server);
    // Warm: the first reads also load the course structure this instance keeps (course/structure.ts).
    for (let i = 0; i < 3; i++) {
      expect((await call(server, 'GET', '/progress', { token: learner.token })).status).toBe(200);
    }
    const before = server.database.statements();
    for (let i = 0; i < 10; i++) {
      expect((await call(server, 'GET', '/progress', { token: learner.token })).status).toBe(200);
    }
    // One statement per progress read (records, attempts and course version together).
    expect(server.database.statements() - before).toBe(10);
    server.clock.advance(SESSION_CACHE_MS);
    const again = server.database.statements();
    expect((await call(server, 'GET', '/progress', { token: learner.token })).status).toBe(200);
    expect(server.database.statements() - again).toBe(2); // the session is read again
  });

  it('refuses a signed-out session on the very next call', async () => {
    const learner = await signUp(server);
    expect((await call(server, 'GET', '/progress', { token: learner.token })).status).toBe(200);
    expect((await call(server, 'POST', '/auth/signout', { token: learner.token, body: {} })).status).toBe(
      204,
    );
    const after = await call(server, 'GET', '/progress', { token: learner.token });
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe(messages.sessionInvalid);
  });
});

describe.runIf(DRIVERS.includes('postgres'))('session revocation across two instances (postgres)', () => {
  let a: TestServer;
  let second: { app: App; database: Database; server: Server; api: string };
  beforeAll(async () => {
    a = await startServer('postgres');
    const database = await openDatabase({ url: a.databaseUrl, max: 4 });
    const app = createApp({
      db: database,
      mailer: a.mailbox,
      config: a.config, // the same signing key, as every instance behind a load balancer has
      clock: a.clock,
      logger: pino({ level: 'silent' }),
    });
    const { server, url } = await listen(app);
    second = { app, database, server, api: `${url}/api` };
  });
  afterAll(async () => {
    await second?.app.close();
    if (second) await closeServer(second.server);
    await second?.database.close();
    await a?.close();
  });

  /** Signs a learner up on A and makes B cache the session; B's next call reads no session row. */
  async function cachedOnB() {
    const learner = await signUp(a);
    for (let i = 0; i < 3; i++) {
      expect((await call(second, 'GET', '/progress', { token: learner.token })).status).toBe(200);
    }
    const before = second.database.statements();
    expect((await call(second, 'GET', '/progress', { token: learner.token })).status).toBe(200);
    expect(second.database.statements() - before, 'B answered from its cache').toBe(1);
    return learner;
  }

  /**
   * B's next calls with a token, until B refuses it or a second has passed. The NOTIFY reaches each
   * instance on its own connection: the revoking call answers once A has heard it, and B hears it
   * within the same delivery, not in the same instant. Without the NOTIFY B would answer from its
   * cache for the whole test (its clock does not move), so this still fails when revocations are not
   * sent.
   */
  async function onB(token: string) {
    const deadline = Date.now() + 1_000;
    for (;;) {
      const res = await call(second, 'GET', '/progress', { token });
      if (res.status !== 200 || Date.now() > deadline) return res;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('refuses on B, as soon as the NOTIFY arrives, a session signed out on A', async () => {
    const learner = await cachedOnB();
    expect((await call(a, 'POST', '/auth/signout', { token: learner.token, body: {} })).status).toBe(204);
    const refused = await onB(learner.token);
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(messages.sessionInvalid);
  });

  it('refuses on B, as soon as the NOTIFY arrives, the other sessions of a learner who changed the password on A', async () => {
    const learner = await cachedOnB();
    const signIn = await call(a, 'POST', '/auth/signin', {
      body: { email: learner.email, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const changed = await call(a, 'PUT', '/auth/password', {
      token: signIn.body.access_token,
      body: { password: 'Another-Facility-77' },
    });
    expect(changed.status).toBe(204);
    expect((await onB(learner.token)).status).toBe(401);
    // The session that changed the password goes on.
    expect((await call(second, 'GET', '/progress', { token: signIn.body.access_token })).status).toBe(200);
  });

  it('refuses on B, as soon as the NOTIFY arrives, the session of an account an admin deleted on A', async () => {
    const learner = await cachedOnB();
    const admin = await signInAdmin(a);
    const deleted = await call(a, 'DELETE', `/admin/users/${learner.userId}`, { token: admin.token });
    expect(deleted.status).toBeLessThan(300);
    expect((await onB(learner.token)).status).toBe(401);
  });

  it('refuses on B, as soon as the NOTIFY arrives, a session ended on A by the reuse of a refresh token', async () => {
    const learner = await cachedOnB();
    const first = await call(a, 'POST', '/auth/refresh', { body: { refresh_token: learner.refresh } });
    expect(first.status).toBe(200);
    const replay = await call(a, 'POST', '/auth/refresh', { body: { refresh_token: learner.refresh } });
    expect(replay.status).toBe(401);
    expect((await onB(learner.token)).status).toBe(401);
  });
});
