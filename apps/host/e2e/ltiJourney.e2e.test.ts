import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ApiProcess, freePort, startApiProcess } from '@coursekit/api/testing';
import { INSTRUCTOR, type OidcPlatform, startOidcPlatform } from '@coursekit/api/testing/ltiPlatform';
import { type Browser, type BrowserContext, chromium, type FrameLocator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, screenshotBoth } from './browser';
import { signIn } from './journey';
import { pressButton, tabTo } from './keyboard';
import { ADMIN, HOST_DIST, REPO_ROOT } from './server';

// A course used from an LMS in Chromium with third-party cookies blocked. The LMS (oidc-provider
// and the test platform's services) serves its pages on 127.0.0.1; CourseKit runs as the tool on
// localhost, another site, inside the LMS page's iframe. An admin registers the LMS by URL (LTI
// Dynamic Registration, from the console's link); an instructor deep-links the second course's
// first module, then the whole course, each with its gradebook column; a learner launches the
// module, its binding cookie not kept (as in a browser that keeps no cookie in frames), so the
// launch goes through the LMS's platform storage, and completes it: the module's column holds its
// lessons as points. The learner then launches the whole course the same way, completes the other
// modules' lessons and passes the final quiz in the frame, by keyboard: the course's column holds
// the quiz's points, completed and fully graded. The instructor's roster of the course link lists
// the learner as completed, with lessons and quiz score, and a member who never launched as not
// started.

