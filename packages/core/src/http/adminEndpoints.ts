import * as z from 'zod/mini';
import { adminMessages, pageRangeMessage } from '../adminMessages';
import type { CourseErrorCode } from '../errors';
import {
  LtiKeyRotationSchema,
  LtiRegistrationBodySchema,
  LtiRegistrationLinkBodySchema,
  LtiRegistrationLinkSchema,
  LtiRegistrationSchema,
  LtiRegistrationUpdateBodySchema,
  LtiScoreDeliveriesSchema,
  LtiScoreDeliveryQuerySchema,
} from '../lti/registration';
import { MAX_PAGE, MAX_PAGE_SIZE } from '../rules/paging';
import {
  AdminActionLogSchema,
  AdminUserViewSchema,
  ContentLoadResultSchema,
  DiagnosticLevelSchema,
  DiagnosticSettingsSchema,
  DiagnosticsExportSchema,
  JobStatusSchema,
  ProgressCleanupLogSchema,
  pageSchema,
  SecurityEventSchema,
  SecurityEventTypeSchema,
  SelectableProfileSchema,
  StoredImageSchema,
  SystemStatsSchema,
  TrackingCleanupResultSchema,
  TrackingMigrateResultSchema,
  TrackingOverviewSchema,
  UserProgressViewSchema,
} from '../schemas/admin';
import { AnalyticsReportSchema } from '../schemas/analytics';
import { PackageFormatSchema } from '../schemas/courseBundle';
import {
  CompletedAttemptSchema,
  RoleSchema,
  SystemMessageTypeSchema,
  SystemSettingsSchema,
} from '../schemas/entities';
import {
  CourseChangesSchema,
  CourseDraftSchema,
  CourseVersionSchema,
  CreateCourseBodySchema,
  DraftChangesSchema,
  DraftDeleteQuerySchema,
  DraftFileSchema,
  DraftSaveBodySchema,
  PublishBodySchema,
  PublishResultSchema,
  StudioCourseSchema,
} from '../schemas/studio';
import { textInput } from '../schemas/text';
import { validateEmail } from '../validation/email';
import { ProfileUpdateBodySchema, RolesAnswerSchema } from './endpoints';
import { organisationEndpoints } from './organisationEndpoints';

// The administrator's wire protocol (admin.md §7), the same shape as `endpoints`: every path sits
// under `/admin`, every call needs a signed-in admin (401 with 'Session validation failed. Please
// sign in again.' without a valid session, 403 with 'Insufficient permissions to access this
// resource.' without the admin role). Long image jobs answer a JobStatus (202) and are polled with
// `adminJob` until their state is 'done' or 'error'. Query strings are listed in `query`.

/**
 * A page number or size: the query string's text coerced to a whole number from 1 to `max`
 * (the memory adapter passes numbers, which pass as they are).
 */
const pageNumber = (max: number) => {
  const error = pageRangeMessage(max);
  return z.optional(z.coerce.number().check(z.int({ error }), z.gte(1, { error }), z.lte(max, { error })));
};

export const UserListQuerySchema = z.strictObject({
  search: z.optional(textInput()),
  sort: z.optional(z.enum(['asc', 'desc'])),
  page: pageNumber(MAX_PAGE),
  pageSize: pageNumber(MAX_PAGE_SIZE),
});
export const PageQuerySchema = z.strictObject({
  page: pageNumber(MAX_PAGE),
  pageSize: pageNumber(MAX_PAGE_SIZE),
});
/** The security log: a page, of one kind of event when `event_type` is given. */
export const SecurityEventQuerySchema = z.strictObject({
  page: pageNumber(MAX_PAGE),
  pageSize: pageNumber(MAX_PAGE_SIZE),
  event_type: z.optional(SecurityEventTypeSchema),
});

