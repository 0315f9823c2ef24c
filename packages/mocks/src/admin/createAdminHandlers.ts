import {
  type AdminEndpoint,
  type AdminEndpointName,
  adminEndpoints,
  CourseError,
  messages,
  parseInput,
  progressCsvFileName,
} from '@coursekit/core';
import { delay, HttpResponse, http } from 'msw';
import { answering, bodyOf, decodedSlug, eventStream, tokenOf } from '../httpAnswers';
import type { MemoryStore } from '../store/createMemoryStore';
import { type AdminBackend, adminBackend } from './adminBackend';
import { mockCourseMessages } from './adminCourses';
import { memoryAnalyticsReport, memoryProgressCsv } from './analytics';

interface AdminCall {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /** The signed-in admin's id (the role check has passed). */
  actor: string;
  admin: AdminBackend;
}
type Handle = (call: AdminCall) => unknown;

const num = (value: string | undefined) => Number(value);

/**
 * Served apart (below), none of them JSON: the diagnostics stream, the CSV export, the package zip,
 * and a course's zip out and in.
 */
type ServedApart =
  | 'adminDiagnosticsStream'
  | 'adminAnalyticsProgressCsv'
  | 'adminExportPackage'
  | 'adminExportCourse'
  | 'adminImportCourse'
  | StudioEndpointName;

/** The course studio's endpoints: refused, for the reason mockCourseMessages.noStudio gives. */
type StudioEndpointName = Extract<AdminEndpointName, `studio${string}`>;
const STUDIO_ENDPOINTS = (Object.keys(adminEndpoints) as AdminEndpointName[]).filter(
  (name): name is StudioEndpointName => name.startsWith('studio'),
);

/**
 * The package export's stand-in: an empty zip (its end-of-central-directory record alone). The
 * mocks have no player to put in it; real packages come from the API (api/src/packaging).
 */
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

