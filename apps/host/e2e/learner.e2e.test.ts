import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, PHONE } from './browser';
import { expectAccessible, inBrowser, LEARNER_PASSWORD, mailLink, signUp, uniqueEmail } from './journey';

const url = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a new learner', () => {
  it('signs up, opens the verification link from the mailbox, and is verified and signed in', async () => {
    await inBrowser(browser, url, 'learner-signup-verify', async (page) => {
      await page.goto('/');
      await expectAccessible(page, 'landing (visitor)');
      await page.getByRole('link', { name: 'Get Started' }).first().click();
      await page.waitForURL((u) => u.pathname === '/signup');
      await expectAccessible(page, 'sign-up');

      const email = uniqueEmail('casey');
      await signUp(page, email);
      const banner = page.getByRole('region', { name: 'Email verification' });
      await banner.waitFor();
      await expectAccessible(page, 'landing (signed in, unverified)');

      const link = await mailLink(url, email, '/verification-success');
      await page.goto(link);
      await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
      await expectAccessible(page, 'verification success');
      await page.waitForURL((u) => u.pathname === '/', { timeout: 5000 });
      await expect.poll(() => banner.count()).toBe(0);
      await page.getByRole('button', { name: /Account menu/ }).waitFor();

      // A reload stays signed in: the session is kept in localStorage.
      await page.reload();
      await page.getByRole('link', { name: 'Course', exact: true }).waitFor();
    });
  });

  it('sees the spec message for a verification link that is not valid', async () => {
    await inBrowser(browser, url, 'verification-invalid', async (page) => {
      await page.goto('/verification-success?token=not-a-real-token');
      await page.getByRole('link', { name: /Return to Sign (In|Up)/ }).waitFor();
      await expectAccessible(page, 'verification failed');
    });
  });
});

describe('a visitor on a phone, using only the keyboard', () => {
  it('skips to the content, opens the menu and signs in with keys alone', async () => {
    await inBrowser(browser, url, 'keyboard-phone', async (page) => {
      const email = uniqueEmail('kim');
      await signUp(page, email);
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByRole('link', { name: 'Get Started' }).first().waitFor();

      await page.setViewportSize(PHONE);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      await page.keyboard.press('Tab'); // the logo
      await page.keyboard.press('Tab'); // the menu button
      const toggle = page.getByRole('button', { name: 'Open menu' });
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      const signInLink = page.getByRole('link', { name: 'Sign In', exact: true });
      expect(await signInLink.isVisible()).toBe(false);
      await page.keyboard.press('Enter');
      await signInLink.waitFor();
      await expectAccessible(page, 'phone menu open');
      await signInLink.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/signin');

      await page.getByLabel('Email').focus();
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(LEARNER_PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Progress', exact: true }).waitFor();
    });
  });
});

describe('a learner who is not an admin', () => {
  it('is turned away from the admin console', async () => {
    await inBrowser(browser, url, 'learner-admin-url', async (page) => {
      await signUp(page, uniqueEmail('nosy'));
      await page.goto('/admin');
      await page.waitForURL((u) => u.pathname === '/');
      await expect.poll(() => page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
      await page.goto('/admin/user-progress?userId=someone');
      await page.waitForURL((u) => u.pathname === '/');
    });
  });

  it('is sent to /signin from a learner screen when signed out', async () => {
    await inBrowser(browser, url, 'signed-out-redirect', async (page) => {
      await page.goto('/course');
      await page.waitForURL((u) => u.pathname === '/signin');
      await expectAccessible(page, 'sign-in');
      await page.goto('/no/such/page');
      await page.getByText('Oops! Page not found').waitFor();
      await expectAccessible(page, 'not found');
    });
  });
});

// README: "the landing page carries no quiz or admin code". What the browser really loads for `/`
// is read back and searched for what only admin and quiz screens need.

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
      const loading = new Set<string>();
      page.on('request', (request) => {
        if (request.resourceType() === 'script') loading.add(request.url());
      });
      page.on('requestfinished', (request) => loading.delete(request.url()));
      page.on('requestfailed', (request) => loading.delete(request.url()));
      await page.goto('/');
      await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
      // Anything loaded after the first paint counts too: the page idle, and no script still loading.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
      await expect.poll(() => loading.size).toBe(0);
      const code = (await Promise.all(scripts.map((s) => s.text()))).join('\n');
      // what was searched is the site's own code, with the learner's HTTP adapter in it
      expect(code).toContain('/auth/signin');
      const found = [...ADMIN_MARKERS, ...QUIZ_MARKERS].filter((marker) => code.includes(marker));
      expect(found, 'admin or quiz code in the landing page’s scripts').toEqual([]);
    });
  });
});
