import {
  DEFAULT_PLATFORM_TEXTS,
  type PlatformTexts,
  type SettingsPatch,
  type SystemSettings,
} from '@coursekit/core';
import { eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';

export const SETTINGS_CHANNEL = 'system_settings_changed';
const { systemSettings } = schema;

function toSettings(row: typeof systemSettings.$inferSelect): SystemSettings {
  return {
    id: row.id,
    maintenance_mode: row.maintenanceMode,
    system_message: row.systemMessage,
    system_message_type: row.systemMessageType,
    platform: { ...DEFAULT_PLATFORM_TEXTS, ...row.platform },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The single settings row, created with the defaults when missing. */
export async function getSettings(ctx: Pick<AppContext, 'db'>): Promise<SystemSettings> {
  const [row] = await ctx.db.select().from(systemSettings).where(eq(systemSettings.id, 1));
  if (row) return toSettings(row);
  await ctx.db.insert(systemSettings).values({ id: 1 }).onConflictDoNothing();
  return getSettings(ctx);
}

/** The platform's words alone (the e-mails' sender and heading). */
export async function platformTexts(ctx: Pick<AppContext, 'db'>): Promise<PlatformTexts> {
  return (await getSettings(ctx)).platform ?? DEFAULT_PLATFORM_TEXTS;
}

/**
 * Stores the platform's words a first start brings (api/content), unless the row has words already:
 * what an admin has edited is never replaced by a restart.
 */
export async function seedPlatformTexts(ctx: Pick<AppContext, 'db'>, texts: PlatformTexts): Promise<void> {
  await getSettings(ctx);
  await ctx.db
    .update(systemSettings)
    .set({ platform: texts })
    .where(sql`${systemSettings.id} = 1 and ${isNull(systemSettings.platform)}`);
}

/** Writes the settings and tells every instance's streams (admin part 2 calls this). */
export async function updateSettings(ctx: AppContext, patch: SettingsPatch): Promise<SystemSettings> {
  await getSettings(ctx);
  const [row] = await ctx.db
    .update(systemSettings)
    .set({
      ...(patch.maintenance_mode !== undefined ? { maintenanceMode: patch.maintenance_mode } : {}),
      ...(patch.system_message !== undefined ? { systemMessage: patch.system_message } : {}),
      ...(patch.system_message_type !== undefined ? { systemMessageType: patch.system_message_type } : {}),
      // One statement merges the words: two admins changing different words both keep theirs.
      ...(patch.platform
        ? {
            platform: sql`coalesce(${systemSettings.platform}, ${JSON.stringify(DEFAULT_PLATFORM_TEXTS)}::jsonb) || ${JSON.stringify(patch.platform)}::jsonb`,
          }
        : {}),
      updatedAt: new Date(ctx.clock.now()),
    })
    .where(eq(systemSettings.id, 1))
    .returning();
  const settings = toSettings(row!);
  await ctx.database.notify(SETTINGS_CHANNEL, JSON.stringify(settings));
  return settings;
}
