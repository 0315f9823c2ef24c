// The load generator of `npm run bench:load`, run as a second process: virtual learners on loopback.
// argv[2]: a JSON file naming the API, the learners' sessions, the duration and the pause between
// actions (see LoadPlan). Prints one JSON line: per-call latencies, errors, and what the server
// acknowledged. node:http with a keep-alive agent rather than fetch: it costs the shared cores less
// per request, so more of them is left to the API being measured.
import { readFileSync } from 'node:fs';
import http from 'node:http';

export interface LoadPlan {
  apiUrl: string;
  /** A bare Express JSON endpoint, for the throughput ratio; omitted in a sweep step. */
  bareUrl?: string;
  /** steady: the cohort for `durationMs`; exam: every learner takes the final quiz once. */
  scenario: 'steady' | 'exam';
  durationMs: number;
  /** exam: learners start the final quiz at random moments within this window. */
  windowMs: number;
  thinkMs: number;
  learners: Array<{ userId: string; token: string }>;
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
const { learners } = plan;
const THINK_MS = plan.thinkMs;
/** A learner's pause between actions: THINK_MS ± 50%, so the learners do not move in step. */
const think = () =>
  THINK_MS > 0 ? new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random()))) : Promise.resolve();
// An idle pooled socket is dropped after 4 s, before the server's 5 s keep-alive timeout closes it
// under a request (which would count as a network error that no learner's browser would see).
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, timeout: 4_000 });

type Call = 'progress' | 'complete' | 'start' | 'answer' | 'finish';
const latencies: Record<Call, number[]> = { progress: [], complete: [], start: [], answer: [], finish: [] };
const errors: Record<string, number> = {};
/** Per second of the load: how many calls ended, and their latencies, to tell a few stalls from steady queuing. */
const seconds = new Map<number, number[]>();
let loadStart = 0;
const acknowledged = { completions: [] as string[], answers: 0, attempts: 0 };

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads a few known fields of JSON answers
  body: any;
}

