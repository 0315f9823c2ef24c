import validateStatement from '@learninglocker/xapi-validation';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { answerCourseQuiz, completeModule, packagedBundle, passing } from './learnerSteps';
import type { Cmi5Launch, Json } from './lmsSite';
import { lmsWorld } from './lmsWorld';

// The cmi5 package as an LMS launches it — the five launch parameters, a one-time fetch
// URL, LMS.LaunchData with the context template, a loopback LRS keeping every statement — in
// Debian's Chromium. Each statement is also checked by an outside xAPI validator.

const packagesDir = inject('packagesDir');
const bundle = packagedBundle(packagesDir, 'cmi5');
const final = bundle.quizzes.find((q) => q.quiz.kind === 'course')!;
const module1 = bundle.modules[0]!;
const world = lmsWorld(packagesDir);

const SESSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const MOVE_ON = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
const verbOf = (s: Json) => String(s.verb.id).split('/').pop();
const ofSession = (launch: Cmi5Launch) =>
  world.lms.lrs.statements.filter((s: Json) => s.context?.extensions?.[SESSION] === launch.sessionId);

async function open(launch: Cmi5Launch): Promise<Page> {
  const page = await world.browser.newPage({ viewport: { width: 1280, height: 1400 } });
  page.on('pageerror', (e) => {
    throw new Error(`the package threw into the page: ${e.message}`);
  });
  await page.goto(launch.url);
  return page;
}

/** Every cmi5 rule a statement of this AU session must keep (cmi5 §9). */
function expectCmi5Statement(s: Json, launch: Cmi5Launch) {
  expect(s.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(s.actor).toEqual(launch.actor);
  expect(s.object.id).toBe(launch.activityId);
  expect(s.context.registration).toBe(launch.registration);
  expect(s.context.extensions[SESSION]).toBe(launch.sessionId);
  const grouping = (s.context.contextActivities.grouping ?? []).map((a: { id: string }) => a.id);
  expect(grouping).toContain(launch.activityId);
  const category = (s.context.contextActivities.category ?? []).map((a: { id: string }) => a.id);
  expect(category).toContain(CMI5);
  const verb = verbOf(s);
  const judged = ['completed', 'passed', 'failed'].includes(verb!);
  expect(category.includes(MOVE_ON)).toBe(judged);
  if (judged || verb === 'terminated') expect(s.result.duration).toMatch(/^P/);
  if (verb === 'completed') expect(s.result).toMatchObject({ completion: true });
  if (verb === 'passed' || verb === 'failed') {
    expect(s.result.success).toBe(verb === 'passed');
    expect(s.result.score.scaled >= 0.8).toBe(verb === 'passed');
    expect(s.result.score).toMatchObject({ min: 0, max: final.questions.length });
    expect(s.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/masteryscore']).toBe(0.8);
  }
  // An outside validator (Learning Locker's) finds nothing wrong with it as an xAPI statement.
  expect(validateStatement(s)).toEqual([]);
}

describe('the cmi5 package launched by an LMS, against an LRS', () => {
  it('a module AU: initialized, completed when its lessons are done, terminated on return to the LMS', async () => {
    const launch = world.lms.launch('ana', 'module-1', { moveOn: 'Completed' });
    const page = await open(launch);
    await page.getByRole('heading', { name: module1.name, level: 2 }).waitFor();
    await completeModule(page, bundle.lessons.filter((l) => l.module_id === module1.id).length);
    await page.getByRole('heading', { name: 'You have finished this part of the course.' }).waitFor();
    await page.getByRole('button', { name: 'Return to the course' }).click();
    await page.waitForURL(/\/lms\/cmi5\/returned$/);

    const session = ofSession(launch);
    expect(session.map(verbOf)).toEqual(['launched', 'initialized', 'completed', 'terminated']);
    for (const s of session.slice(1)) expectCmi5Statement(s, launch);
    await page.close();
  });

  it('the final quiz AU: failed in one session, passed in the next, the first attempt kept across them', async () => {
    const first = world.lms.launch('ana', 'final-quiz', { moveOn: 'CompletedAndPassed', masteryScore: 0.8 });
    let page = await open(first);
    await page.getByRole('heading', { name: final.quiz.title, level: 2 }).waitFor();
    await answerCourseQuiz(page, bundle, passing(bundle) - 1);
    await page.getByRole('button', { name: 'Save and exit' }).click();
    await page.waitForURL(/\/lms\/cmi5\/returned$/);
    await page.close();
    // cmi5 allows one of Passed/Failed per session, so a fail is sent as the session ends.
    expect(ofSession(first).map(verbOf)).toEqual([
      'launched',
      'initialized',
      'completed',
      'failed',
      'terminated',
    ]);

    const second = world.lms.launch('ana', 'final-quiz', { moveOn: 'CompletedAndPassed', masteryScore: 0.8 });
    expect(second.registration).toBe(first.registration);
    page = await open(second);
    await answerCourseQuiz(page, bundle, passing(bundle));
    await page.getByRole('button', { name: 'View All Results' }).click();
    await page.locator('option', { hasText: 'Attempt 2' }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Save and exit' }).click();
    await page.waitForURL(/\/lms\/cmi5\/returned$/);
    await page.close();
    // Completed went out once per registration: in the first session.
    expect(ofSession(second).map(verbOf)).toEqual(['launched', 'initialized', 'passed', 'terminated']);
    for (const [launch, list] of [
      [first, ofSession(first)],
      [second, ofSession(second)],
    ] as const) {
      for (const s of list.slice(1)) expectCmi5Statement(s, launch);
    }
  });

  it('the xAPI validator does find a broken statement (the check can fail)', () => {
    const good = world.lms.lrs.statements.find((s) => verbOf(s) === 'passed')!;
    expect(validateStatement({ ...good, verb: { id: 'not an IRI' } }).length).toBeGreaterThan(0);
  });
});
