import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { packagedBundle } from './learnerSteps';
import type { Json } from './lmsSite';
import { lmsWorld } from './lmsWorld';

// Bad environments, in the real browser: no LMS API, LMSInitialize failing, a value the
// LMS refuses, saved state from an older version of the course, an LRS answering 401 and 500. Each
// time the learner reads what happened, nothing the runtime accepted is lost, and nothing is thrown
// into the LMS's page.

const packagesDir = inject('packagesDir');
const bundle = packagedBundle(packagesDir, 'scorm12');
const world = lmsWorld(packagesDir);
let errors: string[] = [];

async function newPage(): Promise<Page> {
  errors = [];
  const page = await world.browser.newPage({ viewport: { width: 1280, height: 1400 } });
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}
async function scorm(
  format: 'scorm12' | 'scorm2004',
  learner: string,
  mode = '',
): Promise<[Page, FrameLocator]> {
  const page = await newPage();
  await page.goto(`${world.lms.origin}/lms/scorm.html?format=${format}&learner=${learner}&mode=${mode}`);
  const course = page.frameLocator('#sco');
  await course.getByRole('heading', { name: bundle.course.title }).waitFor();
  return [page, course];
}
const notice = (surface: FrameLocator | Page, kind: string) =>
  surface.locator(`[data-lms-problem="${kind}"]`);
/** Opens module 1 and marks its first lesson complete: a change the package saves at once. */
async function completeFirstLesson(course: FrameLocator | Page, from: 'dashboard' | 'module' = 'dashboard') {
  if (from === 'dashboard') await course.getByRole('button', { name: 'Start Learning' }).click();
  await course.getByRole('button', { name: 'Mark Complete' }).click();
  await course.getByText(/^1 of 5 lessons completed$/).waitFor();
}

describe('bad LMS environments', () => {
  it('no LMS API: says progress is not recorded, and the course still works', async () => {
    const [page, course] = await scorm('scorm12', 'nobody', 'noapi');
    await expect(notice(course, 'no-lms').textContent()).resolves.toMatch(
      /not connected to a learning management system/,
    );
    await expect(notice(course, 'no-lms').getAttribute('role')).resolves.toBe('alert');
    await completeFirstLesson(course);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Initialize failing (SCORM 2004): names the LMS’s error, and the course still works', async () => {
    const [page, course] = await scorm('scorm2004', 'refused-start', 'initfail');
    await expect(notice(course, 'not-started').textContent()).resolves.toMatch(
      /did not start this course session \(error 101: General Exception\)/,
    );
    await completeFirstLesson(course);
    expect(world.lms.record('scorm2004', 'refused-start')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a value the LMS refuses: says which, and commits the rest', async () => {
    const [page, course] = await scorm('scorm12', 'refused-value', 'refuse:cmi.core.lesson_location');
    await completeFirstLesson(course);
    await expect(notice(course, 'refused').textContent()).resolves.toMatch(
      /did not accept part of your progress \(cmi\.core\.lesson_location: error 405: Incorrect Data Type\)/,
    );
    const cmi = (
      world.lms.record('scorm12', 'refused-value') as { cmi: { suspend_data: string; core: Json } }
    ).cmi;
    expect(cmi.suspend_data).toMatch(/^ck1~/);
    expect(cmi.core.lesson_status).toBe('incomplete');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('saved state from an older version of the course: says so, keeps the LMS’s status, carries on', async () => {
    world.lms.setRecord('scorm12', 'old-timer', {
      cmi: { core: { lesson_status: 'completed', exit: 'suspend' }, suspend_data: 'v0|m1:1,2,3;quiz:80' },
    });
    const [page, course] = await scorm('scorm12', 'old-timer');
    await expect(notice(course, 'saved-state').textContent()).resolves.toMatch(
      /saved by an older version of the course/,
    );
    await completeFirstLesson(course);
    const cmi = (world.lms.record('scorm12', 'old-timer') as { cmi: { suspend_data: string; core: Json } })
      .cmi;
    expect(cmi.core.lesson_status).toBe('completed');
    expect(cmi.suspend_data).toMatch(/^ck1~/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the LRS refusing the fetch URL (401): says the connection was refused', async () => {
    world.lms.lrs.failFetch = 401;
    try {
      const page = await newPage();
      await page.goto(world.lms.launch('bo', 'module-2', { moveOn: 'Completed' }).url);
      await expect(notice(page, 'not-started').textContent()).resolves.toMatch(
        /refused this course's connection \(HTTP 401\)/,
      );
      await page.getByRole('heading', { name: bundle.modules[1]!.name, level: 2 }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      world.lms.lrs.failFetch = 0;
    }
  });

  it('the LRS failing (500): keeps the learner’s progress and sends it again once the LRS answers', async () => {
    const launch = world.lms.launch('cy', 'module-1', { moveOn: 'Completed' });
    const page = await newPage();
    await page.goto(launch.url);
    await page.getByRole('heading', { name: bundle.modules[0]!.name, level: 2 }).waitFor();
    world.lms.lrs.failWrites = 500;
    await completeFirstLesson(page, 'module');
    await expect(notice(page, 'unreachable').textContent()).resolves.toMatch(
      /cannot reach your learning record store \(HTTP 500\)/,
    );
    world.lms.lrs.failWrites = 0;
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await page.getByText(/^2 of 5 lessons completed$/).waitFor();
    await notice(page, 'unreachable').waitFor({ state: 'detached' });
    // Both lessons are in the state document the LRS now holds: the one it first refused too.
    const doc = [...world.lms.lrs.state.entries()].find(
      ([key]) => key.startsWith(`${launch.activityId}|`) && key.includes('package'),
    );
    const suspend = JSON.parse(doc![1]).suspendData as string;
    expect(suspend.split('~')[2]).toHaveLength(24);
    expect(errors).toEqual([]);
    await page.close();
  });
});
