import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../faults/apiProcess';
import type { ApiProcess } from '../src/test/apiProcess';
import { REPO_ROOT } from '../src/test/apiProcess';
import { type ScratchDatabase, scratchDatabase } from '../src/test/scratchDatabase';

// A deploy under an open page: the site is built (A) into a directory the API serves, a learner
// opens it, the site is built again (B) with a changed lazy chunk into the same directory, and the
// learner's page, still on A, opens a lazy screen: A's chunk is still there (the build output is
// versioned, not emptied), so the screen opens without a reload; a reload shows B.

const out = (line: string) => process.stdout.write(`  [deploy] ${line}\n`);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const host = path.join(REPO_ROOT, 'apps/host');
/** A site build takes a minute or two; more on a busy machine. */
const BUILD_MS = 600_000;

/** Builds the site into `outDir` with the about page's mailbox set to `mailbox` (a lazy chunk). */
function buildSite(outDir: string, mailbox: string) {
  const vite = path.join(
    path.dirname(createRequire(path.join(host, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error', '--outDir', outDir], {
    cwd: host,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', VITE_SUPPORT_EMAIL: mailbox },
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
}

const lazyPages = (dist: string) =>
  readdirSync(path.join(dist, 'assets')).filter((f) => /^lazyPages-[\w-]+\.js$/.test(f));

describe('a deploy while a learner’s page is open', () => {
  let database: ScratchDatabase;
  let api: ApiProcess;
  let browser: Browser;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'coursekit-deploy-'));
    database = await scratchDatabase(adminUrl, 'ck_deploy');
    buildSite(dist, 'build-a@coursekit.test');
    api = await startApi({ DATABASE_URL: database.url, WEB_CONCURRENCY: '1', HOST_DIST: dist });
    const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
    browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  }, BUILD_MS);
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await database?.drop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it(
    'opens a lazy screen of build A after build B is deployed, without a reload',
    async () => {
      const page = await browser.newPage({ baseURL: api.url });
      page.setDefaultTimeout(15_000);
      await page.goto('/');
      await page.getByRole('link', { name: 'About' }).first().waitFor();
      const [chunkA] = lazyPages(dist);

      buildSite(dist, 'build-b@coursekit.test');
      const chunks = lazyPages(dist);
      out(
        `lazy pages chunk of build A ${chunkA}; after deploying B the directory holds ${chunks.join(', ')}`,
      );
      expect(chunks).toHaveLength(2);
      expect(chunks).toContain(chunkA);

      let documents = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents += 1;
      });
      await page.getByRole('link', { name: 'About' }).first().click();
      await page.getByText('build-a@coursekit.test').first().waitFor();
      expect(documents, 'no reload: the old chunk was still served').toBe(0);

      await page.reload();
      await page.getByText('build-b@coursekit.test').first().waitFor();
      await page.close();
    },
    BUILD_MS,
  );
});
