// `npm run bench:analytics`: the admin Analytics tab at cohort size. Seeds BENCH_LEARNERS (10,000)
// learners on PostgreSQL (DATABASE_URL, default the local `test` server; a scratch database is
// created and dropped) with lessons completed in course order, pre-assessments and final-quiz
// attempts with answers stored per question, then times GET /admin/analytics/report and the
// progress CSV through the real API. Prints p50/max per call and the CSV's size. Not part of `npm test`.
import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { signInAdmin, startServer } from '../src/test/harness';
import { seedCohort } from './analyticsSeed';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 7);
const out = (line = '') => process.stdout.write(`${line}\n`);

const server = await startServer('postgres');
try {
  const seeded = performance.now();
  const counts = await seedCohort(server.database.db, LEARNERS);
  out(
    `seeded ${LEARNERS} learners, ${counts.progress} progress records, ${counts.attempts} attempts in ${Math.round(performance.now() - seeded)} ms`,
  );

  const { token } = await signInAdmin(server);
  const analytics = withHttpAdmin(createHttpAdapter({ baseUrl: server.api, getAccessToken: () => token }))
    .admin.analytics!;
  const time = async <T>(label: string, run: () => Promise<T>, describe: (value: T) => string) => {
    const ms: number[] = [];
    let last: T | undefined;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      last = await run();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    const p50 = ms[Math.floor(ms.length / 2)]!;
    out(
      `${label}: p50 ${p50.toFixed(0)} ms, max ${ms.at(-1)!.toFixed(0)} ms over ${RUNS} runs (${describe(last!)})`,
    );
  };
  await time(
    'GET /admin/analytics/report',
    () => analytics.report(),
    (r) =>
      `${r.learners.total} learners, ${r.learners.completedCourse} completed, pre avg ${r.scores.preAssessment.average}, final avg ${r.scores.final.average}`,
  );
  await time(
    'GET /admin/analytics/progress.csv',
    () => analytics.progressCsv(),
    (csv) => `${csv.split('\r\n').length - 2} rows, ${(csv.length / 1024).toFixed(0)} KiB`,
  );
} finally {
  await server.close();
}
