import {
  type AdminAdapter,
  type AdminEndpoint,
  type AdminEndpointName,
  adminEndpoints,
  CourseError,
  IMAGE_JOB_STEPS,
  ImageAnalysisResultSchema,
  ImageCorrectionResultSchema,
  ImageValidationResultSchema,
  type JobStatus,
  ltiToolUrls,
  messages,
  parseInput,
} from '@coursekit/core';
import type { MemoryStore } from '../store/createMemoryStore';
import { type AdminBackend, adminBackend } from './adminBackend';
import { memoryAnalyticsReport, memoryProgressCsv } from './analytics';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** admin §4: a held job never moves past its step. */
const never = () => new Promise<never>(() => {});

/**
 * The `admin` part of the memory adapter: the memory admin backend behind core's `AdminAdapter`,
 * with the scenario's latency, the server's admin check on every call (as the signed-in user of
 * `token()`), each query read with its endpoint's schema, and every answer parsed with the schema
 * of its endpoint in core's `adminEndpoints` table. Its course-scoped calls are `course`'s (absent:
 * the default): the store's one course answers by its slug, any other slug is a 404, as on the API.
 */
export function createMemoryAdminAdapter(
  store: MemoryStore,
  token: () => string | null,
  course?: string,
): AdminAdapter {
  return adminOn(store, token, course, new Map());
}

