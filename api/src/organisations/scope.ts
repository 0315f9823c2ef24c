import { sql } from 'drizzle-orm';
import type { Db } from '../db/index';

// Row-level security on the organisation tables (migration 0016) is the second wall behind every
// query's own filter: a transaction sees the rows of the organisation its `app.organisation_id`
// names, every organisation's only when it names the platform, and none when it names nothing.
// PostgreSQL applies it to a role without BYPASSRLS (superusers skip it, as embedded PGlite's does).

/** The scope of platform-wide work: the admin's calls, the issuer cache, the bootstrap. */
export const PLATFORM = '*';

/**
 * Runs `work` in a transaction scoped to one organisation (or to the platform): SET LOCAL of
 * `app.organisation_id`, which ends with the transaction, so a pooled connection never carries one
 * request's organisation into the next.
 */
export async function inOrganisation<T>(
  db: Db,
  organisationId: string,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.organisation_id', ${organisationId}, true)`);
    return work(tx as unknown as Db);
  });
}
