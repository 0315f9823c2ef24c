import * as z from 'zod/mini';
import {
  AdminActionLogSchema,
  ContentLoadResultSchema,
  DiagnosticSettingsSchema,
  DiagnosticsExportSchema,
  JobStatusSchema,
  ProgressCleanupLogSchema,
  pageSchema,
  SecurityEventSchema,
  StoredImageSchema,
  SystemStatsSchema,
  TrackingCleanupResultSchema,
  TrackingMigrateResultSchema,
  TrackingOverviewSchema,
} from '../schemas/admin';
import { AnalyticsReportSchema } from '../schemas/analytics';
import { SystemSettingsSchema } from '../schemas/entities';
import { type AdminEndpoint, adminEndpoint as a } from './adminEndpoint';
import { adminLtiEndpoints } from './adminLtiEndpoints';
import {
  AdminCourseSchema,
  AdminCourseUpdateBodySchema,
  AdminSettingsBodySchema,
  CourseImportResultSchema,
  DiagnosticsSetAllBodySchema,
  DiagnosticsUpdateBodySchema,
  PackageQuerySchema,
  PageQuerySchema,
  SecurityEventQuerySchema,
} from './adminSchemas';
import { adminStudioEndpoints } from './adminStudioEndpoints';
import { adminUserEndpoints } from './adminUserEndpoints';
import { organisationEndpoints } from './organisationEndpoints';

// The administrator's wire protocol (admin.md §7), the same shape as `endpoints`: every path sits
// under `/admin`, every call needs a signed-in admin (401 with 'Session validation failed. Please
// sign in again.' without a valid session, 403 with 'Insufficient permissions to access this
// resource.' without the admin role). Long image jobs answer a JobStatus (202) and are polled with
// `adminJob` until their state is 'done' or 'error'. Query strings are listed in `query`.

