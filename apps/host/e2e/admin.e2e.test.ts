import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { expectAccessible, inBrowser, newLearnerPage, signIn } from './journey';
import { ADMIN } from './server';

const url = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The API as the bootstrap admin (what the admin console's settings panel calls). */
async function adminApi() {
  const response = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { access_token } = (await response.json()) as { access_token: string };
  return async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(answer.ok, `${method} ${path} → ${answer.status}`).toBe(true);
  };
}

async function learnerId(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('coursekit.session'));
  return (JSON.parse(raw ?? '{}') as { user: { id: string } }).user.id;
}

describe('an admin', () => {
  it('sees the Admin link and reaches every admin route, with ?userId= kept in the address', async () => {
    await inBrowser(browser, url, 'admin-routes', async (page) => {
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.getByRole('link', { name: 'Admin', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/admin');
      await page.getByRole('heading', { name: 'Admin Console' }).waitFor();
      await expectAccessible(page, 'admin console');

      await page.getByText('Total Users').waitFor();

      await page.goto('/admin/dashboard');
      await page.getByRole('heading', { name: 'Admin Console' }).waitFor();
      await page.goto('/content-loader');
      // exact: the Content Management System panel (admin §2) sits on the same screen
      await page.getByRole('heading', { name: 'Content Management', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Module 1', exact: true }).click();
      await page.getByText(/^Module Load ·/).waitFor({ timeout: 30_000 });
      await expectAccessible(page, 'content management');

      await page.goto('/admin/user-progress');
      await page.getByText('Please select a user from the dropdown above to view their progress.').waitFor();
      await expectAccessible(page, 'admin user progress');
      const selector = page.getByLabel('User', { exact: true });
      const firstUser = await selector.locator('option').nth(1).getAttribute('value');
      expect(firstUser).toBeTruthy();
      await selector.selectOption(firstUser!);
      await expect.poll(() => new URL(page.url()).searchParams.get('userId')).toBe(firstUser);
      await page.getByRole('heading', { name: 'Course Progress' }).waitFor();
      await expectAccessible(page, 'admin user progress, a user selected');
      await selector.selectOption('');
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await page.goto(`/admin/user-progress?userId=${firstUser}`);
      await expect.poll(() => selector.inputValue()).toBe(firstUser);

      await page.goto('/profile');
      await page.getByText('Role: Admin').waitFor();
    });
  });

  it('switches maintenance on with a message: a signed-in learner elsewhere is signed out to the maintenance page', async () => {
    const settings = await adminApi();
    const learner = await newLearnerPage(browser, url, 'hana');
    await inBrowser(browser, url, 'admin-maintenance', async (page) => {
      try {
        await signIn(page, ADMIN.email, ADMIN.password);
        await learner.page.goto('/course');
        await learner.page.getByRole('heading', { name: 'Overall Progress' }).waitFor();

        // The admin writes the message, then switches maintenance on, in the console's settings panel.
        await page.goto('/admin');
        await page.getByRole('tab', { name: 'System Settings' }).click();
        await page.getByLabel('System message').fill('Scheduled upgrade in progress');
        await page.getByLabel('Message type').selectOption('warning');
        await page.getByRole('button', { name: 'Save Message' }).click();
        // first: radix announces a toast's text a second time to screen readers
        await page.getByText('System message saved').first().waitFor();
        await page.getByRole('switch', { name: 'Maintenance mode' }).check();
        await expectAccessible(page, 'admin console, maintenance on');
        // The learner's page hears it live: signed out, maintenance page, the message on top.
        await learner.page.getByRole('heading', { name: 'Under Maintenance' }).waitFor();
        await learner.page.getByText('Expected Duration: 15-30 minutes').waitFor();
        await learner.page.getByText('Scheduled upgrade in progress').waitFor();
        await expect
          .poll(() => learner.page.evaluate(() => localStorage.getItem('coursekit.session')))
          .toBeNull();
        await expectAccessible(learner.page, 'maintenance page');

        // The admin passes the gate and sees the banner.
        await page.goto('/about');
        await page.getByRole('heading', { name: 'About this course' }).waitFor();
        await page.getByText('Scheduled upgrade in progress').waitFor();
        // Sign-in stays open for admins during maintenance.
        await learner.page.goto('/signin');
        await learner.page.getByRole('heading', { name: 'Sign in' }).waitFor();

        // Switching it off clears the message (admin §4): the banner goes, live.
        await page.goto('/admin?tab=settings');
        await page.getByRole('switch', { name: 'Maintenance mode' }).uncheck();
        await expect.poll(() => page.getByRole('region', { name: 'System message' }).count()).toBe(0);
        await learner.page.goto('/about');
        await learner.page.getByRole('heading', { name: 'About this course' }).waitFor();
      } finally {
        await settings('PATCH', '/admin/settings', { maintenance_mode: false, system_message: null });
        await learner.close();
      }
    });
  });

  it("resets one learner's module from the user-progress page, and the learner sees it", async () => {
    const learner = await newLearnerPage(browser, url, 'ivo');
    try {
      await learner.page.goto('/module/1');
      for (let lesson = 0; lesson < 2; lesson++) {
        await learner.page.getByRole('button', { name: 'Mark Complete' }).click();
        await learner.page.getByText(`${lesson + 1} of 5 lessons completed`).waitFor();
      }
      await inBrowser(browser, url, 'admin-reset-module', async (page) => {
        await signIn(page, ADMIN.email, ADMIN.password);
        await page.goto(`/admin/user-progress?userId=${await learnerId(learner.page)}`);
        await page.getByText('2 of 25 lessons completed', { exact: false }).waitFor();
        // The module row's Reset (admin §2 Module Progress list) opens a confirmation.
        await page
          .getByRole('listitem', { name: /^Module 1:/ })
          .getByRole('button', { name: 'Reset' })
          .click();
        const dialog = page.getByRole('alertdialog');
        await expectAccessible(page, 'admin reset module dialog');
        await dialog.getByRole('button', { name: 'Reset Module' }).click();
        await page.getByText('Module Reset Complete').first().waitFor();
        await page.getByText('0 of 25 lessons completed', { exact: false }).waitFor();
      });
      await learner.page.goto('/module/1');
      await learner.page.getByText('0 of 5 lessons completed').waitFor();
    } finally {
      await learner.close();
    }
  });
});
