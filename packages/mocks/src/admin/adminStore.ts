import { CourseError, messages } from '@coursekit/core';
import type { MemoryStore } from '../createMemoryStore';
import { adminImages, seedImages } from './adminImages';
import { adminProgress } from './adminProgress';
import { createAdminState, logSecurityEvent } from './adminState';
import { adminSystem } from './adminSystem';
import { adminTracking } from './adminTracking';
import { adminUsers } from './adminUsers';

/** The administrator's side of a memory store: synchronous calls, failing with `CourseError`. */
export type AdminStore = ReturnType<typeof makeAdminStore>;

const stores = new WeakMap<MemoryStore, AdminStore>();

/**
 * The admin side of a memory store, made on first use and shared by everything on that store (the
 * memory adapter, the MSW handlers, tests), so they see one world. Mutating calls take the acting
 * admin's id first, for the audit log.
 */
export function adminStore(store: MemoryStore): AdminStore {
  let admin = stores.get(store);
  if (!admin) {
    admin = makeAdminStore(store);
    stores.set(store, admin);
  }
  return admin;
}

function makeAdminStore(store: MemoryStore) {
  const state = createAdminState(store);
  seedImages(state);
  return {
    state,
    users: adminUsers(state),
    progress: adminProgress(state),
    system: adminSystem(state),
    images: adminImages(state),
    tracking: adminTracking(state),

    /**
     * The server's check on every admin call (DESIGN: every admin route checks the role): the
     * caller's id for a signed-in admin; 401 without a session, 403 (logged as a security event)
     * without the role; 503 when the scenario's admin side is failing (for `write` calls only, when
     * it fails writes).
     */
    authorize(accessToken: string | null | undefined, { write = false } = {}): string {
      const userId = accessToken ? store.tables.accessTokens.get(accessToken) : undefined;
      const row = userId ? store.tables.users.get(userId) : undefined;
      if (!row) {
        logSecurityEvent(state, 'invalid_session', null, { reason: 'admin call without a valid session' });
        throw new CourseError('unauthorized', messages.guardSessionFailed);
      }
      if (!row.roles.includes('admin')) {
        logSecurityEvent(state, 'insufficient_role', row.user.id, { email: row.user.email });
        throw new CourseError('forbidden', messages.guardInsufficientRole);
      }
      const { failing } = state.scenario;
      if (failing === true || (failing === 'writes' && write)) {
        throw new CourseError('unavailable', messages.databaseConnectionFailed);
      }
      return row.user.id;
    },
  };
}
