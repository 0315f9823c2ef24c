import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchDatabase, scratchDatabase } from '../src/test/scratchDatabase';
import { type ApiProcess, startApi } from './apiProcess';
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

describe('SIGTERM under load', () => {
  let pg: PostgresServer;
  let database: ScratchDatabase;
  let api: ApiProcess;
  let url: string;
  beforeAll(async () => {
    pg = await startPostgresServer();
    database = await scratchDatabase(pg.url, 'sigterm_case');
    url = database.url;
    api = await startApi({ DATABASE_URL: url });
  });
  afterAll(async () => {
    await api?.stop();
    await database?.drop();
    await pg?.destroy();
  });

  it('finishes in-flight requests, refuses new ones, closes the streams and exits 0 losing nothing', async () => {
    const learners = await signUpLearners(api.api, 16, 'sigterm');
    const keys = await lessonKeys(api.api, learners[0]!.token);
    const stream = await fetch(`${api.api}/settings/stream`);
    const streamEnded = (async () => {
      const reader = stream.body!.getReader();
      while (!(await reader.read().catch(() => ({ done: true }))).done) {
        // events and heartbeats until the server ends the stream
      }
      return true;
    })();
    const run = runLearners(() => api.api, learners, keys, 0); // back to back: always requests in flight
    await sleep(2_000);

    const signalledAt = performance.now();
    api.child.kill('SIGTERM');
    const code = await api.exited;
    const exitedAt = performance.now();
    await sleep(500); // learners keep trying: the port is closed now
    const outcome = await run.stop();

    expect(code).toBe(0);
    expect(await streamEnded).toBe(true);
    const drained = outcome.successes.filter((s) => s.startedAt < signalledAt && s.endedAt > signalledAt);
    expect(drained.length).toBeGreaterThan(0);
    const answered5xx = outcome.failures.filter((f) => f.status >= 500);
    expect(answered5xx).toEqual([]);
    const refused = outcome.failures.filter((f) => f.status === 0);
    expect(refused.length).toBeGreaterThan(0);
    const refusedAfterExit = (await fetch(`${api.api}/health`).catch((e) => e)) instanceof Error;
    expect(refusedAfterExit).toBe(true);

    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const found = await completedInDatabase(sql, learners);
    await sql.end();
    const lost = missing(outcome.acknowledged, found);
    out(
      `SIGTERM with ${learners.length} learners firing back to back: exit code ${code} after ${(exitedAt - signalledAt).toFixed(0)} ms; ` +
        `${drained.length} requests in flight at the signal finished 2xx; ${refused.length} later ones refused (no connection), 0 answered 5xx; SSE stream closed`,
    );
    out(
      `completions acknowledged ${outcome.acknowledged.size}, found in the database ${found.size}, acknowledged but missing ${lost.length}`,
    );
    expect(lost).toEqual([]);
  });
});
