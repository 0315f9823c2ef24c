import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

/**
 * Builds the site into `outDir` with the site's Vite config and one plugin more, which appends a
 * kept comment naming `mark` to the lazy pages chunk: builds A and B differ in it as after a change.
 * Vite (the site's own) runs in a child process, from a script written beside the build.
 */
function buildSite(outDir: string, mark: string) {
  const vite = pathToFileURL(createRequire(path.join(host, 'package.json')).resolve('vite')).href;
  const script = `import { build } from ${JSON.stringify(vite)};
await build({
  root: ${JSON.stringify(host)},
  configFile: ${JSON.stringify(path.join(host, 'vite.config.ts'))},
  logLevel: 'error',
  build: { outDir: ${JSON.stringify(outDir)} },
  plugins: [{
    name: 'deploy-mark',
    renderChunk: {
      order: 'post',
      handler: (code, chunk) => (chunk.name === 'lazyPages' ? code + ${JSON.stringify(`\n/*! ${mark} */\n`)} : null),
    },
  }],
});
`;
  const file = path.join(outDir, `build-${mark.replace(/\W/g, '-')}.mjs`);
  writeFileSync(file, script);
  const build = spawnSync(process.execPath, [file], {
    cwd: host,
    encoding: 'utf8',
    // vitest sets NODE_ENV=test, which would make vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  rmSync(file);
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
    buildSite(dist, 'build A');
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

      buildSite(dist, 'build B');
      const chunks = lazyPages(dist);
      out(
        `lazy pages chunk of build A ${chunkA}; after deploying B the directory holds ${chunks.join(', ')}`,
      );
      expect(chunks).toHaveLength(2);
      expect(chunks).toContain(chunkA);

      let documents = 0;
      const chunksLoaded: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents += 1;
        const file = new URL(request.url()).pathname.split('/').pop() ?? '';
        if (/^lazyPages-/.test(file)) chunksLoaded.push(file);
      });
      await page.getByRole('link', { name: 'About' }).first().click();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/about');
      expect(chunksLoaded, 'the page of build A loads build A’s chunk').toEqual([chunkA]);
      expect(readFileSync(path.join(dist, 'assets', chunkA!), 'utf8')).toContain('build A');
      expect(documents, 'no reload: the old chunk was still served').toBe(0);

      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const [chunkB] = chunks.filter((c) => c !== chunkA);
      expect(chunksLoaded.at(-1), 'a reload shows build B').toBe(chunkB);
      expect(readFileSync(path.join(dist, 'assets', chunkB!), 'utf8')).toContain('build B');
      await page.close();
    },
    BUILD_MS,
  );
});
