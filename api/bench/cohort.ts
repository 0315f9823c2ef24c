// `npm run bench:load`: a simulated cohort against the real API on real PostgreSQL. 10,000 learners,
// 500 active at once, each reading progress, completing lessons and answering the final quiz for a
// bounded time, from a second process on loopback. Prints req/s and p50/p95/p99 per call, errors,
// the database's rows against what the server acknowledged, and progress-read throughput against a
// bare Express JSON endpoint measured in the same run. Not part of `npm test`.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { hashPassword } from '../src/auth/passwords';
import { scratchDatabase } from '../src/test/scratchDatabase';
import { type CpuSnapshot, describe as describeCpu, snapshot } from './cpuSample';

const out = (line = '') => process.stdout.write(`${line}\n`);
const TOTAL = Number(process.env.BENCH_LEARNERS ?? 10_000);
const ACTIVE = Number(process.env.BENCH_ACTIVE ?? 500);
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
/** Pause between a learner's actions (ms, ±50%); 0 = every learner fires back to back (a stress test). */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 2000);
const PASSWORD = 'Cohort-Bench-2026';
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess) {
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within 90 s`);
}

const scratch = await scratchDatabase(adminUrl, 'ck_cohort');
const name = scratch.name;
const sql = postgres(scratch.url, { max: 4, onnotice: () => {} });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-cohort-'));
const children: ChildProcess[] = [];

try {
  const [apiPort, barePort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const bareUrl = `http://127.0.0.1:${barePort}`;
  // node --import tsx (not the tsx CLI): the child's pid is the server's, for the CPU figures.
  const apiProcess = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(apiPort),
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(apiProcess);
  const bare = spawn(
    process.execPath,
    ['-e', `require('express')().get('/', (_q, r) => r.json({ ok: true })).listen(${barePort}, '127.0.0.1')`],
    { cwd: path.join(root, 'api'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(bare);
  await waitFor(`${apiUrl}/api/health`, apiProcess);
  await waitFor(bareUrl, bare);

  // 10,000 learners, one shared argon2id hash (the API verifies it like any other).
  const hash = await hashPassword(PASSWORD);
  const now = new Date();
  for (let start = 0; start < TOTAL; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, TOTAL - start) }, (_, i) => ({
      id: randomUUID(),
      email: `cohort.${start + i}@bench.example`,
      password_hash: hash,
      name: `Cohort Learner ${start + i}`,
      email_confirmed_at: now,
      created_at: now,
      updated_at: now,
    }));
    await sql`insert into users ${sql(rows)}`;
    await sql`insert into user_roles ${sql(rows.map((r) => ({ user_id: r.id, role: 'user' })))}`;
  }

  out(
    `\nCourseKit cohort load: ${TOTAL} learners, ${ACTIVE} active at once for ${DURATION} s, ${THINK_MS} ms ±50% between a learner's actions, on PostgreSQL (${name}); ` +
      `the load runs in a second process on loopback, ${os.cpus().length} cores shared with the server.\n`,
  );
  const backendPids = async () =>
    (await sql<Array<{ pid: number }>>`select pid from pg_stat_activity where datname = ${name}`).map(
      (r) => r.pid,
    );
  const cpu: CpuSnapshot[] = [];
  const loader = spawn(
    process.execPath,
    [
      tsx,
      fileURLToPath(new URL('./cohortLoad.ts', import.meta.url)),
      apiUrl,
      bareUrl,
      String(DURATION),
      String(ACTIVE),
      String(TOTAL),
      PASSWORD,
      String(THINK_MS),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  loader.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  loader.stderr.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.startsWith('phase ')) {
        void backendPids().then((pids) => cpu.push(snapshot(apiProcess.pid!, pids)));
      } else if (line.trim()) process.stderr.write(`${line}\n`);
    }
  });
  const code = await new Promise<number | null>((resolve) => loader.once('exit', resolve));
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  const r = JSON.parse(stdout) as {
    learners: number;
    durationMs: number;
    calls: Record<string, { count: number; p50: number; p95: number; p99: number }>;
    errors: Record<string, number>;
    acknowledged: { completions: string[]; answers: number; attempts: number };
    bareRps: number;
    progressRps: number;
  };

  const labels: Record<string, string> = {
    signin: 'POST /auth/signin (setup)',
    progress: 'GET /progress',
    complete: 'PUT /progress/lessons/:key',
    start: 'POST /quizzes/:id/attempts',
    answer: 'POST /attempts/:id/answers',
    finish: 'POST /attempts/:id/complete',
  };
  out(
    `${'call'.padEnd(30)}${'requests'.padStart(9)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}`,
  );
  for (const [kind, s] of Object.entries(r.calls)) {
    const rps = kind === 'signin' ? '—' : (s.count / (r.durationMs / 1000)).toFixed(0);
    out(
      `${labels[kind]!.padEnd(30)}${String(s.count).padStart(9)}${rps.padStart(8)}${s.p50.toFixed(1).padStart(9)}${s.p95.toFixed(1).padStart(9)}${s.p99.toFixed(1).padStart(9)}`,
    );
  }
  const errorCount = Object.values(r.errors).reduce((a, b) => a + b, 0);
  out(
    `\nlearners signed in: ${r.learners} of ${ACTIVE}; errors: ${errorCount}${errorCount ? ` ${JSON.stringify(r.errors)}` : ''}`,
  );

  // What the database holds against what the server acknowledged.
  const [progressRows] = await sql`
    select count(*)::int as n from user_progress p join users u on u.id = p.user_id
    where u.email like 'cohort.%' and p.completed`;
  const [answerRows] = await sql`
    select coalesce(sum((select count(*) from jsonb_object_keys(a.answers))), 0)::int as n,
           count(*) filter (where a.completed_at is not null)::int as completed
    from quiz_attempts a join users u on u.id = a.user_id where u.email like 'cohort.%'`;
  const ackCompletions = r.acknowledged.completions.length;
  out(
    `lesson completions: acknowledged (distinct learner+lesson) ${ackCompletions}, rows in user_progress ${progressRows!.n} — ${ackCompletions === progressRows!.n ? 'match' : 'MISMATCH'}`,
  );
  out(
    `quiz answers: acknowledged ${r.acknowledged.answers}, stored in attempts ${answerRows!.n} — ${r.acknowledged.answers === answerRows!.n ? 'match' : 'MISMATCH'}`,
  );
  out(
    `completed attempts: acknowledged ${r.acknowledged.attempts}, stored ${answerRows!.completed} — ${r.acknowledged.attempts === answerRows!.completed ? 'match' : 'MISMATCH'}`,
  );
  out(
    `\nprogress read ${r.progressRps.toFixed(0)} req/s vs bare Express JSON ${r.bareRps.toFixed(0)} req/s, same ${r.learners} connections: ratio ${(r.progressRps / r.bareRps).toFixed(2)} (goal ≥ 0.3)`,
  );
  out('goals: zero errors, zero lost writes, p99 of progress read and lesson completion ≤ 50 ms');
  if (cpu.length === 2) out(describeCpu(cpu[0]!, cpu[1]!));
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await sql.end({ timeout: 5 });
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
