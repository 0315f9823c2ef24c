import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchDatabase, scratchDatabase } from '../src/test/scratchDatabase';
import { ADMIN, type ApiProcess, startApi } from './apiProcess';
import {
  completedInDatabase,
  lessonKeys,
  missing,
  out,
  runLearners,
  signUpLearners,
  sleep,
} from './learners';
import { type PostgresServer, startPostgresServer } from './postgresServer';

describe('PostgreSQL stopped and restarted while learners complete lessons', () => {
  let pg: PostgresServer;
  let database: ScratchDatabase;
  let api: ApiProcess;
  let url: string;
  beforeAll(async () => {
    pg = await startPostgresServer();
    database = await scratchDatabase(pg.url, 'restart_case');
    url = database.url;
    api = await startApi({ DATABASE_URL: url });
  });
  afterAll(async () => {
    await api?.stop();
    await database?.drop();
    await pg?.destroy();
  });

  it('answers 503 fast during the outage, recovers by itself, and keeps every acknowledged completion', async () => {
    const learners = await signUpLearners(api.api, 12, 'restart');
    const keys = await lessonKeys(api.api, learners[0]!.token);
    const signIn = await fetch(`${api.api}/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    const adminToken = (await signIn.json()).access_token as string;
    const stream = streamEvents(`${api.api}/settings/stream`);
    const run = runLearners(() => api.api, learners, keys, 150);
    await sleep(2_000);
    const before = run.outcome.acknowledged.size;

    const stoppedAt = performance.now();
    await pg.stop();
    await sleep(1_000);
    const health = await fetch(`${api.api}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'degraded', database: false });
    await sleep(2_000);
    await pg.start();
    const restartedAt = performance.now();

    // The API reconnects on its own: no restart, no call to it.
    let recoveredAt = 0;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && !recoveredAt; await sleep(100)) {
      if ((await fetch(`${api.api}/health`)).ok) recoveredAt = performance.now();
    }
    expect(recoveredAt).toBeGreaterThan(0);
    const afterRecovery = run.outcome.acknowledged.size;

    // The learner's settings stream stayed open through the outage and still hears a change.
    await sleep(1_500); // the LISTEN comes back after the pool (retried every 0.25-2 s)
    const switched = await fetch(`${api.api}/admin/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ maintenance_mode: true }),
    });
    expect(switched.status).toBe(200);
    expect(await stream.next((e) => e.maintenance_mode === true)).toBe(true);
    stream.close();
    await sleep(2_000);
    const outcome = await run.stop();
    expect(outcome.acknowledged.size).toBeGreaterThan(afterRecovery); // completions go on afterwards

    const during = outcome.failures.filter((f) => f.startedAt >= stoppedAt);
    expect(during.length).toBeGreaterThan(0);
    for (const failure of during) {
      expect(failure.status).toBe(503);
      expect(failure.message).toMatch(/^Service temporarily unavailable/);
    }
    const slowest = Math.max(...during.map((f) => f.ms));
    expect(slowest).toBeLessThan(5_000); // failing, not hanging (connect_timeout is 2 s)

    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const found = await completedInDatabase(sql, learners);
    await sql.end();
    const lost = missing(outcome.acknowledged, found);
    out(
      `outage ${((restartedAt - stoppedAt) / 1000).toFixed(1)} s, healthy again ${((recoveredAt - restartedAt) / 1000).toFixed(2)} s after restart; ` +
        `${during.length} requests failed during it, all 503, slowest answer ${slowest.toFixed(0)} ms, median ${median(during.map((f) => f.ms)).toFixed(0)} ms`,
    );
    out(
      `completions acknowledged ${outcome.acknowledged.size} (${before} before the stop), found in the database ${found.size}, ` +
        `acknowledged but missing ${lost.length}; written without an acknowledgement ${[...found].filter((id) => !outcome.acknowledged.has(id)).length}`,
    );
    expect(lost).toEqual([]);
  });
});

function median(list: number[]) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** An SSE reader of `event: settings` that a case can ask for the next matching event (5 s at most). */
function streamEvents(url: string) {
  const controller = new AbortController();
  const seen: Array<{ maintenance_mode: boolean }> = [];
  void (async () => {
    const res = await fetch(url, { signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (block.includes('event: settings') && data) seen.push(JSON.parse(data.slice(6)));
      }
    }
  })().catch(() => undefined);
  return {
    async next(match: (event: { maintenance_mode: boolean }) => boolean) {
      for (const deadline = Date.now() + 5_000; Date.now() < deadline; await sleep(50)) {
        if (seen.some(match)) return true;
      }
      return false;
    },
    close: () => controller.abort(),
  };
}
