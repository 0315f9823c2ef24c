import { CourseError, messages } from '@coursekit/core';
import type { MemoryStore } from '../store/createMemoryStore';
import { adminCertificates } from './adminCertificates';
import { adminContent } from './adminContent';
import { adminCourses } from './adminCourses';
import { adminImages, seedImages } from './adminImages';
import { adminLti } from './adminLti';
import { adminOrganisations } from './adminOrganisations';
import { adminProgress } from './adminProgress';
import { CONSOLE_IMAGE_MAPPINGS } from './adminScenarioData';
import { adminSettings } from './adminSettings';
import { adminAudit, createAdminTables, logSecurityEvent } from './adminTables';
import { adminTracking } from './adminTracking';
import { adminUsers } from './adminUsers';

/**
 * The administrator's side of a memory store, as the reference API's admin routes are the server's:
 * one part per console feature, synchronous (the image tools aside) and failing with `CourseError`.
 * Mutating calls take the acting admin's id first, for the audit log.
 */
export type AdminBackend = ReturnType<typeof makeAdminBackend>;

const backends = new WeakMap<MemoryStore, AdminBackend>();

/**
 * The admin side of a memory store, made on first use and shared by everything on that store (the
 * memory adapter, the MSW handlers, tests), so they see one world.
 */
export function adminBackend(store: MemoryStore): AdminBackend {
  let backend = backends.get(store);
  if (!backend) {
    backend = makeAdminBackend(store);
    backends.set(store, backend);
  }
  return backend;
}

function makeAdminBackend(store: MemoryStore) {
  const tables = createAdminTables(store);
  seedImages(tables);
  return {
    tables,
    users: adminUsers(tables),
    progress: adminProgress(tables),
    settings: adminSettings(tables),
    content: adminContent(tables),
    courses: adminCourses(tables),
    images: adminImages(tables, CONSOLE_IMAGE_MAPPINGS),
    tracking: adminTracking(tables),
    audit: adminAudit(tables),
    organisations: adminOrganisations(tables),
    lti: adminLti(tables),
    certificates: adminCertificates(tables),

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
        logSecurityEvent(tables, 'invalid_session', null, { reason: 'admin call without a valid session' });
        throw new CourseError('unauthorized', messages.guardSessionFailed);
      }
      if (!row.roles.includes('admin')) {
        logSecurityEvent(tables, 'insufficient_role', row.user.id, { email: row.user.email });
        throw new CourseError('forbidden', messages.guardInsufficientRole);
      }
      const { failing } = tables.scenario;
      if (failing === true || (failing === 'writes' && write)) {
        throw new CourseError('unavailable', messages.databaseConnectionFailed);
      }
      return row.user.id;
    },
  };
}
