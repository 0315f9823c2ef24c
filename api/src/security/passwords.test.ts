import { readFileSync } from 'node:fs';
import { messages, validatePassword } from '@coursekit/core';
import { eq, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS } from '../auth/passwords';
import { schema } from '../db/index';
import { commonPasswordCount } from '../passwords/commonPasswords';
import { call, DRIVERS, email, signInAdmin, signUp, startServer, type TestServer } from '../test/harness';
import { createTally } from '../test/tally';

const tally = createTally();
afterAll(() => tally.print('passwords'));

/** The shipped list's entries a person would type with a capital first letter and still pass core's rules. */
function commonButPolicyProof(): string[] {
  const text = readFileSync(new URL('../passwords/common-passwords.txt', import.meta.url), 'utf8');
  return [
    ...new Set(
      text
        .split('\n')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => p[0]!.toUpperCase() + p.slice(1))
        .filter((p) => validatePassword(p).ok),
    ),
  ];
}

const WEAK: Record<string, string> = {
  'too short': 'Ab1!xyz',
  'too long': `Aa1!${'x'.repeat(130)}`,
  'two classes': 'onlylowercase99',
  'the word password': 'MyPassword!2026',
  'qwerty in it': 'Qwerty-Facility9',
  'in the common list': 'Michael1',
};

describe.each(DRIVERS)('passwords (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  it('hashes with argon2id at 19 MiB, 2 passes, 1 lane, a 16-byte salt and a 32-byte hash', async () => {
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 });
    const learner = await signUp(server);
    const [row] = await server.database.db
      .select({ hash: schema.users.passwordHash })
      .from(schema.users)
      .where(eq(schema.users.id, learner.userId));
    const phc = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
      row!.hash,
    );
    expect(phc, row!.hash).not.toBeNull();
    const [, m, t, p, salt, hash] = phc!;
    expect({ m: Number(m), t: Number(t), p: Number(p) }).toEqual({ m: 19_456, t: 2, p: 1 });
    expect(Buffer.from(salt!, 'base64').length).toBe(16);
    expect(Buffer.from(hash!, 'base64').length).toBe(32);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toMatch(/argon2id.*19 MiB.*2 (passes|iterations).*1 lane/i);
  });

  it('ships at least 1,000 common passwords and refuses those that pass the other rules at sign-up', async () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(1000);
    const candidates = commonButPolicyProof();
    expect(candidates.length).toBeGreaterThan(50);
    for (const password of candidates) {
      const res = await call(server, 'POST', '/auth/signup', { body: { email: email('common'), password } });
      expect(tally.attack('common password at sign-up', res.status === 422), password).toBe(true);
      expect(res.body.error.fields.password).toBe(messages.passwordCommon);
    }
  }, 180_000);

  it('applies the policy on sign-up, on a reset, on a change and when an admin creates a user', async () => {
    const admin = await signInAdmin(server);
    const learner = await signUp(server);
    await call(server, 'POST', '/auth/recover', { body: { email: learner.email } });
    const link = server.mailbox
      .list()
      .flatMap((m) => (m.to === learner.email ? m.links : []))
      .find((l) => l.includes('/reset-password#'))!;
    const recovery = new URLSearchParams(new URL(link).hash.slice(1)).get('access_token')!;
    for (const [why, password] of Object.entries(WEAK)) {
      const attempts = {
        'sign-up': await call(server, 'POST', '/auth/signup', { body: { email: email('weak'), password } }),
        reset: await call(server, 'PUT', '/auth/password', { token: recovery, body: { password } }),
        change: await call(server, 'PUT', '/auth/password', { token: learner.token, body: { password } }),
        'admin create': await call(server, 'POST', '/admin/users', {
          token: admin.token,
          body: { email: email('created'), password, displayName: 'Cleo Created', sendInvite: false },
        }),
      };
      for (const [where, res] of Object.entries(attempts)) {
        expect(tally.attack(`weak password on ${where}`, res.status === 422), `${why} on ${where}`).toBe(
          true,
        );
        expect(res.body.error.code).toBe('weak_password');
      }
    }
    const [{ n }] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.users)
      .where(or(like(schema.users.email, 'weak.%'), like(schema.users.email, 'created.%')))
      .then((rows) => rows as [{ n: number }]);
    expect(n).toBe(0);
  });
});
