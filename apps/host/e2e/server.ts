import path from 'node:path';
import { REPO_ROOT, startApiProcess } from '@coursekit/api/testing';

export { REPO_ROOT };
export const HOST_DIST = path.join(REPO_ROOT, 'apps/host/dist');

export const ADMIN = { email: 'admin@coursekit.test', password: 'Boot-Strap-2026!' } as const;

export interface RunningSite {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the real API (api/src/main.ts) serving the built host app on a free port: embedded
 * PGlite in a temporary DATA_DIR, or a fresh database on DATABASE_URL's server when it is set.
 */
export async function startSite(): Promise<RunningSite> {
  const site = await startApiProcess({
    env: { HOST_DIST, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    startTimeoutMs: 60_000,
  });
  return {
    url: site.url,
    async stop() {
      await site.stop(10_000);
    },
  };
}
