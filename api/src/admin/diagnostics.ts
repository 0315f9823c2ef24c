import {
  type DiagnosticSettings,
  type DiagnosticsExport,
  moduleDoesNotExist,
  type SettingsChange,
  type SystemSettings,
  settingsPatch,
} from '@coursekit/core';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { createStreamHub } from '../http/streamHub';
import { getSettings, updateSettings } from '../settings/service';
import { logAction } from './actionLog';
import type { AdminAuth } from './guard';

const { diagnosticSettings, modules } = schema;
const DIAGNOSTICS_CHANNEL = 'diagnostic_settings_changed';

/**
 * admin §4: core's settingsPatch (maintenance off clears the message and resets its type; the
 * message trimmed, blank clears it). Goes through updateSettings, so every learner stream hears it.
 */
export async function adminUpdateSettings(
  ctx: AppContext,
  admin: AdminAuth,
  input: SettingsChange,
): Promise<SystemSettings> {
  const patch = settingsPatch(input);
  const settings = await updateSettings(ctx, patch);
  await logAction(ctx, admin, 'settings_updated', null, { ...patch });
  return settings;
}

/** The debug card's query: what the server reads for settings, and how long it took. */
export async function settingsDebug(ctx: AppContext): Promise<Record<string, unknown>> {
  const started = performance.now();
  const settings = await getSettings(ctx);
  return {
    settings,
    query_ms: Math.round((performance.now() - started) * 10) / 10,
    driver: ctx.database.driver,
    server_time: new Date(ctx.clock.now()).toISOString(),
  };
}

const toDiagnostics = (row: typeof diagnosticSettings.$inferSelect): DiagnosticSettings => ({
  module_id: row.moduleId,
  diagnostic_enabled: row.diagnosticEnabled,
  diagnostic_level: row.diagnosticLevel,
  show_performance_metrics: row.showPerformanceMetrics,
  auto_refresh_enabled: row.autoRefreshEnabled,
  show_progress_details: row.showProgressDetails,
  show_lesson_versions: row.showLessonVersions,
  updated_at: row.updatedAt.toISOString(),
});

/** One row per module, by module_id; a module without its row gets the defaults. */
export async function listDiagnostics(ctx: Pick<AppContext, 'db'>): Promise<DiagnosticSettings[]> {
  await ctx.db.execute(
    sql`insert into ${diagnosticSettings} (module_id) select ${modules.id} from ${modules} on conflict do nothing`,
  );
  const rows = await ctx.db.select().from(diagnosticSettings).orderBy(asc(diagnosticSettings.moduleId));
  return rows.map(toDiagnostics);
}

type DiagnosticsChanges = Partial<Omit<DiagnosticSettings, 'module_id' | 'updated_at'>>;

export async function updateDiagnostics(
  ctx: AppContext,
  admin: AdminAuth,
  moduleId: number,
  changes: DiagnosticsChanges,
): Promise<DiagnosticSettings> {
  const [module] = await ctx.db.select({ id: modules.id }).from(modules).where(eq(modules.id, moduleId));
  if (!module) throw fail('not_found', moduleDoesNotExist(moduleId));
  const set = {
    ...(changes.diagnostic_enabled !== undefined ? { diagnosticEnabled: changes.diagnostic_enabled } : {}),
    ...(changes.diagnostic_level !== undefined ? { diagnosticLevel: changes.diagnostic_level } : {}),
    ...(changes.show_performance_metrics !== undefined
      ? { showPerformanceMetrics: changes.show_performance_metrics }
      : {}),
    ...(changes.auto_refresh_enabled !== undefined
      ? { autoRefreshEnabled: changes.auto_refresh_enabled }
      : {}),
    ...(changes.show_progress_details !== undefined
      ? { showProgressDetails: changes.show_progress_details }
      : {}),
    ...(changes.show_lesson_versions !== undefined
      ? { showLessonVersions: changes.show_lesson_versions }
      : {}),
    updatedAt: new Date(ctx.clock.now()),
  };
  const [row] = await ctx.db
    .insert(diagnosticSettings)
    .values({ moduleId, ...set })
    .onConflictDoUpdate({ target: diagnosticSettings.moduleId, set })
    .returning();
  await logAction(ctx, admin, 'diagnostics_updated', null, { module_id: moduleId, ...changes });
  await ctx.database.notify(DIAGNOSTICS_CHANNEL, String(moduleId));
  return toDiagnostics(row!);
}

/** Enable All / Disable All. */
export async function setAllDiagnostics(
  ctx: AppContext,
  admin: AdminAuth,
  enabled: boolean,
): Promise<DiagnosticSettings[]> {
  await listDiagnostics(ctx);
  await ctx.db
    .update(diagnosticSettings)
    .set({ diagnosticEnabled: enabled, updatedAt: new Date(ctx.clock.now()) });
  await logAction(ctx, admin, 'diagnostics_updated', null, { all: true, diagnostic_enabled: enabled });
  await ctx.database.notify(DIAGNOSTICS_CHANNEL, 'all');
  return listDiagnostics(ctx);
}

export async function exportDiagnostics(ctx: AppContext): Promise<{ file: string; data: DiagnosticsExport }> {
  const exportedAt = new Date(ctx.clock.now()).toISOString();
  return {
    file: `diagnostic-settings-${exportedAt.replace(/[:.]/g, '-')}.json`,
    data: { exported_at: exportedAt, settings: await listDiagnostics(ctx) },
  };
}

/**
 * One LISTEN per instance on the diagnostics channel; a change on any instance makes every open
 * admin stream re-fetch and receive the full list (admin §7: "a realtime subscription to any
 * change that re-fetches").
 */
export function diagnosticsHub(ctx: AppContext) {
  return createStreamHub<DiagnosticSettings[]>(ctx, {
    channel: DIAGNOSTICS_CHANNEL,
    event: 'diagnostics',
    onNotify: () => listDiagnostics(ctx),
  });
}
