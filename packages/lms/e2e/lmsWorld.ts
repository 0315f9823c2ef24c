import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type LmsSite, startLmsSite } from './lmsSite';

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));

/**
 * Per test file: the test LMS on the exported packages and Debian's Chromium, started before the
 * tests and stopped after. Read `world.lms` and `world.browser` inside tests.
 */
export function lmsWorld(packagesDir: string): { lms: LmsSite; browser: Browser } {
  const world = {} as { lms: LmsSite; browser: Browser };
  beforeAll(async () => {
    if (!chromiumPath)
      throw new Error('No Chromium: install Debian’s chromium package or set CHROMIUM_PATH.');
    world.lms = await startLmsSite(packagesDir);
    world.browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.lms?.stop();
  });
  return world;
}
