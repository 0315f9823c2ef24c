import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { inBrowser, signUp, uniqueEmail } from './journey';

// A page opened on one build whose lazy chunk is gone when the learner first needs it (a deploy
// since, served by an instance that kept no older assets): the site reloads once onto the current
// build, at the same URL and still signed in, and the screen opens.

const url = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a learner whose open page’s lazy chunk is gone after a deploy', () => {
  it('opens the quizzes anyway: the page reloads once onto the current build, still signed in', async () => {
    await inBrowser(browser, url, 'stale-chunk', async (page) => {
      await signUp(page, uniqueEmail('stale'));
      // The page opened before the deploy finds the quiz screens' chunk gone (404) every time it
      // asks; the page reloaded onto the new build finds it. (The same file stands for the new
      // build's chunk: it is the build this server has.)
      let documents = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents += 1;
      });
      const refused: number[] = [];
      let served = 0;
      await page.route(/\/assets\/QuizScreens-[\w-]+\.js$/, async (route) => {
        if (documents === 0) {
          refused.push(refused.length + 1);
          await route.fulfill({ status: 404, body: 'No such file' });
        } else {
          served += 1;
          await route.continue();
        }
      });

      await page.getByRole('link', { name: 'Quizzes', exact: true }).first().click();
      await page
        .getByRole('button', { name: /Start Quiz|Try Again|Retake Quiz/ })
        .first()
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/quizzes');
      expect(documents, 'the page reloads once').toBe(1);
      expect(refused.length, 'the old page asked for the gone chunk').toBeGreaterThan(0);
      expect(served).toBe(1);
      // Still the same learner: the session survived the reload (no sign-in form on the way).
      expect(await page.evaluate(() => localStorage.getItem('coursekit.session'))).not.toBeNull();
      expect(
        await page.evaluate(() => sessionStorage.getItem('coursekit.stale-chunk-reload')),
      ).not.toBeNull();
    });
  });
});
