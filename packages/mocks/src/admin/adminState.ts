import {
  type AdminActionLog,
  type AdminActionType,
  CourseError,
  type DiagnosticSettings,
  type JobStatus,
  type Page,
  type ProgressCleanupLog,
  type SecurityEvent,
  type SecurityEventType,
  type StoredImage,
} from '@coursekit/core';
import type { MemoryStore, UserRow } from '../createMemoryStore';
import type { AdminScenario } from '../scenarios';

/** A running or finished image job, as the HTTP handlers poll it. */
export interface MemoryJob {
  status: JobStatus;
  /** The progress steps still to come (admin §4), the last one finishing the job. */
  steps: number[];
  finish: () => unknown;
}

/**
 * The administrator's tables that the learner's store has no need for: the audit trail, diagnostics,
 * the image bucket and lesson image links, the cleanup log and image jobs. One per memory store, so
 * the memory adapter and the MSW handlers on the same store see the same world.
 */
export interface AdminState {
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

export const now = () => new Date().toISOString();

export function createAdminState(store: MemoryStore): AdminState {
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
  state: AdminState,
  adminUserId: string,
  actionType: AdminActionType,
  targetUserId: string | null,
  details: Record<string, unknown> = {},
): void {
  state.actions.push({
    id: state.nextId(),
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
  state: AdminState,
  eventType: SecurityEventType,
  userId: string | null,
  details: Record<string, unknown> = {},
  createdAt = now(),
): void {
  state.securityEvents.push({
    id: state.nextId(),
    event_type: eventType,
    user_id: userId,
    details,
    ip: '127.0.0.1',
    created_at: createdAt,
  });
}

export const userNotFound = () => new CourseError('not_found', 'User not found');

export function requireUser(state: AdminState, userId: string): UserRow {
  const row = state.store.tables.users.get(userId);
  if (!row) throw userNotFound();
  return row;
}

/** A page number or size as the API takes them (query strings arrive as text); 400 when out of range. */
export function pageOf(
  query: { page?: number | string | undefined; pageSize?: number | string | undefined },
  size = 20,
): { page: number; pageSize: number } {
  const int = (raw: number | string | undefined, fallback: number, max: number, name: string) => {
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      throw new CourseError('validation_error', `Invalid request query: ${name}: Expected 1 to ${max}`, {
        [name]: `Expected 1 to ${max}`,
      });
    }
    return n;
  };
  return {
    page: int(query.page, 1, 1_000_000, 'page'),
    pageSize: int(query.pageSize, size, 100, 'pageSize'),
  };
}

/** One page of an already ordered list; `total` counts the whole list. */
export function paged<T>(items: T[], page: number, pageSize: number): Page<T> {
  const start = (page - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), total: items.length, page, pageSize };
}

/** Newest first, by creation time then id (the audit lists' order). */
export const newestFirst = <T extends { id: number; created_at: string }>(list: T[]): T[] =>
  [...list].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
