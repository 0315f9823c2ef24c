import { randomUUID } from 'node:crypto';
import {
  type AdminUserView,
  adminMessages,
  blankToNull,
  type CreateUserInput,
  messages,
  type Page,
  pageWindow,
  type Role,
  type SelectableProfile,
  USERS_PAGE_SIZE,
  type UserSort,
  userSearchNeedle,
  validateCreateUserForm,
  validateEmail,
} from '@coursekit/core';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { passwordProblem } from '../auth/accounts';
import { sendVerification } from '../auth/emailLinks';
import { hashPassword } from '../auth/passwords';
import { openSession } from '../auth/sessions';
import type { AppContext } from '../context';
import { isUniqueViolation, schema } from '../db/index';
import { fail } from '../http/errors';
import { recoveryMail } from '../mail/templates';
import { avatarOrFail, getRoles, updateProfile } from '../profile/service';
import { platformTexts } from '../settings/service';
import { logAction } from './actionLog';
import type { AdminAuth } from './guard';

const { users, profiles, userRoles, userProgress, quizAttempts } = schema;

const userNotFound = () => fail('not_found', adminMessages.userNotFound);

// admin §2's list as core's rules/userList.ts defines it, in SQL: the name, the search, the sort by
// last word (code-point order: `collate "C"`, whatever the database's collation).

/** The profile's name once the profile exists (blank is null there); the sign-up name before. */
const nameSql = sql`(case when ${profiles.id} is null then ${users.name} else ${profiles.displayName} end)`;
const displayName = sql<string | null>`${nameSql}`;
/** core's lastNameKey: trimmed, the text after the last whitespace, lower-cased. */
const lastWord = sql`lower(regexp_replace(regexp_replace(coalesce(${nameSql}, ''), '^\\s+|\\s+$', '', 'g'), '^.*\\s', '')) collate "C"`;
const emailOrder = sql`${users.email} collate "C"`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Users joined with their profile, auth details and roles in ONE statement (no N+1): roles are
 * aggregated, the total counted by a window over the grouped rows.
 */
function selectUsers(ctx: AppContext, filter: SQL | undefined) {
  return ctx.db
    .select({
      id: users.id,
      email: users.email,
      displayName,
      avatarUrl: profiles.avatarUrl,
      createdAt: users.createdAt,
      updatedAt: sql<string | Date | null>`coalesce(${profiles.updatedAt}, ${users.updatedAt})`,
      lastSignInAt: users.lastSignInAt,
      emailConfirmedAt: users.emailConfirmedAt,
      roles: sql<string | null>`string_agg(${userRoles.role}, ',' order by ${userRoles.role})`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(filter)
    .groupBy(users.id, profiles.id);
}
type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

const iso = (value: string | Date | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function toView(row: UserRow): AdminUserView {
  return {
    id: row.id,
    display_name: row.displayName,
    email: row.email,
    roles: (row.roles ? row.roles.split(',') : []) as Role[],
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
    last_sign_in_at: iso(row.lastSignInAt),
    email_confirmed_at: iso(row.emailConfirmedAt),
    avatar_url: row.avatarUrl,
  };
}

export async function listUsers(
  ctx: AppContext,
  query: {
    search?: string | undefined;
    sort?: UserSort | undefined;
    page?: number | undefined;
    pageSize?: number | undefined;
  },
): Promise<Page<AdminUserView>> {
  const { page, pageSize, offset } = pageWindow(query, USERS_PAGE_SIZE);
  const needle = userSearchNeedle(query.search);
  const pattern = needle ? `%${escapeLike(needle)}%` : undefined;
  const filter = pattern
    ? or(sql`lower(${users.email}) like ${pattern}`, sql`lower(coalesce(${nameSql}, '')) like ${pattern}`)
    : undefined;
  const order = query.sort
    ? [query.sort === 'asc' ? asc(lastWord) : desc(lastWord), asc(emailOrder)]
    : [desc(users.createdAt), asc(users.id)];
  const rows = await selectUsers(ctx, filter)
    .orderBy(...order)
    .limit(pageSize)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [count] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(filter);
    total = count?.n ?? 0;
  }
  return { items: rows.map(toView), total, page, pageSize };
}

export async function getUser(ctx: AppContext, userId: string): Promise<AdminUserView> {
  const [row] = await selectUsers(ctx, eq(users.id, userId));
  if (!row) throw userNotFound();
  return toView(row);
}

/**
 * admin §5's create-user checks (core's validateCreateUserForm), then the server's password policy
 * (core's validatePassword plus the common-password list). Send invite off: the e-mail counts as
 * confirmed; on: a verification e-mail goes out.
 */
export async function createUser(
  ctx: AppContext,
  admin: AdminAuth,
  input: Partial<CreateUserInput> & { email: string; password: string; displayName: string },
): Promise<AdminUserView> {
  const errors = validateCreateUserForm({
    email: input.email,
    password: input.password,
    displayName: input.displayName,
  });
  const first = Object.values(errors)[0];
  if (first) throw fail('validation_error', first, errors as Record<string, string>);
  const problem = passwordProblem(input.password);
  if (problem) throw fail('weak_password', messages.authWeakPassword, { password: problem });
  const email = validateEmail(input.email);
  if (!email.ok) throw fail('validation_error', messages.createUserEmailInvalid, { email: email.error });
  const avatarUrl = avatarOrFail(input.avatarUrl ?? null);
  const name = blankToNull(input.displayName);
  const sendInvite = input.sendInvite ?? true;
  const roles = [...new Set<Role>(input.roles ?? ['user'])];
  const now = new Date(ctx.clock.now());
  const id = randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        email: email.value,
        passwordHash,
        name,
        emailConfirmedAt: sendInvite ? null : now,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(profiles).values({
        id: randomUUID(),
        userId: id,
        displayName: name,
        avatarUrl,
        createdAt: now,
        updatedAt: now,
      });
      if (roles.length > 0)
        await tx.insert(userRoles).values(roles.map((role) => ({ userId: id, role, createdAt: now })));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('user_already_registered', messages.authUserAlreadyRegistered);
    throw err;
  }
  if (sendInvite) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
    await sendVerification(ctx, user!);
  }
  await logAction(ctx, admin, 'user_created', id, { email: email.value, roles, sendInvite });
  return getUser(ctx, id);
}

