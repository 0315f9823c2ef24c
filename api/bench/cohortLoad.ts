// The load generator of `npm run bench:load`, run as a second process: virtual learners on loopback.
// argv: apiUrl bareUrl durationSeconds activeLearners totalLearners password thinkMs
// Prints one JSON line: per-call latencies, errors, and what the server acknowledged.
export {};

const [apiUrl, bareUrl, durationArg, activeArg, totalArg, password, thinkArg] = process.argv.slice(
  2,
) as string[];
const THINK_MS = Number(thinkArg ?? 0);
/** A learner's pause between actions: THINK_MS ± 50%, so the learners do not move in step. */
const think = () =>
  THINK_MS > 0 ? new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random()))) : Promise.resolve();
const DURATION_MS = Number(durationArg) * 1000;
const ACTIVE = Number(activeArg);
const TOTAL = Number(totalArg);
const api = `${apiUrl}/api`;

type Call = 'signin' | 'progress' | 'complete' | 'start' | 'answer' | 'finish';
const latencies: Record<Call, number[]> = {
  signin: [],
  progress: [],
  complete: [],
  start: [],
  answer: [],
  finish: [],
};
const errors: Record<string, number> = {};
const acknowledged = { completions: new Set<string>(), answers: 0, attempts: 0 };

async function call(kind: Call, path: string, init: RequestInit & { token?: string } = {}) {
  const started = performance.now();
  try {
    const response = await fetch(`${api}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
    });
    const body = response.status === 204 ? null : await response.json().catch(() => null);
    latencies[kind].push(performance.now() - started);
    if (!response.ok) errors[`${kind} ${response.status}`] = (errors[`${kind} ${response.status}`] ?? 0) + 1;
    return { ok: response.ok, body };
  } catch (error) {
    errors[`${kind} network`] = (errors[`${kind} network`] ?? 0) + 1;
    return { ok: false, body: null, error };
  }
}

// 500 of the 10,000, signed in 20 at a time (argon2id is meant to be slow).
const chosen = new Set<number>();
while (chosen.size < ACTIVE) chosen.add(Math.floor(Math.random() * TOTAL));
const learners: Array<{ email: string; token: string; userId: string }> = [];
const queue = [...chosen];
await Promise.all(
  Array.from({ length: 20 }, async () => {
    for (let n = queue.pop(); n !== undefined; n = queue.pop()) {
      const email = `cohort.${n}@bench.example`;
      const r = await call('signin', '/auth/signin', {
        method: 'POST',
        body: JSON.stringify({ email, password }),
      });
      if (r.ok) learners.push({ email, token: r.body.access_token, userId: r.body.user.id });
    }
  }),
);

const first = learners[0]!;
const modules = (await call('progress', '/modules', { token: first.token })).body as Array<{ id: number }>;
const lessonKeys: string[] = [];
for (const m of modules) {
  const lessons = (await call('progress', `/modules/${m.id}/lessons`, { token: first.token })).body as Array<{
    lesson_key: string;
  }>;
  lessonKeys.push(...lessons.map((l) => l.lesson_key));
}
const quizzes = (await call('progress', '/quizzes', { token: first.token })).body as Array<{
  quiz: { id: number; kind: string };
}>;
const finalQuiz = quizzes.find((q) => q.quiz.kind === 'course')!.quiz.id;
const questions = (
  (await call('progress', `/quizzes/${finalQuiz}`, { token: first.token })).body as {
    questions: Array<{ id: number }>;
  }
).questions.map((q) => q.id);
// The look-ups above are setup, not load; sign-in latencies are kept (they are the setup's own figure).
for (const [kind, list] of Object.entries(latencies)) if (kind !== 'signin') list.length = 0;

// Each learner: read progress, complete the next lesson, and every fourth step work on the quiz.
const deadline = performance.now() + DURATION_MS;
process.stderr.write('phase load-start\n'); // cohort.ts samples CPU use between the two marks
await Promise.all(
  learners.map(async (learner, index) => {
    let next = index % lessonKeys.length;
    let step = 0;
    let attempt: { id: number; answered: number } | null = null;
    await new Promise((r) => setTimeout(r, Math.random() * THINK_MS)); // arrive spread out, not all at once
    while (performance.now() < deadline) {
      step += 1;
      await call('progress', '/progress', { token: learner.token });
      await think();
      const key = lessonKeys[next % lessonKeys.length]!;
      const done = await call('complete', `/progress/lessons/${encodeURIComponent(key)}`, {
        method: 'PUT',
        token: learner.token,
        body: JSON.stringify({ completed: true }),
      });
      if (done.ok) acknowledged.completions.add(`${learner.userId} ${key}`);
      next += 1;
      await think();
      if (step % 4 !== 0) continue;
      if (!attempt) {
        const started = await call('start', `/quizzes/${finalQuiz}/attempts`, {
          method: 'POST',
          token: learner.token,
        });
        if (started.ok) attempt = { id: started.body.id, answered: 0 };
      } else if (attempt.answered < questions.length) {
        const letter = 'ABCD'[Math.floor(Math.random() * 4)];
        const answered = await call('answer', `/attempts/${attempt.id}/answers`, {
          method: 'POST',
          token: learner.token,
          body: JSON.stringify({ question_id: questions[attempt.answered], answer: letter }),
        });
        if (answered.ok) acknowledged.answers += 1;
        attempt.answered += 1;
      } else {
        const finished = await call('finish', `/attempts/${attempt.id}/complete`, {
          method: 'POST',
          token: learner.token,
          body: '{}',
        });
        if (finished.ok) acknowledged.attempts += 1;
        attempt = null;
      }
    }
  }),
);
process.stderr.write('phase load-end\n');

/** Requests per second of one GET with every learner's connection busy, for a few seconds. */
async function throughput(url: string, tokenOf: (i: number) => string | undefined, seconds: number) {
  let count = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    learners.map(async (_, i) => {
      while (performance.now() < end) {
        const token = tokenOf(i);
        const response = await fetch(
          url,
          token ? { headers: { authorization: `Bearer ${token}` } } : {},
        ).catch(() => null);
        await response?.arrayBuffer();
        if (response?.ok) count += 1;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}
const bareRps = await throughput(`${bareUrl}/`, () => undefined, 5);
const progressRps = await throughput(`${api}/progress`, (i) => learners[i]!.token, 5);

const summary = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { count: list.length, p50: at(50), p95: at(95), p99: at(99) };
};
process.stdout.write(
  `${JSON.stringify({
    learners: learners.length,
    durationMs: DURATION_MS,
    calls: Object.fromEntries(Object.entries(latencies).map(([k, v]) => [k, summary(v)])),
    errors,
    acknowledged: {
      completions: [...acknowledged.completions],
      answers: acknowledged.answers,
      attempts: acknowledged.attempts,
    },
    bareRps,
    progressRps,
  })}\n`,
);
