import { afterAll, describe, expect, it } from 'vitest';
import { moduleDoesNotExist } from '../messages';
import { contentResults } from '../rules/adminOperations';
import { IMAGE_LISTING_LIMIT, URL_ISSUE_LABELS } from '../rules/imageLinks';
import { validationRecommendations } from '../rules/imageValidation';
import type { JobStatus } from '../schemas/admin';
import type { SystemSettings } from '../schemas/entities';
import type { AdminConformanceHarness, AdminWorld } from './adminConformance';
import { expectCourseError } from './expectations';

/** admin §2/§4's settings, diagnostics, content loading and image tools. */
export function runAdminSystemChecks({ world, isolatedWorld }: AdminConformanceHarness): void {
  describe('settings, diagnostics and content', () => {
    it('turning maintenance off clears the message and resets its type; every learner’s stream hears it', async () => {
      const admin = await world.makeAdmin();
      const learner = await world.makeAdapter();
      const heard: SystemSettings[] = [];
      const stop = learner.settings.subscribe((s) => heard.push(s));
      const last = () => expect.poll(() => heard.at(-1), { timeout: 5000 });
      try {
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
        await last().toMatchObject({ maintenance_mode: true, system_message: 'Back at 18:00' });
        expect((await admin.settings.update({ system_message: '   ' })).system_message).toBeNull();
        await admin.settings.update({ system_message: 'Again', system_message_type: 'error' });
        const off = await admin.settings.update({ maintenance_mode: false });
        expect(off).toMatchObject({
          maintenance_mode: false,
          system_message: null,
          system_message_type: 'info',
        });
        await last().toMatchObject({
          maintenance_mode: false,
          system_message: null,
          system_message_type: 'info',
        });
        expect(await learner.settings.get()).toMatchObject(off);
      } finally {
        stop();
      }
    });

    it('updates diagnostics one module or all at once, tells subscribers, and exports them', async () => {
      const admin = await world.makeAdmin();
      const heard: boolean[][] = [];
      const stop = admin.diagnostics.subscribe((list) => heard.push(list.map((d) => d.diagnostic_enabled)));
      try {
        await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThan(0);
        const modules = (await admin.diagnostics.setAll(false)).map((d) => d.module_id);
        const second = modules[1]!;
        const one = await admin.diagnostics.update(second, {
          diagnostic_enabled: true,
          diagnostic_level: 'debug',
        });
        expect(one).toMatchObject({ module_id: second, diagnostic_enabled: true, diagnostic_level: 'debug' });
        await expect.poll(() => heard.at(-1), { timeout: 5000 }).toEqual(modules.map((m) => m === second));
        expect((await admin.diagnostics.setAll(true)).every((d) => d.diagnostic_enabled)).toBe(true);
        await expect.poll(() => heard.at(-1), { timeout: 5000 }).toEqual(modules.map(() => true));
        expect((await admin.diagnostics.export!()).settings.map((d) => d.module_id)).toEqual(modules);
        await expectCourseError(
          admin.diagnostics.update(9999, { diagnostic_enabled: true }),
          'not_found',
          moduleDoesNotExist(9999),
        );
      } finally {
        stop();
        await admin.diagnostics.setAll(false);
      }
    });

    it('loads every module or one the content holds, and refreshes images; another has no content', async () => {
      const admin = await world.makeAdmin();
      expect(await admin.content.loadAll()).toMatchObject({ success: true, lessonsCreated: 0 });
      const [first] = await admin.diagnostics.list();
      expect(await admin.content.loadModule(first!.module_id)).toMatchObject({
        success: true,
        lessonsCreated: 0,
      });
      expect(await admin.content.loadModule(9999)).toEqual(contentResults.moduleMissing(9999));
      const images = await admin.images.list();
      expect(await admin.content.refreshImages()).toMatchObject(
        contentResults.imagesRefreshed(images.length),
      );
    });
  });

  describe('image tools', () => {
    let isolated: AdminWorld & { close?: () => Promise<void> };
    afterAll(() => isolated?.close?.());

    it('flags, validates and repairs a broken link, stepping through the spec’s progress', async () => {
      isolated = await isolatedWorld();
      const admin = await isolated.makeAdmin();
      const images = await admin.images.list();
      expect(images.length).toBeGreaterThan(0);
      expect(images.length).toBeLessThanOrEqual(IMAGE_LISTING_LIMIT);
      expect(images.map((i) => i.name)).toEqual([...images.map((i) => i.name)].sort());
      const stats = await admin.stats();
      const file = images[0]!.name;
      const broken = `/storage/image-assets//${file}`;
      const lessonId = await firstLessonId(isolated);
      await isolated.seed.imageLink(lessonId, broken);

      const seen: JobStatus[] = [];
      const analysis = await admin.images.analyze((job) => seen.push(job));
      expectSteps(seen);
      expect(analysis.totalLessons).toBe(stats.totalLessons);
      expect(analysis.problematicUrls).toContainEqual({
        lessonId,
        url: broken,
        issues: [URL_ISSUE_LABELS.double_slash],
      });

      seen.length = 0;
      const validation = await admin.images.validate((job) => seen.push(job));
      expectSteps(seen);
      expect(validation.valid + validation.invalid).toBe(validation.total);
      expect(validation.errors.map((e) => e.url)).toContain(broken);
      expect(validation.summary.recommendations[0]).toBe(
        validationRecommendations({
          missing: validation.errors.filter((e) => e.status === 404).length,
          failing: validation.errors.filter((e) => e.status !== 404).length,
          slow: validation.slow?.length ?? 0,
          slowMs: 1,
        })[0],
      );

      seen.length = 0;
      const correction = await admin.images.correct((job) => seen.push(job));
      expectSteps(seen);
      const detail = correction.details.find((d) => d.lessonId === lessonId);
      expect(detail?.corrections).toContainEqual(
        expect.objectContaining({ from: broken, to: `/storage/image-assets/${encodeURIComponent(file)}` }),
      );
      const after = await admin.images.analyze();
      expect(after.problematicUrls.filter((u) => u.lessonId === lessonId)).toEqual([]);
    });
  });
}

/** A job's progress as seen: never going back, done at 100 with a result. */
function expectSteps(seen: JobStatus[]) {
  const progress = seen.map((j) => j.progress);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  expect(seen.at(-1)).toMatchObject({ state: 'done', progress: 100 });
  expect(seen.at(-1)?.result).toBeDefined();
}

async function firstLessonId(world: AdminWorld): Promise<number> {
  const admin = await world.makeAdmin();
  const email = `lesson.reader.${Date.now().toString(36)}@conformance.example`;
  await admin.users.create({
    email,
    password: 'Facility-42-Data',
    displayName: 'Lesson Reader',
    sendInvite: false,
    roles: ['admin', 'user'],
  });
  const reader = await world.makeAdapter();
  await reader.auth.signIn({ email, password: 'Facility-42-Data' });
  const [first] = await reader.course.modules();
  return (await reader.course.lessons(first!.id))[0]!.id;
}
