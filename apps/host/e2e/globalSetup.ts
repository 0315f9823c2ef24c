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

/** Builds the host app (unless E2E_SKIP_BUILD=1), starts the API serving it, and stops it after. */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
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
