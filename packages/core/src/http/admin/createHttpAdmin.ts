import * as z from 'zod/mini';
import type { AdminAdapter, AdminDownload } from '../../adapter/AdminAdapter';
import { CourseError } from '../../errors';
import { ltiToolUrls } from '../../lti/toolUrls';
import { messages } from '../../messages';
import {
  DiagnosticSettingsSchema,
  ImageAnalysisResultSchema,
  ImageCorrectionResultSchema,
  ImageValidationResultSchema,
  type JobStatus,
} from '../../schemas/admin';
import type { AdminEndpoint } from '../adminEndpoint';
import { type AdminEndpointName, adminEndpoints } from '../adminEndpoints';
import { coursePath } from '../endpoints';
import { followEventStream } from '../eventStream';
import type { CallInit, HttpTransport } from '../httpTransport';

type AdminAnswerOf<N extends AdminEndpointName> = (typeof adminEndpoints)[N] extends {
  produces: 'application/zip' | 'application/octet-stream';
}
  ? AdminDownload
  : (typeof adminEndpoints)[N] extends { produces: string }
    ? string
    : (typeof adminEndpoints)[N] extends { answer: infer S extends z.ZodMiniType }
      ? z.infer<S>
      : undefined;

/**
 * The admin part of the HTTP adapter, on the learner adapter's transport (one session for both).
 * Its course-scoped calls (`scope: 'course'`) are `course`'s, by slug; without one, the default course's.
 */
export function createHttpAdmin(transport: HttpTransport, course?: string): AdminAdapter {
  return adminOn(transport, course, new Map());
}

