import { randomUUID } from 'node:crypto';
import { adminMessages, CourseError, type JobStatus } from '@coursekit/core';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';

const { adminJobs } = schema;

/** How long a finished job's result stays readable. */
const JOB_TTL_MS = 60 * 60_000;
/** Running jobs at once, all instances together. */
const MAX_RUNNING = 20;
/** A running job writes at least every batch; silence this long means its instance went away. */
export const JOB_STALE_MS = 5 * 60_000;

type JobRow = typeof adminJobs.$inferSelect;
function toStatus(row: JobRow, now: number): JobStatus {
  const stale = row.state === 'running' && now - row.updatedAt.getTime() > JOB_STALE_MS;
  return {
    id: row.id,
    kind: row.kind,
    state: stale ? 'error' : row.state,
    progress: row.progress,
    ...(row.state === 'done' ? { result: row.result } : {}),
    ...(stale ? { error: adminMessages.jobServerGone } : {}),
    ...(row.error ? { error: row.error } : {}),
  };
}

/**
 * Long admin runs (image analysis, validation, correction): a POST answers at once and the run goes
 * on in the background on that instance, writing its progress (the spec's steps) to admin_jobs, so
 * that GET /admin/jobs/:id answers on any instance.
 */
export function jobRegistry(ctx: Pick<AppContext, 'db' | 'logger' | 'clock'>) {
  const running = new Set<Promise<unknown>>();

  return {
    async start(
      kind: JobStatus['kind'],
      owner: string,
      run: (progress: (value: number) => void) => Promise<unknown>,
    ): Promise<JobStatus> {
      const now = ctx.clock.now();
      await ctx.db
        .delete(adminJobs)
        .where(and(ne(adminJobs.state, 'running'), lt(adminJobs.updatedAt, new Date(now - JOB_TTL_MS))));
      const [busy] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(adminJobs)
        .where(and(eq(adminJobs.state, 'running'), gt(adminJobs.updatedAt, new Date(now - JOB_STALE_MS))));
      if ((busy?.n ?? 0) >= MAX_RUNNING) throw fail('rate_limited', adminMessages.tooManyJobs);
      const [row] = await ctx.db
        .insert(adminJobs)
        .values({
          id: randomUUID(),
          kind,
          createdBy: owner,
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .returning();
      const id = row!.id;
      // Progress writes go one after another, so a poll never sees the figure go backwards.
      let writes: Promise<unknown> = Promise.resolve();
      const write = (values: Partial<typeof adminJobs.$inferInsert>) => {
        writes = writes
          .then(() =>
            ctx.db
              .update(adminJobs)
              .set({ ...values, updatedAt: new Date(ctx.clock.now()) })
              .where(eq(adminJobs.id, id)),
          )
          .catch((err) => ctx.logger.error({ err, id }, 'could not record job progress'));
        return writes;
      };
      const task = run((value) => void write({ progress: value })).then(
        (result) => write({ state: 'done', progress: 100, result: result ?? null }),
        (err: unknown) => {
          ctx.logger.error({ err, kind }, 'admin job failed');
          // A CourseError's text is for the user; anything else stays in the log.
          return write({
            state: 'error',
            error: err instanceof CourseError ? err.message : adminMessages.jobFailed,
          });
        },
      );
      running.add(task);
      void task.finally(() => running.delete(task));
      return toStatus(row!, now);
    },
    async get(id: string): Promise<JobStatus> {
      const [row] = await ctx.db.select().from(adminJobs).where(eq(adminJobs.id, id));
      if (!row) throw fail('not_found', adminMessages.noSuchJob);
      return toStatus(row, ctx.clock.now());
    },
    /** Waits for this instance's running jobs (graceful shutdown, tests). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
export type JobRegistry = ReturnType<typeof jobRegistry>;
