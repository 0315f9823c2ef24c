import {
  type AdminActionLog,
  type AdminActionType,
  AUDIT_PAGE_SIZE,
  adminMessages,
  CourseError,
  type DiagnosticSettings,
  type JobStatus,
  type Page,
  type ProgressCleanupLog,
  pageOfList,
  type SecurityEvent,
  type SecurityEventType,
  type StoredImage,
} from '@coursekit/core';
import type { AdminScenario } from '../scenarios';
import type { MemoryStore } from '../store/createMemoryStore';
import { now, type UserRow } from '../store/memoryTables';

/** A running or finished image job, as the HTTP handlers poll it. */
interface MemoryJob {
  status: JobStatus;
  /** The progress steps still to come (admin §4), the last one finishing the job. */
  steps: number[];
  finish: () => Promise<unknown>;
}

/**
 * The administrator's rows that the learner's store has no need for: the audit trail, diagnostics,
 * the image bucket and lesson image links, the cleanup log and image jobs. One set per memory
 * store, so the memory adapter and the MSW handlers on the same store see the same world.
 */
export interface AdminTables {
  store: MemoryStore;
  scenario: AdminScenario;
  /** Oldest first; read newest first. */
  actions: AdminActionLog[];
  securityEvents: SecurityEvent[];
  cleanupLog: ProgressCleanupLog[];
  diagnostics: DiagnosticSettings[];
  diagnosticsListeners: Set<(settings: DiagnosticSettings[]) => void>;
  /** Image URLs per lesson id: the fixture's HTML has none, so the image tools work on these links. */
  lessonImages: Map<number, string[]>;
  storedImages: StoredImage[];
  jobs: Map<string, MemoryJob>;
  nextId: () => number;
}

export function createAdminTables(store: MemoryStore): AdminTables {
  let sequence = 0;
  const at = now();
  return {
    store,
    scenario: store.options.admin ?? {},
    actions: [],
    securityEvents: [],
    cleanupLog: [],
    diagnostics: store.modulesList.map((m) => ({
      module_id: m.id,
      diagnostic_enabled: false,
      diagnostic_level: 'basic',
      show_performance_metrics: false,
      auto_refresh_enabled: false,
      show_progress_details: false,
      show_lesson_versions: false,
      updated_at: at,
    })),
    diagnosticsListeners: new Set(),
    lessonImages: new Map(),
    storedImages: [],
    jobs: new Map(),
    nextId: () => ++sequence,
  };
}

/** admin §6: admin actions are logged with target user, action type and details. */
export function logAction(
  tables: AdminTables,
  adminUserId: string,
  actionType: AdminActionType,
  targetUserId: string | null,
  details: Record<string, unknown> = {},
): void {
  tables.actions.push({
    id: tables.nextId(),
    admin_user_id: adminUserId,
    target_user_id: targetUserId,
    action_type: actionType,
    action_details: details,
    user_agent: 'CourseKit mocks',
    created_at: now(),
  });
}

/** admin §6: refused admin access is a security event with its reason. */
export function logSecurityEvent(
  tables: AdminTables,
  eventType: SecurityEventType,
  userId: string | null,
  details: Record<string, unknown> = {},
  createdAt = now(),
): void {
  tables.securityEvents.push({
    id: tables.nextId(),
    event_type: eventType,
    user_id: userId,
    details,
    ip: '127.0.0.1',
    created_at: createdAt,
  });
}

const userNotFound = () => new CourseError('not_found', adminMessages.userNotFound);

export function requireUser(tables: AdminTables, userId: string): UserRow {
  const row = tables.store.tables.users.get(userId);
  if (!row) throw userNotFound();
  return row;
}

type PageQuery = { page?: number | undefined; pageSize?: number | undefined };

/** Newest first, by creation time then id (the audit lists' order). */
const newestFirst = <T extends { id: number; created_at: string }>(list: T[]): T[] =>
  [...list].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);

/** admin §6: the admin action log and the security events, newest first, paged. */
export function adminAudit(tables: AdminTables) {
  return {
    actions: (query: PageQuery = {}): Page<AdminActionLog> =>
      pageOfList(newestFirst(tables.actions), query, AUDIT_PAGE_SIZE),
    securityEvents: (query: PageQuery = {}): Page<SecurityEvent> =>
      pageOfList(newestFirst(tables.securityEvents), query, AUDIT_PAGE_SIZE),
  };
}
