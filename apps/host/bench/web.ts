// `npm run bench:web`: serves the production build on the real API and measures, in headless
// Chromium on loopback, the landing, dashboard and module pages: JS transferred (gzip), largest
// contentful paint, and (module page) the time until Mark Complete can be clicked. Prints figures.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import { signUp, uniqueEmail } from '../e2e/journey';
import { REPO_ROOT, startSite } from '../e2e/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUDGET = { landingJsKb: 120, lcpMs: 1000 };

interface Sample {
  jsGzipKb: number;
  jsFiles: number;
  lcpMs: number;
  readyMs?: number;
}

function build() {
  const host = path.join(REPO_ROOT, 'apps/host');
  const vite = path.join(
    path.dirname(createRequire(path.join(host, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], {
    cwd: host,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
}

async function measure(page: Page, pathname: string, readySelector?: () => Promise<void>): Promise<Sample> {
  const scripts: Buffer[] = [];
  const onResponse = async (response: import('playwright-core').Response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(await response.body().catch(() => Buffer.alloc(0)));
  };
  page.on('response', onResponse);
  await page.goto(pathname, { waitUntil: 'load' });
  let readyMs: number | undefined;
  if (readySelector) {
    await readySelector();
    readyMs = await page.evaluate(() => performance.now());
  }
  // The settings stream keeps a connection open, so 'networkidle' never comes: let paint settle.
  await page.waitForTimeout(750);
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 2000);
      }),
  );
  page.off('response', onResponse);
  const jsGzip = scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  return {
    jsGzipKb: jsGzip / 1024,
    jsFiles: scripts.length,
    lcpMs,
    ...(readyMs === undefined ? {} : { readyMs }),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function bench(browser: Browser, url: string) {
  // A learner whose stored session each fresh context reuses (so every run starts with a cold cache).
  const setup = await browser.newContext({ baseURL: url });
  const setupPage = await setup.newPage();
  await signUp(setupPage, uniqueEmail('bench'));
  const storage = await setup.storageState();
  await setup.close();

  const pages: Array<{
    name: string;
    path: string;
    signedIn: boolean;
    ready?: (page: Page) => Promise<void>;
  }> = [
    { name: 'landing', path: '/', signedIn: false },
    { name: 'dashboard', path: '/course', signedIn: true },
    {
      name: 'module',
      path: '/module/1',
      signedIn: true,
      ready: async (page) => {
        const button = page.getByRole('button', { name: 'Mark Complete' });
        await button.waitFor();
        await page.waitForFunction(
          () =>
            [...document.querySelectorAll('button')].some(
              (b) => b.textContent?.trim() === 'Mark Complete' && !b.disabled,
            ),
          undefined,
          { polling: 'raf' },
        );
      },
    },
  ];
  const results: Record<string, Sample[]> = {};
  for (const target of pages) {
    results[target.name] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        baseURL: url,
        ...(target.signedIn ? { storageState: storage } : {}),
      });
      const page = await context.newPage();
      const ready = target.ready;
      results[target.name]!.push(await measure(page, target.path, ready ? () => ready(page) : undefined));
      await context.close();
    }
  }
  return results;
}

const site = await (async () => {
  build();
  return startSite();
})();
const browser = await launchBrowser();
try {
  const results = await bench(browser, site.url);
  process.stdout.write(
    `\nbench:web — production build on the real API, headless Chromium, loopback, median of ${RUNS}\n\n`,
  );
  process.stdout.write('page        JS (gzip -9, KiB)  files   LCP       Mark Complete clickable\n');
  for (const [name, samples] of Object.entries(results)) {
    const js = median(samples.map((s) => s.jsGzipKb));
    const files = median(samples.map((s) => s.jsFiles));
    const lcp = median(samples.map((s) => s.lcpMs));
    const ready =
      samples[0]?.readyMs === undefined ? '' : `${median(samples.map((s) => s.readyMs ?? 0)).toFixed(0)} ms`;
    process.stdout.write(
      `${name.padEnd(11)} ${`${js.toFixed(1)} KiB`.padEnd(18)} ${String(files).padEnd(7)} ${`${lcp.toFixed(0)} ms`.padEnd(9)} ${ready}\n`,
    );
  }
  const landing = results.landing ?? [];
  const landingJs = median(landing.map((s) => s.jsGzipKb));
  const landingLcp = median(landing.map((s) => s.lcpMs));
  process.stdout.write(
    `\ngoals: landing JS ≤ ${BUDGET.landingJsKb} KiB gzip (${landingJs <= BUDGET.landingJsKb ? 'met' : 'missed'}), ` +
      `LCP ≤ ${BUDGET.lcpMs} ms (${landingLcp <= BUDGET.lcpMs ? 'met' : 'missed'})\n`,
  );
} finally {
  await browser.close();
  await site.stop();
}