/** admin §5 profile edit: trimmed, blank stored as null (the learner's own rules apply). */
export async function updateUser(
  ctx: AppContext,
  admin: AdminAuth,
  userId: string,
  input: { display_name?: string | null | undefined; avatar_url?: string | null | undefined },
): Promise<AdminUserView> {
  await getUser(ctx, userId);
  const profile = await updateProfile(ctx, userId, input);
  await logAction(ctx, admin, 'user_updated', userId, {
    display_name: profile.display_name,
    avatar_url: profile.avatar_url,
  });
  return getUser(ctx, userId);
}

/** admin §4: progress, quiz attempts, roles, profile and the account, in one transaction. */
export async function deleteUser(ctx: AppContext, admin: AdminAuth, userId: string): Promise<void> {
  const target = await getUser(ctx, userId);
  const removed = await ctx.db.transaction(async (tx) => {
    const count = async (rows: PromiseLike<unknown[]>) => (await rows).length;
    return {
      progress: await count(tx.delete(userProgress).where(eq(userProgress.userId, userId)).returning()),
      quizAttempts: await count(tx.delete(quizAttempts).where(eq(quizAttempts.userId, userId)).returning()),
      roles: await count(tx.delete(userRoles).where(eq(userRoles.userId, userId)).returning()),
      profile: await count(tx.delete(profiles).where(eq(profiles.userId, userId)).returning()),
      authAccount: await count(tx.delete(users).where(eq(users.id, userId)).returning()),
    };
  });
  await logAction(ctx, admin, 'user_deleted', userId, { email: target.email, removed });
}

/**
 * admin §5: a reset e-mail with a recovery link to /reset-password. 'User email not available'
 * when the account (and so its e-mail) is gone.
 */
export async function sendPasswordReset(ctx: AppContext, admin: AdminAuth, userId: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user?.email) throw fail('not_found', messages.userEmailNotAvailable);
  const session = await openSession(ctx, user, 'recovery');
  const link =
    `${ctx.config.publicUrl}/reset-password#access_token=${encodeURIComponent(session.access_token)}` +
    `&refresh_token=${encodeURIComponent(session.refresh_token)}&type=recovery`;
  const { site_name } = await platformTexts(ctx);
  try {
    await ctx.mailer.send(recoveryMail(site_name, user.email, link));
  } catch (err) {
    ctx.logger.error({ err, userId }, 'could not send password reset');
    throw fail('unexpected', adminMessages.passwordResetFailed);
  }
  await logAction(ctx, admin, 'password_reset_initiated', userId, { email: user.email });
}

/** admin §4: several roles per user; assigning adds one, removing deletes one. */
export async function assignRole(ctx: AppContext, admin: AdminAuth, userId: string, role: Role) {
  await getUser(ctx, userId);
  await ctx.db
    .insert(userRoles)
    .values({ userId, role, createdAt: new Date(ctx.clock.now()) })
    .onConflictDoNothing();
  await logAction(ctx, admin, 'role_assigned', userId, { role });
  return { roles: await getRoles(ctx, userId) };
}

export async function removeRole(ctx: AppContext, admin: AdminAuth, userId: string, role: Role) {
  await getUser(ctx, userId);
  await ctx.db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
  await logAction(ctx, admin, 'role_removed', userId, { role });
  return { roles: await getRoles(ctx, userId) };
}

/** The user-progress selector: every account, newest first (its profile's name when it has one). */
export async function selectableProfiles(ctx: AppContext): Promise<SelectableProfile[]> {
  const rows = await ctx.db
    .select({
      userId: users.id,
      displayName,
      createdAt: sql<string | Date>`coalesce(${profiles.createdAt}, ${users.createdAt})`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .orderBy(desc(sql`coalesce(${profiles.createdAt}, ${users.createdAt})`), asc(users.id));
  return rows.map((r) => ({
    user_id: r.userId,
    display_name: r.displayName,
    created_at: new Date(r.createdAt).toISOString(),
  }));
}
