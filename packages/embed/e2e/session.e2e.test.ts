import { existsSync } from 'node:fs';
import { SignJWT } from 'jose';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, startPartnerSite } from './servers';

// A partner's own single sign-on signs its employee into the embedded player (no CourseKit
// password, no cookie), and an admin's maintenance switch reaches that player while it is open.

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
const ISSUER = 'https://sso.partner.test';
const AUDIENCE = 'coursekit';
const SECRET = 'the-partner-sso-shared-secret-32b!';
const ADMIN = { email: 'admin@coursekit.test', password: 'Boot-Strap-2026!' };

let api: Awaited<ReturnType<typeof startApi>>;
let partner: Awaited<ReturnType<typeof startPartnerSite>>;
let browser: Browser;

beforeAll(async () => {
  if (!chromiumPath) throw new Error('No Chromium: install Debian’s chromium package or set CHROMIUM_PATH.');
  partner = await startPartnerSite();
  api = await startApi({
    CORS_ORIGINS: partner.url,
    PARTNER_ISSUER: ISSUER,
    PARTNER_AUDIENCE: AUDIENCE,
    PARTNER_SECRET: SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await partner?.stop();
});

/** What the partner's SSO would hand its page for a signed-in employee. */
function ssoToken(subject: string, email: string, name: string) {
  return new SignJWT({ email, name })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(SECRET));
}

/** The intranet page of a partner whose SSO already signed the employee in: no sign-in form. */
async function openWithSso(token: string): Promise<{ page: Page; events: string[] }> {
  const page = await browser.newPage();
  const events: string[] = [];
  await page.exposeFunction('recordEvent', (type: string) => events.push(type));
  await page.goto(`${partner.url}/intranet.html`);
  await page.evaluate(
    ({ apiUrl, token }) => {
      const player = document.createElement('course-player') as HTMLElement & {
        getAccessToken?: () => string;
      };
      player.setAttribute('api-url', apiUrl);
      player.getAccessToken = () => token;
      for (const type of ['lessonCompleted', 'maintenanceChanged']) {
        player.addEventListener(`coursekit:${type}`, () =>
          (window as unknown as { recordEvent(t: string): void }).recordEvent(type),
        );
      }
      document.getElementById('sign-in')!.replaceWith(player);
    },
    { apiUrl: api.api, token },
  );
  return { page, events };
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${api.api}/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return (await response.json()).access_token;
}

async function setMaintenance(token: string, on: boolean) {
  const response = await fetch(`${api.api}/admin/settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(
      on ? { maintenance_mode: true, system_message: 'Back at noon' } : { maintenance_mode: false },
    ),
  });
  expect(response.status).toBe(200);
}

describe('the embedded player with the partner’s own sign-in', () => {
  it('signs the partner’s employee in with the SSO token and keeps their progress under that identity', async () => {
    const token = await ssoToken('emp-7731', 'ana.silva@partner.test', 'Ana Silva');
    const { page, events } = await openWithSso(token);
    const player = page.locator('course-player');
    await player.getByRole('heading', { name: 'Data Literacy for Facility Managers' }).waitFor();
    await player.getByRole('button', { name: 'Start Learning' }).click();
    await player.getByRole('button', { name: 'Mark Complete' }).click();
    await expect.poll(() => events).toEqual(['lessonCompleted']);

    // The same employee, seen by the API through a fresh token from the SSO: one completed lesson.
    const again = await ssoToken('emp-7731', 'ana.silva@partner.test', 'Ana Silva');
    const progress = await fetch(`${api.api}/progress`, { headers: { authorization: `Bearer ${again}` } });
    expect((await progress.json()).summary.completedLessons).toBe(1);
    await page.close();
  });

  it('shows a clear sign-in failure instead of the course when the SSO token is not trusted', async () => {
    const forged = await new SignJWT({ email: 'mallory@partner.test' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('emp-0001')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-partner-secret-at-all-32b'));
    const { page } = await openWithSso(forged);
    const player = page.locator('course-player');
    await player
      .getByRole('alert')
      .filter({ hasText: 'Authentication session expired. Please sign in again.' })
      .waitFor();
    await expect.poll(() => player.getByRole('button', { name: 'Start Learning' }).count()).toBe(0);
    await page.close();
  });

  it('switches to the maintenance notice while open, and back to the course when maintenance ends', async () => {
    const token = await ssoToken('emp-7732', 'li.wei@partner.test', 'Li Wei');
    const { page, events } = await openWithSso(token);
    const player = page.locator('course-player');
    await player.getByRole('button', { name: 'Start Learning' }).waitFor();

    const admin = await adminToken();
    await setMaintenance(admin, true);
    await player.getByRole('heading', { name: 'Under Maintenance' }).waitFor();
    await expect.poll(() => player.getByRole('button', { name: 'Start Learning' }).count()).toBe(0);

    await setMaintenance(admin, false);
    await player.getByRole('button', { name: 'Start Learning' }).waitFor();
    await expect.poll(() => events).toEqual(['maintenanceChanged', 'maintenanceChanged']);
    await page.close();
  });

  it('runs the player’s own dialogs and the pre-assessment inside the page, by keyboard', async () => {
    const token = await ssoToken('emp-7733', 'sam.okafor@partner.test', 'Sam Okafor');
    const { page } = await openWithSso(token);
    const player = page.locator('course-player');
    await player.getByRole('heading', { name: 'Data Literacy for Facility Managers' }).waitFor();
    await player.getByRole('button', { name: 'Take Assessment' }).click();
    await player.getByRole('button', { name: 'Start Assessment' }).click();
    const counter = player.getByText(/^\d+ of \d+ answered$/);
    const total = Number(((await counter.textContent()) ?? '').split(' of ')[1]?.split(' ')[0]);
    expect(total).toBeGreaterThan(0);
    for (let n = 1; n <= total; n++) {
      await player.getByText(new RegExp(`^Question ${n} of ${total}`)).waitFor();
      await player.getByRole('radio').first().focus();
      await page.keyboard.press('Space');
      await player.getByRole('button', { name: 'Submit Answer' }).press('Enter');
      await player.getByText(`${n} of ${total} answered`).waitFor();
    }
    await player.getByRole('button', { name: 'Submit Assessment' }).press('Enter');
    await player
      .getByRole('button', { name: /Continue to Next Module|Review Material/ })
      .first()
      .click();
    await player.getByRole('button', { name: 'Open Module 1' }).click();

    // Module 1 to the end: the completion dialog opens inside the shadow root and takes the focus.
    for (let lesson = 0; lesson < 5; lesson++) {
      await player.getByRole('button', { name: 'Mark Complete' }).click();
      if (lesson < 4) await player.getByText(`${lesson + 1} of 5 lessons completed`).waitFor();
    }
    const dialog = player.getByRole('dialog');
    await dialog.getByText('Congratulations!').waitFor();
    await expect
      .poll(() => dialog.evaluate((d) => d.contains((d.getRootNode() as ShadowRoot).activeElement)))
      .toBe(true);
    await dialog.getByRole('button', { name: 'Continue' }).press('Enter');
    await player.getByRole('tab', { name: 'Intro' }).waitFor();
    await expect.poll(() => player.getByRole('dialog').count()).toBe(0);
    await page.close();
  });
});
