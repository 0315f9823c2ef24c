import path from 'node:path';
import type { AdminAdapter, DiagnosticSettings } from '@coursekit/core';
import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { openDatabase, schema } from '../db/index';
import { devMailbox } from '../mail/mailer';
import {
  call,
  closeServer,
  DRIVERS,
  defaultCourseId,
  listen,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';

const { userProgress } = schema;

describe.each(DRIVERS)('admin progress, settings, diagnostics and tracking (%s)', (driver) => {
  let server: TestServer;
  let admin: AdminAdapter;
  let adminToken: string;

  beforeAll(async () => {
    server = await startServer(driver);
    adminToken = (await signInAdmin(server)).token;
    admin = withHttpAdmin(createHttpAdapter({ baseUrl: server.api, getAccessToken: () => adminToken })).admin;
  });
  afterAll(() => server?.close());

  /** A learner who completed every lesson of module 1 and took the pre-assessment and a quiz twice. */
  async function busyLearner(name: string) {
    const { userId, token } = await signUp(server, name);
    const as = createHttpAdapter({ baseUrl: server.api, getAccessToken: () => token });
    const [first] = await as.course.modules();
    for (const lesson of await as.course.lessons(first!.id))
      await as.progress.setLessonCompleted(lesson.lesson_key, true);
    const quizzes = await as.quizzes.list();
    // Two completed attempts of every quiz, an hour apart (written directly: the quiz flow has its own tests).
    const base = Date.now() - 7_200_000;
    const courseId = await defaultCourseId(server.database.db);
    await server.database.db.insert(schema.quizAttempts).values(
      quizzes.flatMap(({ quiz }) =>
        [0, 1].map((round) => ({
          userId,
          quizId: quiz.id,
          courseId,
          score: round + 1,
          totalQuestions: quiz.total_questions,
          percentage: ((round + 1) / Math.max(quiz.total_questions, 1)) * 100,
          passed: false,
          startedAt: new Date(base + round * 3_600_000),
          completedAt: new Date(base + round * 3_600_000 + 60_000),
        })),
      ),
    );
    return { userId, token, as, quizzes, first: first! };
  }

  it('shows a learner’s progress, quiz summaries, pre-assessment and numbered attempts, and resets each part', async () => {
    const learner = await busyLearner('Lee Learner');
    const view = await admin.userProgress.get(learner.userId);
    expect(view.summary.hasStarted).toBe(true);
    expect(view.summary.modules[0]).toMatchObject({ moduleId: learner.first.id, progressPercentage: 100 });
    expect(view.quizzes).toHaveLength(learner.quizzes.length);
    for (const q of view.quizzes) expect(q.summary.totalAttempts).toBe(2);
    expect(view.preAssessment).not.toBeNull();
    expect(view.summary.hasPreAssessment).toBe(true);

    const quizId = view.quizzes[0]!.quiz.id;
    const attempts = await admin.userProgress.attempts(learner.userId, quizId);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.attempt.completed_at! > attempts[1]!.attempt.completed_at!).toBe(true);
    expect(attempts[0]!.attempt.score).toBe(2);

    await admin.userProgress.resetQuiz(learner.userId, quizId);
    expect(await admin.userProgress.attempts(learner.userId, quizId)).toEqual([]);
    await admin.userProgress.resetPreAssessment(learner.userId);
    expect((await admin.userProgress.get(learner.userId)).preAssessment).toBeNull();
    await admin.userProgress.resetModule(learner.userId, learner.first.id);
    expect((await admin.userProgress.get(learner.userId)).summary.completedLessons).toBe(0);

    await learner.as.progress.setLessonCompleted(
      (await learner.as.course.lessons(learner.first.id))[0]!.lesson_key,
      true,
    );
    await admin.userProgress.reset(learner.userId);
    const after = await admin.userProgress.get(learner.userId);
    expect(after.summary.hasStarted).toBe(false);
    expect(after.quizzes.every((q) => q.summary.totalAttempts === 0)).toBe(true);

    const actions = (await admin.audit.actions({ pageSize: 4 })).items.map((a) => a.action_type);
    expect(actions).toEqual([
      'progress_reset',
      'module_progress_reset',
      'pre_assessment_reset',
      'quiz_progress_reset',
    ]);
    const missing = await call(server, 'DELETE', `/admin/users/${learner.userId}/progress/modules/99`, {
      token: adminToken,
    });
    expect(missing.body.error.message).toBe('Module 99 does not exist');
  });

  it('counts users, modules, lessons and quizzes', async () => {
    const stats = await admin.stats();
    const modules = await call(server, 'GET', '/modules', { token: adminToken });
    expect(stats.totalModules).toBe(modules.body.length);
    expect(stats.totalUsers).toBeGreaterThanOrEqual(1);
    expect(stats.totalLessons).toBeGreaterThan(stats.totalModules);
    expect(stats.totalQuizzes).toBeGreaterThanOrEqual(1);
  });

  // The settings rules (message trimmed, blank clears, maintenance off resets, every learner stream
  // hears it) are core's admin conformance suite's, which runs on this API: http/adminConformance.test.ts.
  it('shows the debug card what the server reads for settings, on this driver', async () => {
    await admin.settings.update({ maintenance_mode: true, system_message: 'Soon' });
    await admin.settings.update({ maintenance_mode: false });
    const debug = await admin.settings.debug();
    expect(debug).toMatchObject({ settings: { maintenance_mode: false, system_message: null }, driver });
  });

  it('keeps one diagnostics row per module: update, enable or disable all, export and a live stream', async () => {
    const list = await admin.diagnostics.list();
    const stats = await admin.stats();
    expect(list.map((d) => d.module_id)).toHaveLength(stats.totalModules);
    expect(list[0]).toMatchObject({ diagnostic_enabled: false, diagnostic_level: 'basic' });

    const heard: DiagnosticSettings[][] = [];
    const stop = admin.diagnostics.subscribe((s) => heard.push(s));
    try {
      await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 5000 });
      const updated = await admin.diagnostics.update(list[1]!.module_id, {
        diagnostic_enabled: true,
        diagnostic_level: 'debug',
        show_lesson_versions: true,
      });
      expect(updated).toMatchObject({
        diagnostic_enabled: true,
        diagnostic_level: 'debug',
        show_lesson_versions: true,
      });
      await vi.waitFor(() => expect(heard.length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
      expect(heard.at(-1)![1]).toMatchObject({ diagnostic_level: 'debug' });

      const all = await admin.diagnostics.setAll(true);
      expect(all.every((d) => d.diagnostic_enabled)).toBe(true);
      await vi.waitFor(() => expect(heard.at(-1)!.every((d) => d.diagnostic_enabled)).toBe(true), {
        timeout: 5000,
      });
      expect((await admin.diagnostics.setAll(false)).some((d) => d.diagnostic_enabled)).toBe(false);
    } finally {
      stop();
    }
    const file = await call(server, 'GET', '/admin/diagnostics/export', { token: adminToken });
    expect(file.headers.get('content-disposition')).toMatch(/filename="diagnostic-settings-[\dT-]+Z\.json"/);
    expect(file.body.settings).toHaveLength(list.length);
    expect(await admin.diagnostics.export!()).toMatchObject({ settings: expect.any(Array) });
    const bad = await call(server, 'PATCH', `/admin/diagnostics/${list[0]!.module_id}`, {
      token: adminToken,
      body: { diagnostic_level: 'verbose' },
    });
    expect(bad.status).toBe(400);
    const missing = await call(server, 'PATCH', '/admin/diagnostics/99', {
      token: adminToken,
      body: { diagnostic_enabled: true },
    });
    expect(missing.status).toBe(404);
  });

  it('tells the diagnostics streams of every instance about a change made on another', async () => {
    const other = server.databaseUrl ? await openDatabase({ url: server.databaseUrl }) : server.database;
    const otherApp = createApp({
      db: other,
      mailer: devMailbox(path.join(server.config.dataDir, 'mailbox2'), pino({ level: 'silent' })),
      config: server.config,
    });
    const { server: otherServer, url } = await listen(otherApp);
    const heard: DiagnosticSettings[][] = [];
    const stop = admin.diagnostics.subscribe((list) => heard.push(list));
    try {
      await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 5000 });
      const elsewhere = withHttpAdmin(
        createHttpAdapter({ baseUrl: `${url}/api`, getAccessToken: () => adminToken }),
      ).admin;
      await elsewhere.diagnostics.update(heard[0]![0]!.module_id, { show_performance_metrics: true });
      await vi.waitFor(() => expect(heard.at(-1)![0]).toMatchObject({ show_performance_metrics: true }), {
        timeout: 5000,
      });
    } finally {
      stop();
      await otherApp.close();
      await closeServer(otherServer);
      if (other !== server.database) await other.close();
    }
  });

  it('administers stable tracking: overview, orphan cleanup (logged) and migration of legacy records', async () => {
    const { userId, token } = await signUp(server, 'Lou Legacy');
    const as = createHttpAdapter({ baseUrl: server.api, getAccessToken: () => token });
    const [first] = await as.course.modules();
    const lessons = await as.course.lessons(first!.id);
    await as.progress.setLessonCompleted(lessons[0]!.lesson_key, true);
    const { db } = server.database;
    // Two legacy records (by lesson id, by module and order) and one whose lesson is gone.
    const courseId = await defaultCourseId(db);
    await db.insert(userProgress).values([
      {
        userId,
        courseId,
        lessonId: lessons[1]!.id,
        lessonKey: null,
        moduleId: first!.id,
        completed: true,
        trackingMethod: 'legacy',
      },
      {
        userId,
        courseId,
        lessonId: null,
        lessonKey: null,
        moduleId: first!.id,
        lessonOrder: 3,
        completed: true,
        trackingMethod: 'legacy',
      },
      {
        userId,
        courseId,
        lessonId: null,
        lessonKey: 'm1_gone_lesson',
        moduleId: first!.id,
        completed: true,
        trackingMethod: 'stable',
      },
    ]);
    const before = await admin.tracking.overview();
    expect(before.legacyRecords).toBeGreaterThanOrEqual(2);
    expect(before.orphanedRecords).toBeGreaterThanOrEqual(1);
    expect(before.modules[0]).toMatchObject({ moduleId: first!.id, activeLessons: lessons.length });
    expect(before.averageLessonVersion).toBeGreaterThanOrEqual(1);

    const migrated = await admin.tracking.migrate(userId);
    expect(migrated).toEqual({ success: true, migrated_records: 2 });
    const state = await as.progress.get();
    expect(state.summary.modules[0]!.completedLessons).toBe(3);
    const rows = await db.select().from(userProgress).where(eq(userProgress.userId, userId));
    expect(rows.filter((r) => r.trackingMethod === 'legacy')).toEqual([]);
    expect(new Set(rows.map((r) => r.lessonKey))).toEqual(
      new Set([lessons[0]!.lesson_key, lessons[1]!.lesson_key, lessons[2]!.lesson_key, 'm1_gone_lesson']),
    );

    const cleaned = await admin.tracking.cleanup();
    expect(cleaned.success).toBe(true);
    expect(cleaned.cleaned_records).toBeGreaterThanOrEqual(1);
    const after = await db.select().from(userProgress).where(eq(userProgress.userId, userId));
    expect(after.map((r) => r.lessonKey)).not.toContain('m1_gone_lesson');
    expect(after).toHaveLength(3);
    expect((await admin.tracking.overview()).orphanedRecords).toBe(0);
    const [log] = await admin.tracking.cleanupLog();
    expect(log).toMatchObject({
      cleanup_type: 'orphaned_progress',
      records_affected: cleaned.cleaned_records,
    });
  });
});
