import {
  type AdminEndpoint,
  type AdminEndpointName,
  adminEndpoints,
  CourseError,
  HTTP_STATUS,
  messages,
  progressCsvFileName,
} from '@coursekit/core';
import { delay, HttpResponse, http } from 'msw';
import type { MemoryStore } from '../createMemoryStore';
import { type AdminStore, adminStore } from './adminStore';
import { memoryAnalyticsReport, memoryProgressCsv } from './analytics';

interface AdminCall {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
  /** The signed-in admin's id (the role check has passed). */
  actor: string;
  admin: AdminStore;
}
type Handle = (call: AdminCall) => unknown;

const num = (value: string | undefined) => Number(value);

/** Served apart (below): the diagnostics stream, the CSV export and the package zip, none of them JSON. */
type ServedApart = 'adminDiagnosticsStream' | 'adminAnalyticsProgressCsv' | 'adminExportPackage';

/**
 * The package export's stand-in: an empty zip (its end-of-central-directory record alone). The
 * mocks have no player to put in it; real packages come from the API (api/src/packaging).
 */
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

/** Every other admin endpoint of core's `adminEndpoints` table. */
const table: Record<Exclude<AdminEndpointName, ServedApart>, Handle> = {
  adminStats: ({ admin }) => admin.system.stats(),
  adminUsers: ({ admin, query }) => admin.users.list(query),
  adminCreateUser: ({ admin, actor, body }) => admin.users.create(actor, body as never),
  adminUser: ({ admin, params }) => admin.users.get(String(params.userId)),
  adminUpdateUser: ({ admin, actor, params, body }) => admin.users.update(actor, String(params.userId), body),
  adminDeleteUser: ({ admin, actor, params }) => admin.users.delete(actor, String(params.userId)),
  adminPasswordReset: ({ admin, actor, params }) =>
    admin.users.sendPasswordReset(actor, String(params.userId)),
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
  adminUpdateSettings: ({ admin, actor, body }) => admin.system.updateSettings(actor, body),
  adminSettingsDebug: ({ admin }) => admin.system.settingsDebug(),
  adminDiagnostics: ({ admin }) => admin.system.diagnostics(),
  adminSetAllDiagnostics: ({ admin, actor, body }) =>
    admin.system.setAllDiagnostics(actor, body.diagnostic_enabled === true),
  adminDiagnosticsExport: ({ admin }) => admin.system.exportDiagnostics(),
  adminUpdateDiagnostics: ({ admin, actor, params, body }) =>
    admin.system.updateDiagnostics(actor, num(params.moduleId), body),
  adminLoadAllContent: ({ admin, actor }) => admin.system.loadAll(actor),
  // Any number but 1 to 5 answers the spec's 'Module N not found content not available', as the
  // memory adapter does (the reference API refuses those with a 400 before looking).
  adminLoadModuleContent: ({ admin, actor, params }) => admin.system.loadModule(actor, num(params.moduleId)),
  adminRefreshImages: ({ admin, actor }) => admin.system.refreshImages(actor),
  adminImages: ({ admin }) => admin.images.list(),
  adminAnalyzeImages: ({ admin, actor }) => admin.images.startJob(actor, 'image-analysis'),
  adminValidateImages: ({ admin, actor }) => admin.images.startJob(actor, 'image-validation'),
  adminCorrectImages: ({ admin, actor }) => admin.images.startJob(actor, 'image-correction'),
  adminJob: ({ admin, params }) => admin.images.pollJob(String(params.jobId)),
  adminTracking: ({ admin }) => admin.tracking.overview(),
  adminTrackingCleanup: ({ admin, actor }) => admin.tracking.cleanup(actor),
  adminTrackingMigrate: ({ admin, actor, params }) => admin.tracking.migrate(actor, String(params.userId)),
  adminCleanupLog: ({ admin }) => admin.tracking.cleanupLog(),
  adminAuditActions: ({ admin, query }) => admin.tracking.actions(query),
  adminAuditSecurityEvents: ({ admin, query }) => admin.tracking.securityEvents(query),
  adminAnalyticsReport: ({ admin }) => memoryAnalyticsReport(admin.state.store),
};

