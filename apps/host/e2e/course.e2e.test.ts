import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { expectAccessible, inBrowser, mailLink, signUp, uniqueEmail } from './journey';

const url = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function takePreAssessment(page: Page) {
  await page.goto('/assessment');
  await page.getByRole('button', { name: 'Start Assessment' }).click();
  const counter = page.getByText(/^\d+ of \d+ answered$/);
  const total = Number(((await counter.textContent()) ?? '').split(' of ')[1]?.split(' ')[0]);
  expect(total).toBeGreaterThan(0);
  for (let n = 1; n <= total; n++) {
    await page.getByText(new RegExp(`^Question ${n} of ${total}`)).waitFor();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await page.getByText(`${n} of ${total} answered`).waitFor();
  }
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await page
    .getByRole('button', { name: /Continue to Next Module|Review Material/ })
    .first()
    .waitFor();
}

describe('a learner on the course', () => {
  it('takes the pre-assessment, completes module 1 with Mark Complete and sees the completion dialog', async () => {
    await inBrowser(browser, url, 'learner-course', async (page) => {
      const email = uniqueEmail('dana');
      await signUp(page, email, 'Dana Park');
      await page.goto(await mailLink(url, email, '/verification-success'));
      await page.waitForURL((u) => u.pathname === '/', { timeout: 5000 });

      await page.getByRole('link', { name: 'Course', exact: true }).click();
      await page.getByRole('heading', { name: 'Overall Progress' }).waitFor();
      await expectAccessible(page, 'course dashboard');

      await takePreAssessment(page);
      await expectAccessible(page, 'pre-assessment results');

      await page.goto('/modules');
      await page.getByText('The Language of Data').first().waitFor();
      await expectAccessible(page, 'modules');

      await page.goto('/module/1');
      for (let lesson = 0; lesson < 5; lesson++) {
        const button = page.getByRole('button', { name: 'Mark Complete' });
        await button.click();
        if (lesson < 4) await page.getByText(`${lesson + 1} of 5 lessons completed`).waitFor();
      }
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Congratulations!').waitFor();
      await expectAccessible(page, 'module completion dialog');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => u.pathname === '/module/2');
      await expectAccessible(page, 'module 2');

      // The stub routes open real screens.
      await page.goto('/module-page/1');
      await page.getByText('5 of 5 lessons completed').waitFor();
      await page.goto('/course-quizzes');
      await page
        .getByRole('button', { name: /Start Quiz|Try Again|Retake Quiz/ })
        .first()
        .waitFor();
      await expectAccessible(page, 'quizzes');
    });
  });

  it('sees module 1 complete and the locked modules on the progress screen, which is accessible', async () => {
    await inBrowser(browser, url, 'learner-progress', async (page) => {
      await signUp(page, uniqueEmail('jo'));
      await page.goto('/module/1');
      for (let lesson = 0; lesson < 5; lesson++) {
        await page.getByRole('button', { name: 'Mark Complete' }).click();
        if (lesson < 4) await page.getByText(`${lesson + 1} of 5 lessons completed`).waitFor();
      }
      await page.getByRole('dialog').getByText('Congratulations!').waitFor();
      await page.goto('/about');
      await page.getByRole('link', { name: 'Progress', exact: true }).click();
      await page.getByText('5 of 25', { exact: false }).first().waitFor();
      await page.getByText('Complete previous modules to unlock').first().waitFor();
      await expectAccessible(page, 'progress');
    });
  });

  it('edits the display name on the profile and opens the reset-password dialog on the account page', async () => {
    await inBrowser(browser, url, 'learner-profile', async (page) => {
      await signUp(page, uniqueEmail('erin'), 'Erin Quinn');
      await page.goto('/edit-profile');
      const name = page.getByLabel('Display Name');
      await name.fill('Erin Q. Facilities');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Name contains invalid characters').waitFor();
      await name.fill('Erin Quinn-Facilities');
      await expectAccessible(page, 'profile (editing)');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Profile updated successfully.').waitFor();
      await page.getByText('Erin Quinn-Facilities').first().waitFor();
      await page.getByText('Role: User').waitFor();

      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('link', { name: 'Account', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/account');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset Password' });
      await expectAccessible(page, 'account reset dialog');
      await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByText('Reset Email Sent').waitFor();

      await page.goto('/syllabus');
      await page.getByText('2h 32m').first().waitFor();
      await expectAccessible(page, 'syllabus');
    });
  });

  it('resets the password from the e-mailed link and signs in with the new one', async () => {
    await inBrowser(browser, url, 'learner-reset-password', async (page) => {
      const email = uniqueEmail('finn');
      await signUp(page, email);
      await page.goto('/account');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByText('Reset Email Sent').waitFor();
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByRole('link', { name: 'Get Started' }).first().waitFor();

      await page.goto(await mailLink(url, email, '/reset-password'));
      await page.getByLabel('New password').fill('Brand-New-Pass-7');
      await page.getByLabel('Confirm password').fill('Brand-New-Pass-8');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await page.getByText('Passwords do not match').waitFor();
      await expectAccessible(page, 'reset password form');
      await page.getByLabel('Confirm password').fill('Brand-New-Pass-7');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await page.waitForURL((u) => u.pathname === '/signin');

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('Brand-New-Pass-7');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('button', { name: /Account menu/ }).waitFor();

      await page.goto('/reset-password');
      await page.getByRole('heading', { name: /Set a new password|Invalid Reset Link/ }).waitFor();
    });
  });
});