/** One course's admin; `family` holds one per course, as the HTTP adapter's `forCourse` does. */
function adminOn(
  store: MemoryStore,
  token: () => string | null,
  course: string | undefined,
  family: Map<string | undefined, AdminAdapter>,
): AdminAdapter {
  const admin = adminBackend(store);
  const scenario = admin.tables.scenario;

  /** One admin call as the API makes it: latency, the role check, the work, the answer's schema. */
  async function run<T>(
    name: AdminEndpointName | null,
    work: (actor: string, a: AdminBackend) => T | Promise<T>,
  ): Promise<T> {
    const ms = (store.options.latencyMs ?? 0) + (scenario.latencyMs ?? 0);
    if (ms > 0) await sleep(ms);
    const write = name === null || adminEndpoints[name].method !== 'GET';
    // Without a session there is nothing to send: the HTTP adapter stops here too.
    const accessToken = token();
    if (!accessToken) throw new CourseError('unauthorized', messages.sessionMissing);
    const actor = admin.authorize(accessToken, { write });
    if (name && (adminEndpoints[name] as AdminEndpoint).scope === 'course') store.checkCourse(course);
    const value = await work(actor, admin);
    const schema = name && (adminEndpoints[name] as { answer?: { parse(v: unknown): unknown } }).answer;
    return (schema && value !== undefined ? schema.parse(value) : value) as T;
  }

  /** A list's query as the API reads its query string (core's coerced page numbers). */
  const queryOf = <N extends 'adminUsers' | 'adminAuditActions' | 'adminAuditSecurityEvents'>(
    name: N,
    query: object,
  ) => parseInput(adminEndpoints[name].query, query, 'query');

  /** An image job: its progress steps (admin §4) with a pause between them, then the result. */
  async function job<T>(
    kind: JobStatus['kind'],
    schema: { parse(value: unknown): T },
    work: (actor: string) => Promise<unknown>,
    onProgress?: (job: JobStatus) => void,
  ): Promise<T> {
    // the job's start: latency, the admin check and the course (the tools are course-scoped); its
    // answer is the result below, not a JobStatus
    const actor = await run(null, (who) => {
      store.checkCourse(course);
      return who;
    });
    const id = `job-${admin.tables.nextId()}`;
    for (const progress of IMAGE_JOB_STEPS[kind].slice(0, -1)) {
      onProgress?.({ id, kind, state: 'running', progress });
      if (scenario.holdJobsAt !== undefined && progress >= scenario.holdJobsAt) await never();
      await sleep(scenario.jobStepMs ?? 400);
    }
    const result = schema.parse(await work(actor));
    onProgress?.({ id, kind, state: 'done', progress: 100, result });
    return result;
  }

  const adapter: AdminAdapter = {
    users: {
      list: (query = {}) => run('adminUsers', (_, a) => a.users.list(queryOf('adminUsers', query))),
      get: (userId) => run('adminUser', (_, a) => a.users.get(userId)),
      create: (input) => run('adminCreateUser', (actor, a) => a.users.create(actor, input)),
      update: (userId, input) => run('adminUpdateUser', (actor, a) => a.users.update(actor, userId, input)),
      delete: (userId) => run('adminDeleteUser', (actor, a) => a.users.delete(actor, userId)),
      sendPasswordReset: (userId) =>
        run('adminPasswordReset', (actor, a) => a.users.sendPasswordReset(actor, userId)),
      selectable: () => run('adminSelectableProfiles', (_, a) => a.users.selectable()),
    },
    roles: {
      // The wire answers { roles }, as the HTTP adapter unwraps it.
      assign: async (userId, role) =>
        (await run('adminAssignRole', (actor, a) => ({ roles: a.users.assignRole(actor, userId, role) })))
          .roles,
      remove: async (userId, role) =>
        (await run('adminRemoveRole', (actor, a) => ({ roles: a.users.removeRole(actor, userId, role) })))
          .roles,
    },
    userProgress: {
      get: (userId) => run('adminUserProgress', (_, a) => a.progress.get(userId)),
      attempts: (userId, quizId) => run('adminQuizAttempts', (_, a) => a.progress.attempts(userId, quizId)),
      reset: (userId) => run('adminResetProgress', (actor, a) => a.progress.reset(actor, userId)),
      resetModule: (userId, moduleId) =>
        run('adminResetModule', (actor, a) => a.progress.resetModule(actor, userId, moduleId)),
      resetQuiz: (userId, quizId) =>
        run('adminResetQuiz', (actor, a) => a.progress.resetQuiz(actor, userId, quizId)),
      resetPreAssessment: (userId) =>
        run('adminResetPreAssessment', (actor, a) => a.progress.resetPreAssessment(actor, userId)),
    },
    certificates: {
      revoke: (code, reason) =>
        run('adminRevokeCredential', (actor, a) => a.certificates.revoke(actor, code, reason)),
    },
    settings: {
      update: (input) => run('adminUpdateSettings', (actor, a) => a.settings.updateSettings(actor, input)),
      debug: () => run('adminSettingsDebug', (_, a) => a.settings.debug()),
    },
    diagnostics: {
      list: () => run('adminDiagnostics', (_, a) => a.settings.diagnostics()),
      update: (moduleId, changes) =>
        run('adminUpdateDiagnostics', (actor, a) => a.settings.updateDiagnostics(actor, moduleId, changes)),
      setAll: (enabled) =>
        run('adminSetAllDiagnostics', (actor, a) => a.settings.setAllDiagnostics(actor, enabled)),
      export: () => run('adminDiagnosticsExport', (_, a) => a.settings.exportDiagnostics()),
      subscribe(listener) {
        // As the HTTP stream does: every module's settings on connect, then on every change.
        let active = true;
        run('adminDiagnostics', (_, a) => a.settings.diagnostics()).then(
          (list) => active && listener(list),
          () => undefined, // a refused or failing stream stays silent, as a dropped SSE would
        );
        const stop = admin.settings.subscribeDiagnostics(listener);
        return () => {
          active = false;
          stop();
        };
      },
    },
    content: {
      loadAll: () => run('adminLoadAllContent', (actor, a) => a.content.loadAll(actor)),
      loadModule: (moduleId) =>
        run('adminLoadModuleContent', (actor, a) => a.content.loadModule(actor, moduleId)),
      refreshImages: () => run('adminRefreshImages', (actor, a) => a.content.refreshImages(actor)),
    },
    images: {
      list: () => run('adminImages', (_, a) => a.images.list()),
      analyze: (onProgress) =>
        job('image-analysis', ImageAnalysisResultSchema, admin.images.analyze, onProgress),
      validate: (onProgress) =>
        job('image-validation', ImageValidationResultSchema, admin.images.validate, onProgress),
      correct: (onProgress) =>
        job('image-correction', ImageCorrectionResultSchema, admin.images.correct, onProgress),
    },
    tracking: {
      overview: () => run('adminTracking', (_, a) => a.tracking.overview()),
      cleanup: () => run('adminTrackingCleanup', (actor, a) => a.tracking.cleanup(actor)),
      migrate: (userId) => run('adminTrackingMigrate', (actor, a) => a.tracking.migrate(actor, userId)),
      cleanupLog: () => run('adminCleanupLog', (_, a) => a.tracking.cleanupLog()),
    },
    audit: {
      actions: (query = {}) =>
        run('adminAuditActions', (_, a) => a.audit.actions(queryOf('adminAuditActions', query))),
      securityEvents: (query = {}) =>
        run('adminAuditSecurityEvents', (_, a) =>
          a.audit.securityEvents(queryOf('adminAuditSecurityEvents', query)),
        ),
    },
    organisations: {
      list: () => run('adminOrganisations', (_, a) => a.organisations.list()),
      get: (id) => run('adminOrganisation', (_, a) => a.organisations.get(id)),
      create: (input) => run('adminCreateOrganisation', (actor, a) => a.organisations.create(actor, input)),
      update: (id, changes) =>
        run('adminUpdateOrganisation', (actor, a) => a.organisations.update(actor, id, changes)),
      addIssuer: (id, input) =>
        run('adminAddOrganisationIssuer', (actor, a) => a.organisations.addIssuer(actor, id, input)),
      removeIssuer: (id, issuerId) =>
        run('adminRemoveOrganisationIssuer', (actor, a) => a.organisations.removeIssuer(actor, id, issuerId)),
      identityProvider: (id) =>
        run('adminOrganisationIdentityProvider', (_, a) => a.organisations.identityProvider(id)),
      setIdentityProvider: (id, input) =>
        run('adminSetOrganisationIdentityProvider', (actor, a) =>
          a.organisations.setIdentityProvider(actor, id, input),
        ),
      removeIdentityProvider: (id) =>
        run('adminRemoveOrganisationIdentityProvider', (actor, a) =>
          a.organisations.removeIdentityProvider(actor, id),
        ),
      members: (id, query = {}) =>
        run('adminOrganisationMembers', (_, a) =>
          a.organisations.members(
            id,
            parseInput(adminEndpoints.adminOrganisationMembers.query, query, 'query'),
          ),
        ),
      setMember: (id, userId, role) =>
        run('adminSetOrganisationMember', (actor, a) => a.organisations.setMember(actor, id, userId, role)),
      removeMember: (id, userId) =>
        run('adminRemoveOrganisationMember', (actor, a) => a.organisations.removeMember(actor, id, userId)),
    },
    lti: {
      list: () => run('adminLtiRegistrations', (_, a) => a.lti.list()),
      create: (input) => run('adminLtiCreateRegistration', (_, a) => a.lti.create(input)),
      update: (id, changes) => run('adminLtiUpdateRegistration', (_, a) => a.lti.update(id, changes)),
      remove: (id) => run('adminLtiDeleteRegistration', (_, a) => a.lti.remove(id)),
      rotateKey: () => run('adminLtiRotateKey', (_, a) => a.lti.rotateKey()),
      registrationLink: (organisationId) =>
        run('adminLtiRegistrationLink', (_, a) => a.lti.registrationLink(organisationId ?? null)),
      // The addresses a browser host serving the API at /api has (the memory store has none of its own).
      toolUrls: () => ltiToolUrls('/api', globalThis.location?.origin),
    },
    analytics: {
      report: () => run('adminAnalyticsReport', () => memoryAnalyticsReport(store)),
      progressCsv: () => run('adminAnalyticsProgressCsv', () => memoryProgressCsv(store)),
    },
    stats: () => run('adminStats', (_, a) => a.content.stats()),
    courses: {
      list: () => run('adminCourses', (_, a) => a.courses.list()),
      update: (slug, changes) =>
        run('adminUpdateCourse', (actor, a) => a.courses.update(actor, slug, changes)),
      exportZip: (slug) => run('adminExportCourse', (_, a) => a.courses.exportZip(slug)),
      importZip: (file) =>
        run('adminImportCourse', async (_, a) =>
          a.courses.importZip(new Uint8Array(await file.arrayBuffer())),
        ),
    },
    forCourse: (other) => family.get(other) ?? adminOn(store, token, other, family),
  };
  family.set(course, adapter);
  return adapter;
}
