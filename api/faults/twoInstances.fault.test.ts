import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchDatabase, scratchDatabase } from '../src/test/scratchDatabase';
import { ADMIN, type ApiProcess, startApi } from './apiProcess';
import { out } from './learners';
import { type PostgresServer, startPostgresServer } from './postgresServer';

const post = (api: string, path: string, body: unknown, token?: string, method = 'POST') =>
  fetch(`${api}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** Resolves with the first `event: settings` whose data satisfies `match`, and when it arrived. */
async function nextSettings(res: Response, match: (s: { maintenance_mode: boolean }) => boolean) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended');
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      if (block.includes('event: settings') && data && match(JSON.parse(data.slice(6)))) {
        const arrivedAt = performance.now();
        await reader.cancel();
        return arrivedAt;
      }
    }
  }
}

describe('two API instances on one PostgreSQL', () => {
  let pg: PostgresServer;
  let database: ScratchDatabase;
  let a: ApiProcess;
  let b: ApiProcess;
  beforeAll(async () => {
    pg = await startPostgresServer();
    database = await scratchDatabase(pg.url, 'two_instances_case');
    const url = database.url;
    a = await startApi({ DATABASE_URL: url }); // migrates, loads the course, creates the admin
    b = await startApi({ DATABASE_URL: url });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    await pg?.destroy();
  });

  it('carries a maintenance switch made on one instance to a learner streaming from the other', async () => {
    const signIn = await post(a.api, '/auth/signin', { email: ADMIN.email, password: ADMIN.password });
    expect(signIn.status).toBe(200);
    const { access_token: token } = await signIn.json();
    const stream = await fetch(`${b.api}/settings/stream`);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const arrived = nextSettings(stream, (s) => s.maintenance_mode);
    await new Promise((r) => setTimeout(r, 300)); // the stream's first event (current settings) is in
    const sentAt = performance.now();
    const res = await post(a.api, '/admin/settings', { maintenance_mode: true }, token, 'PATCH');
    expect(res.status).toBe(200);
    const arrivedAt = await arrived;
    out(
      `maintenance on via instance A reached the settings stream on instance B ${(arrivedAt - sentAt).toFixed(0)} ms after the admin's request was sent (goal: within 1 s)`,
    );
    await post(a.api, '/admin/settings', { maintenance_mode: false }, token, 'PATCH');
  });

  it('holds the sign-in limit across instances: the 6th attempt in a minute, on the other one, is refused', async () => {
    const email = `limit.${Date.now().toString(36)}@faults.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await post(a.api, '/auth/signin', { email, password: 'Wrong-Password-1!' })).status);
    }
    const sixth = await post(b.api, '/auth/signin', { email, password: 'Wrong-Password-1!' });
    const body = await sixth.json();
    out(
      `sign-in attempts for one e-mail: 5 on instance A answered ${statuses.join(', ')}; the 6th on instance B answered ${sixth.status}`,
    );
    expect(statuses.every((s) => s !== 429)).toBe(true);
    expect(sixth.status).toBe(429);
    expect(body.error.code).toBe('rate_limited');
  });
});