/** One course's admin; `family` holds one per course, so asking twice answers the same object. */
function adminOn(
  transport: HttpTransport,
  course: string | undefined,
  family: Map<string | undefined, AdminAdapter>,
): AdminAdapter {
  const call = <N extends AdminEndpointName>(name: N, init?: CallInit) => {
    const endpoint: AdminEndpoint = adminEndpoints[name];
    const path = endpoint.scope === 'course' ? coursePath(endpoint.path, course) : endpoint.path;
    return transport.call({ ...endpoint, path }, init) as Promise<AdminAnswerOf<N>>;
  };

  /** Starts an image job and polls it, reporting each new progress step, until it is done. */
  async function runJob<T>(
    name: 'adminAnalyzeImages' | 'adminValidateImages' | 'adminCorrectImages',
    schema: z.ZodMiniType<T>,
    onProgress?: (job: JobStatus) => void,
  ): Promise<T> {
    let job: JobStatus = await call(name);
    let reported = -1;
    for (;;) {
      if (job.progress !== reported || job.state !== 'running') {
        reported = job.progress;
        onProgress?.(job);
      }
      if (job.state === 'error') throw new CourseError('unexpected', job.error ?? messages.authUnexpected);
      if (job.state === 'done') {
        const parsed = schema.safeParse(job.result);
        if (!parsed.success) throw new CourseError('unexpected', messages.authUnexpected);
        return parsed.data;
      }
      await new Promise((resolve) => setTimeout(resolve, transport.options.jobPollMs ?? 500));
      job = await call('adminJob', { params: { jobId: job.id } });
    }
  }

  const admin: AdminAdapter = {
    users: {
      list: (query = {}) => call('adminUsers', { query: { ...query } }),
      get: (userId) => call('adminUser', { params: { userId } }),
      create: (input) => call('adminCreateUser', { body: input }),
      update: (userId, input) => call('adminUpdateUser', { params: { userId }, body: input }),
      delete: (userId) => call('adminDeleteUser', { params: { userId } }),
      sendPasswordReset: (userId) => call('adminPasswordReset', { params: { userId } }),
      selectable: () => call('adminSelectableProfiles'),
    },
    roles: {
      assign: async (userId, role) =>
        (await call('adminAssignRole', { params: { userId }, body: { role } })).roles,
      remove: async (userId, role) => (await call('adminRemoveRole', { params: { userId, role } })).roles,
    },
    userProgress: {
      get: (userId) => call('adminUserProgress', { params: { userId } }),
      attempts: (userId, quizId) => call('adminQuizAttempts', { params: { userId, quizId } }),
      reset: (userId) => call('adminResetProgress', { params: { userId } }),
      resetModule: (userId, moduleId) => call('adminResetModule', { params: { userId, moduleId } }),
      resetQuiz: (userId, quizId) => call('adminResetQuiz', { params: { userId, quizId } }),
      resetPreAssessment: (userId) => call('adminResetPreAssessment', { params: { userId } }),
    },
    settings: {
      update: (input) => call('adminUpdateSettings', { body: input }),
      debug: () => call('adminSettingsDebug'),
    },
    diagnostics: {
      list: () => call('adminDiagnostics'),
      update: (moduleId, changes) => call('adminUpdateDiagnostics', { params: { moduleId }, body: changes }),
      setAll: (enabled) => call('adminSetAllDiagnostics', { body: { diagnostic_enabled: enabled } }),
      export: () => call('adminDiagnosticsExport'),
      subscribe(listener) {
        return followEventStream({
          url: `${transport.base}${adminEndpoints.adminDiagnosticsStream.path}`,
          fetch: transport.fetch,
          headers: async (): Promise<Record<string, string>> => {
            const token = await transport.accessToken();
            return token ? { authorization: `Bearer ${token}` } : {};
          },
          onEvent: ({ event, data }) => {
            if (event !== 'diagnostics') return;
            try {
              const parsed = z.array(DiagnosticSettingsSchema).safeParse(JSON.parse(data));
              if (parsed.success) listener(parsed.data);
            } catch {
              // skipped; the next event carries every module again
            }
          },
        });
      },
    },
    content: {
      loadAll: () => call('adminLoadAllContent'),
      loadModule: (moduleId) => call('adminLoadModuleContent', { params: { moduleId } }),
      refreshImages: () => call('adminRefreshImages'),
      exportPackage: (format) => call('adminExportPackage', { query: { format, course } }),
    },
    images: {
      list: () => call('adminImages'),
      analyze: (onProgress) => runJob('adminAnalyzeImages', ImageAnalysisResultSchema, onProgress),
      validate: (onProgress) => runJob('adminValidateImages', ImageValidationResultSchema, onProgress),
      correct: (onProgress) => runJob('adminCorrectImages', ImageCorrectionResultSchema, onProgress),
    },
    tracking: {
      overview: () => call('adminTracking'),
      cleanup: () => call('adminTrackingCleanup'),
      migrate: (userId) => call('adminTrackingMigrate', { params: { userId } }),
      cleanupLog: () => call('adminCleanupLog'),
    },
    audit: {
      actions: (query = {}) => call('adminAuditActions', { query: { ...query } }),
      securityEvents: (query = {}) => call('adminAuditSecurityEvents', { query: { ...query } }),
    },
    stats: () => call('adminStats'),
    certificates: {
      revoke: (code, reason) => call('adminRevokeCredential', { params: { code }, body: { reason } }),
    },
    organisations: {
      list: () => call('adminOrganisations'),
      get: (organisationId) => call('adminOrganisation', { params: { organisationId } }),
      create: (input) => call('adminCreateOrganisation', { body: input }),
      update: (organisationId, changes) =>
        call('adminUpdateOrganisation', { params: { organisationId }, body: changes }),
      addIssuer: (organisationId, input) =>
        call('adminAddOrganisationIssuer', { params: { organisationId }, body: input }),
      removeIssuer: (organisationId, issuerId) =>
        call('adminRemoveOrganisationIssuer', { params: { organisationId, issuerId } }),
      identityProvider: (organisationId) =>
        call('adminOrganisationIdentityProvider', { params: { organisationId } }),
      setIdentityProvider: (organisationId, input) =>
        call('adminSetOrganisationIdentityProvider', { params: { organisationId }, body: input }),
      removeIdentityProvider: (organisationId) =>
        call('adminRemoveOrganisationIdentityProvider', { params: { organisationId } }),
      members: (organisationId, query = {}) =>
        call('adminOrganisationMembers', { params: { organisationId }, query: { ...query } }),
      setMember: (organisationId, userId, role) =>
        call('adminSetOrganisationMember', { params: { organisationId, userId }, body: { role } }),
      removeMember: (organisationId, userId) =>
        call('adminRemoveOrganisationMember', { params: { organisationId, userId } }),
    },
    lti: {
      list: () => call('adminLtiRegistrations'),
      create: (input) => call('adminLtiCreateRegistration', { body: input }),
      update: (registrationId, changes) =>
        call('adminLtiUpdateRegistration', { params: { registrationId }, body: changes }),
      remove: (registrationId) => call('adminLtiDeleteRegistration', { params: { registrationId } }),
      rotateKey: () => call('adminLtiRotateKey'),
      registrationLink: (organisationId) =>
        call('adminLtiRegistrationLink', { body: organisationId ? { organisation_id: organisationId } : {} }),
      // A relative base (`/api` in a browser) is this page's origin's, as the requests are.
      toolUrls: () => ltiToolUrls(transport.base, globalThis.location?.origin),
    },
    analytics: {
      report: () => call('adminAnalyticsReport'),
      progressCsv: () => call('adminAnalyticsProgressCsv'),
    },
    courses: {
      list: () => call('adminCourses'),
      update: (slug, changes) => call('adminUpdateCourse', { params: { course: slug }, body: changes }),
      exportZip: (slug) => call('adminExportCourse', { params: { course: slug } }),
      importZip: (file) => call('adminImportCourse', { body: file }),
    },
    studio: {
      courses: () => call('studioCourses'),
      create: ({ slug, title, copyOf }) =>
        call('studioCreateCourse', { body: { slug, title, ...(copyOf ? { copy_of: copyOf } : {}) } }),
      deleteCourse: (slug) => call('studioDeleteCourse', { params: { course: slug } }),
      draft: (slug) => call('studioDraft', { params: { course: slug } }),
      file: async (slug, path) => (await call('studioDraftFile', { params: { course: slug, path } })).data,
      save: (slug, path, content, baseRevision) =>
        call('studioSaveFile', {
          params: { course: slug, path },
          body: { base_revision: baseRevision, ...content },
        }),
      remove: (slug, path, baseRevision) =>
        call('studioDeleteFile', { params: { course: slug, path }, query: { base_revision: baseRevision } }),
      changes: (slug) => call('studioChanges', { params: { course: slug } }),
      publish: (slug, draftHash, note) =>
        call('studioPublish', {
          params: { course: slug },
          body: { draft_hash: draftHash, ...(note ? { note } : {}) },
        }),
      versions: (slug) => call('studioVersions', { params: { course: slug } }),
      compare: (slug, from, to) => call('studioCompare', { params: { course: slug, from, to } }),
      restore: (slug, version) => call('studioRestore', { params: { course: slug, version } }),
    },
    forCourse: (other) => family.get(other) ?? adminOn(transport, other, family),
  };
  family.set(course, admin);
  return admin;
}
