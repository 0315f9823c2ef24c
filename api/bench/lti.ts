// `npm run bench:lti`: LTI 1.3 in the test LMS (oidc-provider signs the id_tokens and checks the
// tool's client assertions; the harness's AGS gradebook takes the scores). Prints, with the load:
// - launch time, p50 and p95 over BENCH_LTI_LAUNCHES (50) launches: the LMS's login initiation, the
//   tool's redirect, the provider's id_token, the launch (session ready), and then the first
//   module's lessons as the player asks for them (first lesson's data served);
// - score delivery latency, p50 and p95, from a learner's lesson completion to the gradebook's
//   acceptance, over BENCH_LTI_LEARNERS (20) learners' lessons;
// - an outage: the gradebook answers 503 for BENCH_LTI_OUTAGE_S (60) seconds while the learners
//   complete their courses, then comes back; the outbox's own backoff (5 s, 30 s, 2 min…) delivers
//   what it held, and the bench counts final scores sent, held and lost (it waits at most 6 minutes).
// PGlite unless DATABASE_URL is set. Not part of `npm test`.
import { loadavg } from 'node:os';
import { and, asc, eq, sql } from 'drizzle-orm';
import { schema } from '../src/db/index';
import { call, defaultCourseId, signInAdmin, startServer, takeFinalQuiz } from '../src/test/harness';
import { startOidcPlatform } from '../src/test/oidcPlatform';

const LAUNCHES = Number(process.env.BENCH_LTI_LAUNCHES ?? 50);
const LEARNERS = Number(process.env.BENCH_LTI_LEARNERS ?? 20);
const OUTAGE_MS = Number(process.env.BENCH_LTI_OUTAGE_S ?? 60) * 1000;
const TOOL_URL = 'https://tool.bench';
const out = (line = '') => process.stdout.write(`${line}\n`);
const load = () =>
  `load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
const figures = (name: string, values: number[]) =>
  out(`${name}: p50 ${ms(pct(values, 50))}, p95 ${ms(pct(values, 95))} (n=${values.length})`);

async function until<T>(read: () => T | undefined | Promise<T | undefined>, limitMs: number) {
  const end = performance.now() + limitMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (performance.now() > end) return undefined;
    await new Promise((r) => setTimeout(r, 5));
  }
}

const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const server = await startServer(driver, { config: { publicUrl: TOOL_URL } });
const platform = await startOidcPlatform({ publicUrl: TOOL_URL, url: server.url });
try {
  out(`bench:lti on ${driver}, ${load()}`);
  const admin = (await signInAdmin(server)).token;
  const created = await call(server, 'POST', '/admin/lti/registrations', {
    token: admin,
    body: platform.registration(),
  });
  if (created.status !== 201) throw new Error(`registration: ${created.status}`);
  const db = server.database.db;
  const lessonKeys = (
    await db
      .select({ key: schema.lessons.lessonKey })
      .from(schema.lessons)
      .where(and(eq(schema.lessons.courseId, await defaultCourseId(db)), eq(schema.lessons.isActive, true)))
      .orderBy(asc(schema.lessons.id))
  ).map((l) => l.key!);

  // Launch time.
  const ready: number[] = [];
  const firstLesson: number[] = [];
  const browser = await platform.signIn('bench-launcher');
  for (let i = 0; i < LAUNCHES; i += 1) {
    const t0 = performance.now();
    const launch = await browser.launch({ resourceLinkId: `bench-launch-${i}` });
    if (launch.status !== 200 || !launch.data.token) throw new Error(`launch ${i}: ${launch.status}`);
    const t1 = performance.now();
    const lessons = await call(server, 'GET', '/modules/1/lessons', { token: launch.data.token });
    if (lessons.status !== 200 || lessons.body.length === 0) throw new Error(`lessons: ${lessons.status}`);
    ready.push(t1 - t0);
    firstLesson.push(performance.now() - t0);
  }
  figures('launch, login initiation to session ready', ready);
  figures('launch, login initiation to first lesson served', firstLesson);

  // Score delivery latency, gradebook up.
  const column = platform.addLineItem({ label: 'Bench', scoreMaximum: 100, resourceLinkId: 'bench-link' });
  const tokens: Array<{ sub: string; token: string }> = [];
  for (let i = 0; i < LEARNERS; i += 1) {
    const sub = `bench-learner-${i}`;
    const launch = await (await platform.signIn(sub)).launch({
      lineItem: column,
      resourceLinkId: 'bench-link',
    });
    tokens.push({ sub, token: launch.data.token! });
  }
  const latency: number[] = [];
  const received = (sub: string) => platform.scores().filter((s) => s.score.userId === sub);
  for (const { sub, token } of tokens) {
    for (const key of lessonKeys.slice(0, 2)) {
      const before = received(sub).length;
      const t0 = performance.now();
      await call(server, 'PUT', `/progress/lessons/${key}`, { token, body: { completed: true } });
      const arrived = await until(() => received(sub)[before], 10_000);
      if (!arrived) throw new Error(`a score of ${sub} did not arrive`);
      latency.push(arrived.receivedAt - t0);
    }
  }
  figures('score delivery, lesson completed to gradebook', latency);

  // The outage: the gradebook answers 503 while every learner completes the course.
  const outageStart = performance.now();
  platform.agsDown(503);
  for (const { token } of tokens) {
    for (const key of lessonKeys.slice(2)) {
      await call(server, 'PUT', `/progress/lessons/${key}`, { token, body: { completed: true } });
    }
    await takeFinalQuiz(server, token, true);
  }
  const completedAfter = performance.now() - outageStart;
  await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - completedAfter)));
  const heldRows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.ltiScoreSends)
    .where(eq(schema.ltiScoreSends.status, 'pending'));
  const held = Number(heldRows[0]!.n);
  const duringOutage = tokens.filter(({ sub }) =>
    received(sub).some((s) => s.score.gradingProgress === 'FullyGraded'),
  ).length;
  platform.agsDown(undefined);
  const back = performance.now();
  out(
    `outage: ${((back - outageStart) / 1000).toFixed(1)} s of 503; ${LEARNERS} learners completed in ${(completedAfter / 1000).toFixed(1)} s; ${held} scores held, ${duringOutage} final scores reached the gradebook while down`,
  );
  const finals = await until(() => {
    const arrived = tokens.filter(({ sub }) =>
      received(sub).some((s) => s.score.gradingProgress === 'FullyGraded' && s.receivedAt > back),
    ).length;
    return arrived === LEARNERS ? arrived : undefined;
  }, 360_000);
  const sent = tokens.filter(({ sub }) =>
    received(sub).some((s) => s.score.gradingProgress === 'FullyGraded' && s.receivedAt > back),
  ).length;
  out(
    `after the outage: ${sent} of ${LEARNERS} final scores sent in ${((performance.now() - back) / 1000).toFixed(1)} s (the outbox's backoff); lost: ${LEARNERS - sent}${finals === undefined ? ' (waited 6 minutes)' : ''}`,
  );
  out(`done, ${load()}`);
} finally {
  await platform.close();
  await server.close();
}
