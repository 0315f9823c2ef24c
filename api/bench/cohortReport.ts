// What `npm run bench:load` prints of one step: a line per step in a sweep, else the per-call table
// and the checks, for the steady cohort or the exam burst.
import { type CpuUse, describe as describeCpu } from './cpuSample';

export type Scenario = 'steady' | 'exam';

export interface StepResult {
  learners: number;
  durationMs: number;
  calls: Record<string, { count: number; p50: number; p95: number; p99: number }>;
  errors: Record<string, number>;
  timeline: {
    worst: Array<{ second: number; calls: number; slow: number; max: number }>;
    slowCalls: number;
    slowInWorstTenth: number;
  };
  acknowledged: { completions: string[]; answers: number; attempts: number };
  bareRps: number | null;
  progressRps: number | null;
}

/** What the API's PostgreSQL backends were doing while not idle, sampled during the load. */
export type WaitSamples = Map<string, number>;

/** The stalls and the database's waits of one step, in a line or two. */
export function whereTimeGoes(r: StepResult, waits: WaitSamples | undefined): string {
  const t = r.timeline;
  const worst = t.worst
    .map((s) => `s${s.second} max ${s.max.toFixed(0)} ms (${s.slow}/${s.calls} slow)`)
    .join(', ');
  const total = waits ? [...waits.values()].reduce((a, b) => a + b, 0) : 0;
  const waiting = waits
    ? [...waits.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([what, n]) => `${what} ${((n / total) * 100).toFixed(0)}%`)
        .join(', ')
    : '';
  return (
    `  calls over 50 ms: ${t.slowCalls}, ${(t.slowInWorstTenth * 100).toFixed(0)}% of them in the worst tenth of the seconds; slowest seconds: ${worst}` +
    (waits ? `\n  PostgreSQL backends not idle, ${total} samples: ${waiting || 'none'}` : '')
  );
}

export interface Stored {
  completions: number;
  answers: number;
  attempts: number;
}

export const GOALS = {
  steady: 'p99 ≤ 50 ms for progress read and lesson completion, 0 errors, 0 lost writes',
  exam: 'quiz start p99 ≤ 1 s, answer p99 ≤ 100 ms, 0 errors, every acknowledged answer and attempt stored',
} as const;

/** Whether a step holds its scenario's goal. */
export function holds(scenario: Scenario, r: StepResult, errors: number, lost: number): boolean {
  if (errors > 0 || lost > 0) return false;
  const p99 = (call: string) => r.calls[call]?.p99 ?? Number.POSITIVE_INFINITY;
  return scenario === 'steady'
    ? p99('progress') <= 50 && p99('complete') <= 50
    : p99('start') <= 1000 && p99('answer') <= 100;
}

const LABELS: Record<string, string> = {
  progress: 'GET /progress',
  complete: 'PUT /progress/lessons/:key',
  start: 'POST /quizzes/:id/attempts',
  answer: 'POST /attempts/:id/answers',
  finish: 'POST /attempts/:id/complete',
};

const cpuPart = (use: CpuUse | undefined, requests: number) =>
  use
    ? `, API ${((use.apiMs / use.wallMs) * 100).toFixed(0)}% of a core (${(use.apiMs / requests).toFixed(2)} ms CPU/request), ` +
      `its PostgreSQL ${((use.backendMs / use.wallMs) * 100).toFixed(0)}%, machine ${(use.machineBusy * 100).toFixed(0)}% busy, load average ${use.loadavg[1].toFixed(1)}`
    : '';

/** One line of a sweep. */
export function sweepLine(
  scenario: Scenario,
  active: number,
  r: StepResult,
  errors: number,
  lost: number,
  use: CpuUse | undefined,
): string {
  const requests = Object.values(r.calls).reduce((a, s) => a + s.count, 0);
  const calls =
    scenario === 'steady'
      ? `progress p99 ${r.calls.progress?.p99.toFixed(1)} ms, completion p99 ${r.calls.complete?.p99.toFixed(1)} ms`
      : `start p50/p99 ${r.calls.start?.p50.toFixed(0)}/${r.calls.start?.p99.toFixed(0)} ms, answer p50/p99 ` +
        `${r.calls.answer?.p50.toFixed(1)}/${r.calls.answer?.p99.toFixed(1)} ms, complete p99 ${r.calls.finish?.p99.toFixed(1)} ms`;
  return (
    `${scenario.padEnd(6)} ${String(active).padStart(6)} learners: ${calls}, ` +
    `${(requests / (r.durationMs / 1000)).toFixed(0)} req/s, errors ${errors}${errors ? ` ${JSON.stringify(r.errors)}` : ''}, lost writes ${lost}` +
    cpuPart(use, requests) +
    ` — ${holds(scenario, r, errors, lost) ? 'holds' : 'misses'} the goal`
  );
}

/** The full report of a single step. */
export function stepReport(
  scenario: Scenario,
  r: StepResult,
  acknowledged: { completions: number; answers: number; attempts: number },
  stored: Stored,
  errors: number,
  use: CpuUse | undefined,
): string[] {
  const lines: string[] = [];
  const requests = Object.values(r.calls).reduce((a, s) => a + s.count, 0);
  lines.push(
    `${'call'.padEnd(30)}${'requests'.padStart(9)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}`,
  );
  for (const [kind, s] of Object.entries(r.calls)) {
    const rps = (s.count / (r.durationMs / 1000)).toFixed(0);
    lines.push(
      `${LABELS[kind]!.padEnd(30)}${String(s.count).padStart(9)}${rps.padStart(8)}${s.p50.toFixed(1).padStart(9)}${s.p95.toFixed(1).padStart(9)}${s.p99.toFixed(1).padStart(9)}`,
    );
  }
  lines.push(
    `\nlearners: ${r.learners}; ${(r.durationMs / 1000).toFixed(1)} s; errors: ${errors}${errors ? ` ${JSON.stringify(r.errors)}` : ''}`,
  );
  const match = (a: number, b: number) => (a === b ? 'match' : 'MISMATCH');
  if (scenario === 'steady')
    lines.push(
      `lesson completions: acknowledged (distinct learner+lesson) ${acknowledged.completions}, rows in user_progress ${stored.completions} — ${match(acknowledged.completions, stored.completions)}`,
    );
  lines.push(
    `quiz answers: acknowledged ${acknowledged.answers}, stored in attempts ${stored.answers} — ${match(acknowledged.answers, stored.answers)}`,
    `completed attempts: acknowledged ${acknowledged.attempts}, stored ${stored.attempts} — ${match(acknowledged.attempts, stored.attempts)}`,
  );
  if (r.progressRps !== null && r.bareRps !== null) {
    lines.push(
      `\nprogress read ${r.progressRps.toFixed(0)} req/s vs bare Express JSON ${r.bareRps.toFixed(0)} req/s, same ${r.learners} connections: ratio ${(r.progressRps / r.bareRps).toFixed(2)} (goal ≥ 0.3)`,
    );
  }
  lines.push(
    `goals: ${GOALS[scenario]} — ${holds(scenario, r, errors, 0) ? 'held' : 'missed'} (latency part)`,
  );
  if (use) {
    lines.push(describeCpu(use));
    lines.push(
      `API CPU per request during the load: ${(use.apiMs / requests).toFixed(2)} ms (${requests} requests)`,
    );
  }
  return lines;
}