function request(url: string, method: string, token: string | undefined, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let parsed: unknown = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {}
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function call(kind: Call | null, path: string, token: string, method = 'GET', body?: unknown) {
  const started = performance.now();
  try {
    const answer = await request(
      `${plan.apiUrl}/api${path}`,
      method,
      token,
      body === undefined ? undefined : JSON.stringify(body),
    );
    if (kind) {
      const ms = performance.now() - started;
      latencies[kind].push(ms);
      if (loadStart > 0) {
        const second = Math.floor((started - loadStart) / 1000);
        const list = seconds.get(second) ?? [];
        list.push(ms);
        seconds.set(second, list);
      }
    }
    const ok = answer.status >= 200 && answer.status < 300;
    if (!ok && kind) errors[`${kind} ${answer.status}`] = (errors[`${kind} ${answer.status}`] ?? 0) + 1;
    return { ok, body: answer.body };
  } catch (error) {
    if (kind) errors[`${kind} network`] = (errors[`${kind} network`] ?? 0) + 1;
    return { ok: false, body: null, error };
  }
}

// Setup, not load: the course's lesson keys and the final quiz's questions.
const first = learners[0]!.token;
const modules = (await call(null, '/modules', first)).body as Array<{ id: number }>;
const lessonKeys: string[] = [];
for (const m of modules) {
  const lessons = (await call(null, `/modules/${m.id}/lessons`, first)).body as Array<{ lesson_key: string }>;
  lessonKeys.push(...lessons.map((l) => l.lesson_key));
}
const quizzes = (await call(null, '/quizzes', first)).body as Array<{ quiz: { id: number; kind: string } }>;
const finalQuiz = quizzes.find((q) => q.quiz.kind === 'course')!.quiz.id;
const questions = (
  (await call(null, `/quizzes/${finalQuiz}`, first)).body as { questions: Array<{ id: number }> }
).questions.map((q) => q.id);

/**
 * The exam: each learner starts the final quiz at a random moment of the window, answers every
 * question it was given (a pause before each), and completes it.
 */
async function takeExam(learner: { token: string }) {
  await new Promise((r) => setTimeout(r, Math.random() * plan.windowMs));
  const started = await call('start', `/quizzes/${finalQuiz}/attempts`, learner.token, 'POST');
  if (!started.ok) return;
  const { id, questions: drawn } = started.body as { id: number; questions: Array<{ id: number }> };
  for (const question of drawn) {
    await think();
    const answered = await call('answer', `/attempts/${id}/answers`, learner.token, 'POST', {
      question_id: question.id,
      answer: 'ABCD'[Math.floor(Math.random() * 4)],
    });
    if (answered.ok) acknowledged.answers += 1;
  }
  await think();
  const finished = await call('finish', `/attempts/${id}/complete`, learner.token, 'POST', {});
  if (finished.ok) acknowledged.attempts += 1;
}

// Each learner: read progress, complete the next lesson, and every fourth step work on the quiz.
const deadline = performance.now() + plan.durationMs;
const loadStarted = performance.now();
loadStart = loadStarted;
process.stderr.write('phase load-start\n'); // cohort.ts samples CPU use between the two marks
await Promise.all(
  learners.map(async (learner, index) => {
    if (plan.scenario === 'exam') return takeExam(learner);
    let next = index % lessonKeys.length;
    let step = 0;
    let attempt: { id: number; answered: number } | null = null;
    await new Promise((r) => setTimeout(r, Math.random() * THINK_MS)); // arrive spread out, not all at once
    while (performance.now() < deadline) {
      step += 1;
      await call('progress', '/progress', learner.token);
      await think();
      const key = lessonKeys[next % lessonKeys.length]!;
      const done = await call(
        'complete',
        `/progress/lessons/${encodeURIComponent(key)}`,
        learner.token,
        'PUT',
        {
          completed: true,
        },
      );
      if (done.ok) acknowledged.completions.push(`${learner.userId} ${key}`);
      next += 1;
      await think();
      if (step % 4 !== 0) continue;
      if (!attempt) {
        const started = await call('start', `/quizzes/${finalQuiz}/attempts`, learner.token, 'POST');
        if (started.ok) attempt = { id: started.body.id, answered: 0 };
      } else if (attempt.answered < questions.length) {
        const letter = 'ABCD'[Math.floor(Math.random() * 4)];
        const answered = await call('answer', `/attempts/${attempt.id}/answers`, learner.token, 'POST', {
          question_id: questions[attempt.answered],
          answer: letter,
        });
        if (answered.ok) acknowledged.answers += 1;
        attempt.answered += 1;
      } else {
        const finished = await call('finish', `/attempts/${attempt.id}/complete`, learner.token, 'POST', {});
        if (finished.ok) acknowledged.attempts += 1;
        attempt = null;
      }
    }
  }),
);
process.stderr.write('phase load-end\n');
const loadMs = performance.now() - loadStarted;
loadStart = 0;

/** Requests per second of one GET with every learner's connection busy, for a few seconds. */
async function throughput(url: string, tokenOf: (i: number) => string | undefined, seconds: number) {
  let count = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    learners.map(async (_, i) => {
      while (performance.now() < end) {
        const answer = await request(url, 'GET', tokenOf(i)).catch(() => null);
        if (answer && answer.status === 200) count += 1;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}
const bareRps = plan.bareUrl ? await throughput(`${plan.bareUrl}/`, () => undefined, 5) : null;
const progressRps = plan.bareUrl
  ? await throughput(`${plan.apiUrl}/api/progress`, (i) => learners[i]!.token, 5)
  : null;
agent.destroy();

const summary = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { count: list.length, p50: at(50), p95: at(95), p99: at(99) };
};
/**
 * Where the slow calls (over 50 ms) sit in time: the five seconds with the highest maximum, and the
 * share of all slow calls that started in the worst tenth of the seconds (near 1: a few stalls; near
 * 0.1: queuing spread over the whole run).
 */
function timeline() {
  const perSecond = [...seconds.entries()].map(([second, list]) => ({
    second,
    calls: list.length,
    slow: list.filter((ms) => ms > 50).length,
    max: Math.max(...list),
  }));
  const totalSlow = perSecond.reduce((a, s) => a + s.slow, 0);
  const bySlow = [...perSecond].sort((a, b) => b.slow - a.slow);
  const worstTenth = bySlow.slice(0, Math.max(1, Math.ceil(perSecond.length / 10)));
  return {
    worst: [...perSecond].sort((a, b) => b.max - a.max).slice(0, 5),
    slowCalls: totalSlow,
    slowInWorstTenth: totalSlow ? worstTenth.reduce((a, s) => a + s.slow, 0) / totalSlow : 0,
  };
}

process.stdout.write(
  `${JSON.stringify({
    learners: learners.length,
    durationMs: loadMs,
    calls: Object.fromEntries(
      Object.entries(latencies)
        .filter(([, v]) => v.length > 0)
        .map(([k, v]) => [k, summary(v)]),
    ),
    errors,
    timeline: timeline(),
    acknowledged,
    bareRps,
    progressRps,
  })}\n`,
);
