// `npm run bench:load`: a simulated cohort against the real API on real PostgreSQL. 10,000 learners,
// 500 active at once, each reading progress, completing lessons and answering the final quiz for a
// bounded time, from a second process on loopback. Prints p50/p95/p99 per call, errors, the
// database's rows against what the server acknowledged, the API's CPU per request, and progress-read
// throughput against a bare Express JSON endpoint measured in the same run. Not part of `npm test`.
//
// BENCH_SCENARIO=exam: the exam burst instead: every active learner starts the seed course's final
// quiz at a random moment of a window (BENCH_WINDOW s, default 10), answers each question after a
// pause (BENCH_THINK_MS) and completes it. BENCH_SCENARIO=steady,exam runs both.
// BENCH_ACTIVE=500,1000,2000,3000 sweeps: one run per count on the same API, then the highest count
// that held the goal, per scenario. BENCH_CPU_PROF=<dir> runs the API under `node --cpu-prof` and summarises the
// profiles. WEB_CONCURRENCY is passed to the API (its number of workers).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { hashPassword } from '../src/auth/passwords';
import { signAccessToken } from '../src/auth/tokens';
import type { AppContext } from '../src/context';
import { freePort } from '../src/test/apiProcess';
import { scratchDatabase } from '../src/test/scratchDatabase';
import type { LoadPlan } from './cohortLoad';
import {
  GOALS,
  holds,
  type Scenario,
  type StepResult,
  stepReport,
  sweepLine,
  type WaitSamples,
  whereTimeGoes,
} from './cohortReport';
import { summariseProfiles } from './cpuProfile';
import { type CpuSnapshot, cpuUse, snapshot } from './cpuSample';

const out = (line = '') => process.stdout.write(`${line}\n`);
const TOTAL = Number(process.env.BENCH_LEARNERS ?? 10_000);
const STEPS = (process.env.BENCH_ACTIVE ?? '500').split(',').map((n) => Number(n.trim()));
const SCENARIOS = (process.env.BENCH_SCENARIO ?? 'steady').split(',').map((s) => s.trim()) as Scenario[];
for (const scenario of SCENARIOS)
  if (scenario !== 'steady' && scenario !== 'exam')
    throw new Error(`BENCH_SCENARIO: steady or exam, not ${scenario}`);
const WINDOW_S = Number(process.env.BENCH_WINDOW ?? 10);
const SWEEP = STEPS.length > 1 || SCENARIOS.length > 1;
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
/** Pause between a learner's actions (ms, ±50%); 0 = every learner fires back to back (a stress test). */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 2000);
const PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const PASSWORD = 'Cohort-Bench-2026';
const JWT_SECRET = `cohort-bench-${randomUUID()}`;
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
/** BENCH_API_ROOT: the checkout whose API is measured (another commit's worktree, for before/after). */
const API_ROOT = process.env.BENCH_API_ROOT ? path.resolve(process.env.BENCH_API_ROOT) : root;

async function waitFor(url: string, child: ChildProcess) {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
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
  throw new Error(`${url} did not answer within 180 s`);
}

