import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { expectAccessible, inBrowser, signIn } from './journey';
import { pressButton, tabTo, typeInto } from './keyboard';
import { ADMIN } from './server';

// An admin registers an LMS in the console's LTI tab by keyboard, on the real API: a refused URL
// is said at its field, the tool's URLs shown are the ones the API serves (its JWKS answers with
// the key), a key rotation publishes the new key beside the old one, and a removal is confirmed.

const url = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PLATFORM = 'https://lms-e2e.example';
const jwksKids = async (jwksUrl: string) =>
  ((await (await fetch(jwksUrl)).json()) as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid);

describe('LTI', () => {
  it('an admin registers a platform by keyboard, copies the tool’s URLs, rotates the key and removes the platform', async () => {
    await inBrowser(browser, url, 'lti', async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.goto('/admin?tab=lti');
      const list = page.getByRole('region', { name: 'LTI Platforms' });
      await list.waitFor();
      await list
        .getByRole('table')
        .or(list.getByText(/No platforms registered yet/))
        .waitFor();
      await expectAccessible(page, 'LTI tab');

      // The tool's URLs are this site's API routes, and the JWKS URL answers with the tool's key.
      const tool = page.getByRole('region', { name: 'This Tool’s Details for the LMS' });
      const shown = await tool.locator('code').allTextContents();
      expect(shown).toEqual([
        `${url}/api/lti/login`,
        `${url}/api/lti/launch`,
        `${url}/api/lti/launch`,
        `${url}/api/lti/jwks`,
      ]);
      const before = await jwksKids(shown[3]!);
      expect(before.length).toBeGreaterThan(0);
      await pressButton(page, tool.getByRole('button', { name: 'Copy the public keyset (JWKS) URL' }));
      await page.getByText('The public keyset (JWKS) URL is on the clipboard.').first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${url}/api/lti/jwks`);

      // A new platform, its JWKS URL first given as http: refused at that field, the rest kept.
      await pressButton(page, list.getByRole('button', { name: 'Add Platform' }));
      const editor = page.getByRole('region', { name: 'Add an LTI Platform' });
      await typeInto(page, editor.getByLabel('Issuer'), PLATFORM);
      await typeInto(page, editor.getByLabel('Client ID'), 'e2e-tool');
      await typeInto(page, editor.getByLabel('Authentication request URL'), `${PLATFORM}/auth`);
      await typeInto(page, editor.getByLabel('Access token URL'), `${PLATFORM}/token`);
      const jwks = editor.getByLabel('Platform keys (JWKS) URL');
      await typeInto(page, jwks, 'http://lms-e2e.example/jwks');
      await typeInto(page, editor.getByLabel('Deployment IDs (one per line)'), 'e2e-deployment');
      await tabTo(page, editor.getByRole('switch', { name: 'Accept new deployments' }));
      await page.keyboard.press('Space');
      await pressButton(page, editor.getByRole('button', { name: 'Save Platform' }));
      await expect.poll(() => jwks.getAttribute('aria-invalid')).toBe('true');
      const problem = 'Must be an https URL (http only on 127.0.0.1 or localhost)';
      expect(await editor.getByText(problem, { exact: true }).count()).toBe(1);
      expect(await editor.getByLabel('Client ID').inputValue()).toBe('e2e-tool');
      await expectAccessible(page, 'a refused registration');

      await typeInto(page, jwks, `${PLATFORM}/jwks`);
      await pressButton(page, editor.getByRole('button', { name: 'Save Platform' }));
      const row = list.getByRole('row', { name: new RegExp(PLATFORM.replace(/[.]/g, '\\.')) });
      await row.waitFor();
      expect(await row.textContent()).toContain('e2e-deployment');
      expect(await row.textContent()).toContain('Only the listed deployments may launch.');

      // The same issuer and client id again: the API's conflict, at the client id.
      await pressButton(page, list.getByRole('button', { name: 'Add Platform' }));
      await typeInto(page, editor.getByLabel('Issuer'), PLATFORM);
      await typeInto(page, editor.getByLabel('Client ID'), 'e2e-tool');
      await typeInto(page, editor.getByLabel('Authentication request URL'), `${PLATFORM}/auth`);
      await typeInto(page, editor.getByLabel('Access token URL'), `${PLATFORM}/token`);
      await typeInto(page, jwks, `${PLATFORM}/jwks`);
      await pressButton(page, editor.getByRole('button', { name: 'Save Platform' }));
      await expect.poll(() => editor.getByLabel('Client ID').getAttribute('aria-invalid')).toBe('true');
      const taken = 'A registration with this issuer and client id already exists.';
      expect(await editor.getByText(taken, { exact: true }).count()).toBe(1);
      await pressButton(page, editor.getByRole('button', { name: 'Cancel' }));

      // The rotation: the new key is published beside the one it replaces.
      await pressButton(page, page.getByRole('button', { name: 'Rotate the Tool’s Key' }));
      const rotate = page.getByRole('dialog', { name: 'Rotate the tool’s key?' });
      await rotate.getByText(/keep verifying/).waitFor();
      await expectAccessible(page, 'the rotation’s confirmation');
      await pressButton(page, rotate.getByRole('button', { name: 'Rotate the Tool’s Key' }));
      await rotate.waitFor({ state: 'hidden' });
      await page
        .getByText(/signs now/)
        .first()
        .waitFor();
      const after = await jwksKids(shown[3]!);
      expect(after).toHaveLength(2);
      expect(after).toContain(before[0]);

      // The removal, confirmed.
      await pressButton(page, row.getByRole('button', { name: `Remove ${PLATFORM} (e2e-tool)` }));
      const remove = page.getByRole('dialog', { name: `Remove ${PLATFORM}?` });
      await pressButton(page, remove.getByRole('button', { name: 'Remove' }));
      await remove.waitFor({ state: 'hidden' });
      await row.waitFor({ state: 'detached' });
    });
  });
});
