import { type ContentLoadResult, contentResults, type SystemStats } from '@coursekit/core';
import { type AdminTables, logAction } from './adminTables';

const UNCHANGED = { inserted: 0, updated: 0, deactivated: 0 };

/** Content loading (admin §2 Content Management) and the console's summary cards. */
export function adminContent(tables: AdminTables) {
  const { store } = tables;

  return {
    /** Load All Modules: the memory course is already in place, so nothing changes. */
    loadAll(actor: string): ContentLoadResult {
      const result = contentResults.allLoaded(store.modulesList.length, UNCHANGED);
      logAction(tables, actor, 'content_loaded', null, { scope: 'all', ...result });
      return result;
    },

    /** Load Module N: the modules that load are the course's; any other has no content (admin §8). */
    loadModule(actor: string, moduleId: number): ContentLoadResult {
      const result = store.modulesList.some((m) => m.id === moduleId)
        ? contentResults.moduleLoaded(moduleId, UNCHANGED)
        : contentResults.moduleMissing(moduleId);
      logAction(tables, actor, 'content_loaded', null, { scope: `module ${moduleId}`, ...result });
      return result;
    },

    /** Refresh All Images: the bucket holds the course's images (again). */
    refreshImages(actor: string): ContentLoadResult {
      const result = contentResults.imagesRefreshed(tables.storedImages.length);
      logAction(tables, actor, 'content_loaded', null, { scope: 'images', ...result });
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
