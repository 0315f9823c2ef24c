import { randomUUID } from 'node:crypto';
import { validateEmail } from '@coursekit/core';
import { eq, sql } from 'drizzle-orm';
import { passwordProblem } from '../auth/accounts';
import { hashPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { getSettings } from '../settings/service';
import {
  applyCourse,
  CONTENT_DIR,
  copyImages,
  type LoadSummary,
  readCourse,
  upsertCourseFacts,
} from './loader';

/**
 * First start: with no modules in the database, load the course from api/content (and its images;
 * a database from before the courses table gets the course's row);
 * then make sure the settings row exists and, when ADMIN_EMAIL/ADMIN_PASSWORD are set and no admin
 * exists, create the bootstrap admin.
 */
export async function seed(
  ctx: Pick<AppContext, 'db' | 'storage' | 'logger' | 'config'>,
  options: { contentDir?: string } = {},
): Promise<{ course: LoadSummary | null; admin: BootstrapAdmin }> {
  const dir = options.contentDir ?? CONTENT_DIR;
  await getSettings(ctx);
  let course: LoadSummary | null = null;
  const [{ count } = { count: 0 }] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.modules);
  if (count === 0) {
    course = await applyCourse(ctx.db, await readCourse(dir));
    ctx.logger.info(course, 'course loaded');
  } else {
    // A database loaded before courses were rows (migration 0008) has modules but no course row:
    // what the course says about itself is read from its folder once, its lessons are left alone.
    const [row] = await ctx.db.select({ id: schema.courses.id }).from(schema.courses).limit(1);
    if (!row) await upsertCourseFacts(ctx.db, (await readCourse(dir)).course);
  }
  await copyImages(ctx.storage, dir);
  const admin = await ensureAdmin(ctx);
  return { course, admin };
}

/**
 * What became of the bootstrap admin, for the start banner: created, not asked for (ADMIN_EMAIL or
 * ADMIN_PASSWORD unset), not needed (an admin exists), or refused with the rule's own message.
 */
export type BootstrapAdmin =
  | { kind: 'created'; email: string }
  | { kind: 'unset'; adminExists: boolean }
  | { kind: 'exists' }
  | { kind: 'refused'; variable: 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'; reason: string };

export async function ensureAdmin(
  ctx: Pick<AppContext, 'db' | 'logger' | 'config'>,
): Promise<BootstrapAdmin> {
  const { adminEmail, adminPassword } = ctx.config;
  const [anyAdmin] = await ctx.db
    .select()
    .from(schema.userRoles)
    .where(eq(schema.userRoles.role, 'admin'))
    .limit(1);
  if (!adminEmail || !adminPassword) return { kind: 'unset', adminExists: Boolean(anyAdmin) };
  if (anyAdmin) return { kind: 'exists' };
  const email = validateEmail(adminEmail);
  // The sign-up policy with the server's list of common passwords, as for every password set.
  const problem = passwordProblem(adminPassword);
  if (!email.ok || problem) {
    const refused = !email.ok
      ? ({ kind: 'refused', variable: 'ADMIN_EMAIL', reason: email.error } as const)
      : ({ kind: 'refused', variable: 'ADMIN_PASSWORD', reason: problem! } as const);
    ctx.logger.error({ variable: refused.variable, reason: refused.reason }, 'bootstrap admin not created');
    return refused;
  }
  const now = new Date();
  const [existing] = await ctx.db.select().from(schema.users).where(eq(schema.users.email, email.value));
  const userId = existing?.id ?? randomUUID();
  await ctx.db.transaction(async (tx) => {
    if (!existing) {
      await tx.insert(schema.users).values({
        id: userId,
        email: email.value,
        passwordHash: await hashPassword(adminPassword),
        name: 'Administrator',
        emailConfirmedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(schema.userRoles).values({ userId, role: 'user' }).onConflictDoNothing();
    }
    await tx.insert(schema.userRoles).values({ userId, role: 'admin' }).onConflictDoNothing();
  });
  ctx.logger.info({ email: email.value }, 'bootstrap admin created');
  return { kind: 'created', email: email.value };
}
