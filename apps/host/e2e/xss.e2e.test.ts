import { startXssSite, type XssSite } from '@coursekit/api/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { HOST_DIST } from './server';

// The XSS corpus (api/src/test/xssPayloads.ts) written into lesson content, module and quiz
// texts, the system message, display names and e-mail addresses of a real site, rendered by the
// built host app in Chromium: no payload may run, no event handler attribute may reach the DOM,
// links keep safe schemes. Once under the site's Content-Security-Policy, and once with the CSP
// bypassed, so the sanitising alone is shown to hold too.

let site: XssSite;
let browser: Browser;
const totals = { pages: 0, payloadsSeen: 0, ran: 0, handlers: 0, unsafeLinks: 0 };

beforeAll(async () => {
  site = await startXssSite({ HOST_DIST });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  process.stdout.write(`\nXSS corpus in the host app: ${JSON.stringify(totals)}\n`);
});

/** What the page holds that a payload would leave behind. */
async function inspect(page: Page) {
  return page.evaluate(() => {
    const handlers: string[] = [];
    const unsafe: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) handlers.push(`${el.tagName} ${attr.name}`);
        if (/^(href|src|action|formaction|data|xlink:href|srcdoc)$/i.test(attr.name)) {
          // Browsers ignore whitespace and control characters in a URL's scheme.
          const value = [...attr.value]
            .filter((c) => c.charCodeAt(0) > 0x20)
            .join('')
            .toLowerCase();
          const safe =
            attr.name.toLowerCase() !== 'srcdoc' &&
            !/^(javascript|vbscript|data:text|data:application)/.test(value);
          if (!safe) unsafe.push(`${el.tagName} ${attr.name}=${attr.value.slice(0, 40)}`);
        }
      }
    }
    const scripts = Array.from(document.scripts).filter(
      (s) => !s.src.startsWith(`${location.origin}/assets/`),
    );
    // DOMPurify reads the hostile markup in its inert document, where Chrome compiles (never runs)
    // an onerror= and reports it: that is the sanitiser at work, not the app needing an exception.
    const refusals = ((window as unknown as { __csp?: string[] }).__csp ?? []).filter(
      (v) => !/^script-src-attr from .*\/assets\/purify[^/]*\.js$/.test(v),
    );
    return {
      refusals,
      ran: (window as unknown as { __xss?: number[] }).__xss ?? [],
      handlers,
      unsafe,
      strayScripts: scripts.map((s) => s.outerHTML.slice(0, 60)),
      marker: document.body.textContent?.includes('XSS-CORPUS') ?? false,
    };
  });
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/signin');
  await page
    .getByLabel('Email')
    .waitFor()
    .catch(async (error) => {
      throw new Error(`${error}\n${(await page.content()).slice(0, 3000)}`);
    });
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** Every image on the page has loaded or failed, so any handler a payload put on one has had its turn. */
function imagesSettled(page: Page) {
  return page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
}

async function check(page: Page, dialogs: string[], where: string, expectMarker: boolean) {
  if (expectMarker) await page.getByText('XSS-CORPUS').first().waitFor();
  else await page.locator('main').first().waitFor();
  await imagesSettled(page);
  const found = await inspect(page);
  totals.pages += 1;
  if (found.marker) totals.payloadsSeen += 1;
  totals.ran += found.ran.length;
  totals.handlers += found.handlers.length;
  totals.unsafeLinks += found.unsafe.length;
  expect(found.ran, `${where}: payloads ran`).toEqual([]);
  expect(dialogs, `${where}: dialogs opened`).toEqual([]);
  expect(found.handlers, `${where}: event handlers in the DOM`).toEqual([]);
  expect(found.unsafe, `${where}: unsafe URLs in the DOM`).toEqual([]);
  expect(found.strayScripts, `${where}: scripts not from the build`).toEqual([]);
  expect(found.refusals, `${where}: CSP refusals`).toEqual([]);
  if (expectMarker) expect(found.marker, `${where}: the hostile text is shown`).toBe(true);
}