/** Every other admin endpoint of core's `adminEndpoints` table. */
const table: Record<Exclude<AdminEndpointName, ServedApart>, Handle> = {
  adminStats: ({ admin }) => admin.content.stats(),
  adminCourses: ({ admin }) => admin.courses.list(),
  adminUpdateCourse: ({ admin, actor, params, body }) =>
    admin.courses.update(actor, String(params.course), body),
  adminUsers: ({ admin, query }) => admin.users.list(query),
  adminCreateUser: ({ admin, actor, body }) => admin.users.create(actor, body as never),
  adminUser: ({ admin, params }) => admin.users.get(String(params.userId)),
  adminUpdateUser: ({ admin, actor, params, body }) => admin.users.update(actor, String(params.userId), body),
  adminDeleteUser: ({ admin, actor, params }) => admin.users.delete(actor, String(params.userId)),
  adminPasswordReset: ({ admin, actor, params }) =>
    admin.users.sendPasswordReset(actor, String(params.userId)),
  adminRevokeCredential: ({ admin, actor, params, body }) =>
    admin.certificates.revoke(actor, String(params.code), String(body.reason)),
  adminAssignRole: ({ admin, actor, params, body }) => ({
    roles: admin.users.assignRole(actor, String(params.userId), body.role as never),
  }),
  adminRemoveRole: ({ admin, actor, params }) => ({
    roles: admin.users.removeRole(actor, String(params.userId), params.role as never),
  }),
  adminSelectableProfiles: ({ admin }) => admin.users.selectable(),
  adminUserProgress: ({ admin, params }) => admin.progress.get(String(params.userId)),
  adminQuizAttempts: ({ admin, params }) =>
    admin.progress.attempts(String(params.userId), num(params.quizId)),
  adminResetProgress: ({ admin, actor, params }) => admin.progress.reset(actor, String(params.userId)),
  adminResetModule: ({ admin, actor, params }) =>
    admin.progress.resetModule(actor, String(params.userId), num(params.moduleId)),
  adminResetQuiz: ({ admin, actor, params }) =>
    admin.progress.resetQuiz(actor, String(params.userId), num(params.quizId)),
  adminResetPreAssessment: ({ admin, actor, params }) =>
    admin.progress.resetPreAssessment(actor, String(params.userId)),
  adminUpdateSettings: ({ admin, actor, body }) => admin.settings.updateSettings(actor, body),
  adminSettingsDebug: ({ admin }) => admin.settings.debug(),
  adminDiagnostics: ({ admin }) => admin.settings.diagnostics(),
  adminSetAllDiagnostics: ({ admin, actor, body }) =>
    admin.settings.setAllDiagnostics(actor, body.diagnostic_enabled === true),
  adminDiagnosticsExport: ({ admin }) => admin.settings.exportDiagnostics(),
  adminUpdateDiagnostics: ({ admin, actor, params, body }) =>
    admin.settings.updateDiagnostics(actor, num(params.moduleId), body),
  adminLoadAllContent: ({ admin, actor }) => admin.content.loadAll(actor),
  // A module the course does not hold answers the spec's 'Module N not found content not available'.
  adminLoadModuleContent: ({ admin, actor, params }) => admin.content.loadModule(actor, num(params.moduleId)),
  adminRefreshImages: ({ admin, actor }) => admin.content.refreshImages(actor),
  adminImages: ({ admin }) => admin.images.list(),
  adminAnalyzeImages: ({ admin, actor }) => admin.images.startJob(actor, 'image-analysis'),
  adminValidateImages: ({ admin, actor }) => admin.images.startJob(actor, 'image-validation'),
  adminCorrectImages: ({ admin, actor }) => admin.images.startJob(actor, 'image-correction'),
  adminJob: ({ admin, params }) => admin.images.pollJob(String(params.jobId)),
  adminTracking: ({ admin }) => admin.tracking.overview(),
  adminTrackingCleanup: ({ admin, actor }) => admin.tracking.cleanup(actor),
  adminTrackingMigrate: ({ admin, actor, params }) => admin.tracking.migrate(actor, String(params.userId)),
  adminCleanupLog: ({ admin }) => admin.tracking.cleanupLog(),
  adminAuditActions: ({ admin, query }) => admin.audit.actions(query),
  adminAuditSecurityEvents: ({ admin, query }) => admin.audit.securityEvents(query),
  adminAnalyticsReport: ({ admin }) => memoryAnalyticsReport(admin.tables.store),
  adminOrganisations: ({ admin }) => admin.organisations.list(),
  adminCreateOrganisation: ({ admin, actor, body }) => admin.organisations.create(actor, body),
  adminOrganisation: ({ admin, params }) => admin.organisations.get(String(params.organisationId)),
  adminUpdateOrganisation: ({ admin, actor, params, body }) =>
    admin.organisations.update(actor, String(params.organisationId), body),
  adminAddOrganisationIssuer: ({ admin, actor, params, body }) =>
    admin.organisations.addIssuer(actor, String(params.organisationId), body),
  adminRemoveOrganisationIssuer: ({ admin, actor, params }) =>
    admin.organisations.removeIssuer(actor, String(params.organisationId), String(params.issuerId)),
  adminOrganisationIdentityProvider: ({ admin, params }) =>
    admin.organisations.identityProvider(String(params.organisationId)),
  adminSetOrganisationIdentityProvider: ({ admin, actor, params, body }) =>
    admin.organisations.setIdentityProvider(actor, String(params.organisationId), body),
  adminRemoveOrganisationIdentityProvider: ({ admin, actor, params }) =>
    admin.organisations.removeIdentityProvider(actor, String(params.organisationId)),
  adminOrganisationMembers: ({ admin, params, query }) =>
    admin.organisations.members(String(params.organisationId), query),
  adminSetOrganisationMember: ({ admin, actor, params, body }) =>
    admin.organisations.setMember(
      actor,
      String(params.organisationId),
      String(params.userId),
      body.role as never,
    ),
  adminRemoveOrganisationMember: ({ admin, actor, params }) =>
    admin.organisations.removeMember(actor, String(params.organisationId), String(params.userId)),
  adminLtiRegistrations: ({ admin }) => admin.lti.list(),
  adminLtiCreateRegistration: ({ admin, body }) => admin.lti.create(body),
  adminLtiUpdateRegistration: ({ admin, params, body }) =>
    admin.lti.update(String(params.registrationId), body),
  adminLtiDeleteRegistration: ({ admin, params }) => admin.lti.remove(String(params.registrationId)),
  adminLtiRotateKey: ({ admin }) => admin.lti.rotateKey(),
  adminLtiRegistrationLink: ({ admin, body }) =>
    admin.lti.registrationLink((body.organisation_id as string | null | undefined) ?? null),
  adminLtiScoreDeliveries: ({ admin, params }) => admin.lti.scoreDeliveries(String(params.registrationId)),
};

/**
 * MSW handlers for the reference API's admin surface (core's `adminEndpoints`), on a memory store's
 * admin side: the same paths, query strings, bodies, answers and `{ error }` failures, the admin
 * check on every request, image jobs that move one step per poll, and the diagnostics SSE stream.
 */
