import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from './server';

const require = createRequire(import.meta.url);

export const RESULTS_DIR = path.join(REPO_ROOT, 'apps/host/test-results');

/** Debian's Chromium, or CHROMIUM_PATH. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error('No Chromium found: install Debian’s chromium package or set CHROMIUM_PATH.');
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  context.setDefaultTimeout(10_000);
  return context;
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core on the page; answers the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // evaluate, not addScriptTag: the site's CSP (script-src 'self') refuses inline <script> tags
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource}\n;0`);
  const result = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at runtime
    const axe = (window as any).axe;
    const run = await axe.run(document, { resultTypes: ['violations'] });
    return run.violations.map(
      (v: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => n.target.join(' ')),
      }),
    );
  });
  return (result as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Screenshots of the page at desktop and phone widths, for a failed journey. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const safe = name.replace(/[^a-z0-9-]+/gi, '-').slice(0, 80);
  const viewport = page.viewportSize() ?? DESKTOP;
  try {
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: path.join(RESULTS_DIR, `${safe}-desktop.png`), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(RESULTS_DIR, `${safe}-phone.png`), fullPage: true });
  } finally {
    await page.setViewportSize(viewport).catch(() => undefined);
  }
}
