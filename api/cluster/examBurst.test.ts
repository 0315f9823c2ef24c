import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Learner, signUpLearners, sleep } from '../faults/learners';
import type { Nginx } from './nginx';
import { startThreeInstances, type ThreeInstances } from './threeInstances';

// The exam burst through nginx with three instances on one PostgreSQL: every learner starts the
// final quiz within a window, answers each question after a pause and completes it, and one instance
// is SIGKILLed mid-burst and started again. A learner whose call fails (no answer, or nginx's 502)
// sends it again, as the player does, and so goes on with the same attempt on another instance.
// Every answer the API acknowledged must be in the database; a retried answer that meets 409 was
// stored by the call that failed, and the learner goes on. Prints the errors the kill cost.

const out = (line: string) => process.stdout.write(`  [exam] ${line}\n`);
const LEARNERS = Number(process.env.CLUSTER_EXAM_LEARNERS ?? 150);
const WINDOW_MS = Number(process.env.CLUSTER_EXAM_WINDOW_MS ?? 10_000);
const THINK_MS = 800;
/** The kill lands this long after the first learner could start: starts and answers are in flight. */
const KILL_AFTER_MS = 8_000;

type Call = 'start' | 'answer' | 'complete';
interface Failure {
  call: Call;
  status: number;
  at: number;
}
interface Outcome {
  /** "attemptId questionId letter" of every answer acknowledged 200. */
  answers: Set<string>;
  /** Attempts whose completion was acknowledged (200, or 409 "already complete" after a failed try). */
  completed: Set<number>;
  failures: Failure[];
  /** Learners who could not finish: their last failure. */
  stuck: Array<{ learner: string; failure: Failure }>;
}

const think = () => sleep(THINK_MS * (0.5 + Math.random()));