const fail = (error: CourseError) => HttpResponse.json(error.toJSON(), { status: HTTP_STATUS[error.code] });
const tokenOf = (request: Request) =>
  request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? null;

/**
 * MSW handlers for the reference API's admin surface (core's `adminEndpoints`), on a memory store's
 * admin side: the same paths, query strings, bodies, answers and `{ error }` failures, the admin
 * check on every request, image jobs that move one step per poll, and the diagnostics SSE stream.
 */
export function createAdminHandlers(store: MemoryStore, base: string) {
  const admin = adminStore(store);

  // The stream first, so `/admin/diagnostics/stream` is never read as a module id.
  const stream = http.get(`${base}${adminEndpoints.adminDiagnosticsStream.path}`, async ({ request }) => {
    try {
      admin.authorize(tokenOf(request));
    } catch (error) {
      if (error instanceof CourseError) return fail(error);
      throw error;
    }
    const encoder = new TextEncoder();
    let stop = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (settings: unknown) =>
          controller.enqueue(encoder.encode(`event: diagnostics\ndata: ${JSON.stringify(settings)}\n\n`));
        send(admin.system.diagnostics());
        stop = admin.system.subscribeDiagnostics(send);
      },
      cancel() {
        stop();
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  });

  // The progress export: CSV text as an attachment named for today, as the reference API sends it.
  const csv = http.get(`${base}${adminEndpoints.adminAnalyticsProgressCsv.path}`, async ({ request }) => {
    try {
      admin.authorize(tokenOf(request));
    } catch (error) {
      if (error instanceof CourseError) return fail(error);
      throw error;
    }
    return new HttpResponse(memoryProgressCsv(store), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${progressCsvFileName(new Date())}"`,
      },
    });
  });

  const zip = http.get(`${base}${adminEndpoints.adminExportPackage.path}`, async ({ request }) => {
    try {
      admin.authorize(tokenOf(request));
      const parsed = adminEndpoints.adminExportPackage.query.safeParse(
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (!parsed.success) throw new CourseError('validation_error', messages.authInvalidRequest);
      return new HttpResponse(EMPTY_ZIP, {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="course-${parsed.data.format}.zip"`,
        },
      });
    } catch (error) {
      if (error instanceof CourseError) return fail(error);
      throw error;
    }
  });

  const handlers = Object.entries(table).map(([name, handle]) => {
    const endpoint: AdminEndpoint = adminEndpoints[name as AdminEndpointName];
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    return http[method](`${base}${endpoint.path}`, async ({ request, params }) => {
      const ms = (store.options.latencyMs ?? 0) + (admin.state.scenario.latencyMs ?? 0);
      if (ms > 0) await delay(ms);
      try {
        const actor = admin.authorize(tokenOf(request), { write: endpoint.method !== 'GET' });
        const query = Object.fromEntries(new URL(request.url).searchParams);
        if (endpoint.query && !endpoint.query.safeParse(query).success) {
          throw new CourseError('validation_error', messages.authInvalidRequest);
        }
        let body: Record<string, unknown> = {};
        if (endpoint.body) {
          const raw = await request.json().catch(() => undefined);
          const parsed = endpoint.body.safeParse(raw ?? {});
          if (!parsed.success) throw new CourseError('validation_error', messages.authInvalidRequest);
          body = parsed.data as Record<string, unknown>;
        }
        const answer = handle({ params: params as Record<string, string>, query, body, actor, admin });
        if (!endpoint.answer) return new HttpResponse(null, { status: 204 });
        return HttpResponse.json(answer as never, { status: endpoint.status ?? 200 });
      } catch (error) {
        if (error instanceof CourseError) return fail(error);
        throw error;
      }
    });
  });

  return [stream, csv, zip, ...handlers];
}
