import type { AppContext } from '../context';
import { courseStructures } from '../course/structure';

/**
 * Readies an instance before it takes requests: the pool's connections open and every course's
 * structure in memory. Without it the first requests after a start or a deploy (a whole cohort's,
 * at once) each wait for a new connection to PostgreSQL and queue behind the structures' first
 * read. A database that is down now is not a reason not to listen: the requests then answer 503
 * until it is back, as they would later.
 */
export async function warmUp(
  ctx: Pick<AppContext, 'database' | 'logger'>,
  connections: number,
): Promise<void> {
  try {
    await Promise.all(Array.from({ length: connections }, () => ctx.database.query('select 1', [])));
    const courses = await ctx.database.query<{ id: number }>('select id from courses', []);
    await courseStructures(
      ctx,
      courses.map((c) => ({ id: c.id })),
    );
  } catch (err) {
    ctx.logger.warn({ err }, 'could not warm up before listening; requests will open what they need');
  }
}
