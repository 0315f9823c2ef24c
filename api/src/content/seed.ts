import { randomUUID } from 'node:crypto';
import { validateEmail, validatePassword } from '@coursekit/core';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { getSettings } from '../settings/service';
import { applyCourse, CONTENT_DIR, copyImages, type LoadSummary, readCourse } from './loader';

/**
 * First start: with no modules in the database, load the course from api/content (and its images);
 * then make sure the settings row exists and, when ADMIN_EMAIL/ADMIN_PASSWORD are set and no admin
 * exists, create the bootstrap admin.
 */
export async function seed(
  ctx: Pick<AppContext, 'db' | 'storage' | 'logger' | 'config'>,
  options: { contentDir?: string } = {},
): Promise<{ course: LoadSummary | null; admin: string | null }> {
  const dir = options.contentDir ?? CONTENT_DIR;
  await getSettings(ctx);
  let course: LoadSummary | null = null;
  const [{ count } = { count: 0 }] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.modules);
  if (count === 0) {
    course = await applyCourse(ctx.db, await readCourse(dir));
    ctx.logger.info(course, 'course loaded');
  }
  await copyImages(ctx.storage, dir);
  const admin = await ensureAdmin(ctx);
  return { course, admin };
}

export async function ensureAdmin(ctx: Pick<AppContext, 'db' | 'logger' | 'config'>): Promise<string | null> {
  const { adminEmail, adminPassword } = ctx.config;
  if (!adminEmail || !adminPassword) return null;
  const [anyAdmin] = await ctx.db
    .select()
    .from(schema.userRoles)
    .where(eq(schema.userRoles.role, 'admin'))
    .limit(1);
  if (anyAdmin) return null;
  const email = validateEmail(adminEmail);
  const password = validatePassword(adminPassword);
  if (!email.ok || !password.ok) {
    ctx.logger.error(
      { email: email.ok || email.error, password: password.ok || password.error },
      'ADMIN_EMAIL/ADMIN_PASSWORD refused',
    );
    return null;
  }
  const now = new Date();
  const [existing] = await ctx.db.select().from(schema.users).where(eq(schema.users.email, email.value));
  const userId = existing?.id ?? randomUUID();
  await ctx.db.transaction(async (tx) => {
    if (!existing) {
      await tx.insert(schema.users).values({
        id: userId,
        email: email.value,
        passwordHash: await hashPassword(password.value),
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
  return email.value;
}
