import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, startLrs, startPartnerSite } from './servers';

// The course player on a partner's intranet page — another origin, its own hostile CSS,
// no React — in Debian's Chromium against the real API.

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
const PASSWORD = 'Facility-42-Data';

let api: Awaited<ReturnType<typeof startApi>>;
let partner: Awaited<ReturnType<typeof startPartnerSite>>;
let lrs: Awaited<ReturnType<typeof startLrs>>;
let browser: Browser;

beforeAll(async () => {
  if (!chromiumPath) throw new Error('No Chromium: install Debian’s chromium package or set CHROMIUM_PATH.');
  partner = await startPartnerSite();
  lrs = await startLrs();
  api = await startApi({ CORS_ORIGINS: partner.url });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await partner?.stop();
  await lrs?.stop();
});

let learners = 0;
async function newLearner(): Promise<{ email: string; token: string }> {
  learners += 1;
  const email = `employee.${Date.now().toString(36)}${learners}@partner.example`;
  const response = await fetch(`${api.api}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name: 'Ana Silva' }),
  });
  expect(response.status).toBe(201);
  return { email, token: (await response.json()).session.access_token };
}

/** Opens the intranet page and signs in with its form, which mounts <course-player>. */
async function openCourse(context: BrowserContext, email: string, query = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${partner.url}/intranet.html?api=${encodeURIComponent(api.api)}${query}`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', PASSWORD);
  await page.click('button[type=submit]');
  await page
    .locator('course-player')
    .getByRole('heading', { name: 'Data Literacy for Facility Managers' })
    .waitFor();
  return page;
}

async function completedKeys(token: string): Promise<string[]> {
  const response = await fetch(`${api.api}/progress`, { headers: { authorization: `Bearer ${token}` } });
  const state = await response.json();
  return state.records
    .filter((r: { completed: boolean }) => r.completed)
    .map((r: { lesson_key: string }) => r.lesson_key);
}

describe('the embedded player on a partner intranet page', () => {
  it('keeps the page’s CSS out, including inherited and !important rules, and its own CSS in', async () => {
    const { email } = await newLearner();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openCourse(context, email);
    const styles = await page.evaluate(() => {
      const shadow = document.querySelector('course-player')!.shadowRoot!;
      const style = (el: Element) => {
        const s = getComputedStyle(el);
        return {
          font: s.fontFamily,
          color: s.color,
          transform: s.textTransform,
          spacing: s.letterSpacing,
          decoration: s.textDecorationLine,
        };
      };
      const button = shadow.querySelector('button')!;
      return {
        heading: style(shadow.querySelector('h2, h1')!),
        button: { ...style(button), background: getComputedStyle(button).backgroundColor },
        intro: style(document.getElementById('intro')!),
        documentRulesMentioningCoursekit: [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter((r) => r.cssText.includes('coursekit')).length,
      };
    });
    // The player: its own font and colours, none of the page's fantasy font, dark red, uppercase, wavy underlines.
    expect(styles.heading.font).toMatch(/^system-ui/);
    expect(styles.heading.color).toBe('rgb(31, 41, 55)');
    expect(styles.heading.transform).toBe('none');
    expect(styles.heading.spacing).toBe('normal');
    expect(styles.heading.decoration).toBe('none');
    // The partner's brand colour arrives through the theme attribute, not through the page's CSS.
    expect(styles.button.background).toBe('rgb(11, 110, 79)');
    // The page: untouched by the player.
    expect(styles.intro).toMatchObject({
      font: '"Comic Sans MS", fantasy',
      color: 'rgb(139, 0, 0)',
      transform: 'uppercase',
    });
    expect(styles.documentRulesMentioningCoursekit).toBe(0);
    await context.close();
  });

  it('completes lessons, tells the page in order, and reports xAPI statements to the partner’s LRS', async () => {
    const { email, token } = await newLearner();
    const context = await browser.newContext();
    const page = await openCourse(context, email, `&lrs=${encodeURIComponent(lrs.url)}`);
    const events: string[] = [];
    await page.exposeFunction('recordEvent', (type: string) => events.push(type));
    await page.evaluate(() => {
      const player = document.querySelector('course-player')!;
      for (const type of ['lessonCompleted', 'moduleCompleted', 'moduleUnlocked']) {
        player.addEventListener(`coursekit:${type}`, () =>
          (window as unknown as { recordEvent(t: string): void }).recordEvent(type),
        );
      }
    });
    const player = page.locator('course-player');
    await player.getByRole('button', { name: 'Start Learning' }).click();
    for (let lesson = 0; lesson < 5; lesson++) {
      await player.getByRole('button', { name: 'Mark Complete' }).click();
      await expect.poll(() => events.filter((e) => e === 'lessonCompleted').length).toBe(lesson + 1);
    }
    await expect
      .poll(() => events)
      .toEqual([
        'lessonCompleted',
        'lessonCompleted',
        'lessonCompleted',
        'lessonCompleted',
        'lessonCompleted',
        'moduleCompleted',
        'moduleUnlocked',
      ]);
    expect(await completedKeys(token)).toHaveLength(5);

    await expect.poll(() => lrs.statements.length).toBe(7);
    const statements = lrs.statements as Array<{
      actor: { mbox: string };
      verb: { display: Record<string, string> };
      version: string;
    }>;
    expect(statements.map((s) => s.verb.display['en-US'])).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
      'unlocked',
    ]);
    expect(statements.every((s) => s.actor.mbox === `mailto:${email}` && s.version === '1.0.3')).toBe(true);
    await context.close();
  });

  it('keeps completions made offline across a reload and sends each once when the network is back', async () => {
    const { email, token } = await newLearner();
    const context = await browser.newContext();
    const page = await openCourse(context, email);
    const player = page.locator('course-player');
    await player.getByRole('button', { name: 'Start Learning' }).click();
    await player.getByRole('button', { name: 'Mark Complete' }).click();
    await expect.poll(() => completedKeys(token)).toHaveLength(1);

    // The network drops: every call to the API fails as Chromium reports a lost connection.
    const apiCalls = `${api.api}/**`;
    await context.route(apiCalls, (route) => route.abort('internetdisconnected'));
    await player.getByRole('button', { name: 'Mark Complete' }).click();
    await player.getByRole('status').filter({ hasText: "You're offline" }).waitFor();
    await player.getByRole('button', { name: 'Mark Complete' }).click();
    await player.getByText(/\(2 waiting\)/).waitFor();
    expect(await completedKeys(token)).toHaveLength(1);
    await page.close();

    // Back online, the learner opens the page again: the two saved lessons are sent, once each.
    await context.unroute(apiCalls);
    const again = await openCourse(context, email);
    await expect.poll(() => completedKeys(token), { timeout: 15_000 }).toHaveLength(3);
    const keys = await completedKeys(token);
    expect(new Set(keys).size).toBe(3);
    expect(await again.evaluate(() => localStorage.getItem('coursekit.offline-queue'))).toBeNull();
    await context.close();
  });

  it('tells the developer of a page the API does not list in CORS_ORIGINS why its calls fail', async () => {
    // The same intranet page, served from another port: an origin missing from CORS_ORIGINS.
    const refused = await startPartnerSite();
    const { token } = await newLearner();
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // How often each API call failed: the player retries a failed read once.
    const failures = new Map<string, number>();
    page.on('requestfailed', (request) => {
      if (request.url().startsWith(api.api))
        failures.set(request.url(), (failures.get(request.url()) ?? 0) + 1);
    });
    try {
      await page.goto(`${refused.url}/intranet.html`);
      await page.evaluate(
        ({ apiUrl, accessToken }) => {
          const host = document.createElement('div');
          document.body.append(host);
          const { CourseKit } = window as unknown as {
            CourseKit: { mountCoursePlayer: (el: Element, options: object) => unknown };
          };
          CourseKit.mountCoursePlayer(host, { apiUrl, getAccessToken: () => accessToken });
        },
        { apiUrl: api.api, accessToken: token },
      );
      // The learner sees the spec's network message; the console names both origins and the setting.
      await page
        .getByText(/Network error/)
        .first()
        .waitFor();
      const hints = () => errors.filter((text) => text.includes('CORS_ORIGINS'));
      await expect.poll(() => hints().length).toBe(1);
      expect(hints()[0]).toContain(refused.url);
      expect(hints()[0]).toContain(new URL(api.api).origin);
      // A call failed again (the player's retry): more failed calls, still one hint.
      await expect.poll(() => [...failures.values()].some((n) => n >= 2), { timeout: 10_000 }).toBe(true);
      expect(hints()).toHaveLength(1);
    } finally {
      await context.close();
      await refused.stop();
    }
  });
});