export const CreateUserBodySchema = z.strictObject({
  email: textInput(),
  password: textInput(),
  displayName: textInput(),
  avatarUrl: z.optional(z.nullable(textInput())),
  /** Off: the account's e-mail counts as confirmed and no e-mail is sent. */
  sendInvite: z.optional(z.boolean()),
  roles: z.optional(z.array(RoleSchema)),
});
/** Why a credential is revoked, kept with it and in the action log. */
export const RevokeBodySchema = z.strictObject({ reason: textInput() });
export const RevokedAnswerSchema = z.object({ code: z.string(), revoked_at: z.string(), reason: z.string() });
export const RoleBodySchema = z.strictObject({ role: RoleSchema });
/** The platform's words as an admin edits them: each non-blank, the year a plausible one. */
export const PlatformTextsPatchSchema = z.strictObject({
  site_name: z.optional(
    textInput().check(z.trim(), z.minLength(1, adminMessages.platformSiteNameRequired), z.maxLength(80)),
  ),
  owner: z.optional(
    textInput().check(z.trim(), z.minLength(1, adminMessages.platformOwnerRequired), z.maxLength(120)),
  ),
  copyright_year: z.optional(
    z
      .number({ error: adminMessages.platformYearInvalid })
      .check(
        z.int(adminMessages.platformYearInvalid),
        z.gte(1970, adminMessages.platformYearInvalid),
        z.lte(9999, adminMessages.platformYearInvalid),
      )
      .register(z.globalRegistry, { examples: [2025] }),
  ),
  support_email: z.optional(
    textInput()
      .check(z.refine((v) => validateEmail(v).ok, adminMessages.platformSupportEmailInvalid))
      .register(z.globalRegistry, { examples: ['help@example.com'] }),
  ),
  about: z.optional(textInput().check(z.maxLength(5000))),
});

export const AdminSettingsBodySchema = z.strictObject({
  maintenance_mode: z.optional(z.boolean()),
  system_message: z.optional(z.nullable(textInput())),
  system_message_type: z.optional(SystemMessageTypeSchema),
  /** Any of the platform's words; the others stay as they are. */
  platform: z.optional(PlatformTextsPatchSchema),
});
export const DiagnosticsUpdateBodySchema = z.strictObject({
  diagnostic_enabled: z.optional(z.boolean()),
  diagnostic_level: z.optional(DiagnosticLevelSchema),
  show_performance_metrics: z.optional(z.boolean()),
  auto_refresh_enabled: z.optional(z.boolean()),
  show_progress_details: z.optional(z.boolean()),
  show_lesson_versions: z.optional(z.boolean()),
});
/** Which package: its format, and the course (by slug; the platform's one course when absent). */
export const PackageQuerySchema = z.strictObject({
  format: PackageFormatSchema,
  course: z.optional(textInput().check(z.minLength(1), z.maxLength(200))),
});
export const DiagnosticsSetAllBodySchema = z.strictObject({ diagnostic_enabled: z.boolean() });

/** A course as the console lists it: every status, with its size and how many learners it has. */
export const AdminCourseSchema = z.object({
  slug: z.string(),
  title: z.string(),
  status: z.enum(['draft', 'published', 'archived']),
  is_default: z.boolean(),
  modules: z.number(),
  lessons: z.number(),
  /** Learners with any progress or attempt in it. */
  learners: z.number(),
});
export type AdminCourse = z.infer<typeof AdminCourseSchema>;
/** Publish, archive or draft a course, or make it the default (the unscoped routes' course). */
export const AdminCourseUpdateBodySchema = z.strictObject({
  status: z.optional(z.enum(['draft', 'published', 'archived'])),
  is_default: z.optional(z.literal(true)),
});
/** What importing a course zip did: the course as it now is, and the content pipeline's counts. */
export const CourseImportResultSchema = z.object({
  course: AdminCourseSchema,
  created: z.boolean(),
  summary: z.object({
    modules: z.number(),
    inserted: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    deactivated: z.number(),
    questions: z.number(),
    images: z.number(),
  }),
  /** Sections of the zip's modules too short to be lessons, and a course with no lesson at all. */
  notes: z.optional(z.array(z.string())),
});
export type CourseImportResult = z.infer<typeof CourseImportResultSchema>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface AdminEndpoint {
  method: Method;
  path: string;
  auth: 'admin';
  /** The query string's schema (values arrive as strings; numbers are coerced). */
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** The answer's schema; absent for 204 No Content and for streams. */
  answer?: z.ZodMiniType;
  /** The success status when not 200/204 (201 created, 202 job started). */
  status?: 201 | 202;
  /**
   * A file of this media type instead of JSON (the progress CSV, an LMS package zip), sent as an
   * attachment; `answer` is then absent. 'application/octet-stream': a file of its own type (a
   * studio draft's image), as stored.
   */
  produces?: 'text/csv' | 'application/zip' | 'application/octet-stream';
  /** The request body is a file of this media type instead of JSON (a course zip to import). */
  consumes?: 'application/zip';
  /**
   * A JSON body may be this many bytes, more than the API's default (BODY_LIMIT), and is read only
   * after the guard let the caller in (a studio image in base64).
   */
  bodyLimit?: number;
  /**
   * 'course': about one course; it answers at its path for the default course and at
   * `/courses/:course` + its path for any course by slug (core's `coursePath`).
   */
  scope?: 'course';
  /**
   * true: moderators may call it too (the studio's author role: write drafts, preview, compare). Every
   * other admin endpoint, publishing and restoring included, is for admins only.
   */
  authors?: true;
  /**
   * What this endpoint can fail with besides what its entry implies: the OpenAPI document adds 401
   * for a signed-in call (and 403 for an admin one), 400 for a query, path parameter or body, 413 and
   * 415 for a POST, PUT or PATCH, and 500 and 503 for every call (api/src/http/openapi.ts).
   */
  errors?: readonly CourseErrorCode[];
  summary: string;
}

