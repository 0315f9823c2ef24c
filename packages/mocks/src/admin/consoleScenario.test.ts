import {
  type AdminAdapter,
  type AdminUserView,
  type JobStatus,
  messages,
  ProgressRecordSchema,
} from '@coursekit/core';
import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../createHandlers';
import { createMemoryAdapter } from '../createMemoryAdapter';
import { scenarioOptions } from '../scenarios';
import { createMemoryStore, type MemoryStore } from '../store/createMemoryStore';
import { DEMO_ADMIN } from './seedAdminScenario';

// The admin-console scenario's seeded world (stories and demos start from it): its ~25 users, Lena's
// attempts, the broken image links, legacy and orphaned records, the audit history. The behaviour
// itself is checked on every backend by core's admin conformance suite; this checks what the
// scenario seeds, on the memory adapter and on the HTTP adapter over the MSW handlers.

const consoleStore = () =>
  createMemoryStore({ ...scenarioOptions['admin-console'], admin: { users: 'console', jobStepMs: 1 } });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let hosts = 0;
const makers: Array<[string, () => { admin: AdminAdapter; store: MemoryStore }]> = [
  [
    'memory adapter',
    () => {
      const store = consoleStore();
      return { admin: createMemoryAdapter(store).admin!, store };
    },
  ],
  [
    'HTTP adapter on the MSW handlers',
    () => {
      const store = consoleStore();
      const baseUrl = `http://console-${++hosts}.test/api`;
      server.use(...createHandlers(store, { baseUrl }));
      const adapter = createHttpAdapter({
        baseUrl,
        getAccessToken: () => DEMO_ADMIN.accessToken,
        jobPollMs: 1,
      });
      return { admin: withHttpAdmin(adapter).admin, store };
    },
  ],
];

async function userByEmail(admin: AdminAdapter, email: string): Promise<AdminUserView> {
  const { items } = await admin.users.list({ search: email });
  expect(items).toHaveLength(1);
  return items[0]!;
}

const lastWord = (u: AdminUserView) => (u.display_name ?? '').trim().toLowerCase().split(/\s+/).at(-1) ?? '';

