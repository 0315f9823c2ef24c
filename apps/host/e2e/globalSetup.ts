import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startSite } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
  }
}

/**
 * Builds the host app and the embed bundle its example intranet page loads (unless
 * E2E_SKIP_BUILD=1), starts the API serving both, and stops it after.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const embed = spawnSync(process.execPath, [path.join(REPO_ROOT, 'packages/embed/build.mjs')], {
      encoding: 'utf8',
    });
    if (embed.status !== 0) throw new Error(`embed build failed:\n${embed.stdout}\n${embed.stderr}`);
    const host = path.join(REPO_ROOT, 'apps/host');
    const vite = path.join(
      path.dirname(createRequire(path.join(host, 'package.json')).resolve('vite/package.json')),
      'bin/vite.js',
    );
    const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], {
      cwd: host,
      encoding: 'utf8',
      // vitest sets NODE_ENV=test, which would make vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const site = await startSite();
  project.provide('siteUrl', site.url);
  return () => site.stop();
}
