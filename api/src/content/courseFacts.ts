import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { schema } from '../db/index';
import type { CourseFacts } from './loader';

/** The slug migration 0009 gives a database's one course when it had modules but no course row. */
export const LEGACY_COURSE_SLUG = 'legacy-course';

/**
 * Writes what the course says about itself to its row (by slug; the row's id stays) and answers the
 * id. With `adoptLegacy` (the seed, for the default course), a database migrated from one course
 * gives the placeholder row migration 0009 made its facts, so its modules, lessons, progress and
 * certificates stay its own.
 */
export async function upsertCourseFacts(
  db: Pick<Db, 'insert' | 'update'>,
  course: CourseFacts,
  options: { adoptLegacy?: boolean } = {},
): Promise<number> {
  const values = { ...course, updatedAt: new Date() };
  const [adopted] = !options.adoptLegacy
    ? []
    : await db
        .update(schema.courses)
        .set(values)
        .where(
          and(
            eq(schema.courses.slug, LEGACY_COURSE_SLUG),
            sql`not exists (select 1 from courses c where c.slug = ${course.slug})`,
          ),
        )
        .returning({ id: schema.courses.id });
  if (adopted) return adopted.id;
  const [row] = await db
    .insert(schema.courses)
    .values(values)
    .onConflictDoUpdate({ target: schema.courses.slug, set: values })
    .returning({ id: schema.courses.id });
  return row!.id;
}