export const adminEndpoints = {
  adminStats: a({
    scope: 'course',
    method: 'GET',
    path: '/admin/stats',
    auth: 'admin',
    answer: SystemStatsSchema,
    summary: 'Counts for the summary cards: the platform’s users, the course’s modules, lessons, quizzes',
  }),

  adminCourses: a({
    method: 'GET',
    path: '/admin/courses',
    auth: 'admin',
    answer: z.array(AdminCourseSchema),
    summary: 'Every course, the default first, with its status, size and number of learners',
  }),
  adminUpdateCourse: a({
    method: 'PATCH',
    path: '/admin/courses/:course',
    auth: 'admin',
    body: AdminCourseUpdateBodySchema,
    answer: AdminCourseSchema,
    errors: ['not_found', 'conflict'],
    summary:
      'Publish, archive or draft a course, or make it the default (409: the default course must stay published)',
  }),
  adminExportCourse: a({
    method: 'GET',
    path: '/admin/courses/:course/export',
    auth: 'admin',
    produces: 'application/zip',
    errors: ['not_found'],
    summary: 'The course’s folder (course.json, modules, quizzes, images) as a zip attachment',
  }),
  adminImportCourse: a({
    method: 'POST',
    path: '/admin/courses/import',
    auth: 'admin',
    consumes: 'application/zip',
    answer: CourseImportResultSchema,
    errors: ['invalid_request'],
    summary:
      'Create or update a course (by the slug in its course.json) from a zip of its folder; a bad zip is refused naming the file, and nothing changes',
  }),

  ...adminUserEndpoints,
  adminUpdateSettings: a({
    method: 'PATCH',
    path: '/admin/settings',
    auth: 'admin',
    body: AdminSettingsBodySchema,
    answer: SystemSettingsSchema,
    summary: 'Maintenance mode and system message; every learner stream hears the change',
  }),
  adminSettingsDebug: a({
    method: 'GET',
    path: '/admin/settings/debug',
    auth: 'admin',
    answer: z.record(z.string(), z.unknown()),
    summary: 'What the server reads for settings, with timings',
  }),

  adminDiagnostics: a({
    method: 'GET',
    path: '/admin/diagnostics',
    auth: 'admin',
    answer: z.array(DiagnosticSettingsSchema),
    summary: 'Diagnostic settings of every module, by module_id',
  }),
  adminSetAllDiagnostics: a({
    method: 'PUT',
    path: '/admin/diagnostics',
    auth: 'admin',
    body: DiagnosticsSetAllBodySchema,
    answer: z.array(DiagnosticSettingsSchema),
    summary: 'Enable All / Disable All',
  }),
  adminDiagnosticsExport: a({
    method: 'GET',
    path: '/admin/diagnostics/export',
    auth: 'admin',
    answer: DiagnosticsExportSchema,
    summary: 'The settings as a JSON file diagnostic-settings-{timestamp}.json',
  }),
  adminDiagnosticsStream: a({
    method: 'GET',
    path: '/admin/diagnostics/stream',
    auth: 'admin',
    summary: 'Server-Sent Events: a `diagnostics` event with every module’s settings on connect and change',
  }),
  adminUpdateDiagnostics: a({
    method: 'PATCH',
    path: '/admin/diagnostics/:moduleId',
    auth: 'admin',
    body: DiagnosticsUpdateBodySchema,
    answer: DiagnosticSettingsSchema,
    errors: ['not_found'],
    summary: 'Change one module’s diagnostic settings',
  }),

  adminLoadAllContent: a({
    scope: 'course',
    method: 'POST',
    path: '/admin/content/load',
    auth: 'admin',
    answer: ContentLoadResultSchema,
    summary: 'Load every module’s content: lessons keyed, hashed, versioned; missing ones deactivated',
  }),
  adminLoadModuleContent: a({
    scope: 'course',
    method: 'POST',
    path: '/admin/content/modules/:moduleId/load',
    auth: 'admin',
    answer: ContentLoadResultSchema,
    summary: 'Load one module (1 to 5)',
  }),
  adminRefreshImages: a({
    method: 'POST',
    path: '/admin/content/images/refresh',
    auth: 'admin',
    answer: ContentLoadResultSchema,
    summary: 'Copy the course images into the image-assets bucket',
  }),

  adminExportPackage: a({
    method: 'GET',
    path: '/admin/content/package',
    auth: 'admin',
    query: PackageQuerySchema,
    produces: 'application/zip',
    summary: 'The course as an LMS package: SCORM 1.2, SCORM 2004 4th edition or cmi5 (a zip attachment)',
  }),

  adminImages: a({
    method: 'GET',
    path: '/admin/images',
    auth: 'admin',
    answer: z.array(StoredImageSchema),
    summary: 'The image-assets listing (limit 1000, by name)',
  }),
  adminAnalyzeImages: a({
    scope: 'course',
    method: 'POST',
    path: '/admin/images/analysis',
    auth: 'admin',
    answer: JobStatusSchema,
    status: 202,
    errors: ['rate_limited'],
    summary: 'Start the image-link analysis (progress 25/50/75/100)',
  }),
  adminValidateImages: a({
    scope: 'course',
    method: 'POST',
    path: '/admin/images/validation',
    auth: 'admin',
    answer: JobStatusSchema,
    status: 202,
    errors: ['rate_limited'],
    summary: 'Start the image-URL validation (progress 20, then per batch to 100)',
  }),
  adminCorrectImages: a({
    scope: 'course',
    method: 'POST',
    path: '/admin/images/correction',
    auth: 'admin',
    answer: JobStatusSchema,
    status: 202,
    errors: ['rate_limited'],
    summary: 'Start the Enhanced Correction (progress 30/100)',
  }),
  adminJob: a({
    method: 'GET',
    path: '/admin/jobs/:jobId',
    auth: 'admin',
    answer: JobStatusSchema,
    errors: ['not_found'],
    summary: 'A job’s state and progress; its result once done',
  }),

  adminTracking: a({
    scope: 'course',
    method: 'GET',
    path: '/admin/tracking',
    auth: 'admin',
    answer: TrackingOverviewSchema,
    summary: 'Stable tracking overview per module',
  }),
  adminTrackingCleanup: a({
    method: 'POST',
    path: '/admin/tracking/cleanup',
    auth: 'admin',
    answer: TrackingCleanupResultSchema,
    summary: 'Delete progress whose lesson no longer exists (logged)',
  }),
  adminTrackingMigrate: a({
    method: 'POST',
    path: '/admin/tracking/migrate/:userId',
    auth: 'admin',
    answer: TrackingMigrateResultSchema,
    errors: ['not_found'],
    summary: 'Move a learner’s legacy records to stable lesson keys',
  }),
  adminCleanupLog: a({
    method: 'GET',
    path: '/admin/tracking/cleanup-log',
    auth: 'admin',
    answer: z.array(ProgressCleanupLogSchema),
    summary: 'The latest 50 cleanup log rows',
  }),

  adminAuditActions: a({
    method: 'GET',
    path: '/admin/audit/actions',
    auth: 'admin',
    query: PageQuerySchema,
    answer: pageSchema(AdminActionLogSchema),
    summary: 'The admin action log, newest first',
  }),
  adminAuditSecurityEvents: a({
    method: 'GET',
    path: '/admin/audit/security-events',
    auth: 'admin',
    query: SecurityEventQuerySchema,
    answer: pageSchema(SecurityEventSchema),
    summary: 'Security events, newest first, of one kind when event_type is given',
  }),

  adminAnalyticsReport: a({
    scope: 'course',
    method: 'GET',
    path: '/admin/analytics/report',
    auth: 'admin',
    answer: AnalyticsReportSchema,
    summary: 'Learners, completion funnel by module, pre-assessment vs final quiz, per-question difficulty',
  }),
  adminAnalyticsProgressCsv: a({
    scope: 'course',
    method: 'GET',
    path: '/admin/analytics/progress.csv',
    auth: 'admin',
    produces: 'text/csv',
    summary: 'Learner progress as CSV, one row per learner (attachment coursekit-progress-YYYY-MM-DD.csv)',
  }),

  ...adminStudioEndpoints,
  ...adminLtiEndpoints,
  ...organisationEndpoints,
} as const satisfies Record<string, AdminEndpoint>;

export type AdminEndpointName = keyof typeof adminEndpoints;
