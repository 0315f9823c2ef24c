import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { inBrowser } from './journey';

// README: "the landing page carries no quiz or admin code". What the browser really loads for `/`
// is read back and searched for what only admin and quiz screens need.

const url = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN_MARKERS = [
  '/admin/images/correction', // the admin endpoint table
  '/admin/users/:userId',
  'diagnostic_level', // the admin schemas
];
const QUIZ_MARKERS = ['Retake Quiz', 'Best score: {score}%', 'Question review']; // the quiz screens

describe('the landing page', () => {
  it('loads no admin endpoint table, admin adapter or quiz screen', async () => {
    await inBrowser(browser, url, 'landing-bundle', async (page) => {
      const scripts: Response[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response);
      });
      await page.goto('/');
      await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
      await page.waitForTimeout(500); // anything loaded after the first paint counts too
      const code = (await Promise.all(scripts.map((s) => s.text()))).join('\n');
      // what was searched is the site's own code, with the learner's HTTP adapter in it
      expect(code).toContain('/auth/signin');
      const found = [...ADMIN_MARKERS, ...QUIZ_MARKERS].filter((marker) => code.includes(marker));
      expect(found, 'admin or quiz code in the landing page’s scripts').toEqual([]);
    });
  });
});