/** The course quiz's id, asked of the API as the learner. */
async function courseQuizId(): Promise<number> {
  const signIn = await fetch(`${site.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(site.learner),
  });
  const token = (await signIn.json()).access_token as string;
  const list = await fetch(`${site.url}/api/quizzes`, { headers: { authorization: `Bearer ${token}` } });
  const cards = (await list.json()) as Array<{ quiz: { id: number; kind: string } }>;
  return cards.find((c) => c.quiz.kind === 'course')!.quiz.id;
}

async function newPage(context: BrowserContext): Promise<{ page: Page; dialogs: string[] }> {
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // The app itself must need nothing the CSP refuses, so every refusal is recorded and checked.
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const holder = window as unknown as { __csp?: string[] };
        holder.__csp = holder.__csp ?? [];
        holder.__csp.push(`${event.violatedDirective} from ${event.sourceFile || 'the page'}`);
      },
      true,
    );
  });
  return { page, dialogs };
}

describe.each([
  ['under the site’s CSP', false],
  ['with the CSP bypassed (sanitising alone)', true],
])('the XSS corpus in the host app, %s', (_name, bypassCSP) => {
  it('runs nothing a learner is shown: lessons, modules, quizzes, the system message, their name', async () => {
    const context = await browser.newContext({ baseURL: site.url, bypassCSP });
    context.setDefaultTimeout(15_000);
    try {
      const { page, dialogs } = await newPage(context);
      await signIn(page, site.learner);
      await check(page, dialogs, 'home', true);
      await page.goto('/course');
      await check(page, dialogs, 'course', true);
      await page.goto('/modules');
      await check(page, dialogs, 'modules', true);
      await page.goto('/module/1');
      await check(page, dialogs, 'module 1', true);
      await page.goto('/lesson/1/1');
      await page.getByText('XSS-CORPUS lesson').waitFor();
      await check(page, dialogs, 'lesson 1.1', true);
      // The safe link of the lesson body survives the sanitising.
      expect(await page.locator('a[href="https://example.com/ok"]').count()).toBeGreaterThan(0);
      await page.goto('/profile');
      await check(page, dialogs, 'profile', true);
      await page.goto('/course-quizzes');
      await check(page, dialogs, 'quizzes', true);
      await page.goto(`/quiz/${await courseQuizId()}`);
      await check(page, dialogs, 'quiz instructions', true);
      await page.getByRole('button', { name: 'Start Quiz' }).click();
      await page.getByRole('radio', { name: /^A\./ }).waitFor();
      await check(page, dialogs, 'quiz question', true);
      await page.getByRole('radio', { name: /^A\./ }).check();
      await page.getByRole('button', { name: 'Submit Answer' }).click();
      await check(page, dialogs, 'quiz explanation', true);
      await page.goto('/assessment');
      await check(page, dialogs, 'pre-assessment', true);
    } finally {
      await context.close();
    }
  });

  it('runs nothing an admin is shown: hostile names and e-mail addresses in the console', async () => {
    const context = await browser.newContext({ baseURL: site.url, bypassCSP });
    context.setDefaultTimeout(15_000);
    try {
      const { page, dialogs } = await newPage(context);
      await signIn(page, site.admin);
      await page.goto('/admin');
      await page.getByText('@evil0.test').first().waitFor();
      await check(page, dialogs, 'admin users', true);
      await page.goto('/admin?tab=settings');
      await check(page, dialogs, 'admin settings', false);
      await page.goto('/admin/user-progress');
      await check(page, dialogs, 'admin user progress', false);
    } finally {
      await context.close();
    }
  });
});

describe('the checks themselves', () => {
  it('see a payload that does run, so a clean page means something', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    try {
      const { page, dialogs } = await newPage(context);
      await page.setContent(
        '<main><img src="x" onerror="window.__xss=[2]"><a href="javascript:void 0">x</a></main><script>alert(1)</script>',
      );
      await page.waitForFunction(() => (window as unknown as { __xss?: number[] }).__xss);
      const found = await inspect(page);
      expect(found.ran).toEqual([2]);
      expect(found.handlers).toEqual(['IMG onerror']);
      expect(found.unsafe).toHaveLength(1);
      expect(dialogs).toEqual(['1']);
    } finally {
      await context.close();
    }
  });

  it('see the site’s CSP stop an inline script and an inline handler that got into the page', async () => {
    const context = await browser.newContext({ baseURL: site.url });
    try {
      const { page } = await newPage(context);
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await page.goto('/about');
      await page.locator('main').first().waitFor();
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__xss = [77]';
        document.body.append(script);
        const img = document.createElement('img');
        img.setAttribute('onerror', 'window.__xss = [78]');
        img.src = '/nothing-here.png';
        document.body.append(img);
      });
      // Both refusals reported, the image failed: whatever the policy let through has run by now.
      await expect.poll(() => refused.length).toBeGreaterThanOrEqual(2);
      await imagesSettled(page);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number[] }).__xss ?? [])).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
