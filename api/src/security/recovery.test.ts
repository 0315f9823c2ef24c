import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  DRIVERS,
  email,
  PASSWORD,
  signUp,
  startServer,
  type TestServer,
  withoutRequestId,
} from '../test/harness';
import { createTally } from '../test/tally';

const MINUTE = 60_000;
const tally = createTally();
afterAll(() => tally.print('recovery and verification'));

describe.each(DRIVERS)('recovery and verification links (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  const links = (address: string, kind: 'verify' | 'reset') =>
    server.mailbox
      .list()
      .filter((m) => m.to === address)
      .flatMap((m) => m.links)
      .filter((l) => l.includes(kind === 'verify' ? '/verification-success?token=' : '/reset-password#'));
  const resetTokens = (link: string) => {
    const hash = new URLSearchParams(new URL(link).hash.slice(1));
    return { access: hash.get('access_token')!, refresh: hash.get('refresh_token')! };
  };
  const recover = (address: string) => call(server, 'POST', '/auth/recover', { body: { email: address } });

  it('mails tokens that are long, random and all different, and keeps only their hashes', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const learner = await signUp(server);
      tokens.push(new URL(links(learner.email, 'verify')[0]!).searchParams.get('token')!);
      await recover(learner.email);
      tokens.push(resetTokens(links(learner.email, 'reset')[0]!).refresh);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/); // ≥ 256 bits
    // Distinct characters across the tokens: a counter or a timestamp would use a handful.
    expect(new Set(tokens.join('')).size).toBeGreaterThan(60);
    const stored = await server.database.db.execute(
      sql`select token_hash as h from auth_tokens union all select token_hash from refresh_tokens`,
    );
    const hashes = JSON.stringify(stored);
    for (const token of tokens) expect(hashes.includes(token)).toBe(false);
  });

  it('accepts a verification link once', async () => {
    const learner = await signUp(server);
    const token = new URL(links(learner.email, 'verify')[0]!).searchParams.get('token')!;
    expect((await call(server, 'POST', '/auth/verify', { body: { token } })).body.status).toBe('success');
    const again = await call(server, 'POST', '/auth/verify', { body: { token } });
    expect(tally.attack('verification link used twice', again.body.status === 'error')).toBe(true);
  });

  it('sets a new password once per reset link; the link is dead afterwards', async () => {
    const learner = await signUp(server);
    await recover(learner.email);
    const link = resetTokens(links(learner.email, 'reset')[0]!);
    const set = (password: string) =>
      call(server, 'PUT', '/auth/password', { token: link.access, body: { password } });
    expect((await set('First-Reset-2026')).status).toBe(204);
    expect(
      tally.attack('reset link used twice (access token)', (await set('Second-Reset-2026')).status === 401),
    ).toBe(true);
    const refresh = await call(server, 'POST', '/auth/refresh', { body: { refresh_token: link.refresh } });
    expect(tally.attack('reset link used twice (refresh token)', refresh.status === 401)).toBe(true);
    const signIn = await call(server, 'POST', '/auth/signin', {
      body: { email: learner.email, password: 'First-Reset-2026' },
    });
    expect(signIn.status).toBe(200);
  });

  it('ends a reset link an hour after it was sent, even if it was refreshed meanwhile', async () => {
    const learner = await signUp(server);
    await recover(learner.email);
    const link = resetTokens(links(learner.email, 'reset')[0]!);
    server.clock.advance(50 * MINUTE);
    const refreshed = await call(server, 'POST', '/auth/refresh', { body: { refresh_token: link.refresh } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.type).toBe('recovery');
    server.clock.advance(11 * MINUTE);
    const late = await call(server, 'PUT', '/auth/password', {
      token: refreshed.body.access_token,
      body: { password: 'Late-Reset-2026' },
    });
    expect(tally.attack('reset link after an hour (access token)', late.status === 401)).toBe(true);
    const lateRefresh = await call(server, 'POST', '/auth/refresh', {
      body: { refresh_token: refreshed.body.refresh_token },
    });
    expect(tally.attack('reset link after an hour (refresh token)', lateRefresh.status === 401)).toBe(true);
    server.clock.advance(-61 * MINUTE);
  });

  it('answers a reset request for an unknown e-mail exactly like one for a registered e-mail', async () => {
    const learner = await signUp(server);
    const timings = { known: [] as number[], unknown: [] as number[] };
    const shape = (res: Awaited<ReturnType<typeof recover>>) => ({
      status: res.status,
      body: withoutRequestId(res.body), // a new id each request: the one difference allowed
      headers: [...res.headers.keys()].filter((h) => h !== 'date').sort(),
    });
    const seen: Record<'known' | 'unknown', unknown[]> = { known: [], unknown: [] };
    const stranger = email('stranger');
    for (let i = 0; i < 6; i += 1) {
      for (const kind of (i % 2 ? ['known', 'unknown'] : ['unknown', 'known']) as Array<
        'known' | 'unknown'
      >) {
        const started = performance.now();
        const res = await recover(kind === 'known' ? learner.email : stranger);
        timings[kind].push(performance.now() - started);
        seen[kind].push(shape(res));
      }
    }
    // Five a minute for both, then the same refusal: the limit does not tell them apart either.
    expect(seen.unknown).toEqual(seen.known);
    expect(seen.known.map((s) => (s as { status: number }).status)).toEqual([204, 204, 204, 204, 204, 429]);
    for (let i = 0; i < 6; i += 1) tally.attack('account enumeration by reset request', true);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
    tally.figure(`${driver}: median ms, reset for a registered e-mail`, median(timings.known));
    tally.figure(`${driver}: median ms, reset for an unknown e-mail`, median(timings.unknown));
    server.clock.advance(2 * MINUTE);
    expect(links(stranger, 'reset')).toEqual([]);
    expect(links(learner.email, 'reset').length).toBe(5);
    void PASSWORD;
  });
});
