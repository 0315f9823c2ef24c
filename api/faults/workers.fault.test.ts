import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchDatabase, scratchDatabase } from '../src/test/scratchDatabase';
import { type ApiProcess, freePort, startApi } from './apiProcess';
import { out, sleep } from './learners';
import { type PostgresServer, startPostgresServer } from './postgresServer';

// `npm start` on PostgreSQL: a primary and one API worker per core (here WEB_CONCURRENCY=2). A
// worker that dies is replaced; the metrics are of all workers; SIGTERM stops them all gracefully.
// LOG_LEVEL=info: the request log's lines name the worker (pid) that answered.

/** The pids of the processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** One GET on a new connection each time, so the primary hands each to the next worker. */
const get = (url: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });

describe('npm start with several workers', () => {
  let pg: PostgresServer;
  let database: ScratchDatabase;
  let api: ApiProcess;
  let metricsUrl: string;
  beforeAll(async () => {
    pg = await startPostgresServer();
    database = await scratchDatabase(pg.url, 'workers_case');
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    api = await startApi(
      {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
      },
      { waitFor: '/api/health/ready' },
    );
  });
  afterAll(async () => {
    await api?.stop();
    await database?.drop();
    await pg?.destroy();
  });

  /** Request-log lines of one worker that contain `text`. */
  const logLines = (pid: number, text: string) =>
    api
      .output()
      .split('\n')
      .filter((line) => line.includes(`"pid":${pid},`) && line.includes(text)).length;

  it('serves from every worker, counts all of them, replaces a dead one, and stops them all on SIGTERM', async () => {
    const primary = api.child.pid!;
    const banner = /workers {11}2 \(one per core; WEB_CONCURRENCY overrides\)/;
    for (let i = 0; i < 120 && !banner.test(api.output()); i++) await sleep(250); // once both listen
    const workers = childrenOf(primary);
    expect(workers).toHaveLength(2);
    expect(api.output()).toMatch(banner);

    for (let i = 0; i < 20; i++) expect(await get(`${api.api}/health/live`)).toBe(200);
    const metrics = await (await fetch(metricsUrl)).text();
    const served = Number(
      /coursekit_http_requests_total\{method="GET",route="\/api\/health\/live",status="200"\} (\d+)/.exec(
        metrics,
      )?.[1],
    );
    const perWorker = /coursekit_process_cpu_user_seconds_total (\S+)/.test(metrics);
    out(
      `2 workers (pids ${workers.join(', ')}) under primary ${primary}; /metrics on METRICS_PORT counts ${served} of the 20 requests`,
    );
    const answered = (pid: number) =>
      api
        .output()
        .split('\n')
        .filter((line) => line.includes(`"pid":${pid},`) && line.includes('"route":"/api/health/live"'))
        .length;
    expect(workers.map(answered).every((n) => n > 0)).toBe(true); // the primary hands connections round
    expect(served).toBe(20); // both workers' counts, summed by the primary
    expect(perWorker).toBe(true);

    process.kill(workers[0]!, 'SIGKILL');
    let replaced: number[] = [];
    for (let i = 0; i < 120; i++) {
      replaced = childrenOf(primary);
      if (replaced.length === 2 && !replaced.includes(workers[0]!)) break;
      await sleep(250);
    }
    expect(replaced).toHaveLength(2);
    expect(replaced).not.toContain(workers[0]);
    const fresh = replaced.find((p) => !workers.includes(p))!;
    // New connections go round the workers: the new one answers once it listens.
    const servedByFresh = () => logLines(fresh, '"msg":"request"') > 0;
    for (let i = 0; i < 120 && !servedByFresh(); i++) {
      expect(await get(`${api.api}/health/ready`)).toBe(200);
      await sleep(250);
    }
    expect(servedByFresh()).toBe(true);
    expect((await fetch(metricsUrl)).status).toBe(200);
    out(
      `worker ${workers[0]} SIGKILLed: the primary started ${fresh}, which now answers; every request answered`,
    );

    api.child.kill('SIGTERM');
    const code = await api.exited;
    expect(code, api.output()).toBe(0);
    expect(replaced.filter((pid) => childrenOf(primary).includes(pid) || alive(pid))).toEqual([]);
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
