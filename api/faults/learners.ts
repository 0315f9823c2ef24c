// Simulated learners for the fault suite: each completes lessons one after another and keeps what
// the API acknowledged, what failed and how fast, so a case can compare them with the database.

export interface Learner {
  email: string;
  token: string;
  userId: string;
}

export interface Outcome {
  /** "userId lessonKey" of every completion answered 2xx. */
  acknowledged: Set<string>;
  /** Every completion tried, acknowledged or not (a failed one may still have been written). */
  tried: Set<string>;
  /** Answers that were not 2xx: status (0 = no HTTP answer), message, time to the answer. */
  failures: Array<{ status: number; message: string; ms: number; startedAt: number }>;
  /** Start and end times (performance.now()) of the 2xx answers. */
  successes: Array<{ startedAt: number; endedAt: number }>;
  /** Requests sent again at once because a reused keep-alive connection closed before any answer. */
  resent: number;
}

/**
 * A reused keep-alive connection that the other side closed before any answer: the request never
 * reached a server, and a browser sends it again on a new connection (Chromium does, for any method).
 * Node's fetch does not, so learners that stand for browsers do it themselves.
 */
const closedBeforeAnswer = (message: string) => /other side closed|ECONNRESET|socket hang up/.test(message);

const PASSWORD = 'Fault-Learner-2026!';

export async function signUpLearners(api: string, count: number, prefix: string): Promise<Learner[]> {
  const learners: Learner[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}.${i}.${Date.now().toString(36)}@faults.test`;
    const res = await fetch(`${api}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        name: `Fault Learner ${String.fromCharCode(65 + (i % 26))}`,
      }),
    });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
    learners.push({ email, token: body.session.access_token, userId: body.user.id });
  }
  return learners;
}

export async function lessonKeys(api: string, token: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${token}` };
  const modules = (await (await fetch(`${api}/modules`, { headers })).json()) as Array<{ id: number }>;
  const keys: string[] = [];
  for (const m of modules) {
    const lessons = (await (await fetch(`${api}/modules/${m.id}/lessons`, { headers })).json()) as Array<{
      lesson_key: string;
    }>;
    keys.push(...lessons.map((l) => l.lesson_key));
  }
  return keys;
}

/**
 * Every learner completes the next lesson, pauses `thinkMs`, and goes on until `stop()`; a failed
 * completion is tried again after the pause. `api()` is read per request (a case may switch it).
 * `resendClosedConnections`: behave as a browser when a load balancer closes an idle keep-alive
 * connection under a request (nginx does at a reload): send it again at once, counted in `resent`.
 */
export function runLearners(
  api: () => string,
  learners: Learner[],
  keys: string[],
  thinkMs: number,
  options: { resendClosedConnections?: boolean } = {},
) {
  const outcome: Outcome = {
    acknowledged: new Set(),
    tried: new Set(),
    failures: [],
    successes: [],
    resent: 0,
  };
  let running = true;
  const loops = learners.map(async (learner, index) => {
    let next = index;
    while (running) {
      const key = keys[next % keys.length]!;
      const id = `${learner.userId} ${key}`;
      outcome.tried.add(id);
      const startedAt = performance.now();
      let status = 0;
      let message = '';
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const res = await fetch(`${api()}/progress/lessons/${encodeURIComponent(key)}`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${learner.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ completed: true }),
            signal: AbortSignal.timeout(30_000),
          });
          status = res.status;
          const body = await res.json().catch(() => null);
          message = body?.error?.message ?? '';
        } catch (error) {
          message = (error as Error).cause ? String((error as Error).cause) : String(error);
        }
        if (status !== 0 || attempt > 0 || !options.resendClosedConnections || !closedBeforeAnswer(message))
          break;
        outcome.resent += 1;
      }
      const endedAt = performance.now();
      if (status >= 200 && status < 300) {
        outcome.acknowledged.add(id);
        outcome.successes.push({ startedAt, endedAt });
        next += 1;
      } else {
        outcome.failures.push({ status, message, ms: endedAt - startedAt, startedAt });
      }
      if (thinkMs > 0) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
    }
  });
  return {
    outcome,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcome;
    },
  };
}

/** The "userId lessonKey" pairs the database holds as completed for these learners. */
export async function completedInDatabase(
  sql: import('postgres').Sql,
  learners: Learner[],
): Promise<Set<string>> {
  const rows = await sql<Array<{ user_id: string; lesson_key: string }>>`
    select user_id::text, lesson_key from user_progress
    where completed and user_id in ${sql(learners.map((l) => l.userId))}`;
  return new Set(rows.map((r) => `${r.user_id} ${r.lesson_key}`));
}

export const missing = (acknowledged: Set<string>, found: Set<string>) =>
  [...acknowledged].filter((id) => !found.has(id));

/** A line of the suite's figures, printed as the cases run. */
export const out = (line: string) => process.stdout.write(`  [faults] ${line}\n`);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