describe('the exam burst through nginx, with an instance SIGKILLed mid-burst', () => {
  let cluster: ThreeInstances;
  let nginx: Nginx;
  let instances: ThreeInstances['instances'];
  const start = (i: number) => cluster.start(i);

  beforeAll(async () => {
    cluster = await startThreeInstances('ck_exam');
    ({ nginx, instances } = cluster);
  });
  afterAll(() => cluster?.close());

  it('stores every acknowledged answer, and every learner finishes the attempt on another instance', async () => {
    const api = `${nginx.url}/api`;
    const learners = await signUpLearners(api, LEARNERS, 'exam');
    const headers = (learner: Learner) => ({
      authorization: `Bearer ${learner.token}`,
      'content-type': 'application/json',
    });
    const quizzes = (await (
      await fetch(`${api}/quizzes`, { headers: headers(learners[0]!) })
    ).json()) as Array<{
      quiz: { id: number; kind: string };
    }>;
    const finalQuiz = quizzes.find((q) => q.quiz.kind === 'course')!.quiz.id;

    const outcome: Outcome = { answers: new Set(), completed: new Set(), failures: [], stuck: [] };
    const began = performance.now();
    /** One call, sent again after a failure (no answer or a 5xx) until it is answered, at most 6 times. */
    const send = async (learner: Learner, call: Call, path: string, body: unknown) => {
      let last: Failure | undefined;
      for (let tries = 0; tries < 6; tries++) {
        const at = performance.now() - began;
        let status = 0;
        let json: unknown = null;
        try {
          const res = await fetch(`${api}${path}`, {
            method: 'POST',
            headers: headers(learner),
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(20_000),
          });
          status = res.status;
          json = await res.json().catch(() => null);
        } catch {
          status = 0;
        }
        if (status !== 0 && status < 500) return { status, json, retried: tries > 0 };
        last = { call, status, at };
        outcome.failures.push(last);
        await sleep(500 * (tries + 1));
      }
      return { status: last!.status, json: null, retried: true, failure: last };
    };

    const takeExam = async (learner: Learner) => {
      await sleep(Math.random() * WINDOW_MS);
      const started = await send(learner, 'start', `/quizzes/${finalQuiz}/attempts`, {});
      if (started.status !== 201 && started.status !== 200) {
        outcome.stuck.push({
          learner: learner.email,
          failure: { call: 'start', status: started.status, at: 0 },
        });
        return;
      }
      const { id, questions } = started.json as { id: number; questions: Array<{ id: number }> };
      for (const question of questions) {
        await think();
        const letter = 'ABCD'[Math.floor(Math.random() * 4)]!;
        const answered = await send(learner, 'answer', `/attempts/${id}/answers`, {
          question_id: question.id,
          answer: letter,
        });
        if (answered.status === 200) outcome.answers.add(`${id} ${question.id} ${letter}`);
        // 409 after a failed try: the failed call had stored it; the player shows it locked.
        else if (!(answered.status === 409 && answered.retried)) {
          outcome.stuck.push({
            learner: learner.email,
            failure: { call: 'answer', status: answered.status, at: 0 },
          });
          return;
        }
      }
      await think();
      const done = await send(learner, 'complete', `/attempts/${id}/complete`, {});
      if (done.status === 200 || (done.status === 409 && done.retried)) outcome.completed.add(id);
      else
        outcome.stuck.push({
          learner: learner.email,
          failure: { call: 'complete', status: done.status, at: 0 },
        });
    };

    const run = Promise.all(learners.map(takeExam));
    await sleep(KILL_AFTER_MS);
    const killedAt = performance.now() - began;
    instances[1]!.child.kill('SIGKILL');
    await instances[1]!.exited;
    await sleep(2_000);
    await start(1);
    const restartedAt = performance.now() - began;
    await run;
    const tookMs = performance.now() - began;

    // What the database holds for these attempts.
    const sql = postgres(cluster.database.url, { max: 1, onnotice: () => {} });
    const rows = await sql<Array<{ id: number; answers: Record<string, string>; completed: boolean }>>`
      select id, answers, completed_at is not null as completed from quiz_attempts
      where user_id in ${sql(learners.map((l) => l.userId))}`;
    await sql.end();
    const stored = new Map(rows.map((r) => [r.id, r]));
    const lostAnswers = [...outcome.answers].filter((entry) => {
      const [attempt, question, letter] = entry.split(' ');
      return stored.get(Number(attempt))?.answers[question!] !== letter;
    });
    const lostCompletions = [...outcome.completed].filter((id) => !stored.get(id)?.completed);
    const byCall = (call: Call) => outcome.failures.filter((f) => f.call === call).length;
    const statuses = [...new Set(outcome.failures.map((f) => f.status || 'no answer'))].join(', ');
    const duringKill = outcome.failures.filter(
      (f) => f.at >= killedAt - 1_000 && f.at <= restartedAt + 2_000,
    );

    out(
      `${LEARNERS} learners started the final quiz within ${WINDOW_MS / 1000} s through nginx over three instances; ` +
        `B SIGKILLed at ${(killedAt / 1000).toFixed(1)} s, ready again at ${(restartedAt / 1000).toFixed(1)} s; ` +
        `all done in ${(tookMs / 1000).toFixed(1)} s`,
    );
    out(
      `failed calls, each sent again: ${outcome.failures.length} (start ${byCall('start')}, answer ${byCall('answer')}, ` +
        `complete ${byCall('complete')}; ${statuses || 'none'}), ${duringKill.length} of them around the kill`,
    );
    out(
      `answers acknowledged ${outcome.answers.size}, missing from the database ${lostAnswers.length}; ` +
        `attempts completed ${outcome.completed.size} of ${LEARNERS}, missing ${lostCompletions.length}; ` +
        `learners who could not finish ${outcome.stuck.length}`,
    );

    expect(lostAnswers).toEqual([]);
    expect(lostCompletions).toEqual([]);
    expect(outcome.stuck).toEqual([]);
    expect(outcome.completed.size).toBe(LEARNERS);
    // The kill cost at most the calls in flight then: each learner has one at a time, and each was
    // sent again at most a few times while nginx noticed B was gone.
    expect(outcome.failures.length).toBeLessThanOrEqual(LEARNERS * 2);
  });
});