export function createAdminHandlers(store: MemoryStore, base: string) {
  const admin = adminBackend(store);

  // Where an endpoint answers: its path, and a course-scoped one (scope 'course') also at
  // /courses/:course + its path, where the store's course answers by its slug and any other is a 404.
  const pathsOf = (endpoint: AdminEndpoint) =>
    [endpoint.path, ...(endpoint.scope === 'course' ? [`/courses/:course${endpoint.path}`] : [])].map(
      (path) => `${base}${path}`,
    );
  const checkCourse = (params: Record<string, unknown>) => {
    if (typeof params.course === 'string') store.checkCourse(decodedSlug(params.course));
  };

  // The stream first, so `/admin/diagnostics/stream` is never read as a module id.
  const stream = http.get(`${base}${adminEndpoints.adminDiagnosticsStream.path}`, ({ request }) =>
    answering(() => {
      admin.authorize(tokenOf(request));
      return eventStream('diagnostics', admin.settings.diagnostics, admin.settings.subscribeDiagnostics);
    }),
  );

  // The progress export: CSV text as an attachment named for today, as the reference API sends it.
  const csv = pathsOf(adminEndpoints.adminAnalyticsProgressCsv).map((path) =>
    http.get(path, ({ request, params }) =>
      answering(() => {
        admin.authorize(tokenOf(request));
        checkCourse(params);
        return new HttpResponse(memoryProgressCsv(store), {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${progressCsvFileName(new Date())}"`,
          },
        });
      }),
    ),
  );

  // An LMS package: a stand-in zip (the mocks build no player), named as the API names it.
  const zip = http.get(`${base}${adminEndpoints.adminExportPackage.path}`, ({ request }) =>
    answering(() => {
      admin.authorize(tokenOf(request));
      const query = parseInput(
        adminEndpoints.adminExportPackage.query,
        Object.fromEntries(new URL(request.url).searchParams),
        'query',
      );
      return new HttpResponse(EMPTY_ZIP, {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="course-${query.format}.zip"`,
        },
      });
    }),
  );

  // A course's zip: refused by the mocks, which hold no course folder (admin/adminCourses.ts).
  const exportCourse = http.get(`${base}${adminEndpoints.adminExportCourse.path}`, ({ request, params }) =>
    answering(() => {
      admin.authorize(tokenOf(request));
      return admin.courses.exportZip(decodedSlug(String(params.course)));
    }),
  );
  const importCourse = http.post(`${base}${adminEndpoints.adminImportCourse.path}`, ({ request }) =>
    answering(async () => {
      admin.authorize(tokenOf(request), { write: true });
      // As the API: a body that is not a zip (nor JSON) is a 415 before anything reads it.
      if (!request.headers.get('content-type')?.startsWith(adminEndpoints.adminImportCourse.consumes)) {
        return HttpResponse.json(new CourseError('invalid_request', messages.bodyMustBeJson).toJSON(), {
          status: 415,
        });
      }
      return admin.courses.importZip(new Uint8Array(await request.arrayBuffer()));
    }),
  );

  const handlers = Object.entries(table).flatMap(([name, handle]) => {
    const endpoint: AdminEndpoint = adminEndpoints[name as AdminEndpointName];
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    return pathsOf(endpoint).map((path) =>
      http[method](path, async ({ request, params }) => {
        const ms = (store.options.latencyMs ?? 0) + (admin.tables.scenario.latencyMs ?? 0);
        if (ms > 0) await delay(ms);
        return answering(async () => {
          const actor = admin.authorize(tokenOf(request), { write: endpoint.method !== 'GET' });
          checkCourse(params);
          // The query read as the API reads it: core's schema (coerced page numbers) and wording.
          const rawQuery = Object.fromEntries(new URL(request.url).searchParams);
          const query = endpoint.query
            ? (parseInput(endpoint.query, rawQuery, 'query') as Record<string, unknown>)
            : rawQuery;
          const body = await bodyOf(request, endpoint.body);
          const answer = await handle({
            params: params as Record<string, string>,
            query,
            body,
            actor,
            admin,
          });
          if (!endpoint.answer) return new HttpResponse(null, { status: 204 });
          return HttpResponse.json(answer as never, { status: endpoint.status ?? 200 });
        });
      }),
    );
  });

  // The studio: refused after the same sign-in check as every admin call.
  const refused = (names: readonly AdminEndpointName[], message: string) =>
    names.map((name) => {
      const endpoint: AdminEndpoint = adminEndpoints[name];
      const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      return http[method](`${base}${endpoint.path}`, ({ request }) =>
        answering(() => {
          admin.authorize(tokenOf(request));
          throw new CourseError('not_found', message);
        }),
      );
    });
  const studio = refused(STUDIO_ENDPOINTS, mockCourseMessages.noStudio);

  return [stream, ...csv, zip, exportCourse, importCourse, ...studio, ...handlers];
}
