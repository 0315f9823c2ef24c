import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { answerCourseQuiz, completeModule, packagedBundle, passing } from './learnerSteps';
import type { Json } from './lmsSite';
import { lmsWorld } from './lmsWorld';

// Each SCORM package as an LMS plays it — the package in an iframe of the LMS's page,
// scorm-again providing the runtime, every commit stored by the LMS — in Debian's Chromium.

const packagesDir = inject('packagesDir');
const world = lmsWorld(packagesDir);

type Format = 'scorm12' | 'scorm2004';

/** The LMS opens the course for a learner: its page, scorm-again, the package in #sco. */
async function openCourse(page: Page, format: Format, learner: string, mode = '') {
  await page.goto(`${world.lms.origin}/lms/scorm.html?format=${format}&learner=${learner}&mode=${mode}`);
  return page.frameLocator('#sco');
}
/** The LMS closes the course's frame, as its own Exit does: the package finishes on pagehide. */
async function closeCourse(page: Page) {
  await page.evaluate(() => document.getElementById('sco')?.remove());
}
const cmiOf = (format: Format, learner: string) =>
  (world.lms.record(format, learner) as { cmi: Json } | null)?.cmi ?? {};

describe.each<Format>(['scorm12', 'scorm2004'])('the %s package in an LMS on scorm-again', (format) => {
  const bundle = packagedBundle(packagesDir, format);
  const final = bundle.quizzes.find((q) => q.quiz.kind === 'course')!;
  const learner = `ana-${format}`;

  it('records the lessons, a failed then a passed final quiz, and resumes after the LMS closes it', async () => {
    const page = await world.browser.newPage({ viewport: { width: 1280, height: 1400 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const course = await openCourse(page, format, learner);
    await course.getByRole('heading', { name: bundle.course.title }).waitFor();
    await expect(course.locator('[data-lms-problem]').count()).resolves.toBe(0);

    await course.getByRole('button', { name: 'Start Learning' }).click();
    for (const module of bundle.modules) {
      await course.getByRole('heading', { name: module.name, level: 2 }).waitFor();
      await completeModule(course, bundle.lessons.filter((l) => l.module_id === module.id).length);
    }
    const card = course.getByRole('listitem', { name: final.quiz.title });
    await card.getByRole('button', { name: 'Start Quiz' }).click();
    await answerCourseQuiz(course, bundle, passing(bundle) - 1);
    const afterFail = cmiOf(format, learner);
    if (format === 'scorm12') expect(afterFail.core.lesson_status).toBe('failed');
    else expect(afterFail).toMatchObject({ completion_status: 'completed', success_status: 'failed' });

    await answerCourseQuiz(course, bundle, passing(bundle));
    await course.getByRole('button', { name: 'View All Results' }).click();
    await course.locator('option', { hasText: 'Attempt 2' }).waitFor({ state: 'attached' });
    await closeCourse(page);

    // What scorm-again committed to the LMS when the package finished. The last commit reaches the
    // LMS after the frame is gone (on pagehide), so wait for it: its exit is 'suspend'.
    const exitOf = (cmi: Json) => (format === 'scorm12' ? (cmi.core as Json | undefined)?.exit : cmi.exit);
    await expect.poll(() => exitOf(cmiOf(format, learner)), { timeout: 10_000 }).toBe('suspend');
    const cmi = cmiOf(format, learner);
    const passedPercent = Math.round((passing(bundle) / final.questions.length) * 10000) / 100;
    if (format === 'scorm12') {
      expect(cmi.core).toMatchObject({
        lesson_status: 'passed',
        exit: 'suspend',
        lesson_location: `/quiz/${final.quiz.id}/results`,
        score: { raw: String(passedPercent), min: '0', max: '100' },
      });
      expect(cmi.core.session_time).toMatch(/^\d+:\d\d:\d\d/);
    } else {
      expect(cmi).toMatchObject({
        completion_status: 'completed',
        success_status: 'passed',
        progress_measure: '1',
        exit: 'suspend',
        location: `/quiz/${final.quiz.id}/results`,
        score: { raw: String(passing(bundle)), min: '0', max: String(final.questions.length) },
      });
      expect(cmi.session_time).toMatch(/^PT/);
      const interactions = (Object.values(cmi.interactions ?? {}) as Json[]).filter((i) => i?.id);
      expect(interactions).toHaveLength(2 * final.questions.length);
      expect(interactions[0]).toMatchObject({ type: 'choice', result: 'correct' });
      const objectives = (Object.values(cmi.objectives ?? {}) as Json[]).filter((o) => o?.id);
      expect(objectives.map((o) => o.id)).toEqual(bundle.outline.objectives.map((o) => o.id));
    }
    const suspend = String(cmi.suspend_data);
    expect(suspend).toMatch(/^ck1~/);
    expect(suspend.length).toBeLessThan(4096);

    // Reopened: back where the learner was, with every lesson and both attempts.
    const again = await openCourse(page, format, learner);
    await again.getByRole('heading', { name: new RegExp(final.quiz.title), level: 2 }).waitFor();
    await again.locator('option', { hasText: 'Attempt 2' }).waitFor({ state: 'attached' });
    await again.getByRole('button', { name: 'Back to Quizzes' }).click();
    const resumedCard = again.getByRole('listitem', { name: final.quiz.title });
    await resumedCard.getByText(/Attempts: 2/).waitFor();
    await resumedCard.getByText('Passed').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
