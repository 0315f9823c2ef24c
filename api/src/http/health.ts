import { endpoints } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { latestMigration, ping } from '../db/index';

// Whether the schema's newest migration has been applied, and whether a course is loaded: one
// statement, the readiness a load balancer polls.
const READY_SQL = `select (select max(created_at)::text from drizzle.__drizzle_migrations) as migrated,
  exists(select 1 from modules) as course`;

/** How long a readiness check may take before it answers "not ready" (a probe must not hang). */
const READY_TIMEOUT_MS = 2_000;

/**
 * GET /health (unchanged: `{ status, database }`), /health/live (the process answers; a restart is
 * the only cure when it does not) and /health/ready (database reachable, migrations applied, course
 * loaded, not shutting down: 200 when all hold, 503 with the same body otherwise).
 */
export function healthRoutes(ctx: AppContext, draining: () => boolean = () => false): Router {
  const router = Router();
  const newest = latestMigration();
  router.get(endpoints.health.path, async (_req, res) => {
    const database = await ping(ctx.db);
    res.status(database ? 200 : 503).json({ status: database ? 'ok' : 'degraded', database });
  });
  router.get(endpoints.healthLive.path, (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get(endpoints.healthReady.path, async (_req, res) => {
    let timer: NodeJS.Timeout | undefined;
    const check = ctx.database
      .query<{ migrated: string | null; course: boolean }>(READY_SQL, [])
      .then(([row]) => ({
        database: true,
        migrations: Number(row?.migrated ?? 0) >= newest,
        course: Boolean(row?.course),
      }))
      .catch(async () => {
        // The database answers but the migrations table is not there yet, or it does not answer.
        const database = await ping(ctx.db, READY_TIMEOUT_MS);
        return { database, migrations: false, course: false };
      });
    const timeout = new Promise<{ database: boolean; migrations: boolean; course: boolean }>((resolve) => {
      timer = setTimeout(
        () => resolve({ database: false, migrations: false, course: false }),
        READY_TIMEOUT_MS,
      );
    });
    const found = await Promise.race([check, timeout]);
    clearTimeout(timer);
    const stopping = draining();
    const ready = found.database && found.migrations && found.course && !stopping;
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'not_ready', ...found, draining: stopping });
  });
  return router;
}
