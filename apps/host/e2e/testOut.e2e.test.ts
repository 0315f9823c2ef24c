import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { adminToken, completeModule, expectAccessible, inBrowser, signUp, uniqueEmail } from './journey';

// Test-out: a course written and published through the studio's API with test-out on; a
// learner who gets module 2's pre-assessment questions right sees module 2 "Tested out", can still
// read its lessons, and finishing module 1 leads past it to module 3. (The shipped courses have
// test-out off: every other journey is the spec's, unchanged.)

const url = inject('siteUrl');
const SLUG = 'test-out-walkthrough';
const MODULES = ['Meters', 'Interval data', 'Reports'];
let browser: Browser;

const lesson = (topic: string) =>
  `A facility manager meets ${topic} every week. This lesson is long enough to count as one, and it ` +
  'says something to act on: compare a figure with the same week last year before concluding anything.';
const moduleFile = (n: number) =>
  `# Module ${n}: ${MODULES[n - 1]}\n\n## ${MODULES[n - 1]}, first look\n\n${lesson(`${MODULES[n - 1]} (first)`)}\n\n## ${MODULES[n - 1]}, in practice\n\n${lesson(`${MODULES[n - 1]} (practice)`)}\n`;
const RIGHT = (n: number) => `The right answer about module ${n}`;
const question = (n: number, which: string) => ({
  question_text: `Module ${n}, ${which}: which statement holds?`,
  option_a: RIGHT(n),
  option_b: `A wrong answer about module ${n}`,
  option_c: `Another wrong answer about module ${n}`,
  option_d: `A third wrong answer about module ${n}`,
  correct_answer: 'A',
  explanation: 'The first statement is the one the lessons show.',
  objectives: ['LO1'],
});
const FILES: Record<string, string> = {
  'course.json': JSON.stringify({
    slug: SLUG,
    title: 'Test-Out Walkthrough',
    description: 'A short course that lets a learner test out of what they know.',
    estimatedTime: '20 minutes',
    syllabusDuration: '20m',
    preAssessmentTime: '3 minutes',
    objectives: [{ id: 'LO1', text: 'Read a meter report' }],
    testOut: { enabled: true, passingScore: 100 },
    modules: MODULES.map((name, i) => ({
      id: i + 1,
      name,
      title: `Module ${i + 1}: ${name}`,
      description: `What to know about ${name.toLowerCase()}.`,
      durationMinutes: 5,
    })),
    quizzes: {
      preAssessment: { title: 'Pre-Assessment', description: 'Before you start.', passingScore: 70 },
      finalQuiz: { title: 'Final Quiz', description: 'At the end.', passingScore: 80 },
    },
  }),
  ...Object.fromEntries(
    [1, 2, 3].flatMap((n) => [
      [`modules/module-${n}.md`, moduleFile(n)],
      [
        `quizzes/module-${n}.json`,
        JSON.stringify({
          moduleId: n,
          preAssessment: [question(n, 'pre 1'), question(n, 'pre 2')],
          finalQuiz: [question(n, 'final 1'), question(n, 'final 2')],
        }),
      ],
    ]),
  ),
};

async function adminCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.ok, `${method} ${path} → ${res.status} ${res.ok ? '' : await res.text()}`).toBe(true);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** Writes the course through the studio and publishes it, as an admin. */
async function publishCourse() {
  const token = await adminToken(url);
  const studio = `/admin/studio/courses`;
  await adminCall(token, 'POST', studio, { slug: SLUG, title: 'Test-Out Walkthrough' });
  const draft = await adminCall<{ files: Array<{ path: string; revision: number }> }>(
    token,
    'GET',
    `${studio}/${SLUG}/draft`,
  );
  for (const [path, text] of Object.entries(FILES)) {
    const base = draft.files.find((f) => f.path === path)?.revision ?? null;
    await adminCall(token, 'PUT', `${studio}/${SLUG}/draft/files/${encodeURIComponent(path)}`, {
      base_revision: base,
      text,
    });
  }
  const { draft_hash } = await adminCall<{ draft_hash: string }>(token, 'GET', `${studio}/${SLUG}/changes`);
  await adminCall(token, 'POST', `${studio}/${SLUG}/publish`, { draft_hash });
}

/** The pre-assessment, module 2's questions right and every other one wrong. */
async function takePreAssessment(page: Page) {
  await page.goto(`/courses/${SLUG}/assessment`);
  await page.getByRole('button', { name: 'Start Assessment' }).click();
  const total = 6;
  for (let n = 1; n <= total; n++) {
    const heading = page.getByText(new RegExp(`^Question ${n} of ${total}`));
    await heading.waitFor();
    const moduleId = Number(/Module (\d)/.exec((await heading.textContent()) ?? '')?.[1]);
    const answer = moduleId === 2 ? RIGHT(2) : `A wrong answer about module ${moduleId}`;
    await page.getByRole('radio', { name: answer }).check();
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await page.getByText(`${n} of ${total} answered`).waitFor();
  }
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await page
    .getByRole('button', { name: /Continue to Next Module|Review Material/ })
    .first()
    .waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  await publishCourse();
});
afterAll(async () => {
  await browser?.close();
});

describe('a course with test-out on', () => {
  it('marks a module the learner already knows "Tested out", keeps its lessons open and leads past it', async () => {
    await inBrowser(browser, url, 'test-out', async (page) => {
      await signUp(page, uniqueEmail('tess'), 'Tess Out');
      await takePreAssessment(page);

      await page.goto(`/courses/${SLUG}/progress`);
      const second = page.locator('li', { hasText: 'What to know about interval data.' });
      await second.getByText('Tested out').waitFor();
      // Its lessons are not counted as completed: the count stays real.
      await second.getByText(/0 of 2 lessons/).waitFor();
      await expect(
        page.locator('li', { hasText: 'What to know about meters.' }).getByText('Tested out').count(),
      ).resolves.toBe(0);
      await expectAccessible(page, 'progress with a module tested out');

      // Still open to read.
      await page.goto(`/courses/${SLUG}/module/2`);
      await page.getByText(lesson('Interval data (first)')).waitFor();
      await page.getByText('Tested out').first().waitFor();

      // Finishing module 1 leads on to module 3: module 2 is passed over.
      await completeModule(page, 1, 2, SLUG);
      await page.waitForURL((u) => u.pathname === `/courses/${SLUG}/module/3`);
    });
  });
});
