import { messages } from '@coursekit/core';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MAX_AGE_MS } from '../auth/sessions';
import { AUDIENCE, ISSUER } from '../config';
import { call, DRIVERS, PASSWORD, signUp, startServer, type TestServer } from '../test/harness';
import { createTally } from '../test/tally';

const DAY = 24 * 3600_000;
const tally = createTally();
afterAll(() => tally.print('sessions and tokens'));

describe.each(DRIVERS)('sessions (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  const signIn = async (address: string) => {
    const res = await call(server, 'POST', '/auth/signin', { body: { email: address, password: PASSWORD } });
    expect(res.status).toBe(200);
    return { token: res.body.access_token as string, refresh: res.body.refresh_token as string };
  };
  const refresh = (token: string) =>
    call(server, 'POST', '/auth/refresh', { body: { refresh_token: token } });
  const me = (token: string) => call(server, 'GET', '/auth/user', { token });

  it('gives every sign-in a new refresh token and a session of its own', async () => {
    const learner = await signUp(server);
    const sessions = [await signIn(learner.email), await signIn(learner.email), await signIn(learner.email)];
    expect(new Set(sessions.map((s) => s.refresh)).size).toBe(3);
    expect(new Set(sessions.map((s) => decodeJwt(s.token).sid)).size).toBe(3);
    for (const s of sessions) expect(s.refresh.length).toBeGreaterThanOrEqual(43); // 256 random bits
  });

  it('rotates the refresh token on every use, and reusing an old one ends the whole family', async () => {
    const learner = await signUp(server);
    const first = await refresh(learner.refresh);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(learner.refresh);
    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);

    const replay = await refresh(learner.refresh);
    expect(tally.attack('refresh token replay', replay.status === 401)).toBe(true);
    expect((await refresh(second.body.refresh_token)).status).toBe(401);
    expect((await me(second.body.access_token)).status).toBe(401);
    expect((await me(learner.token)).status).toBe(401);
  });

  it('ends a session 30 days after sign-in, however often it was refreshed', async () => {
    expect(SESSION_MAX_AGE_MS).toBe(30 * DAY);
    const learner = await signUp(server);
    let token = learner.refresh;
    for (const step of [10, 10, 9.99]) {
      server.clock.advance(step * DAY);
      const res = await refresh(token);
      expect(res.status, `after ${step} more days`).toBe(200);
      token = res.body.refresh_token;
      if (step === 9.99) {
        // Minted minutes before the deadline: still signed for 15 minutes, but the session is over.
        server.clock.advance(0.02 * DAY);
        const late = await me(res.body.access_token);
        expect(tally.attack('access token past the session deadline', late.status === 401)).toBe(true);
        expect(late.body.error.message).toBe(messages.sessionExpired);
      }
    }
    const expired = await refresh(token);
    expect(tally.attack('refresh past the absolute expiry', expired.status === 401)).toBe(true);
    expect(expired.body.error.message).toBe(messages.sessionExpired);
    server.clock.advance(-30 * DAY);
  });

  it('ends the session on the server at sign-out: its access and refresh tokens stop working, others do not', async () => {
    const learner = await signUp(server);
    const other = await signIn(learner.email);
    expect((await call(server, 'POST', '/auth/signout', { token: learner.token, body: {} })).status).toBe(
      204,
    );
    expect(tally.attack('access token after sign-out', (await me(learner.token)).status === 401)).toBe(true);
    expect(
      tally.attack('refresh token after sign-out', (await refresh(learner.refresh)).status === 401),
    ).toBe(true);
    expect((await me(other.token)).status).toBe(200);
  });

  it('ends the other sessions when the password is changed, and every session when it is reset', async () => {
    const learner = await signUp(server);
    const laptop = await signIn(learner.email);
    const change = await call(server, 'PUT', '/auth/password', {
      token: learner.token,
      body: { password: 'Changed-Pass-77' },
    });
    expect(change.status).toBe(204);
    expect(tally.attack('other session after password change', (await me(laptop.token)).status === 401)).toBe(
      true,
    );
    expect((await refresh(laptop.refresh)).status).toBe(401);
    expect((await me(learner.token)).status).toBe(200);

    await call(server, 'POST', '/auth/recover', { body: { email: learner.email } });
    const link = server.mailbox
      .list()
      .filter((m) => m.to === learner.email)
      .flatMap((m) => m.links)
      .find((l) => l.includes('/reset-password#'))!;
    const hash = new URLSearchParams(new URL(link).hash.slice(1));
    const reset = await call(server, 'PUT', '/auth/password', {
      token: hash.get('access_token')!,
      body: { password: 'Reset-Pass-2026' },
    });
    expect(reset.status).toBe(204);
    expect(tally.attack('session after password reset', (await me(learner.token)).status === 401)).toBe(true);
    expect(
      tally.attack('reset link used twice', (await refresh(hash.get('refresh_token')!)).status === 401),
    ).toBe(true);
  });

  it('refuses access tokens with a bad signature, alg none, another audience or issuer, a past exp, or a borrowed session', async () => {
    const learner = await signUp(server);
    const other = await signUp(server, 'Bea Other');
    const claims = decodeJwt(learner.token);
    const secret = new TextEncoder().encode(server.config.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const sign = (
      payload: Record<string, unknown>,
      options: { key?: Uint8Array; alg?: string; aud?: string; iss?: string; exp?: number } = {},
    ) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: options.alg ?? 'HS256' })
        .setIssuer(options.iss ?? ISSUER)
        .setAudience(options.aud ?? AUDIENCE)
        .setSubject(String(payload.sub ?? claims.sub))
        .setIssuedAt(now - 60)
        .setExpirationTime(options.exp ?? now + 600)
        .sign(options.key ?? secret);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const [header, payload] = learner.token.split('.');
    const forged: Record<string, string> = {
      'bad signature': `${header}.${payload}.${'A'.repeat(43)}`,
      'another key': await sign({ sid: claims.sid }, { key: new TextEncoder().encode('x'.repeat(64)) }),
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'alg HS512': await sign({ sid: claims.sid }, { alg: 'HS512' }),
      'another audience': await sign({ sid: claims.sid }, { aud: 'coursekit-certificate' }),
      'another issuer': await sign({ sid: claims.sid }, { iss: 'someone-else' }),
      'past exp': await sign({ sid: claims.sid }, { exp: now - 5 }),
      'no session id': await sign({}),
      "another user's id on my session": await sign({ sid: claims.sid, sub: other.userId }),
      'payload edited, signature kept': `${header}.${b64({ ...claims, sub: other.userId })}.${learner.token.split('.')[2]}`,
      'empty token': '',
      garbage: 'not.a.token',
    };
    for (const [name, token] of Object.entries(forged)) {
      const res = await call(server, 'GET', '/profile', { headers: { authorization: `Bearer ${token}` } });
      expect(tally.attack(`forged access token: ${name}`, res.status === 401), name).toBe(true);
    }
    expect((await call(server, 'GET', '/profile', { token: learner.token })).body.user_id).toBe(
      learner.userId,
    );
  });
});