const a = <const T extends AdminEndpoint>(endpoint: T): T => endpoint;

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

  adminUsers: a({
    method: 'GET',
    path: '/admin/users',
    auth: 'admin',
    query: UserListQuerySchema,
    answer: pageSchema(AdminUserViewSchema),
    summary: 'A page of users with e-mail, sign-in, confirmation and roles; search and sort by last name',
  }),
  adminCreateUser: a({
    method: 'POST',
    path: '/admin/users',
    auth: 'admin',
    body: CreateUserBodySchema,
    answer: AdminUserViewSchema,
    status: 201,
    errors: ['weak_password', 'user_already_registered'],
    summary: 'Create a user (send invite on by default, role user by default)',
  }),
  adminUser: a({
    method: 'GET',
    path: '/admin/users/:userId',
    auth: 'admin',
    answer: AdminUserViewSchema,
    errors: ['not_found'],
    summary: 'One user',
  }),
  adminUpdateUser: a({
    method: 'PATCH',
    path: '/admin/users/:userId',
    auth: 'admin',
    body: ProfileUpdateBodySchema,
    answer: AdminUserViewSchema,
    errors: ['not_found'],
    summary: 'Edit display name / avatar (trimmed, blank → null)',
  }),
  adminDeleteUser: a({
    method: 'DELETE',
    path: '/admin/users/:userId',
    auth: 'admin',
    errors: ['not_found'],
    summary: 'Delete progress, attempts, roles, profile and account in one transaction (204)',
  }),
  adminPasswordReset: a({
    method: 'POST',
    path: '/admin/users/:userId/password-reset',
    auth: 'admin',
    errors: ['not_found'],
    summary: 'Send a password-reset e-mail (204; 400 “User email not available”)',
  }),
  adminRevokeCredential: a({
    method: 'POST',
    path: '/admin/certificates/:code/revoke',
    auth: 'admin',
    body: RevokeBodySchema,
    answer: RevokedAnswerSchema,
    errors: ['not_found'],
    summary:
      'Revoke a certificate’s Open Badges credential, with a reason: its status-list bit is set and the action logged',
  }),
  adminAssignRole: a({
    method: 'POST',
    path: '/admin/users/:userId/roles',
    auth: 'admin',
    body: RoleBodySchema,
    answer: RolesAnswerSchema,
    errors: ['not_found'],
    summary: 'Add a role; answers the user’s roles',
  }),
  adminRemoveRole: a({
    method: 'DELETE',
    path: '/admin/users/:userId/roles/:role',
    auth: 'admin',
    answer: RolesAnswerSchema,
    errors: ['not_found'],
    summary: 'Remove a role; answers the user’s roles',
  }),
  adminSelectableProfiles: a({
    method: 'GET',
    path: '/admin/profiles',
    auth: 'admin',
    answer: z.array(SelectableProfileSchema),
    summary: 'Profiles for the user-progress selector, newest first',
  }),

  adminUserProgress: a({
    scope: 'course',
    method: 'GET',
    path: '/admin/users/:userId/progress',
    auth: 'admin',
    answer: UserProgressViewSchema,
    errors: ['not_found'],
    summary: 'A learner’s progress summary, quiz summaries and pre-assessment result',
  }),
  adminQuizAttempts: a({
    scope: 'course',
    method: 'GET',
    path: '/admin/users/:userId/quizzes/:quizId/attempts',
    auth: 'admin',
    answer: z.array(CompletedAttemptSchema),
    errors: ['not_found'],
    summary: 'All of a learner’s attempts of one quiz, newest first',
  }),
  adminResetProgress: a({
    scope: 'course',
    method: 'DELETE',
    path: '/admin/users/:userId/progress',
    auth: 'admin',
    errors: ['not_found'],
    summary: 'Reset all of a learner’s progress and quiz attempts (204)',
  }),
  adminResetModule: a({
    scope: 'course',
    method: 'DELETE',
    path: '/admin/users/:userId/progress/modules/:moduleId',
    auth: 'admin',
    errors: ['not_found'],
    summary: 'Reset one module’s progress (204)',
  }),
  adminResetQuiz: a({
    scope: 'course',
    method: 'DELETE',
    path: '/admin/users/:userId/quizzes/:quizId/attempts',
    auth: 'admin',
    errors: ['not_found'],
    summary: 'Delete a learner’s attempts of one quiz (204)',
  }),
  adminResetPreAssessment: a({
    scope: 'course',
    method: 'DELETE',
    path: '/admin/users/:userId/pre-assessment',
    auth: 'admin',
    errors: ['not_found'],
    summary: 'Delete a learner’s pre-assessment attempts (204)',
  }),

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

  // The course studio: authors (moderators and admins) write a course's draft file by
  // file; only admins publish it as the course's next version or restore an earlier one.
  studioCourses: a({
    method: 'GET',
    path: '/admin/studio/courses',
    auth: 'admin',
    authors: true,
    answer: z.array(StudioCourseSchema),
    summary: 'Every course with its latest published version and whether its draft has unpublished changes',
  }),
  studioCreateCourse: a({
    method: 'POST',
    path: '/admin/studio/courses',
    auth: 'admin',
    authors: true,
    body: CreateCourseBodySchema,
    answer: StudioCourseSchema,
    status: 201,
    errors: ['conflict', 'not_found'],
    summary:
      'Create a course as a draft: empty, or a copy of another course’s draft (409: the slug is taken)',
  }),
  studioDeleteCourse: a({
    method: 'DELETE',
    path: '/admin/studio/courses/:course',
    auth: 'admin',
    errors: ['not_found', 'conflict'],
    summary:
      'Delete a course no learner has records in (409 for one with learners: archive it instead; 409 for the default course)',
  }),
  studioDraft: a({
    method: 'GET',
    path: '/admin/studio/courses/:course/draft',
    auth: 'admin',
    authors: true,
    answer: CourseDraftSchema,
    errors: ['not_found'],
    summary: 'The course’s draft: every file with its revision, the text files’ text',
  }),
  studioDraftFile: a({
    method: 'GET',
    path: '/admin/studio/courses/:course/draft/files/:path',
    auth: 'admin',
    authors: true,
    produces: 'application/octet-stream',
    errors: ['not_found'],
    summary: 'One file of the draft as it is stored (an image for the preview); the path URL-encoded',
  }),
  studioSaveFile: a({
    method: 'PUT',
    path: '/admin/studio/courses/:course/draft/files/:path',
    auth: 'admin',
    authors: true,
    body: DraftSaveBodySchema,
    // An image of up to 5 MiB, in base64.
    bodyLimit: 8 * 1024 * 1024,
    answer: DraftFileSchema,
    errors: ['not_found', 'conflict', 'invalid_request'],
    summary:
      'Save one file of the draft on the revision it was made on (409 with the other author named when they saved since; 400 naming the problem, nothing saved)',
  }),
  studioDeleteFile: a({
    method: 'DELETE',
    path: '/admin/studio/courses/:course/draft/files/:path',
    auth: 'admin',
    authors: true,
    query: DraftDeleteQuerySchema,
    errors: ['not_found', 'conflict', 'invalid_request'],
    summary: 'Remove a module, quiz or image file from the draft (course.json stays)',
  }),
  studioChanges: a({
    method: 'GET',
    path: '/admin/studio/courses/:course/changes',
    auth: 'admin',
    authors: true,
    answer: DraftChangesSchema,
    errors: ['not_found'],
    summary:
      'What the draft changes since the latest version: course facts, modules, lessons with a text diff, questions, images',
  }),
  studioPublish: a({
    method: 'POST',
    path: '/admin/studio/courses/:course/publish',
    auth: 'admin',
    body: PublishBodySchema,
    answer: PublishResultSchema,
    status: 201,
    errors: ['not_found', 'conflict', 'invalid_request'],
    summary:
      'Publish the reviewed draft as the next version: learners’ progress follows lessons by key (409 when the draft changed since review)',
  }),
  studioVersions: a({
    method: 'GET',
    path: '/admin/studio/courses/:course/versions',
    auth: 'admin',
    authors: true,
    answer: z.array(CourseVersionSchema),
    errors: ['not_found'],
    summary: 'The course’s published versions, newest first, with who published each and when',
  }),
  studioCompare: a({
    method: 'GET',
    path: '/admin/studio/courses/:course/versions/:from/compare/:to',
    auth: 'admin',
    authors: true,
    answer: CourseChangesSchema,
    errors: ['not_found'],
    summary: 'What changed from one version to another (either order)',
  }),
  studioRestore: a({
    method: 'POST',
    path: '/admin/studio/courses/:course/versions/:version/restore',
    auth: 'admin',
    answer: PublishResultSchema,
    status: 201,
    errors: ['not_found', 'conflict'],
    summary: 'Publish an earlier version again as the next version; the draft becomes it',
  }),
  // LTI 1.3: the platforms (LMSs) that launch courses in this tool, and the tool's signing keys.
  adminLtiRegistrations: a({
    method: 'GET',
    path: '/admin/lti/registrations',
    auth: 'admin',
    answer: z.array(LtiRegistrationSchema),
    summary: 'Every registered LTI platform with its deployments',
  }),
  adminLtiCreateRegistration: a({
    method: 'POST',
    path: '/admin/lti/registrations',
    auth: 'admin',
    body: LtiRegistrationBodySchema,
    answer: LtiRegistrationSchema,
    status: 201,
    errors: ['conflict'],
    summary:
      'Register an LTI platform: issuer, client id, login, token and JWKS URLs, deployments (409: issuer and client id taken)',
  }),
  adminLtiUpdateRegistration: a({
    method: 'PATCH',
    path: '/admin/lti/registrations/:registrationId',
    auth: 'admin',
    body: LtiRegistrationUpdateBodySchema,
    answer: LtiRegistrationSchema,
    errors: ['not_found', 'conflict'],
    summary: 'Change a registration; `deployments`, when given, replaces the list',
  }),
  adminLtiDeleteRegistration: a({
    method: 'DELETE',
    path: '/admin/lti/registrations/:registrationId',
    auth: 'admin',
    errors: ['not_found'],
    summary: 'Remove a registration: its platform can no longer launch',
  }),
  adminLtiScoreDeliveries: a({
    method: 'GET',
    path: '/admin/lti/registrations/:registrationId/scores',
    auth: 'admin',
    query: LtiScoreDeliveryQuerySchema,
    answer: LtiScoreDeliveriesSchema,
    errors: ['not_found'],
    summary:
      'The registration’s last 100 score deliveries (AGS), newest first: pending, sent, failed with the platform’s words, or superseded',
  }),
  adminLtiRegistrationLink: a({
    method: 'POST',
    path: '/admin/lti/registration-links',
    auth: 'admin',
    body: LtiRegistrationLinkBodySchema,
    answer: LtiRegistrationLinkSchema,
    status: 201,
    summary:
      'A single-use LTI Dynamic Registration link (valid 24 hours) for a platform’s admin to paste into the LMS; the platform it registers belongs to the organisation given',
  }),
  adminLtiRotateKey: a({
    method: 'POST',
    path: '/admin/lti/keys/rotate',
    auth: 'admin',
    answer: LtiKeyRotationSchema,
    status: 201,
    summary: 'Make a new signing key current; the one it replaces stays in /lti/jwks until the next rotation',
  }),

  ...organisationEndpoints,
} as const satisfies Record<string, AdminEndpoint>;

export type AdminEndpointName = keyof typeof adminEndpoints;