const scratch = await scratchDatabase(adminUrl, 'ck_cohort');
const name = scratch.name;
const sql = postgres(scratch.url, { max: 4, onnotice: () => {} });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-cohort-'));
const children: ChildProcess[] = [];
/** The load phases in µs of the monotonic clock, the clock V8 stamps profile samples with. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

const loadWindows: Array<[number, number]> = [];
try {
  const [apiPort, barePort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const bareUrl = `http://127.0.0.1:${barePort}`;
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  // node --import tsx (not the tsx CLI): the child's pid is the server's (or its cluster primary's).
  const apiProcess = spawn(
    process.execPath,
    [
      ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
      '--conditions=source',
      '--import',
      'tsx',
      'api/src/main.ts',
    ],
    {
      cwd: API_ROOT,
      env: {
        ...process.env,
        PORT: String(apiPort),
        DATABASE_URL: scratch.url,
        DATA_DIR: dataDir,
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(apiProcess);
  let banner = '';
  apiProcess.stdout!.on('data', (chunk) => {
    banner += chunk;
  });
  const bare = spawn(
    process.execPath,
    ['-e', `require('express')().get('/', (_q, r) => r.json({ ok: true })).listen(${barePort}, '127.0.0.1')`],
    { cwd: path.join(root, 'api'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(bare);
  await waitFor(`${apiUrl}/api/health`, apiProcess);
  await waitFor(bareUrl, bare);
  // The banner comes once every worker listens (the first one answering health is not the last).
  for (const until = Date.now() + 60_000; !/workers\s+\d+/.test(banner) && Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const workers = /workers\s+(\d+)/.exec(banner)?.[1] ?? '?';

  // 10,000 learners, one shared argon2id hash (the API verifies it like any other).
  const hash = await hashPassword(PASSWORD);
  const now = new Date();
  const ids: string[] = [];
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
    ids.push(...rows.map((r) => r.id));
    await sql`insert into users ${sql(rows)}`;
    await sql`insert into user_roles ${sql(rows.map((r) => ({ user_id: r.id, role: 'user' })))}`;
  }

  // Sign-in is argon2id, meant to be slow: a sample signs in through the API (its own figure), the
  // other sessions are opened in the database and their tokens signed with the API's key, which the
  // API then checks like any other.
  const signInMs: number[] = [];
  for (let i = 0; i < Math.min(20, TOTAL); i++) {
    const started = performance.now();
    const res = await fetch(`${apiUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `cohort.${i}@bench.example`, password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
    signInMs.push(performance.now() - started);
  }
  const chosen = new Set<number>();
  const most = Math.min(Math.max(...STEPS), TOTAL);
  while (chosen.size < most) chosen.add(Math.floor(Math.random() * TOTAL));
  const mintCtx = {
    clock: { now: () => Date.now() },
    config: { jwtSecret: JWT_SECRET, accessTokenTtl: 4 * 3600 },
  } as unknown as AppContext;
  const learners: LoadPlan['learners'] = [];
  for (const index of chosen) {
    const userId = ids[index]!;
    const sessionId = randomUUID();
    learners.push({
      userId,
      token: (await signAccessToken(mintCtx, { userId, sessionId, type: 'normal' })).token,
    });
    (learners.at(-1) as { sessionId?: string }).sessionId = sessionId;
  }
  for (let start = 0; start < learners.length; start += 1000) {
    const rows = learners.slice(start, start + 1000).map((l) => ({
      id: (l as { sessionId?: string }).sessionId!,
      user_id: l.userId,
      type: 'normal',
      created_at: now,
    }));
    await sql`insert into sessions ${sql(rows)}`;
  }

  out(
    `\nCourseKit cohort load (${SCENARIOS.join(', ')}; exam: the final quiz started within ${WINDOW_S} s): ` +
      `${TOTAL} learners, ${STEPS.join(', ')} active at once (steady: for ${DURATION} s each), ` +
      `${THINK_MS} ms ±50% between a learner's actions, on PostgreSQL (${name}); API workers: ${workers}; ` +
      `the load runs in a second process on loopback, ${os.cpus().length} cores shared with the server ` +
      `(load average before: ${os.loadavg()[0]!.toFixed(2)}).`,
  );
  const sorted = [...signInMs].sort((a, b) => a - b);
  out(
    `sign-in through the API (setup, ${sorted.length} in a row): p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms\n`,
  );

  const backendPids = async () =>
    (await sql<Array<{ pid: number }>>`select pid from pg_stat_activity where datname = ${name}`).map(
      (r) => r.pid,
    );
  const acknowledged = { completions: new Set<string>(), answers: 0, attempts: 0 };
  const passing = new Map<Scenario, number[]>(SCENARIOS.map((scenario) => [scenario, []]));
  const planFile = path.join(dataDir, 'plan.json');

  for (const scenario of SCENARIOS)
    for (const active of STEPS) {
      const plan: LoadPlan = {
        apiUrl,
        bareUrl: SWEEP || scenario === 'exam' ? undefined : bareUrl,
        scenario,
        durationMs: DURATION * 1000,
        windowMs: WINDOW_S * 1000,
        thinkMs: THINK_MS,
        learners: learners.slice(0, active).map(({ userId, token }) => ({ userId, token })),
      };
      writeFileSync(planFile, JSON.stringify(plan));
      const cpu: CpuSnapshot[] = [];
      // Every 250 ms of the load, what each of the API's backends that is not idle waits on.
      const waits: WaitSamples = new Map();
      let sampling: NodeJS.Timeout | undefined;
      const sampleWaits = async () => {
        const rows = await sql<Array<{ what: string }>>`
          select coalesce(wait_event_type || ':' || wait_event, 'on CPU') || ' (' || state || ')' as what
          from pg_stat_activity
          where datname = ${name} and state <> 'idle' and pid <> pg_backend_pid()`;
        for (const { what } of rows) waits.set(what, (waits.get(what) ?? 0) + 1);
      };
      const loader = spawn(
        process.execPath,
        [tsx, fileURLToPath(new URL('./cohortLoad.ts', import.meta.url)), planFile],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      loader.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      loader.stderr.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) {
          if (line.startsWith('phase load-start')) {
            loadWindows.push([monotonicUs(), Number.POSITIVE_INFINITY]);
            sampling = setInterval(() => void sampleWaits().catch(() => {}), 250);
          }
          if (line.startsWith('phase load-end')) {
            loadWindows.at(-1)![1] = monotonicUs();
            clearInterval(sampling);
          }
          if (line.startsWith('phase '))
            void backendPids().then((pids) => cpu.push(snapshot(apiProcess.pid!, pids)));
          else if (line.trim()) process.stderr.write(`${line}\n`);
        }
      });
      const code = await new Promise<number | null>((resolve) => loader.once('exit', resolve));
      clearInterval(sampling);
      if (code !== 0) throw new Error(`the load generator exited with ${code}`);
      const r = JSON.parse(stdout) as StepResult;
      for (const c of r.acknowledged.completions) acknowledged.completions.add(c);
      acknowledged.answers += r.acknowledged.answers;
      acknowledged.attempts += r.acknowledged.attempts;

      // What the database holds against what the server acknowledged (all steps so far).
      const [rows] = await sql<Array<{ completions: number; answers: number; attempts: number }>>`
        select (select count(*)::int from user_progress p join users u on u.id = p.user_id
                  where u.email like 'cohort.%' and p.completed) as completions,
               (select coalesce(sum((select count(*) from jsonb_object_keys(a.answers))), 0)::int
                  from quiz_attempts a join users u on u.id = a.user_id where u.email like 'cohort.%') as answers,
               (select count(*)::int from quiz_attempts a join users u on u.id = a.user_id
                  where u.email like 'cohort.%' and a.completed_at is not null) as attempts`;
      const lost =
        Math.max(0, acknowledged.completions.size - rows!.completions) +
        Math.max(0, acknowledged.answers - rows!.answers) +
        Math.max(0, acknowledged.attempts - rows!.attempts);
      const errorCount = Object.values(r.errors).reduce((a, b) => a + b, 0);
      const use = cpu.length === 2 ? cpuUse(cpu[0]!, cpu[1]!) : undefined;
      if (holds(scenario, r, errorCount, lost)) passing.get(scenario)!.push(active);
      if (SWEEP) {
        out(
          `${sweepLine(scenario, active, r, errorCount, lost, use)} (uptime load average ${os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')})`,
        );
        out(whereTimeGoes(r, waits));
        continue;
      }
      const counts = { ...acknowledged, completions: acknowledged.completions.size };
      for (const line of stepReport(scenario, r, counts, rows!, errorCount, use)) out(line);
      out(whereTimeGoes(r, waits));
    }
  if (SWEEP) {
    for (const scenario of SCENARIOS) {
      const held = passing.get(scenario)!;
      out(
        `\nhighest ${scenario} count holding ${GOALS[scenario]}: ${held.length ? Math.max(...held) : `none of ${STEPS.join(', ')}`}`,
      );
    }
  }
} finally {
  const api = children[0];
  for (const child of children) child.kill('SIGTERM');
  // The API writes its CPU profiles as it exits.
  if (api && api.exitCode === null) await new Promise((resolve) => api.once('exit', resolve));
  await new Promise((resolve) => setTimeout(resolve, 500));
  await sql.end({ timeout: 5 });
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (PROFILE_DIR) {
  const files = readdirSync(PROFILE_DIR).filter((f) => f.endsWith('.cpuprofile'));
  out(`\nCPU profiles in ${PROFILE_DIR}: ${files.join(', ')} (samples of the load phases only)`);
  out(
    summariseProfiles(
      files.map((f) => path.join(PROFILE_DIR, f)),
      loadWindows,
    ),
  );
}
