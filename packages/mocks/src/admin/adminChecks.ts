import {
  type AdminAdapter,
  type AdminUserView,
  CourseError,
  type JobStatus,
  messages,
  ProgressRecordSchema,
} from '@coursekit/core';
import { describe, expect, it } from 'vitest';
import type { MemoryStore } from '../createMemoryStore';

/** What a run of the admin checks is given: a fresh admin-console world and an admin adapter on it. */
export interface AdminHarness {
  make: () => Promise<{ admin: AdminAdapter; store: MemoryStore }>;
}

async function failure(promise: Promise<unknown>): Promise<CourseError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CourseError);
  return error as CourseError;
}

async function userByEmail(admin: AdminAdapter, email: string): Promise<AdminUserView> {
  const { items } = await admin.users.list({ search: email });
  expect(items).toHaveLength(1);
  return items[0]!;
}

const lastWord = (u: AdminUserView) => (u.display_name ?? '').trim().toLowerCase().split(/\s+/).at(-1) ?? '';

/**
 * admin.md's behaviours for an AdminAdapter on the mocks, run on the memory adapter and on the HTTP
 * adapter over the MSW handlers, so the two answer alike.
 */
export function runAdminChecks(name: string, harness: AdminHarness): void {
  describe(`admin behaviours: ${name}`, () => {
    it('searches names and e-mails case-insensitively, as a substring', async () => {
      const { admin } = await harness.make();
      expect((await admin.users.list({ search: 'NOVAK' })).items.map((u) => u.display_name)).toEqual([
        'Lena Novak',
      ]);
      expect((await admin.users.list({ search: 'Okafor@EXAMPLE' })).items[0]?.email).toBe(
        'samuel.okafor@example.com',
      );
      const none = await admin.users.list({ search: 'nobody-like-this' });
      expect(none).toMatchObject({ items: [], total: 0 });
    });

    it('sorts by the last word of the display name, both ways, a missing name first', async () => {
      const { admin } = await harness.make();
      const asc = (await admin.users.list({ sort: 'asc', pageSize: 100 })).items;
      const desc = (await admin.users.list({ sort: 'desc', pageSize: 100 })).items;
      const words = asc.map(lastWord);
      expect(words).toEqual([...words].sort());
      expect(asc[0]?.display_name).toBeNull();
      expect(desc.map(lastWord)).toEqual([...words].reverse());
    });

    it('pages on the server: total counts every user, pages do not overlap', async () => {
      const { admin } = await harness.make();
      const first = await admin.users.list({ page: 1, pageSize: 10 });
      const second = await admin.users.list({ page: 2, pageSize: 10 });
      expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
      expect(first.items).toHaveLength(10);
      expect(second.items.map((u) => u.id)).not.toContain(first.items[0]!.id);
      expect((await admin.users.list({ page: 4, pageSize: 10 })).items).toEqual([]);
      expect((await admin.stats()).totalUsers).toBe(25);
    });

    it('creates a user with the spec’s defaults, and refuses bad input with its messages', async () => {
      const { admin } = await harness.make();
      const input = {
        email: 'New.Person@example.com',
        password: 'Facility-42-Data',
        displayName: ' New Person ',
      };
      const created = await admin.users.create({ ...input, sendInvite: true, roles: ['user'] });
      expect(created).toMatchObject({
        email: 'new.person@example.com',
        display_name: 'New Person',
        roles: ['user'],
      });
      expect(created.email_confirmed_at).toBeNull();
      const confirmed = await admin.users.create({
        ...input,
        email: 'b@example.com',
        sendInvite: false,
        roles: ['admin', 'user'],
      });
      expect(confirmed.email_confirmed_at).not.toBeNull();
      expect(confirmed.roles).toEqual(['admin', 'user']);
      const bad = (patch: object) =>
        failure(admin.users.create({ ...input, sendInvite: true, roles: [], ...patch }));
      expect((await bad({ email: 'not-an-address' })).message).toBe('Please enter a valid email address');
      expect((await bad({ password: '12345' })).message).toBe('Password must be at least 6 characters');
      expect((await bad({ displayName: '  ' })).message).toBe('Display name is required');
      expect((await bad({ email: 'b@example.com' })).code).toBe('user_already_registered');
    });

    it('edits a profile trimmed, a blank value stored as null', async () => {
      const { admin } = await harness.make();
      const mei = await userByEmail(admin, 'mei.lin@example.com');
      const edited = await admin.users.update(mei.id, { display_name: '  Mei L. Lin ', avatar_url: '   ' });
      expect(edited).toMatchObject({ display_name: 'Mei L. Lin', avatar_url: null });
      expect((await admin.users.update(mei.id, { display_name: ' ' })).display_name).toBeNull();
    });

    it('deletes progress, attempts, roles, profile and account together', async () => {
      const { admin, store } = await harness.make();
      const lena = await userByEmail(admin, 'lena.novak@example.com');
      await admin.users.delete(lena.id);
      expect(store.tables.progress.some((r) => r.user_id === lena.id)).toBe(false);
      expect(store.tables.attempts.some((a) => a.user_id === lena.id)).toBe(false);
      expect(store.tables.users.has(lena.id)).toBe(false);
      expect((await failure(admin.users.get(lena.id))).message).toBe('User not found');
      expect((await admin.users.selectable()).map((p) => p.user_id)).not.toContain(lena.id);
      expect((await failure(admin.users.sendPasswordReset(lena.id))).message).toBe(
        messages.userEmailNotAvailable,
      );
      expect((await admin.audit.actions()).items[0]).toMatchObject({
        action_type: 'user_deleted',
        target_user_id: lena.id,
      });
    });

    it('assigns and removes roles, and records each in the audit log', async () => {
      const { admin } = await harness.make();
      const tom = await userByEmail(admin, 'tom.becker@example.com');
      expect(await admin.roles.assign(tom.id, 'moderator')).toEqual(['moderator', 'user']);
      expect(await admin.roles.remove(tom.id, 'user')).toEqual(['moderator']);
      await admin.users.sendPasswordReset(tom.id);
      const log = (await admin.audit.actions()).items
        .slice(0, 3)
        .map((a) => [a.action_type, a.action_details]);
      expect(log).toEqual([
        ['password_reset_initiated', { email: tom.email }],
        ['role_removed', { role: 'user' }],
        ['role_assigned', { role: 'moderator' }],
      ]);
    });

    it('turning maintenance off clears the message and resets its type to info', async () => {
      const { admin } = await harness.make();
      const on = await admin.settings.update({
        maintenance_mode: true,
        system_message: '  Back at 18:00 ',
        system_message_type: 'warning',
      });
      expect(on).toMatchObject({
        maintenance_mode: true,
        system_message: 'Back at 18:00',
        system_message_type: 'warning',
      });
      expect((await admin.settings.update({ system_message: '   ' })).system_message).toBeNull();
      await admin.settings.update({ system_message: 'Again', system_message_type: 'error' });
      const off = await admin.settings.update({ maintenance_mode: false });
      expect(off).toMatchObject({
        maintenance_mode: false,
        system_message: null,
        system_message_type: 'info',
      });
    });

    it('shows a learner’s progress, with a quiz’s attempts newest first', async () => {
      const { admin } = await harness.make();
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
    });

    it('resets a quiz, the pre-assessment, a module and everything', async () => {
      const { admin } = await harness.make();
      const lena = await userByEmail(admin, 'lena.novak@example.com');
      const courseId = (await admin.userProgress.get(lena.id)).quizzes.find((q) => q.quiz.kind === 'course')!
        .quiz.id;
      await admin.userProgress.resetQuiz(lena.id, courseId);
      expect(await admin.userProgress.attempts(lena.id, courseId)).toEqual([]);
      await admin.userProgress.resetPreAssessment(lena.id);
      expect((await admin.userProgress.get(lena.id)).preAssessment).toBeNull();
      await admin.userProgress.resetModule(lena.id, 2);
      expect((await admin.userProgress.get(lena.id)).summary.completedLessons).toBe(5);
      await admin.userProgress.reset(lena.id);
      expect((await admin.userProgress.get(lena.id)).summary.hasStarted).toBe(false);
      const types = (await admin.audit.actions()).items.slice(0, 4).map((a) => a.action_type);
      expect(types).toEqual([
        'progress_reset',
        'module_progress_reset',
        'pre_assessment_reset',
        'quiz_progress_reset',
      ]);
    });

    it('reports each image tool’s progress at the spec’s steps, with results', async () => {
      const { admin } = await harness.make();
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
      seen.length = 0;
      const correction = await admin.images.correct((j) => seen.push(j));
      expect(steps(seen)).toEqual(['running:30', 'done:100']);
      expect(correction).toMatchObject({ success: false, corrected: 4, failed: 1 });
      expect((await admin.images.analyze()).problematicUrls).toEqual([]);
      expect(await admin.images.list()).toHaveLength(25);
    });

    it('counts stable, legacy and orphaned records; cleans orphans up and migrates legacy ones', async () => {
      const { admin, store } = await harness.make();
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

    it('updates diagnostics one module or all at once, tells subscribers, and exports them', async () => {
      const { admin } = await harness.make();
      const heard: boolean[][] = [];
      const stop = admin.diagnostics.subscribe((list) => heard.push(list.map((d) => d.diagnostic_enabled)));
      await expect.poll(() => heard.length).toBe(1);
      const one = await admin.diagnostics.update(2, { diagnostic_enabled: true, diagnostic_level: 'debug' });
      expect(one).toMatchObject({ module_id: 2, diagnostic_enabled: true, diagnostic_level: 'debug' });
      await expect.poll(() => heard.at(-1)).toEqual([false, true, false, false, false]);
      expect((await admin.diagnostics.setAll(true)).every((d) => d.diagnostic_enabled)).toBe(true);
      await expect.poll(() => heard.at(-1)).toEqual([true, true, true, true, true]);
      stop();
      expect((await admin.diagnostics.export!()).settings).toHaveLength(5);
    });

    it('loads modules 1 to 5 and refreshes images; any other module has no content', async () => {
      const { admin } = await harness.make();
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
    });

    it('answers the analytics report and the progress CSV', async () => {
      const { admin } = await harness.make();
      const report = await admin.analytics!.report();
      // learners are the accounts without the admin role: 25 less the three admins
      expect(report.learners).toMatchObject({ total: 22, completedCourse: 1 });
      expect(report.funnel).toHaveLength(5);
      const csv = await admin.analytics!.progressCsv();
      expect(csv.split('\r\n').filter(Boolean).length).toBeGreaterThan(20);
      expect(csv).toContain('lena.novak@example.com');
    });

    it('lists security events newest first (of one kind when asked), and the selector’s profiles newest first', async () => {
      const { admin } = await harness.make();
      const events = (await admin.audit.securityEvents()).items.map((e) => e.event_type);
      expect(events).toEqual([
        'validation_error',
        'admin_access_denied',
        'invalid_session',
        'insufficient_role',
      ]);
      const sessions = await admin.audit.securityEvents({ event_type: 'invalid_session' });
      expect(sessions.items.map((e) => e.event_type)).toEqual(['invalid_session']);
      expect(sessions.total).toBe(1);
      const created = (await admin.users.selectable()).map((p) => p.created_at);
      expect(created).toEqual([...created].sort().reverse());
      expect(created).toHaveLength(25);
    });
  });
}
