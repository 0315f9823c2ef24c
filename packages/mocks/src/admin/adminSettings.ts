import {
  CourseError,
  type DiagnosticSettings,
  type DiagnosticsExport,
  moduleDoesNotExist,
  type SettingsChange,
  type SystemSettings,
  settingsPatch,
} from '@coursekit/core';
import { now } from '../store/memoryTables';
import { type AdminTables, logAction } from './adminTables';

type DiagnosticsChanges = Partial<Omit<DiagnosticSettings, 'module_id' | 'updated_at'>>;

/** System settings and per-module diagnostics (admin §2 System Settings, §4, §7). */
export function adminSettings(tables: AdminTables) {
  const { store } = tables;

  const diagnosticsList = () => tables.diagnostics.map((d) => ({ ...d }));
  function diagnosticsChanged() {
    const list = diagnosticsList();
    for (const listener of tables.diagnosticsListeners) listener(list);
  }

  return {
    /** core's settingsPatch: maintenance off also clears the message and resets its type. */
    updateSettings(actor: string, change: SettingsChange): SystemSettings {
      const patch = settingsPatch(change);
      const settings = store.setSettings(patch);
      logAction(tables, actor, 'settings_updated', null, { ...patch });
      return settings;
    },

    /** The debug card's query: what the server reads for settings, and how long it took. */
    debug: (): Record<string, unknown> => ({
      settings: store.settings(),
      query_ms: 0.1,
      driver: 'memory',
      server_time: now(),
    }),

    diagnostics: diagnosticsList,

    updateDiagnostics(actor: string, moduleId: number, changes: DiagnosticsChanges): DiagnosticSettings {
      const row = tables.diagnostics.find((d) => d.module_id === moduleId);
      if (!row) throw new CourseError('not_found', moduleDoesNotExist(moduleId));
      Object.assign(row, changes, { updated_at: now() });
      logAction(tables, actor, 'diagnostics_updated', null, { module_id: moduleId, ...changes });
      diagnosticsChanged();
      return { ...row };
    },

    /** Enable All / Disable All. */
    setAllDiagnostics(actor: string, enabled: boolean): DiagnosticSettings[] {
      const at = now();
      for (const row of tables.diagnostics)
        Object.assign(row, { diagnostic_enabled: enabled, updated_at: at });
      logAction(tables, actor, 'diagnostics_updated', null, { all: true, diagnostic_enabled: enabled });
      diagnosticsChanged();
      return diagnosticsList();
    },

    /** admin §7: a realtime subscription; every change sends every module's settings. */
    subscribeDiagnostics(listener: (settings: DiagnosticSettings[]) => void): () => void {
      tables.diagnosticsListeners.add(listener);
      return () => tables.diagnosticsListeners.delete(listener);
    },

    exportDiagnostics: (): DiagnosticsExport => ({ exported_at: now(), settings: diagnosticsList() }),
  };
}
