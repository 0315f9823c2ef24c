import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildOnce } from '../../../scripts/buildOnce.mjs';
import { ADMIN, REPO_ROOT, startSite } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    /**
     * An admin account for the journeys' admin API calls (roles, the studio's API), signed in by
     * each test file that needs it (`adminToken` in journey.ts): an access token lives 15 minutes,
     * and the e2e files run after the rest of `npm test`, long after this setup.
     */
    granter: { email: string; password: string };
  }
}

/**
 * Builds the host app and the embed bundle its example intranet page loads (unless
 * E2E_SKIP_BUILD=1), starts the API serving both, and stops it after.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // Once per run: the embed's own browser tests need the same bundle.
    await buildOnce(path.join(REPO_ROOT, 'packages/embed/build.mjs'));
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
  // The journeys' admin API calls use an admin of their own: sign-ins are limited per e-mail (5 a
  // minute), and the admin journeys sign the bootstrap admin in through the form.
  const post = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${site.url}/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} failed: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  const admin = await post<{ access_token: string }>('/auth/signin', ADMIN);
  const granter = { email: 'e2e.granter@coursekit.test', password: 'Grants-Roles-2026!' };
  const made = await post<{ user: { id: string } }>('/auth/signup', { ...granter, name: 'Role Granter' });
  await post(`/admin/users/${made.user.id}/roles`, { role: 'admin' }, admin.access_token);
  project.provide('granter', granter);
  return () => site.stop();
}
