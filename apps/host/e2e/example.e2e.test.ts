import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

// The site serves an example intranet page (plain HTML, no React, its own hostile CSS)
// that embeds the course with <course-player>, loading the bundle from the site's /embed.

const url = inject('siteUrl');
const PASSWORD = 'Facility-42-Data';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the example intranet page the site serves', () => {
  it('signs in with its form, shows the player untouched by the page’s CSS, and completes a lesson', async () => {
    const email = `intranet.${Date.now().toString(36)}@example.com`;
    const signUp = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, name: 'Noor Haddad' }),
    });
    expect(signUp.status).toBe(201);
    const token = (await signUp.json()).session.access_token as string;

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}/examples/intranet.html`);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    const player = page.locator('course-player');
    const heading = player.getByRole('heading', { name: 'Data Literacy for Facility Managers' });
    await heading.waitFor();
    // The page forces Comic Sans, dark red and uppercase on everything; none of it reaches the player.
    const style = await heading.evaluate((h) => {
      const s = getComputedStyle(h);
      return { font: s.fontFamily, transform: s.textTransform, color: s.color };
    });
    expect(style.font).not.toContain('Comic Sans');
    expect(style.transform).toBe('none');
    expect(style.color).not.toBe('rgb(139, 0, 0)');

    await player.getByRole('button', { name: 'Start Learning' }).click();
    await player.getByRole('button', { name: 'Mark Complete' }).click();
    await page
      .getByRole('list', { name: 'Course events' })
      .getByText(/^lessonCompleted:/)
      .waitFor();
    const progress = await fetch(`${url}/api/progress`, { headers: { authorization: `Bearer ${token}` } });
    expect((await progress.json()).summary.completedLessons).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('never puts the password in a URL when scripts are off: the form is inert, and it would post', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${url}/examples/intranet.html`);
    await page.fill('input[name=email]', 'noor.haddad@example.com');
    await page.fill('input[name=password]', PASSWORD);
    // Enter in a field is how a form is sent without script (Playwright waits for any navigation
    // it starts); a click on the button is the other way.
    await page.press('input[name=password]', 'Enter');
    await page.click('button[type=submit]', { force: true });
    await page.waitForLoadState('load');
    expect(
      requested.filter((u) => u.includes(encodeURIComponent(PASSWORD)) || u.includes('password=')),
    ).toEqual([]);
    expect(page.url()).toBe(`${url}/examples/intranet.html`);
    expect(await page.locator('form#sign-in').getAttribute('method')).toBe('post');
    expect(await page.locator('button[type=submit]').isDisabled()).toBe(true);
    await context.close();
  });
});
