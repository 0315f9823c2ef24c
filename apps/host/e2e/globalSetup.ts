import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ADMIN, REPO_ROOT, startSite } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    /** The bootstrap admin's access token, signed in once for every journey that calls the admin API. */
    adminToken: string;
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
  // One sign-in for every journey's admin API calls: sign-ins are limited per e-mail (5 a minute),
  // and the admin journeys sign the same admin in through the form.
  const signIn = await fetch(`${site.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!signIn.ok) throw new Error(`admin sign-in failed: ${signIn.status} ${await signIn.text()}`);
  project.provide('adminToken', ((await signIn.json()) as { access_token: string }).access_token);
  return () => site.stop();
}
