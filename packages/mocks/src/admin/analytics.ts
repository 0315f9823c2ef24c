import {
  type AnalyticsData,
  type AnalyticsReport,
  analyticsReport,
  type ProgressCsvRow,
  progressCsv,
  progressCsvRows,
} from '@coursekit/core';
import type { MemoryStore } from '../store/createMemoryStore';

/** A memory store's rows as core's analytics definitions read them (rules/analyticsReport.ts). */
function analyticsData(store: MemoryStore): AnalyticsData {
  const { users, progress, attempts, questions } = store.tables;
  return {
    accounts: [...users.values()].map((row) => ({
      id: row.user.id,
      email: row.user.email || null,
      display_name: row.profile?.display_name ?? row.user.user_metadata.name ?? null,
      created_at: row.user.created_at,
      roles: row.roles,
    })),
    modules: store.modulesList,
    lessons: store.lessonsList.filter((l) => l.is_active),
    progress,
    quizzes: store.quizzesList,
    questions,
    attempts,
  };
}

/** The Analytics report of a memory store, by core's definitions. `now` stamps generatedAt. */
export function memoryAnalyticsReport(store: MemoryStore, now: Date = new Date()): AnalyticsReport {
  return analyticsReport(analyticsData(store), now);
}

/** Each learner's row of the progress CSV from a memory store, oldest account first. */
function memoryProgressRows(store: MemoryStore): ProgressCsvRow[] {
  return progressCsvRows(analyticsData(store));
}

/** The learner-progress CSV of a memory store: core's columns, quoting and formula defusing. */
export function memoryProgressCsv(store: MemoryStore): string {
  return progressCsv(memoryProgressRows(store));
}
