import { randomUUID } from 'node:crypto';
import { messages, normalizeDisplayName, type Profile, type Role, validateName } from '@coursekit/core';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';

const { profiles, users, userRoles } = schema;

const toProfile = (row: typeof profiles.$inferSelect): Profile => ({
  id: row.id,
  user_id: row.userId,
  display_name: row.displayName,
  avatar_url: row.avatarUrl,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** learner §7: read by user id; created on first read from the metadata name or the e-mail's local part. */
export async function getProfile(ctx: AppContext, userId: string): Promise<Profile> {
  const [row] = await ctx.db.select().from(profiles).where(eq(profiles.userId, userId));
  if (row) return toProfile(row);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw fail('unauthorized', messages.userNotAuthenticated);
  const now = new Date(ctx.clock.now());
  await ctx.db
    .insert(profiles)
    .values({
      id: randomUUID(),
      userId,
      displayName: user.name ?? user.email.split('@')[0] ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [created] = await ctx.db.select().from(profiles).where(eq(profiles.userId, userId));
  return toProfile(created!);
}

/** A display name follows the name rules (learner §5); blank saves as null. */
function displayNameOrFail(raw: string | null): string | null {
  const value = normalizeDisplayName(raw);
  if (value === null) return null;
  const checked = validateName(value, { required: true });
  if (!checked.ok) throw fail('validation_error', checked.error, { display_name: checked.error });
  return checked.value ?? null;
}

/** An avatar is an http(s) URL or a path on this server's storage. */
export function avatarOrFail(raw: string | null): string | null {
  const value = normalizeDisplayName(raw);
  if (value === null) return null;
  const message = messages.avatarInvalid;
  if (value.length > 2048 || /[\s<>"'`]/.test(value))
    throw fail('validation_error', message, { avatar_url: message });
  if (value.startsWith('/storage/')) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw fail('validation_error', message, { avatar_url: message });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw fail('validation_error', message, { avatar_url: message });
  }
  return value;
}

export async function updateProfile(
  ctx: AppContext,
  userId: string,
  input: { display_name?: string | null | undefined; avatar_url?: string | null | undefined },
): Promise<Profile> {
  const patch: Partial<typeof profiles.$inferInsert> = {};
  if (input.display_name !== undefined) patch.displayName = displayNameOrFail(input.display_name);
  if (input.avatar_url !== undefined) patch.avatarUrl = avatarOrFail(input.avatar_url);
  await getProfile(ctx, userId);
  const [row] = await ctx.db
    .update(profiles)
    .set({ ...patch, updatedAt: new Date(ctx.clock.now()) })
    .where(eq(profiles.userId, userId))
    .returning();
  return toProfile(row!);
}

export async function getRoles(ctx: AppContext, userId: string): Promise<Role[]> {
  const rows = await ctx.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.role));
  return rows.map((r) => r.role);
}