const SLUG = 'reading-meter-data';
const CONTEXT = 'class-journey';
/** Lessons in each of the course's modules. */
const LESSONS = 3;
type ContentItem = {
  custom: Record<string, string>;
  lineItem: { scoreMaximum: number; label: string; resourceId: string; tag: string };
};
let browser: Browser;
let tool: ApiProcess;
let toolUrl: string;
let platform: OidcPlatform;
let probe: Server;
let probeUrl: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const port = await freePort();
  toolUrl = `http://localhost:${port}`;
  tool = await startApiProcess({
    port,
    env: { HOST_DIST, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_URL: toolUrl },
    startTimeoutMs: 90_000,
  });
  platform = await startOidcPlatform({ publicUrl: toolUrl, url: tool.url });
  // A site that sets a cookie and echoes the cookies it gets: proof that third-party cookies are off.
  probe = createServer((req, res) => {
    if (req.url === '/set') res.setHeader('set-cookie', 'ck_probe=1; Path=/; SameSite=None; Secure');
    res.setHeader('content-type', 'text/plain');
    res.end(`cookies: ${req.headers.cookie ?? '(none)'}`);
  });
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  probeUrl = `http://localhost:${(probe.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--test-third-party-cookie-phaseout',
    ],
  });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await platform?.close();
  await new Promise((resolve) => probe?.close(resolve));
  await tool?.stop(10_000);
});

async function person(width = 1100): Promise<Page> {
  const context = await browser.newContext({ baseURL: toolUrl, viewport: { width, height: 900 } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  return context.newPage();
}

/** The person's LMS session in the browser (the LMS's cookies, first-party on 127.0.0.1). */
async function signInToLms(page: Page, sub: string, name: string) {
  const lms = await platform.signIn(sub, { name });
  await page.goto(lms.sessionUrl());
  expect(await page.textContent('body')).toBe('Signed in to the test LMS.');
  return lms;
}

const log = (page: Page) =>
  page.evaluate(() => (window as unknown as { lmsLog: Array<{ subject: string; origin: string }> }).lmsLog);

async function step(page: Page, name: string, run: (frame: FrameLocator) => Promise<void>) {
  try {
    await run(page.frameLocator('#tool'));
  } catch (error) {
    await screenshotBoth(page, `lti-journey-${name}`).catch(() => undefined);
    throw error;
  }
}

/** The final quiz's key, from the course's data: each question's text and its correct option's text. */
function finalQuizKey(): Map<string, string> {
  const folder = path.join(REPO_ROOT, 'api/content/courses', SLUG, 'quizzes');
  const key = new Map<string, string>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    const { finalQuiz } = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as {
      finalQuiz: Array<Record<string, string>>;
    };
    for (const q of finalQuiz) key.set(q.question_text!, q[`option_${q.correct_answer!.toLowerCase()}`]!);
  }
  return key;
}

/** Marks each lesson of the module page in the frame complete, through to its Congratulations. */
async function completeModule(frame: FrameLocator) {
  await frame.getByText(`0 of ${LESSONS} lessons completed`).waitFor();
  const markComplete = frame.getByRole('button', { name: 'Mark Complete' });
  for (let lesson = 0; lesson < LESSONS; lesson += 1) {
    await markComplete.click();
    if (lesson < LESSONS - 1)
      await frame.getByText(`${lesson + 1} of ${LESSONS} lessons completed`).waitFor();
  }
  await frame.getByRole('dialog').getByText('Congratulations!').waitFor();
}

describe('LTI from an LMS, third-party cookies blocked', () => {
  it('registers by URL, deep-links a module and the course, launches both through platform storage, grades the lessons and the final quiz and lists the roster', async () => {
    // Third-party cookies are blocked: a cookie set first-party is not sent to the same site framed
    // by the LMS's page.
    const check = await person();
    await check.goto(`${probeUrl}/set`);
    await check.goto(`${probeUrl}/echo`);
    expect(await check.textContent('body')).toContain('ck_probe=1');
    await check.goto(platform.framePage(`${probeUrl}/echo`, 'Probe'));
    const echoed = check.frameLocator('#tool').locator('body');
    await echoed.getByText(/^cookies:/).waitFor();
    expect(await echoed.textContent()).toBe('cookies: (none)');

    // The admin makes a registration link in the console; the LMS's admin registers it by URL.
    const admin = await person();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin?tab=lti');
    await pressButton(admin, admin.getByRole('button', { name: 'Make a Registration Link' }));
    const link = (await admin.getByRole('status').locator('code').textContent())!;
    expect(link.startsWith(`${toolUrl}/api/lti/register`)).toBe(true);
    const { openidConfiguration, registrationToken } = await platform.dynamicRegistration();
    const registerUrl = new URL(link);
    registerUrl.searchParams.set('openid_configuration', openidConfiguration);
    registerUrl.searchParams.set('registration_token', registrationToken);
    await admin.goto(platform.framePage(registerUrl.href, 'Register CourseKit'));
    await step(admin, 'register', (frame) =>
      frame.getByText(`CourseKit is registered with ${platform.issuer}`, { exact: false }).waitFor(),
    );
    await expect
      .poll(() => admin.evaluate(() => (window as { lmsClosed?: boolean }).lmsClosed), { timeout: 15_000 })
      .toBe(true);
    const signedIn = await fetch(`${tool.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const adminToken = ((await signedIn.json()) as { access_token: string }).access_token;
    const registrations = (await (
      await fetch(`${tool.url}/api/admin/lti/registrations`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as Array<{ issuer: string; client_id: string; deployments: Array<{ deployment_id: string }> }>;
    const registration = registrations.find((r) => r.issuer === platform.issuer)!;
    expect(registration.deployments).toHaveLength(1);
    const clientId = registration.client_id;
    const deploymentId = registration.deployments[0]!.deployment_id;

    // The instructor deep-links the second course's first module (its binding cookie is Partitioned:
    // Chromium keeps it in the LMS's frame with third-party cookies blocked), then, in a second
    // deep-linking launch (the picker answers one item at a time), the whole course.
    const teacherPage = await person();
    const teacher = await signInToLms(teacherPage, 'jt-teacher', 'Tia Teacher');
    const outline = (await (await fetch(`${tool.url}/api/courses/${SLUG}/outline`)).json()) as {
      title: string;
      modules: Array<{ id: number; name: string }>;
    };
    const first = outline.modules[0]!;
    const deepLink = async (name: string, button: RegExp) => {
      const before = platform.deepLinks().length;
      await teacherPage.goto(
        teacher.framedLaunch(
          { messageType: 'LtiDeepLinkingRequest', roles: [INSTRUCTOR], deploymentId, contextId: CONTEXT },
          { clientId },
        ),
      );
      await step(teacherPage, name, async (frame) => {
        const course = frame
          .getByRole('listitem')
          .filter({ has: frame.getByRole('heading', { name: outline.title }) });
        await pressButton(teacherPage, course.getByRole('button', { name: button }).first());
      });
      await expect.poll(() => platform.deepLinks().length, { timeout: 15_000 }).toBe(before + 1);
      const items = platform.deepLinks()[before]![
        'https://purl.imsglobal.org/spec/lti-dl/claim/content_items'
      ] as ContentItem[];
      expect(items).toHaveLength(1);
      return items[0]!;
    };
    const item = await deepLink('deep-link', /^Add the module/);
    expect(item.custom).toEqual({ course: SLUG, module: String(first.id) });
    const courseItem = await deepLink('deep-link-course', /^Add the course/);
    expect(courseItem.custom).toEqual({ course: SLUG });
    expect(courseItem.lineItem).toEqual({
      scoreMaximum: 100,
      label: outline.title,
      resourceId: `course:${SLUG}`,
      tag: 'coursekit',
    });
    // The LMS makes the gradebook columns the items ask for.
    const column = platform.addLineItem({ ...item.lineItem, resourceLinkId: 'journey-link' }, CONTEXT);
    const launchSpec = {
      resourceLinkId: 'journey-link',
      contextId: CONTEXT,
      deploymentId,
      custom: item.custom,
      lineItem: column,
    };
    const courseColumn = platform.addLineItem(
      { ...courseItem.lineItem, resourceLinkId: 'journey-course' },
      CONTEXT,
    );
    const courseLaunch = {
      resourceLinkId: 'journey-course',
      contextId: CONTEXT,
      deploymentId,
      custom: courseItem.custom,
      lineItem: courseColumn,
    };
    platform.setMembers(CONTEXT, [
      { user_id: 'jt-teacher', name: 'Tia Teacher', roles: [INSTRUCTOR] },
      { user_id: 'jt-learner', name: 'Lea Learner', email: 'lea@school.test' },
      { user_id: 'jt-never', name: 'Nova Never', email: 'nova@school.test' },
    ]);

    // The learner launches it. Chromium keeps the tool's Partitioned binding cookie even with
    // third-party cookies blocked; a browser that keeps none in frames is played by dropping it once
    // the login set it, so the launch reads the binding back from the LMS's platform storage.
    const learnerPage = await person(720);
    const learnerContext = learnerPage.context();
    await learnerContext.route(
      (url) => url.origin === platform.issuer && url.pathname === '/auth',
      async (route) => {
        await learnerContext.clearCookies({ name: /^ck_lti_/ });
        await route.continue();
      },
    );
    const learner = await signInToLms(learnerPage, 'jt-learner', 'Lea Learner');
    await learnerPage.goto(learner.framedLaunch(launchSpec, { clientId }));
    await step(learnerPage, 'learner', completeModule);
    const storage = (await log(learnerPage)).filter((m) => m.origin === toolUrl).map((m) => m.subject);
    expect(storage).toEqual(expect.arrayContaining(['lti.put_data', 'lti.get_data']));

    // The LMS's gradebook holds the module's score (points) and its progress.
    await expect
      .poll(
        () =>
          platform
            .scores()
            .find((s) => s.score.userId === 'jt-learner' && s.score.gradingProgress === 'FullyGraded'),
        {
          timeout: 20_000,
        },
      )
      .toBeTruthy();
    const graded = platform
      .scores()
      .filter((s) => s.score.userId === 'jt-learner')
      .at(-1)!;
    expect(graded.lineItem).toBe(column);
    expect(graded.score).toMatchObject({ scoreGiven: 3, scoreMaximum: 3, activityProgress: 'Completed' });

    // The learner launches the whole course the same way (its binding through platform storage
    // again), completes the other modules' lessons and takes the final quiz in the frame, by keyboard.
    await learnerPage.goto(learner.framedLaunch(courseLaunch, { clientId }));
    const key = finalQuizKey();
    let shownScore = '';
    // The questions the attempt asks (a course may draw them from a larger bank).
    let asked = 0;
    await step(learnerPage, 'course', async (frame) => {
      await pressButton(learnerPage, frame.getByRole('button', { name: 'Continue Learning' }));
      for (const module of outline.modules.slice(1)) {
        await frame.getByRole('heading', { name: module.name }).waitFor();
        await completeModule(frame);
        await pressButton(learnerPage, frame.getByRole('dialog').getByRole('button', { name: 'Continue' }));
        await frame.getByRole('dialog').waitFor({ state: 'detached' });
      }
      // After the last module, Continue leads to the quizzes.
      const card = frame.getByRole('listitem', { name: /Final Quiz$/ });
      await pressButton(learnerPage, card.getByRole('button', { name: 'Start Quiz' }));
      await frame.getByRole('heading', { name: 'Instructions' }).waitFor();
      await pressButton(learnerPage, frame.getByRole('button', { name: 'Start Quiz' }));
      const legend = frame.locator('legend').filter({ hasText: /^Question \d+ of \d+: / });
      asked = Number(/ of (\d+):/.exec((await legend.textContent())!)![1]);
      expect(asked).toBeGreaterThan(0);
      for (let n = 1; n <= asked; n += 1) {
        const shown = frame.locator('legend').filter({ hasText: new RegExp(`^Question ${n} of ${asked}: `) });
        const text = (await shown.textContent())!.replace(/^Question \d+ of \d+: /, '').trim();
        const correct = key.get(text);
        expect(correct, `the key of “${text}”`).toBeTruthy();
        // The options in the order the attempt shows them, lettered by position: arrows pick one.
        const radios = frame.getByRole('radio');
        const labels = (await frame.locator('fieldset label').allTextContents()).map((l) =>
          l.replace(/^[A-D]\. /, '').trim(),
        );
        const index = labels.indexOf(correct!);
        expect(index, `“${correct}” among ${JSON.stringify(labels)}`).toBeGreaterThanOrEqual(0);
        await tabTo(learnerPage, radios.first());
        if (index === 0) await learnerPage.keyboard.press('Space');
        for (let press = 0; press < index; press += 1) await learnerPage.keyboard.press('ArrowDown');
        expect(await radios.nth(index).isChecked()).toBe(true);
        await pressButton(learnerPage, frame.getByRole('button', { name: 'Submit Answer' }));
        await frame.getByText('Correct!', { exact: true }).waitFor();
      }
      // It moves on by itself after the last answer, to the results.
      await frame.getByText('PASSED', { exact: true }).waitFor();
      shownScore = (await frame.getByText(/^Score: \d+ \/ \d+ · \d+%$/).textContent())!;
    });
    expect(shownScore).toBe(`Score: ${asked} / ${asked} · 100%`);
    const courseStorage = (await log(learnerPage)).filter((m) => m.origin === toolUrl).map((m) => m.subject);
    expect(courseStorage).toEqual(expect.arrayContaining(['lti.put_data', 'lti.get_data']));

    // The course's column holds the final quiz's points, out of its questions, completed and graded.
    const courseScores = () =>
      platform.scores().filter((s) => s.lineItem === courseColumn && s.score.userId === 'jt-learner');
    await expect
      .poll(() => courseScores().at(-1)?.score.gradingProgress, { timeout: 20_000 })
      .toBe('FullyGraded');
    expect(courseScores().at(-1)!.score).toMatchObject({
      scoreGiven: asked,
      scoreMaximum: asked,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    // The module's column still holds the module's lessons.
    const moduleScores = platform
      .scores()
      .filter((s) => s.lineItem === column && s.score.userId === 'jt-learner');
    expect(moduleScores.at(-1)!.score).toMatchObject({
      scoreGiven: 3,
      scoreMaximum: 3,
      activityProgress: 'Completed',
    });

    // The instructor opens the course link and its class roster, by keyboard, at a narrow frame width.
    await teacherPage.setViewportSize({ width: 480, height: 900 });
    await teacherPage.goto(teacher.framedLaunch({ ...courseLaunch, roles: [INSTRUCTOR] }, { clientId }));
    await step(teacherPage, 'roster', async (frame) => {
      // The player is up (the course's dashboard) before the keyboard goes to the roster button above it.
      await frame.getByRole('button', { name: 'Start Learning' }).waitFor({ timeout: 30_000 });
      await pressButton(teacherPage, frame.getByRole('button', { name: 'Class roster' }));
      const table = frame.getByRole('table', { name: /^Members of the class/ });
      await table.waitFor();
      const lea = table.getByRole('row', { name: /Lea Learner/ });
      const lessons = LESSONS * outline.modules.length;
      expect(await lea.textContent()).toMatch(
        new RegExp(`Completed${lessons} of ${lessons}100% \\(${asked} of ${asked}\\)$`),
      );
      const nova = table.getByRole('row', { name: /Nova Never/ });
      expect(await nova.textContent()).toContain('Not started (never opened)');
      await frame.getByText(/^3 members in .*: 1 completed, 0 in progress, 2 not started\.$/).waitFor();
      // The course is out of the way while the roster is shown.
      expect(await frame.getByRole('button', { name: 'Start Learning' }).count()).toBe(0);
      // The table scrolls inside its own region, reachable by keyboard, at this width.
      await tabTo(teacherPage, frame.getByRole('region', { name: 'Class roster table' }));
      await pressButton(teacherPage, frame.getByRole('button', { name: 'Back to the course' }));
      await frame.getByRole('button', { name: 'Class roster' }).waitFor();
    });
    // Two launches, nine lessons and a quiz whose every answer shows its feedback 1.5 s before the
    // next: longer than the project's two minutes on a loaded machine.
  }, 240_000);
});
