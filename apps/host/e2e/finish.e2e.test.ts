import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { completeModule, expectAccessible, inBrowser, learnFinalQuiz, signUp, uniqueEmail } from './journey';

const url = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a learner who finishes the course', () => {
  it('completes every lesson, passes the final quiz, gets a certificate and resets the course', async () => {
    await inBrowser(browser, url, 'learner-finishes', async (page) => {
      await signUp(page, uniqueEmail('gale'), 'Gale Morgan');
      for (const moduleId of [1, 2, 3, 4, 5]) await completeModule(page, moduleId, 5);

      await page.goto('/course');
      await page.getByRole('heading', { name: 'Take the final quiz!' }).waitFor();
      await expectAccessible(page, 'dashboard, lessons done');

      const { quizId, key } = await learnFinalQuiz(page, url);
      await page.goto(`/quiz/${quizId}`);
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
      await expectAccessible(page, 'final quiz results');

      await page.goto('/course');
      await page.getByRole('heading', { name: 'Certificate of Completion' }).waitFor();
      const codeLine = await page.getByText(/^Verification code: /).textContent();
      const code = (codeLine ?? '').replace('Verification code: ', '').trim();
      expect(code).not.toBe('');
      await expectAccessible(page, 'dashboard with certificate');

      // The certificate card downloads a real PDF that carries the verification code.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download Certificate (PDF)' }).click(),
      ]);
      const pdf = readFileSync((await download.path())!);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(1000);

      await page.goto(`/certificates/${encodeURIComponent(code)}`);
      await page.getByRole('heading', { name: 'Valid certificate' }).waitFor();
      await page.getByText('Gale Morgan', { exact: false }).first().waitFor();
      await expectAccessible(page, 'certificate check');
      await page.goto('/certificates/NOT-A-CODE');
      await page.getByRole('heading', { name: 'Not a valid certificate' }).waitFor();

      await page.goto('/');
      const congratulations = page.getByRole('dialog', { name: 'Congratulations!' });
      await congratulations.waitFor();
      await expectAccessible(page, 'landing, course complete');
      await congratulations.getByRole('button', { name: 'Start Over' }).click();
      await page.getByText('Your progress has been reset. You can start the course again!').waitFor();
      await page.goto('/course');
      await page.getByText('0 of 25 lessons completed (0%)').waitFor();
    });
  });
});
