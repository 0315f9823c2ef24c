import { messages } from '@coursekit/core';
import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { SIGN_IN_FAILURE_LIMITS } from '../auth/rateLimit';
import {
  call,
  closeServer,
  DRIVERS,
  email,
  errorOf,
  listen,
  PASSWORD,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';
import { createTally } from '../test/tally';

// Counts argon2 verifications, to show an unknown e-mail costs the same hashing as a wrong password.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...original, verify: vi.fn(original.verify) };
});
const verifications = () => vi.mocked(argon2.verify).mock.calls.length;

const MINUTE = 60_000;
const tally = createTally();
afterAll(() => tally.print('sign-in abuse'));

let address = 0;
/** A distinct client address per call site (the API trusts X-Forwarded-For from loopback only). */
const from = (ip = `203.0.113.${++address % 250}`) => ({ 'x-forwarded-for': ip });

describe.each(DRIVERS)('sign-in abuse (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  const signIn = (server: Pick<TestServer, 'api'>, mail: string, password: string, ip = from()) =>
    call(server, 'POST', '/auth/signin', { body: { email: mail, password }, headers: ip });

  it('answers an unknown e-mail and a wrong password alike, each after one argon2 verification', async () => {
    const learner = await signUp(server);
    const timings = { unknown: [] as number[], wrong: [] as number[] };
    for (let round = 0; round < 10; round += 1) {
      server.clock.advance(MINUTE); // stay under the 5-a-minute form limit
      // Alternate which goes first: the first request of a round pays for waking the database up.
      const order = round % 2 ? (['wrong', 'unknown'] as const) : (['unknown', 'wrong'] as const);
      for (const kind of order) {
        const before = verifications();
        const started = performance.now();
        const res = await signIn(
          server,
          kind === 'unknown' ? email('nobody') : learner.email,
          'Wrong-Pass-1',
        );
        timings[kind].push(performance.now() - started);
        expect(verifications() - before, kind).toBe(1);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: errorOf(res, { code: 'invalid_credentials', message: messages.authInvalidCredentials }),
        });
        tally.attack('account enumeration by sign-in', res.status === 400);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
    tally.figure(`${driver}: median ms, unknown e-mail`, median(timings.unknown));
    tally.figure(`${driver}: median ms, wrong password`, median(timings.wrong));
  });

  it('throttles one e-mail after 5 attempts in 60 seconds, and lets the right password in once the minute has passed', async () => {
    const learner = await signUp(server);
    for (let i = 0; i < 5; i += 1)
      expect((await signIn(server, learner.email, 'Wrong-Pass-1')).status).toBe(400);
    const blocked = await signIn(server, learner.email, PASSWORD);
    expect(tally.attack('per e-mail, 5 a minute', blocked.status === 429)).toBe(true);
    expect(blocked.body.error).toEqual(
      errorOf(blocked, { code: 'rate_limited', message: messages.rateLimitSignIn }),
    );
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    server.clock.advance(MINUTE + 1000);
    expect((await signIn(server, learner.email, PASSWORD)).status).toBe(200);
  });

  it('locks an account after 100 failed sign-ins in an hour from any addresses, until the hour has passed', async () => {
    expect(SIGN_IN_FAILURE_LIMITS.account).toEqual({ limit: 100, windowMs: 60 * MINUTE });
    const learner = await signUp(server);
    for (let round = 0; round < 20; round += 1) {
      const ip = from();
      for (let i = 0; i < 5; i += 1) {
        const res = await signIn(server, learner.email, `Wrong-Pass-${round}-${i}`, ip);
        expect(res.status).toBe(400);
      }
      server.clock.advance(MINUTE + 1000);
    }
    const locked = await signIn(server, learner.email, PASSWORD);
    expect(tally.attack('per account, 100 failures an hour', locked.status === 429)).toBe(true);
    expect(locked.body.error.message).toBe(messages.rateLimitSignIn);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    server.clock.advance(60 * MINUTE);
    const after = await signIn(server, learner.email, PASSWORD);
    expect(after.status).toBe(200);
    expect(after.body.access_token).toBeTruthy();
  }, 180_000);

  it('throttles one client address after 100 failed sign-ins across many accounts, and no other address', async () => {
    expect(SIGN_IN_FAILURE_LIMITS.address).toEqual({ limit: 100, windowMs: 15 * MINUTE });
    const learner = await signUp(server);
    const stuffer = from('198.51.100.9');
    for (let i = 0; i < 100; i += 1) {
      expect((await signIn(server, email('stuffed'), 'Guess-Pass-1', stuffer)).status).toBe(400);
    }
    const blocked = await signIn(server, learner.email, PASSWORD, stuffer);
    expect(tally.attack('per client address, 100 failures in 15 minutes', blocked.status === 429)).toBe(true);
    expect(blocked.body.error.message).toBe(messages.rateLimitSignIn);
    expect((await signIn(server, learner.email, PASSWORD, from('198.51.100.10'))).status).toBe(200);
    server.clock.advance(16 * MINUTE);
    expect((await signIn(server, learner.email, PASSWORD, stuffer)).status).toBe(200);
  }, 180_000);

  it('keeps the counters in the database, so a second API instance sees the same throttle', async () => {
    const learner = await signUp(server);
    const second = createApp({
      db: server.database,
      mailer: server.mailbox,
      config: server.config,
      clock: server.clock,
    });
    const other = await listen(second);
    try {
      for (let i = 0; i < 5; i += 1)
        expect((await signIn(server, learner.email, 'Wrong-Pass-1')).status).toBe(400);
      const elsewhere = await signIn({ api: `${other.url}/api` }, learner.email, PASSWORD);
      expect(tally.attack('per e-mail, across two instances', elsewhere.status === 429)).toBe(true);
    } finally {
      await second.close();
      await closeServer(other.server);
    }
  });
});
