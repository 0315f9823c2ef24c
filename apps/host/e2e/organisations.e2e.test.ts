import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { expectAccessible, inBrowser, signIn } from './journey';
import { ADMIN } from './server';

// An admin sets up an organisation in the console's Organisations tab, by keyboard, and its site
// entry /o/{slug} then shows the site in the organisation's name and colours.

const url = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('organisations', () => {
  it('an admin creates Acme Facilities with an embed origin and a theme by keyboard; /o/acme-facilities shows it', async () => {
    await inBrowser(browser, url, 'organisations', async (page) => {
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.goto('/admin?tab=organisations');
      const list = page.getByRole('region', { name: 'Organisations' });
      await list.waitFor();
      await expectAccessible(page, 'organisations tab');

      await list.getByRole('button', { name: 'New Organisation' }).focus();
      await page.keyboard.press('Enter');
      const editor = page.getByRole('region', { name: 'New Organisation' });
      await editor.getByLabel('Name', { exact: true }).waitFor();
      await editor.getByLabel('Name', { exact: true }).focus();
      await page.keyboard.type('Acme Facilities');
      await page.keyboard.press('Tab');
      await page.keyboard.type('acme-facilities');
      await page.keyboard.press('Tab');
      await page.keyboard.type('https://intranet.acme.test');
      await page.keyboard.press('Tab');
      await page.keyboard.type('#0b6e4f');
      await page.keyboard.press('Tab');
      await page.keyboard.type('#ffffff');
      // The preview takes the colours as they are typed.
      await expect
        .poll(() =>
          editor.getByTestId('theme-preview-button').evaluate((e) => getComputedStyle(e).backgroundColor),
        )
        .toBe('rgb(11, 110, 79)');
      await expectAccessible(page, 'new organisation');
      await page.keyboard.press('Enter');

      await page.getByRole('region', { name: 'Edit Acme Facilities' }).waitFor();
      await page.getByRole('region', { name: 'Trusted Token Issuers' }).waitFor();
      await expectAccessible(page, 'an organisation');
      await page.getByRole('button', { name: 'Back to Organisations' }).press('Enter');
      const row = list.getByRole('row', { name: /Acme Facilities/ });
      await expect.poll(() => row.textContent()).toContain('acme-facilities');
      expect(await row.textContent()).toContain('Active');

      // The organisation's entry, in a fresh visit: its name, its colour on the site's buttons.
      await page.goto('/o/acme-facilities');
      await page.getByRole('heading', { name: 'Acme Facilities', level: 1 }).waitFor();
      const browse = page.getByRole('link', { name: 'Browse Courses' });
      expect(await browse.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(11, 110, 79)');
      await expectAccessible(page, 'organisation entry');

      // An unknown organisation is not found, and the site keeps its own look there.
      await page.goto('/o/no-such-organisation');
      await page.getByRole('heading', { name: 'Organisation not found' }).waitFor();
    });
  });
});
