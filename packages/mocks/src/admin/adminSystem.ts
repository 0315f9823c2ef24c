import {
  type ContentLoadResult,
  CourseError,
  type DiagnosticSettings,
  type DiagnosticsExport,
  moduleDoesNotExist,
  normalizeSystemMessage,
  type SystemMessageType,
  type SystemSettings,
  type SystemStats,
} from '@coursekit/core';
import { type AdminState, logAction, now } from './adminState';

/** admin §9: modules 1 to 5 are loadable. */
export const LOADABLE_MODULES = [1, 2, 3, 4, 5] as const;

type DiagnosticsChanges = Partial<Omit<DiagnosticSettings, 'module_id' | 'updated_at'>>;

/** System settings, diagnostics, content loading and the summary cards' counts (admin §2, §4, §7). */
export function adminSystem(state: AdminState) {
  const { store } = state;

  const diagnosticsList = () => state.diagnostics.map((d) => ({ ...d }));
  function diagnosticsChanged() {
    const list = diagnosticsList();
    for (const listener of state.diagnosticsListeners) listener(list);
  }

  return {
    /** admin §4: maintenance off also clears the message and resets its type; the message is trimmed. */
    updateSettings(
      actor: string,
      input: {
        maintenance_mode?: boolean;
        system_message?: string | null;
        system_message_type?: SystemMessageType;
      },
    ): SystemSettings {
      const patch: Partial<SystemSettings> = {};
      if (input.maintenance_mode !== undefined) patch.maintenance_mode = input.maintenance_mode;
      if (input.system_message !== undefined)
        patch.system_message = normalizeSystemMessage(input.system_message);
      if (input.system_message_type !== undefined) patch.system_message_type = input.system_message_type;
      if (input.maintenance_mode === false) {
        patch.system_message = null;
        patch.system_message_type = 'info';
      }
      const settings = store.setSettings(patch);
      logAction(state, actor, 'settings_updated', null, { ...patch });
      return settings;
    },

    /** The debug card's query: what the server reads for settings, and how long it took. */
    settingsDebug: (): Record<string, unknown> => ({
      settings: store.settings(),
      query_ms: 0.1,
      driver: 'memory',
      server_time: now(),
    }),

    diagnostics: diagnosticsList,

    updateDiagnostics(actor: string, moduleId: number, changes: DiagnosticsChanges): DiagnosticSettings {
      const row = state.diagnostics.find((d) => d.module_id === moduleId);
      if (!row) throw new CourseError('not_found', moduleDoesNotExist(moduleId));
      Object.assign(row, changes, { updated_at: now() });
      logAction(state, actor, 'diagnostics_updated', null, { module_id: moduleId, ...changes });
      diagnosticsChanged();
      return { ...row };
    },

    /** Enable All / Disable All. */
    setAllDiagnostics(actor: string, enabled: boolean): DiagnosticSettings[] {
      const at = now();
      for (const row of state.diagnostics)
        Object.assign(row, { diagnostic_enabled: enabled, updated_at: at });
      logAction(state, actor, 'diagnostics_updated', null, { all: true, diagnostic_enabled: enabled });
      diagnosticsChanged();
      return diagnosticsList();
    },

    /** admin §7: a realtime subscription; every change sends every module's settings. */
    subscribeDiagnostics(listener: (settings: DiagnosticSettings[]) => void): () => void {
      state.diagnosticsListeners.add(listener);
      return () => state.diagnosticsListeners.delete(listener);
    },

    exportDiagnostics: (): DiagnosticsExport => ({ exported_at: now(), settings: diagnosticsList() }),

    /** Load All Modules: the memory course is already in place, so nothing changes. */
    loadAll(actor: string): ContentLoadResult {
      const result = {
        success: true,
        message: `Loaded ${store.modulesList.length} modules: 0 lessons created, 0 updated, 0 deactivated`,
        lessonsCreated: 0,
        lessonsUpdated: 0,
        lessonsDeactivated: 0,
      };
      logAction(state, actor, 'content_loaded', null, { scope: 'all', ...result });
      return result;
    },

    /** Load Module N (1 to 5); any other number has no content (admin §8's message). */
    loadModule(actor: string, moduleId: number): ContentLoadResult {
      const known =
        (LOADABLE_MODULES as readonly number[]).includes(moduleId) &&
        store.modulesList.some((m) => m.id === moduleId);
      const result: ContentLoadResult = known
        ? {
            success: true,
            message: `Module ${moduleId} loaded: 0 lessons created, 0 updated, 0 deactivated`,
            lessonsCreated: 0,
            lessonsUpdated: 0,
            lessonsDeactivated: 0,
          }
        : {
            success: false,
            message: `Module ${moduleId} not found content not available`,
            lessonsCreated: 0,
          };
      logAction(state, actor, 'content_loaded', null, { scope: `module ${moduleId}`, ...result });
      return result;
    },

    /** Refresh All Images: the bucket holds the course's images (again). */
    refreshImages(actor: string): ContentLoadResult {
      const result = {
        success: true,
        message: `Refreshed ${state.storedImages.length} images`,
        lessonsCreated: 0,
      };
      logAction(state, actor, 'content_loaded', null, { scope: 'images', ...result });
      return result;
    },

    /** The console's four summary cards. */
    stats: (): SystemStats => ({
      totalUsers: store.tables.users.size,
      totalModules: store.modulesList.length,
      totalLessons: store.lessonsList.filter((l) => l.is_active).length,
      totalQuizzes: store.quizzesList.length,
    }),
  };
}
