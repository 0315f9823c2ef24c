import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../faults/apiProcess';
import {
  completedInDatabase,
  lessonKeys,
  missing,
  runLearners,
  signUpLearners,
  sleep,
} from '../faults/learners';
import type { Nginx } from './nginx';
import { openStreams } from './streams';
import { startThreeInstances, type ThreeInstances } from './threeInstances';

// `npm run test:cluster`: three API instances on one PostgreSQL behind nginx, a cohort
// of learners through nginx; one instance is SIGKILLed and restarted, then all three are restarted
// one by one with SIGTERM. Prints acknowledged writes against rows found, learners' errors, event
// streams reconnected, and a maintenance switch made on one instance reaching learners on all three.

const out = (line: string) => process.stdout.write(`  [cluster] ${line}\n`);
const LEARNERS = Number(process.env.CLUSTER_LEARNERS ?? 90);
const STREAMS = Number(process.env.CLUSTER_STREAMS ?? 24);
// Each learner completes a new lesson every ~2.4 s: the course's lessons last through the whole run,
// so every write acknowledged during the kill and the restarts is a new row to look for.
const THINK_MS = 2_400;
const METRICS_TOKEN = 'cluster-test-metrics-token-0123456789';

describe('three API instances behind nginx on one PostgreSQL', () => {
  let cluster: ThreeInstances;
  let nginx: Nginx;
  let instances: ThreeInstances['instances'];
  const start = (i: number) => cluster.start(i);
  const upstreams = (down?: number) => cluster.upstreams(down);
  const name = (upstream: string) => cluster.name(upstream);

  beforeAll(async () => {
    cluster = await startThreeInstances('ck_cluster', { METRICS_TOKEN });
    ({ nginx, instances } = cluster);
  });
  afterAll(() => cluster?.close());

  it('loses no acknowledged write through a SIGKILL and a rolling restart, and keeps every learner streaming', async () => {
    const api = `${nginx.url}/api`;
    const learners = await signUpLearners(api, LEARNERS, 'cluster');
    const keys = await lessonKeys(api, learners[0]!.token);
    const sse = openStreams(`${api}/settings/stream`, STREAMS);
    await sleep(1_000);
    out(
      `${LEARNERS} learners and ${STREAMS} settings streams through nginx (${nginx.url}), least_conn over A, B, C`,
    );
    out(`streams per instance: ${[...sse.byUpstream()].map(([u, n]) => `${name(u)} ${n}`).join(', ')}`);

    const run = runLearners(() => api, learners, keys, THINK_MS, { resendClosedConnections: true });
    await sleep(4_000);
    const scraped = await Promise.all(
      instances.map(async (instance) => {
        const text = await (
          await fetch(`${instance!.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        ).text();
        const line = text
          .split('\n')
          .find((l) =>
            l.startsWith(
              'coursekit_http_requests_total{method="PUT",route="/api/progress/lessons/:lessonKey",status="200"}',
            ),
          );
        return Number(line?.split(' ').pop() ?? 0);
      }),
    );
    out(
      `GET /metrics on each instance during the load: lesson completions answered 200 — A ${scraped[0]}, B ${scraped[1]}, C ${scraped[2]}`,
    );
    expect(scraped.every((n) => n > 0)).toBe(true);

    // SIGKILL B: what it had in flight may fail; nothing acknowledged may be lost.
    const onB = sse.streams.filter((s) => name(s.upstream) === 'B');
    const killedAt = performance.now();
    instances[1]!.child.kill('SIGKILL');
    await instances[1]!.exited;
    await sleep(3_000);
    await start(1);
    const restartedAt = performance.now();
    await sleep(4_000); // streams come back after the server's retry pause (3 s)
    const killErrors = run.outcome.failures.filter(
      (f) => f.startedAt >= killedAt - 1_000 && f.startedAt <= restartedAt,
    );
    const movedOff = onB.filter((s) => s.reconnects > 0);
    out(
      `SIGKILL of B with learners in flight: ${killErrors.length} learner requests failed between the kill and B's restart ` +
        `(${[...new Set(killErrors.map((f) => f.status || 'no answer'))].join(', ') || 'none'}); ` +
        `B was back and ready ${((restartedAt - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
    out(
      `settings streams on B at the kill: ${onB.length}; reconnected through nginx: ${movedOff.length} (now on ${[
        ...new Set(movedOff.map((s) => name(s.upstream))),
      ].join(', ')})`,
    );

    // Rolling restart: take each instance out of nginx, SIGTERM it (it drains), start it, wait until it
    // is ready, put it back.
    const rollingFrom = performance.now();
    const codes: Array<number | null> = [];
    for (let i = 0; i < 3; i++) {
      await nginx.setUpstreams(upstreams(i));
      const instance = instances[i]!;
      instance.child.kill('SIGTERM');
      codes.push(await instance.exited);
      await start(i);
      await nginx.setUpstreams(upstreams());
    }
    const rollingTo = performance.now();
    await sleep(4_000);
    const outcome = await run.stop();
    const rollingErrors = outcome.failures.filter(
      (f) => f.startedAt >= rollingFrom && f.startedAt <= rollingTo,
    );
    const otherErrors = outcome.failures.filter(
      (f) =>
        !(f.startedAt >= killedAt - 1_000 && f.startedAt <= restartedAt) &&
        !(f.startedAt >= rollingFrom && f.startedAt <= rollingTo),
    );
    out(
      `rolling SIGTERM restart of A, B, C (${((rollingTo - rollingFrom) / 1000).toFixed(1)} s): exit codes ${codes.join(', ')}; ` +
        `learner errors during it ${rollingErrors.length}, outside the kill and the restart ${otherErrors.length}` +
        `${rollingErrors.length + otherErrors.length ? ` (${[...new Set([...rollingErrors, ...otherErrors].map((f) => `${f.status} ${f.message}`))].join('; ')})` : ''}`,
    );
    out(
      `requests resent at once, as a browser does, because nginx closed an idle keep-alive connection under them at a reload: ${outcome.resent}`,
    );
    const reconnected = sse.streams.filter((s) => s.reconnects > 0).length;
    out(
      `settings streams reconnected after an instance went away: ${reconnected} of ${STREAMS} (${sse.streams.reduce((n, s) => n + s.reconnects, 0)} reconnections in all)`,
    );

    const sql = postgres(cluster.database.url, { max: 1, onnotice: () => {} });
    const found = await completedInDatabase(sql, learners);
    await sql.end();
    const lost = missing(outcome.acknowledged, found);
    const during = (from: number, to: number) =>
      outcome.successes.filter((x) => x.startedAt >= from && x.startedAt <= to).length;
    out(
      `lesson completions acknowledged ${outcome.acknowledged.size} (${during(killedAt, restartedAt)} between B's kill and its restart, ` +
        `${during(rollingFrom, rollingTo)} during the rolling restart), rows found ${found.size}, acknowledged but missing ${lost.length}`,
    );
    expect(outcome.tried.size).toBeLessThan(LEARNERS * keys.length); // nobody ran out of new lessons
    expect(during(rollingFrom, rollingTo)).toBeGreaterThan(0);

    // Maintenance switched on through instance A alone reaches learners streaming from A, B and C.
    for (let tries = 0; tries < 6 && sse.byUpstream().size < 3; tries++) {
      sse.add(); // least_conn sends a new stream to the instance with the fewest
      await sleep(500);
    }
    await sleep(500);
    const signIn = await fetch(`${instances[0]!.api}/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { access_token: token } = await signIn.json();
    const sentAt = performance.now();
    const res = await fetch(`${instances[0]!.api}/admin/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ maintenance_mode: true }),
    });
    expect(res.status).toBe(200);
    await sleep(1_500);
    const reached = sse.streams.filter((s) => s.events.some((e) => e.maintenance && e.at >= sentAt));
    const slowest = Math.max(
      ...reached.map((s) => s.events.find((e) => e.maintenance && e.at >= sentAt)!.at - sentAt),
    );
    const instancesReached = new Set(reached.map((s) => name(s.upstream)));
    out(
      `maintenance on via instance A: reached ${reached.length} of ${sse.streams.length} streams, on instances ${[...instancesReached].sort().join(', ')}, the last ${slowest.toFixed(0)} ms after the request`,
    );
    await fetch(`${instances[0]!.api}/admin/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ maintenance_mode: false }),
    });
    sse.stop();

    expect(lost).toEqual([]);
    expect(codes).toEqual([0, 0, 0]);
    expect(rollingErrors).toEqual([]);
    // At most what was in flight on B when it died: each learner has one request at a time.
    expect(killErrors.length).toBeLessThanOrEqual(LEARNERS);
    expect(onB.length === 0 || movedOff.length === onB.length).toBe(true);
    expect([...instancesReached].sort()).toEqual(['A', 'B', 'C']);
    expect(reached.length).toBe(sse.streams.length);
  });
});
