import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileWidgetCss, playerBuildOptions, stylesModule } from '../../../scripts/playerBuild.mjs';
import { REPO_ROOT, startApi } from './servers';

// A partner whose bundler splits the player's lazy screens into chunks, and who deploys a new build
// while a learner's page stays open: the quiz screen's chunk of the page's build is gone when the
// learner first opens it. The player reloads the page once, and after the reload the screen opens.
// The partner's page here is the embed's ESM entry bundled by esbuild with code splitting, as a
// partner's build would, on a server of its own (another origin than the API).

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
const PASSWORD = 'Facility-42-Data';

let api: Awaited<ReturnType<typeof startApi>>;
let partner: Server;
let partnerUrl: string;
let browser: Browser;
let out: string;
let quizChunk: string;

const page = (apiUrl: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Intranet — Training</title></head>
<body><main><h1>Training</h1><div id="slot"></div></main>
<script type="module">
  import './coursekit-embed.js';
  // The intranet's single sign-on keeps the learner's CourseKit token for the tab.
  const player = document.createElement('course-player');
  player.setAttribute('api-url', ${JSON.stringify(apiUrl)});
  player.getAccessToken = () => sessionStorage.getItem('sso-token');
  document.getElementById('slot').append(player);
</script></body></html>`;

beforeAll(async () => {
  if (!chromiumPath) throw new Error('No Chromium: install Debian’s chromium package or set CHROMIUM_PATH.');
  out = mkdtempSync(path.join(os.tmpdir(), 'coursekit-partner-'));
  const options = playerBuildOptions({ entry: path.join(REPO_ROOT, 'packages/embed/src/standalone.ts') });
  const css = await compileWidgetCss(options, out);
  const result = await build({
    ...options,
    entryNames: 'coursekit-embed',
    chunkNames: '[name]-[hash]',
    format: 'esm',
    splitting: true,
    outdir: out,
    metafile: true,
    plugins: [vanillaExtractPlugin({ identifiers: 'short', outputCss: false }), stylesModule(css)],
  });
  // The chunk that holds the quiz screens: the output whose entry point is the QuizRunner module.
  const [chunk] = Object.entries(result.metafile?.outputs ?? {}).filter(([, o]) =>
    o.entryPoint?.endsWith('quiz-runner/QuizRunner.tsx'),
  );
  if (!chunk) throw new Error('the partner build did not split the quiz screens into a chunk of their own');
  quizChunk = path.basename(chunk[0]);

  partner = createServer((req, res) => {
    const name = (req.url ?? '/').split('?')[0]!.slice(1) || 'index.html';
    const file = path.join(out, path.basename(name));
    if (!existsSync(file)) return void res.writeHead(404).end();
    const type = file.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript';
    res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
  api = await startApi({ CORS_ORIGINS: partnerUrl });
  writeFileSync(path.join(out, 'index.html'), page(api.api));
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  partner?.closeAllConnections();
  await new Promise((resolve) => partner?.close(resolve));
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('the embedded player after a partner’s deploy', () => {
  it('reloads once when a lazy screen’s chunk is gone, and the screen then opens', async () => {
    const email = `stale.${Date.now().toString(36)}@partner.example`;
    const signup = await fetch(`${api.api}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, name: 'Ana Silva' }),
    });
    expect(signup.status).toBe(201);
    const token = (await signup.json()).session.access_token as string;

    const context = await browser.newContext();
    await context.addInitScript((t) => sessionStorage.setItem('sso-token', t), token);
    const tab = await context.newPage();
    tab.setDefaultTimeout(20_000);
    // The page opened before the deploy finds the quiz screens' chunk gone; the reloaded page (the
    // new build, which this file stands for) finds it.
    let documents = 0;
    tab.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    let chunkRequests = 0;
    await tab.route(`${partnerUrl}/${quizChunk}`, async (route) => {
      chunkRequests += 1;
      if (documents === 1) await route.fulfill({ status: 404, body: 'No such file' });
      else await route.continue();
    });

    await tab.goto(`${partnerUrl}/index.html`);
    const player = tab.locator('course-player');
    await player.getByRole('button', { name: 'Take Assessment' }).click();
    // The failed chunk reloads the page (a second document); the player comes back, signed in.
    await expect.poll(() => documents).toBe(2);
    await player.getByRole('button', { name: 'Take Assessment' }).click();
    await player.getByRole('button', { name: 'Start Assessment' }).waitFor();
    expect(documents, 'one reload, not a loop').toBe(2);
    expect(chunkRequests).toBe(2);
    expect(await tab.evaluate(() => sessionStorage.getItem('coursekit.stale-chunk-reload'))).not.toBeNull();
    await context.close();
  });
});
