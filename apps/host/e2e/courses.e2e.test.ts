import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { outsideVerdicts as verdicts } from './credentialVerdicts';
import {
  completeModule,
  expectAccessible,
  inBrowser,
  LEARNER_PASSWORD,
  learnFinalQuiz,
  signIn,
  signUp,
  uniqueEmail,
} from './journey';

// Many courses on one site. The catalog lists what `npm start` loads; the second course
// ("Reading a Meter-Data Report", api/content/courses/reading-meter-data) is taken end to end at
// /courses/{slug}/… in Chromium, and embedded on the example intranet page by its attribute.

const url = inject('siteUrl');
const SLUG = 'reading-meter-data';
const outsideVerdicts = (credential: Record<string, unknown>) => verdicts(url, credential);
const TITLE = 'Reading a Meter-Data Report';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A module of the second course, done; still in this course (nothing led back to the default's routes). */
async function completeSecondModule(page: Page, moduleId: number) {
  await completeModule(page, moduleId, 3, SLUG);
  expect(new URL(page.url()).pathname.startsWith(`/courses/${SLUG}/`)).toBe(true);
}

describe('a second course on the same site', () => {
  it('is in the catalog, and a learner takes it to its own certificate', async () => {
    await inBrowser(browser, url, 'second-course', async (page) => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Courses', exact: true }).first().click();
      await page.waitForURL((u) => u.pathname === '/courses');
      await page.getByRole('link', { name: TITLE }).waitFor();
      await page.getByRole('link', { name: 'Data Literacy for Facility Managers' }).waitFor();
      await expectAccessible(page, 'catalog (visitor)');

      await signUp(page, uniqueEmail('mira'), 'Mira Osei');
      await page.goto('/courses');
      await page.getByRole('link', { name: TITLE }).click();
      await page.waitForURL((u) => u.pathname === `/courses/${SLUG}/course`);
      await page.getByRole('heading', { name: TITLE }).first().waitFor();
      await expectAccessible(page, 'second course dashboard');

      for (const moduleId of [1, 2, 3]) await completeSecondModule(page, moduleId);

      const { quizId, key } = await learnFinalQuiz(page, url, SLUG);
      await page.goto(`/courses/${SLUG}/quiz/${quizId}`);
      await page.getByRole('button', { name: 'Start Quiz' }).click();
      for (let n = 1; n <= key.size; n++) {
        const question = page.getByText(new RegExp(`^Question ${n} of ${key.size}`));
        await question.waitFor({ timeout: 5000 });
        const text = ((await question.textContent()) ?? '').replace(/^Question \d+ of \d+:\s*/, '');
        const letter = key.get(text.trim());
        expect(letter, `the key of “${text}”`).toBeTruthy();
        await page.getByRole('radio', { name: new RegExp(`^${letter}\\.`) }).check();
        await page.getByRole('button', { name: 'Submit Answer' }).click();
      }
      await page.getByText('PASSED', { exact: true }).waitFor({ timeout: 10_000 });

      await page.goto(`/courses/${SLUG}/course`);
      await page.getByRole('heading', { name: 'Certificate of Completion' }).waitFor();
      const codeLine = await page.getByText(/^Verification code: /).textContent();
      const code = (codeLine ?? '').replace('Verification code: ', '').trim();
      expect(code).not.toBe('');
      await expectAccessible(page, 'second course certificate');

      // The signed credential and the badge with it baked in, as the learner downloads them.
      const download = async (button: string) => {
        const saved = page.waitForEvent('download');
        await page.getByRole('button', { name: button }).click();
        return readFileSync((await (await saved).path())!, 'utf8');
      };
      const credential = JSON.parse(await download('Download credential (.json)'));
      expect(credential.type).toContain('OpenBadgeCredential');
      expect(credential.credentialSubject.achievement.name).toBe(TITLE);
      const badge = await download('Download badge');
      expect(badge).toContain('<openbadges:credential>');
      expect(
        JSON.parse(badge.split('<![CDATA[')[1]!.split(']]>')[0]!).proof.proofValue,
        'the badge carries the same signed credential',
      ).toBe(credential.proof.proofValue);

      // The public check names this course, and every check of its credential passes in the page,
      // as verifier-core and the Python script find too.
      const before = outsideVerdicts(credential);
      await page.goto(`/certificates/${encodeURIComponent(code)}`);
      await page.getByRole('heading', { name: 'Valid certificate' }).waitFor();
      await page.getByText(TITLE, { exact: false }).first().waitFor();
      const checks = page.getByRole('region', { name: 'Its Open Badges credential' }).getByRole('listitem');
      await expect.poll(() => checks.count()).toBe(5);
      expect(await checks.allTextContents()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^. Signature: .*passed$/)]),
      );
      for (const line of await checks.allTextContents()) expect(line).toMatch(/passed$/);
      await expectAccessible(page, 'certificate check with the credential’s checks');
      expect(await before).toEqual({
        core: {
          errors: [],
          steps: expect.objectContaining({
            valid_signature: true,
            expiration: true,
            revocation_status: true,
          }),
        },
        python: { verified: true, reason: '' },
      });

      // An admin revokes it from the console, with a reason: the page, verifier-core and the Python
      // script, each handed the downloaded file, say so.
      await inBrowser(browser, url, 'revoke-certificate', async (admin) => {
        const granter = inject('granter');
        await signIn(admin, granter.email, granter.password);
        await admin.goto('/admin');
        await admin.getByRole('tab', { name: 'System Settings' }).click();
        const panel = admin.getByRole('region', { name: 'Revoke a Certificate' });
        await panel.getByLabel('Verification code').fill(code);
        await panel.getByLabel('Reason (verifiers see it)').fill('Issued in error');
        await panel.getByRole('button', { name: 'Revoke Certificate' }).press('Enter');
        const dialog = admin.getByRole('dialog', { name: 'Revoke this certificate?' });
        await dialog.getByRole('button', { name: 'Revoke' }).click();
        await panel
          .getByRole('status')
          .filter({ hasText: `${code} was revoked on` })
          .waitFor();
        await expectAccessible(admin, 'System Settings after revoking a certificate');
      });
      const after = outsideVerdicts(credential);
      await page.reload();
      await page.getByRole('heading', { name: 'Revoked certificate' }).waitFor();
      await page.getByText('Issued in error', { exact: false }).first().waitFor();
      await page.getByText(/Status: not revoked: failed — Revoked by the issuer/).waitFor();
      expect(await checks.allTextContents()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^. Signature: .*passed$/)]),
      );
      expect(await after).toEqual({
        core: {
          errors: [],
          steps: expect.objectContaining({
            valid_signature: true,
            expiration: true,
            revocation_status: false,
          }),
        },
        python: { verified: false, reason: 'revoked' },
      });
      await page.goto('/course');
      await page.getByText('0 of 25 lessons completed (0%)').waitFor();

      await page.goto('/courses');
      const card = page.getByRole('listitem').filter({ hasText: TITLE });
      await card.getByText('Certificate earned').waitFor();
    });
  });

  it('answers an unknown course with the not-found page', async () => {
    await inBrowser(browser, url, 'unknown-course', async (page) => {
      await signUp(page, uniqueEmail('nadia'), 'Nadia Lost');
      await page.goto('/courses/no-such-course/course');
      await page.getByRole('heading', { name: '404' }).waitFor();
      await page.getByText('Oops! Page not found').waitFor();
    });
  });

  it('is embedded on a partner page by its course attribute', async () => {
    const email = uniqueEmail('embed');
    const res = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: LEARNER_PASSWORD, name: 'Ida Embed' }),
    });
    expect(res.status).toBe(201);
    const token = (await res.json()).session.access_token as string;
    const page = await browser.newPage();
    try {
      await page.goto(`${url}/examples/intranet.html?course=${SLUG}`);
      await page.fill('input[name=email]', email);
      await page.fill('input[name=password]', LEARNER_PASSWORD);
      await page.click('button[type=submit]');
      const player = page.locator('course-player');
      expect(await player.getAttribute('course')).toBe(SLUG);
      await player.getByRole('heading', { name: TITLE }).waitFor();
      await player.getByRole('button', { name: 'Start Learning' }).click();
      await player.getByRole('button', { name: 'Mark Complete' }).click();
      await page
        .getByRole('list', { name: 'Course events' })
        .getByText(/^lessonCompleted:/)
        .waitFor();
      const progress = async (path: string) =>
        (await (await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } })).json())
          .summary.completedLessons;
      expect(await progress(`/courses/${SLUG}/progress`)).toBe(1);
      expect(await progress('/progress')).toBe(0);
    } finally {
      await page.close();
    }
  });
});
