import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import {
  call,
  DRIVERS,
  defaultCourseId,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
  takeFinalQuiz,
} from '../test/harness';
import { type OidcPlatform, startOidcPlatform } from '../test/oidcPlatform';
import { scoreOutbox } from './scoreOutbox';

// Grades back (AGS) through an LMS whose authorization server is oidc-provider: the tool gets its
// access token by client credentials (the provider checks the tool's private_key_jwt assertion and
// issues the token), and the LMS's gradebook checks every score's bearer token with the provider's
// own token model.

const TOOL_URL = 'https://tool.test';

async function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

describe.each(DRIVERS)('LTI scores to the LMS gradebook (%s)', (driver) => {
  let server: TestServer;
  let platform: OidcPlatform;
  let admin: string;
  let registrationId: string;
  let lessonKeys: string[];
  let questions: number;

  beforeAll(async () => {
    server = await startServer(driver, { config: { publicUrl: TOOL_URL } });
    platform = await startOidcPlatform({ publicUrl: TOOL_URL, url: server.url });
    admin = (await signInAdmin(server)).token;
    const created = await call(server, 'POST', '/admin/lti/registrations', {
      token: admin,
      body: platform.registration(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    registrationId = created.body.id;
    const db = server.database.db;
    const courseId = await defaultCourseId(db);
    lessonKeys = (
      await db
        .select({ key: schema.lessons.lessonKey })
        .from(schema.lessons)
        .where(and(eq(schema.lessons.courseId, courseId), eq(schema.lessons.isActive, true)))
        .orderBy(asc(schema.lessons.id))
    ).map((l) => l.key!);
    const [quiz] = await db
      .select()
      .from(schema.quizzes)
      .where(and(eq(schema.quizzes.courseId, courseId), eq(schema.quizzes.kind, 'course')));
    questions = (
      await db.select().from(schema.quizQuestions).where(eq(schema.quizQuestions.quizId, quiz!.id))
    ).length;
    expect(lessonKeys.length).toBeGreaterThan(2);
  });
  afterAll(async () => {
    await platform?.close();
    await server?.close();
  });

  const complete = (token: string, key: string, completed = true) =>
    call(server, 'PUT', `/progress/lessons/${key}`, { token, body: { completed } });
  const scoresOf = (sub: string) => platform.scores().filter((s) => s.score.userId === sub);
  const deliveries = async (status?: string) => {
    const res = await call(
      server,
      'GET',
      `/admin/lti/registrations/${registrationId}/scores${status ? `?status=${status}` : ''}`,
      { token: admin },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { counts: Record<string, number>; items: Array<Record<string, unknown>> };
  };

  it('sends the final quiz’s score to the launch’s line item once the learner completes the course, with one access token', async () => {
    const column = platform.addLineItem({ label: 'Course', scoreMaximum: 100, resourceLinkId: 'link-1' });
    const lia = await platform.signIn('ags-lia');
    const launch = await lia.launch({ lineItem: column });
    expect(launch.status, launch.html).toBe(200);
    const token = launch.data.token!;

    // Each lesson's completion reaches the gradebook: progress only, no grade yet. The time from the
    // learner's request to the gradebook's acceptance is the delivery latency.
    const latencies: number[] = [];
    for (const key of lessonKeys) {
      const before = scoresOf('ags-lia').length;
      const t0 = performance.now();
      expect((await complete(token, key)).status).toBe(200);
      const arrived = await until('the lesson’s score', () => scoresOf('ags-lia')[before]);
      latencies.push(arrived.receivedAt - t0);
    }
    const progress = scoresOf('ags-lia').at(-1)!;
    expect(progress.lineItem).toBe(column);
    expect(progress.score).toMatchObject({ activityProgress: 'InProgress', gradingProgress: 'NotReady' });
    expect(progress.score).not.toHaveProperty('scoreGiven');

    await takeFinalQuiz(server, token, true);
    const graded = await until('the quiz’s score', () =>
      scoresOf('ags-lia').find((s) => s.score.gradingProgress === 'FullyGraded'),
    );
    expect(graded.lineItem).toBe(column);
    expect(graded.score).toMatchObject({
      userId: 'ags-lia',
      scoreGiven: questions,
      scoreMaximum: questions,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    expect(new Date(String(graded.score.timestamp)).toISOString()).toBe(graded.score.timestamp);
    // Every score of this registration went with the one token the provider issued.
    expect(scoresOf('ags-lia').length).toBe(lessonKeys.length + 1);
    expect(platform.tokenRequests()).toBe(1);
    expect(server.app.ltiScores.tokenRequests()).toBe(1);

    // The gradebook has it a moment before the tool has recorded the platform's answer.
    const listed = await until('the sent score in the list', async () => {
      const sent = await deliveries('sent');
      return sent.items[0]?.grading_progress === 'FullyGraded' ? sent : undefined;
    });
    expect(listed.items[0]).toMatchObject({
      status: 'sent',
      platform_user_id: 'ags-lia',
      score_given: questions,
      grading_progress: 'FullyGraded',
      line_item: column,
      last_error: null,
    });
    // biome-ignore lint/suspicious/noConsole: the delivery latency is this test's figure
    console.info(
      `[lti-ags ${driver}] score delivery latency over ${latencies.length} completions: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
    );
  });

  it('sends a failed quiz’s 0 as a FullyGraded 0, not as "needs grading"', async () => {
    const column = platform.addLineItem({ label: 'Course', scoreMaximum: 100, resourceLinkId: 'link-zero' });
    const zed = await platform.signIn('ags-zed');
    const launch = await zed.launch({ lineItem: column, resourceLinkId: 'link-zero' });
    expect(launch.status, launch.html).toBe(200);
    await takeFinalQuiz(server, launch.data.token!, false);
    const graded = await until('the 0', () => scoresOf('ags-zed').find((s) => s.score.gradingProgress));
    expect(graded.score).toMatchObject({
      scoreGiven: 0,
      scoreMaximum: questions,
      gradingProgress: 'FullyGraded',
      activityProgress: 'Completed',
    });
  });

  it('finds or creates the line item by resource link when the launch names only the container', async () => {
    const ann = await platform.signIn('ags-ann');
    const first = await ann.launch({ resourceLinkId: 'link-new', contextId: 'context-2' });
    expect(first.status, first.html).toBe(200);
    expect((await complete(first.data.token!, lessonKeys[0]!)).status).toBe(200);
    const sent = await until('Ann’s score', () => scoresOf('ags-ann')[0]);
    const made = platform.lineItems().filter((l) => l.resourceLinkId === 'link-new');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ tag: 'coursekit', label: expect.any(String), scoreMaximum: 100 });
    expect(sent.lineItem).toBe(made[0]!.id);

    // A second learner of the same link finds the column: no second one is made.
    const ben = await platform.signIn('ags-ben');
    const second = await ben.launch({ resourceLinkId: 'link-new', contextId: 'context-2' });
    expect((await complete(second.data.token!, lessonKeys[0]!)).status).toBe(200);
    const benScore = await until('Ben’s score', () => scoresOf('ags-ben')[0]);
    expect(benScore.lineItem).toBe(made[0]!.id);
    expect(platform.lineItems().filter((l) => l.resourceLinkId === 'link-new')).toHaveLength(1);
  });

  it('keeps scores while the gradebook answers 503 and delivers the latest when it is back: none lost', async () => {
    const column = platform.addLineItem({ label: 'Course', scoreMaximum: 100, resourceLinkId: 'link-down' });
    const dov = await platform.signIn('ags-dov');
    const launch = await dov.launch({ lineItem: column, resourceLinkId: 'link-down' });
    const token = launch.data.token!;
    platform.agsDown(503);
    for (const key of lessonKeys) expect((await complete(token, key)).status).toBe(200);
    await takeFinalQuiz(server, token, true);
    await server.app.ltiScores.flush();
    const waiting = await until('a retried delivery', async () => {
      const item = (await deliveries('pending')).items.find((i) => i.platform_user_id === 'ags-dov');
      return item && Number(item.attempts) >= 1 ? item : undefined;
    });
    expect(waiting).toMatchObject({
      last_status: 503,
      grading_progress: 'FullyGraded',
      score_given: questions,
    });
    expect(scoresOf('ags-dov')).toHaveLength(0);
    // The older, unsent scores were replaced by the newest: one is left to send.
    const all = (await deliveries()).items.filter((i) => i.platform_user_id === 'ags-dov');
    expect(all.filter((i) => i.status === 'pending')).toHaveLength(1);
    expect(all.filter((i) => i.status === 'superseded').length).toBe(lessonKeys.length);

    // Still down at the next attempt: the score waits again.
    server.clock.advance(6_000);
    await server.app.ltiScores.flush();
    expect(scoresOf('ags-dov')).toHaveLength(0);

    platform.agsDown(undefined);
    server.clock.advance(31_000);
    await server.app.ltiScores.flush();
    // Back to the real time, so later sessions and launches are not from the future.
    server.clock.advance(-37_000);
    const arrived = await until('the score after the outage', () => scoresOf('ags-dov')[0]);
    expect(scoresOf('ags-dov')).toHaveLength(1);
    expect(arrived.score).toMatchObject({ scoreGiven: questions, gradingProgress: 'FullyGraded' });
    const after = (await deliveries()).items.filter((i) => i.platform_user_id === 'ags-dov');
    expect(after.filter((i) => i.status === 'pending')).toHaveLength(0);
    expect(after.find((i) => i.status === 'sent')).toMatchObject({ attempts: 3, last_error: null });
  });

  it('sends each waiting score once when two instances claim the outbox at the same time', async () => {
    const column = platform.addLineItem({ label: 'Course', scoreMaximum: 100, resourceLinkId: 'link-two' });
    const subs = ['ags-two-1', 'ags-two-2', 'ags-two-3', 'ags-two-4', 'ags-two-5'];
    platform.agsDown(503);
    for (const sub of subs) {
      const launch = await (await platform.signIn(sub)).launch({
        lineItem: column,
        resourceLinkId: 'link-two',
      });
      expect((await complete(launch.data.token!, lessonKeys[0]!)).status).toBe(200);
    }
    await server.app.ltiScores.flush();
    const waiting = (await deliveries('pending')).items.filter((i) =>
      subs.includes(String(i.platform_user_id)),
    );
    expect(waiting).toHaveLength(subs.length);
    platform.agsDown(undefined);
    // A second instance on the same database (its own token cache), both due at once: the clock
    // moves past the latest retry time (a busy machine may have made a second attempt already).
    const other = scoreOutbox(server.app.ctx, { pollMs: 0 });
    const due = Math.max(...waiting.map((i) => Date.parse(String(i.next_attempt_at))));
    const ahead = due - server.clock.now() + 1_000;
    server.clock.advance(ahead);
    try {
      await Promise.all([server.app.ltiScores.flush(), other.flush()]);
    } finally {
      server.clock.advance(-ahead);
      other.close();
    }
    for (const sub of subs) expect(scoresOf(sub), sub).toHaveLength(1);
  });

  it('records a platform’s refusal with its words and does not try it again', async () => {
    const column = platform.addLineItem({ label: 'Course', scoreMaximum: 100, resourceLinkId: 'link-no' });
    const rae = await platform.signIn('ags-rae');
    const launch = await rae.launch({ lineItem: column, resourceLinkId: 'link-no' });
    platform.refuseScoresFor('ags-rae', 'User cannot be graded in this course');
    expect((await complete(launch.data.token!, lessonKeys[0]!)).status).toBe(200);
    const failed = await until('the refusal', async () =>
      (await deliveries('failed')).items.find((i) => i.platform_user_id === 'ags-rae'),
    );
    expect(failed).toMatchObject({ last_status: 422, attempts: 1, next_attempt_at: null });
    expect(String(failed.last_error)).toContain('User cannot be graded in this course');
    server.clock.advance(3_600_000);
    await server.app.ltiScores.flush();
    server.clock.advance(-3_600_000);
    const again = (await deliveries('failed')).items.find((i) => i.id === failed.id);
    expect(again).toMatchObject({ attempts: 1, status: 'failed' });
    expect((await deliveries()).counts.failed).toBeGreaterThanOrEqual(1);
  });

  it('never posts a score for another platform user: the userId is the verified launch’s only', async () => {
    const column = platform.addLineItem({ label: 'Course', scoreMaximum: 100, resourceLinkId: 'link-atk' });
    const mal = await platform.signIn('ags-mal');
    const vic = await platform.signIn('ags-vic');
    const malLaunch = await mal.launch({ lineItem: column, resourceLinkId: 'link-atk' });
    expect((await vic.launch({ lineItem: column, resourceLinkId: 'link-atk' })).status).toBe(200);
    const token = malLaunch.data.token!;

    // The learner names the victim in the request: the strict body refuses it, nothing is queued.
    for (const body of [
      { completed: true, userId: 'ags-vic' },
      { completed: true, user_id: 'ags-vic' },
    ]) {
      const res = await call(server, 'PUT', `/progress/lessons/${lessonKeys[0]}`, { token, body });
      expect(res.status).toBe(400);
    }
    const res = await call(server, 'PUT', `/progress/lessons/${lessonKeys[0]}?userId=ags-vic`, {
      token,
      body: { completed: true },
      headers: { 'x-lti-user': 'ags-vic' },
    });
    expect([200, 400]).toContain(res.status);
    await takeFinalQuiz(server, token, false);
    await until('Mal’s own score', () =>
      scoresOf('ags-mal').find((s) => s.score.gradingProgress === 'FullyGraded'),
    );
    await server.app.ltiScores.flush();
    // Everything Mal did went to Mal's platform id; the victim's gradebook row is untouched.
    expect(scoresOf('ags-vic')).toHaveLength(0);
    expect(
      platform
        .scores()
        .filter((s) => s.lineItem === column)
        .every((s) => s.score.userId === 'ags-mal'),
    ).toBe(true);

    // A learner who never launched over LTI sends nothing, whatever they complete.
    const outsider = await signUp(server, 'Out Sider');
    const before = platform.scores().length;
    expect((await complete(outsider.token, lessonKeys[0]!)).status).toBe(200);
    await server.app.ltiScores.flush();
    expect(platform.scores().length).toBe(before);
  });

  it('lists deliveries to an admin only, per registration', async () => {
    const learner = await signUp(server, 'Curious Learner');
    const path = `/admin/lti/registrations/${registrationId}/scores`;
    expect((await call(server, 'GET', path, { token: learner.token })).status).toBe(403);
    expect((await call(server, 'GET', path)).status).toBe(401);
    const unknown = await call(
      server,
      'GET',
      '/admin/lti/registrations/00000000-0000-4000-8000-000000000000/scores',
      {
        token: admin,
      },
    );
    expect(unknown.status).toBe(404);
    expect((await call(server, 'GET', `${path}?status=lost`, { token: admin })).status).toBe(400);
    const listed = await deliveries();
    expect(listed.items.length).toBeGreaterThan(0);
    expect(listed.counts.sent).toBeGreaterThan(0);
  });
});
