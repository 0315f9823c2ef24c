import { existsSync } from 'node:fs';
import { startXssSite, type XssSite } from '@coursekit/api/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPartnerSite } from './servers';

// The XSS corpus (api/src/test/xssPayloads.ts) in lesson content, module texts and the system
// message, rendered by <course-player> on a partner's page in
// Chromium: no payload runs, no event handler attribute reaches the player's DOM (shadow root
// included), links keep safe schemes. The partner page has no CSP of its own, so this is the
// sanitising alone.

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));

let site: XssSite;
let partner: Awaited<ReturnType<typeof startPartnerSite>>;
let browser: Browser;
const totals = { views: 0, ran: 0, handlers: 0, unsafeLinks: 0 };

beforeAll(async () => {
  if (!chromiumPath) throw new Error('No Chromium: install Debian’s chromium package or set CHROMIUM_PATH.');
  partner = await startPartnerSite();
  site = await startXssSite({ CORS_ORIGINS: partner.url, HOST_DIST: '/nonexistent' });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await partner?.stop();
  process.stdout.write(`\nXSS corpus in the embed: ${JSON.stringify(totals)}\n`);
});

/** What the page and the player's shadow roots hold that a payload would leave behind. */
function inspect(page: Page) {
  return page.evaluate(() => {
    const handlers: string[] = [];
    const unsafe: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        for (const attr of Array.from(el.attributes)) {
          if (/^on/i.test(attr.name)) handlers.push(`${el.tagName} ${attr.name}`);
          if (/^(href|src|action|formaction|data|xlink:href|srcdoc)$/i.test(attr.name)) {
            // Browsers ignore whitespace and control characters in a URL's scheme.
            const value = [...attr.value]
              .filter((c) => c.charCodeAt(0) > 0x20)
              .join('')
              .toLowerCase();
            if (
              attr.name.toLowerCase() === 'srcdoc' ||
              /^(javascript|vbscript|data:text|data:application)/.test(value)
            )
              unsafe.push(`${el.tagName} ${attr.name}=${attr.value.slice(0, 40)}`);
          }
        }
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    return { ran: (window as unknown as { __xss?: number[] }).__xss ?? [], handlers, unsafe };
  });
}

describe('the XSS corpus in <course-player> on a partner’s page', () => {
  it('runs nothing from the system message, the module texts or a lesson, and keeps the lesson’s safe link', async () => {
    const context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const check = async (where: string) => {
      // Every image, in the page and the player's shadow roots, has loaded or failed: any handler a
      // payload put on one has had its turn.
      await page.waitForFunction(() => {
        const settled = (root: Document | ShadowRoot): boolean =>
          Array.from(root.querySelectorAll('*')).every(
            (el) =>
              (!(el instanceof HTMLImageElement) || el.complete) &&
              (!el.shadowRoot || settled(el.shadowRoot)),
          );
        return settled(document);
      });
      const found = await inspect(page);
      totals.views += 1;
      totals.ran += found.ran.length;
      totals.handlers += found.handlers.length;
      totals.unsafeLinks += found.unsafe.length;
      expect(found.ran, `${where}: payloads ran`).toEqual([]);
      expect(dialogs, `${where}: dialogs opened`).toEqual([]);
      expect(found.handlers, `${where}: event handlers`).toEqual([]);
      expect(found.unsafe, `${where}: unsafe URLs`).toEqual([]);
    };
    try {
      await page.goto(`${partner.url}/intranet.html?api=${encodeURIComponent(`${site.url}/api`)}`);
      await page.fill('input[name=email]', site.learner.email);
      await page.fill('input[name=password]', site.learner.password);
      await page.click('button[type=submit]');
      const player = page.locator('course-player');
      await player.getByRole('heading', { name: 'Data Literacy for Facility Managers' }).waitFor();
      // The system message banner shows the corpus as text.
      await player.getByRole('status').filter({ hasText: 'XSS-CORPUS' }).first().waitFor();
      await check('course overview');
      await player.getByRole('button', { name: 'Start Learning' }).click();
      await player.getByText('XSS-CORPUS lesson').waitFor();
      expect(await player.locator('a[href="https://example.com/ok"]').count()).toBeGreaterThan(0);
      await check('lesson');
    } finally {
      await context.close();
    }
  });
});