describe.each(makers)('the admin-console scenario (%s)', (_, make) => {
  it('finds its users by name or e-mail, whatever the case', async () => {
    const { admin } = make();
    expect((await admin.users.list({ search: 'NOVAK' })).items.map((u) => u.display_name)).toEqual([
      'Lena Novak',
    ]);
    expect((await admin.users.list({ search: 'Okafor@EXAMPLE' })).items[0]?.email).toBe(
      'samuel.okafor@example.com',
    );
    expect(await admin.users.list({ search: 'nobody-like-this' })).toMatchObject({ items: [], total: 0 });
  });

  it('sorts its 25 users by last word both ways, the one without a name first', async () => {
    const { admin } = make();
    const asc = (await admin.users.list({ sort: 'asc', pageSize: 100 })).items;
    const desc = (await admin.users.list({ sort: 'desc', pageSize: 100 })).items;
    const words = asc.map(lastWord);
    expect(words).toEqual([...words].sort());
    expect(asc[0]?.display_name).toBeNull();
    expect(desc.map(lastWord)).toEqual([...words].reverse());
    const first = await admin.users.list({ page: 1, pageSize: 10 });
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect((await admin.users.list({ page: 2, pageSize: 10 })).items.map((u) => u.id)).not.toContain(
      first.items[0]!.id,
    );
    expect((await admin.users.list({ page: 4, pageSize: 10 })).items).toEqual([]);
    expect((await admin.stats()).totalUsers).toBe(25);
  });

  it('removes every row of a deleted user from the store', async () => {
    const { admin, store } = make();
    const lena = await userByEmail(admin, 'lena.novak@example.com');
    await admin.users.delete(lena.id);
    expect(store.tables.progress.some((r) => r.user_id === lena.id)).toBe(false);
    expect(store.tables.attempts.some((a) => a.user_id === lena.id)).toBe(false);
    expect(store.tables.users.has(lena.id)).toBe(false);
    await expect(admin.users.get(lena.id)).rejects.toMatchObject({ message: 'User not found' });
    await expect(admin.users.sendPasswordReset(lena.id)).rejects.toMatchObject({
      message: messages.userEmailNotAvailable,
    });
  });

  it('shows Lena’s progress, with the course quiz’s attempts newest first', async () => {
    const { admin } = make();
    const lena = await userByEmail(admin, 'lena.novak@example.com');
    const view = await admin.userProgress.get(lena.id);
    expect(view.summary).toMatchObject({ completedLessons: 8, hasStarted: true, isComplete: false });
    expect(view.preAssessment?.score).toBe(3);
    const course = view.quizzes.find((q) => q.quiz.kind === 'course')!;
    expect(course.summary).toMatchObject({ totalAttempts: 3, bestScore: 3, passed: false });
    const attempts = await admin.userProgress.attempts(lena.id, course.quiz.id);
    const done = attempts.map((a) => a.attempt.completed_at!);
    expect(done).toEqual([...done].sort().reverse());
    expect(attempts.map((a) => a.attempt.score)).toEqual([3, 3, 2]);
    await admin.userProgress.resetModule(lena.id, 2);
    expect((await admin.userProgress.get(lena.id)).summary.completedLessons).toBe(5);
  });

  it('runs the image tools at the spec’s steps over its broken links', async () => {
    const { admin } = make();
    const steps = (jobs: JobStatus[]) => jobs.map((j) => `${j.state}:${j.progress}`);
    const seen: JobStatus[] = [];
    const analysis = await admin.images.analyze((j) => seen.push(j));
    expect(steps(seen)).toEqual(['running:25', 'running:50', 'running:75', 'done:100']);
    expect(analysis.problematicUrls.map((u) => u.lessonId)).toEqual([201, 202, 303, 405]);
    expect(analysis.encodingIssues).toBe(1);
    seen.length = 0;
    const validation = await admin.images.validate((j) => seen.push(j));
    expect(steps(seen)).toEqual(['running:20', 'done:100']);
    expect(validation).toMatchObject({ total: 25, valid: 20, invalid: 5 });
    expect(validation.summary.recommendations).toEqual([
      '5 image(s) are missing from storage: upload them or run Enhanced Correction.',
    ]);
    seen.length = 0;
    const correction = await admin.images.correct((j) => seen.push(j));
    expect(steps(seen)).toEqual(['running:30', 'done:100']);
    // The scenario's mapping shortens lesson 502's link past the 10% check: that lesson fails.
    expect(correction).toMatchObject({ success: false, corrected: 4, failed: 1 });
    expect(correction.details.find((d) => d.lessonId === 502)?.errors).toEqual([
      'Content length changed by more than 10%',
    ]);
    expect((await admin.images.analyze()).problematicUrls).toEqual([]);
    expect(await admin.images.list()).toHaveLength(25);
  });

  it('counts its stable, legacy and orphaned records; cleans and migrates them', async () => {
    const { admin, store } = make();
    const before = await admin.tracking.overview();
    expect(before).toMatchObject({ legacyRecords: 4, orphanedRecords: 2, averageLessonVersion: 1 });
    expect(await admin.tracking.cleanup()).toEqual({ success: true, cleaned_records: 2 });
    expect((await admin.tracking.cleanupLog())[0]).toMatchObject({ records_affected: 2 });
    const noah = await userByEmail(admin, 'noah.johansson@example.com');
    expect(await admin.tracking.migrate(noah.id)).toEqual({ success: true, migrated_records: 4 });
    expect(await admin.tracking.overview()).toMatchObject({ legacyRecords: 0, orphanedRecords: 0 });
    for (const record of store.tables.progress) ProgressRecordSchema.parse(record);
    expect((await admin.userProgress.get(noah.id)).summary.completedLessons).toBe(9);
  });

  it('loads modules 1 to 5 and refreshes its 25 images; module 6 has no content', async () => {
    const { admin } = make();
    expect(await admin.content.loadAll()).toMatchObject({ success: true, lessonsCreated: 0 });
    expect(await admin.content.loadModule(3)).toMatchObject({ success: true });
    expect(await admin.content.loadModule(6)).toMatchObject({
      success: false,
      message: 'Module 6 not found content not available',
    });
    expect(await admin.content.refreshImages()).toMatchObject({
      success: true,
      message: 'Refreshed 25 images',
    });
    const heard: boolean[][] = [];
    const stop = admin.diagnostics.subscribe((list) => heard.push(list.map((d) => d.diagnostic_enabled)));
    await expect.poll(() => heard.length).toBe(1);
    await admin.diagnostics.update(2, { diagnostic_enabled: true, diagnostic_level: 'debug' });
    await expect.poll(() => heard.at(-1)).toEqual([false, true, false, false, false]);
    stop();
    expect((await admin.diagnostics.export!()).settings).toHaveLength(5);
  });

  it('answers the analytics report and the progress CSV of its learners', async () => {
    const { admin } = make();
    const report = await admin.analytics!.report();
    // learners are the accounts without the admin role: 25 less the three admins
    expect(report.learners).toMatchObject({ total: 22, completedCourse: 1 });
    expect(report.funnel).toHaveLength(5);
    const csv = await admin.analytics!.progressCsv();
    expect(csv.split('\r\n').filter(Boolean).length).toBeGreaterThan(20);
    expect(csv).toContain('lena.novak@example.com');
  });

  it('lists its security events newest first, and the selector’s 25 profiles newest first', async () => {
    const { admin } = make();
    const events = (await admin.audit.securityEvents()).items.map((e) => e.event_type);
    expect(events).toEqual([
      'validation_error',
      'admin_access_denied',
      'invalid_session',
      'insufficient_role',
    ]);
    const created = (await admin.users.selectable()).map((p) => p.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(created).toHaveLength(25);
  });
});

describe('the memory store’s progress CSV', () => {
  it('keeps a formula-like name as text (a name no form takes, written straight in)', async () => {
    const store = createMemoryStore({ learner: false, admin: {} });
    const { user } = store.signUp({ email: 'eve@example.com', password: 'Facility-42-Data', name: 'Eve' });
    store.tables.users.get(user.id)!.user.user_metadata.name = '=SUM(1,2)';
    const total = store.lessonsList.filter((l) => l.is_active).length;
    const csv = await createMemoryAdapter(store).admin!.analytics!.progressCsv();
    expect(csv.split('\r\n').find((l) => l.startsWith(`${user.id},`))).toBe(
      `${user.id},"'=SUM(1,2)",eve@example.com,0,${total},0,0,,,false,`,
    );
  });
});
