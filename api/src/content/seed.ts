import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateEmail } from '@coursekit/core';
import { eq, sql } from 'drizzle-orm';
import { passwordProblem } from '../auth/accounts';
import { hashPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { bootstrapOrganisation } from '../organisations/bootstrap';
import { seedPlatformTexts } from '../settings/service';
import { applyCourse, type LoadSummary } from './applyCourse';
import { LEGACY_COURSE_SLUG, upsertCourseFacts } from './courseFacts';
import { readCourseFiles } from './courseZip';
import { CONTENT_DIR, copyImages, courseFolders, readCourse, readCourseSlug, readPlatform } from './loader';
import { storeCourseFiles } from './versions';

/**
 * Every start: each course folder under api/content/courses whose course is not in the database yet
 * is loaded (with its images); the course platform.json names becomes the default when none is. A
 * database migrated from one course (0009's placeholder row) has its lessons already: the default
 * course's folder only gives that row its facts. The settings row gets the platform's words of
 * platform.json and about.md unless it has words already (an admin's edits stay). Then, when
 * ADMIN_EMAIL/ADMIN_PASSWORD are set and no admin exists, the bootstrap admin is created, and a
 * deployment of PARTNER_* / CORS_ORIGINS without organisations gets one made from them.
 */
export async function seed(
  ctx: Pick<AppContext, 'db' | 'storage' | 'logger' | 'config'>,
  options: { contentRoot?: string } = {},
): Promise<{ courses: LoadSummary[]; admin: BootstrapAdmin; organisation: string | undefined }> {
  const root = options.contentRoot ?? CONTENT_DIR;
  const platform = readPlatform(root);
  const { defaultCourse } = platform;
  await seedPlatformTexts(ctx, {
    site_name: platform.siteName,
    owner: platform.owner,
    copyright_year: platform.copyrightYear,
    support_email: ctx.config.supportEmail ?? platform.supportEmail,
    about: readFileSync(path.join(root, 'about.md'), 'utf8').trim(),
  });
  const known = new Set(
    (await ctx.db.select({ slug: schema.courses.slug }).from(schema.courses)).map((c) => c.slug),
  );
  const courses: LoadSummary[] = [];
  for (const dir of courseFolders(path.join(root, 'courses'))) {
    // A course already in the database is not read again (rendering its lessons is most of a start).
    const slug = readCourseSlug(dir);
    if (!known.has(slug)) {
      const content = await readCourse(dir);
      if (known.has(LEGACY_COURSE_SLUG) && slug === defaultCourse) {
        const id = await upsertCourseFacts(ctx.db, content.course, { adoptLegacy: true });
        await storeCourseFiles(ctx.db, id, await readCourseFiles(dir));
      } else {
        const summary = await applyCourse(ctx.db, content, undefined, await readCourseFiles(dir));
        courses.push(summary);
        ctx.logger.info(summary, 'course loaded');
      }
    }
    await copyImages(ctx.storage, dir);
  }
  // Only when no course is marked: an UPDATE of is_default tells every instance the course list
  // changed (even when it changes no row), which a restart should not do.
  const marked = await ctx.db
    .select({ id: schema.courses.id })
    .from(schema.courses)
    .where(eq(schema.courses.isDefault, true));
  if (marked.length === 0) {
    await ctx.db.execute(sql`update courses set is_default = true where slug = ${defaultCourse}`);
  }
  const admin = await ensureAdmin(ctx);
  const organisation = await bootstrapOrganisation(ctx);
  return { courses, admin, organisation };
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
