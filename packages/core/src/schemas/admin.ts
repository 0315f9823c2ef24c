import * as z from 'zod/mini';
import { ORGANISATION_MANAGER_ACTIONS } from '../organisations/managerActions';
import { ProgressSummarySchema, QuizSummarySchema } from './derived';
import { ProfileSchema, QuizAttemptSchema, QuizSchema, RoleSchema } from './entities';

// The administrator's entities and derived shapes (admin §3).

const timestamp = z.string();

/** A page of a longer list; `total` counts every match, not just this page. */
export const pageSchema = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const AdminUserViewSchema = z.object({
  id: z.string(),
  display_name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  roles: z.array(RoleSchema),
  created_at: timestamp,
  updated_at: z.nullable(timestamp),
  last_sign_in_at: z.nullable(timestamp),
  email_confirmed_at: z.nullable(timestamp),
  avatar_url: z.nullable(z.string()),
});
export type AdminUserView = z.infer<typeof AdminUserViewSchema>;

export const SystemStatsSchema = z.object({
  totalUsers: z.number(),
  totalModules: z.number(),
  totalLessons: z.number(),
  totalQuizzes: z.number(),
});
export type SystemStats = z.infer<typeof SystemStatsSchema>;

export const OperationLogEntrySchema = z.object({
  type: z.enum(['Module Load', 'Image Refresh']),
  success: z.boolean(),
  message: z.string(),
  timestamp: timestamp,
});
export type OperationLogEntry = z.infer<typeof OperationLogEntrySchema>;

/** What every content operation answers (admin §7). */
export const ContentLoadResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  lessonsCreated: z.number(),
  lessonsUpdated: z.optional(z.number()),
  lessonsDeactivated: z.optional(z.number()),
});
export type ContentLoadResult = z.infer<typeof ContentLoadResultSchema>;

export const DiagnosticLevelSchema = z.enum(['basic', 'detailed', 'debug']);
export type DiagnosticLevel = z.infer<typeof DiagnosticLevelSchema>;

export const DiagnosticSettingsSchema = z.object({
  module_id: z.number(),
  diagnostic_enabled: z.boolean(),
  diagnostic_level: DiagnosticLevelSchema,
  show_performance_metrics: z.boolean(),
  auto_refresh_enabled: z.boolean(),
  show_progress_details: z.boolean(),
  show_lesson_versions: z.boolean(),
  updated_at: timestamp,
});
export type DiagnosticSettings = z.infer<typeof DiagnosticSettingsSchema>;

export const ProgressCleanupLogSchema = z.object({
  id: z.number(),
  cleanup_type: z.string(),
  reason: z.string(),
  records_affected: z.optional(z.number()),
  performed_at: timestamp,
});
export type ProgressCleanupLog = z.infer<typeof ProgressCleanupLogSchema>;

// Every action the API writes to the admin action log: the console reads the log with this schema,
// and the API's logAction takes only these, so a new action is named here first.
export const AdminActionTypeSchema = z.enum([
  'role_assigned',
  'role_removed',
  'password_reset_initiated',
  'user_created',
  'user_updated',
  'user_deleted',
  'progress_reset',
  'module_progress_reset',
  'quiz_progress_reset',
  'pre_assessment_reset',
  'settings_updated',
  'diagnostics_updated',
  'content_loaded',
  'images_corrected',
  'progress_cleanup',
  'progress_migrated',
  // What the API logs for the course tools
  'course_updated',
  'course_exported',
  'course_imported',
  'course_package_exported',
  // A certificate's Open Badges credential revoked from the console
  'credential_revoked',
  // The course studio
  'studio_course_created',
  'studio_course_deleted',
  'studio_file_saved',
  'studio_file_removed',
  'studio_published',
  'studio_restored',
  // LTI platforms and the tool's key
  'lti_registration_created',
  'lti_registration_updated',
  'lti_registration_deleted',
  'lti_key_rotated',
  'lti_registration_link_created',
  // The admin's organisations
  'organisation_created',
  'organisation_updated',
  'organisation_suspended',
  'organisation_reactivated',
  'organisation_issuer_added',
  'organisation_issuer_removed',
  'organisation_identity_provider_added',
  'organisation_identity_provider_updated',
  'organisation_identity_provider_removed',
  'organisation_member_added',
  'organisation_member_updated',
  'organisation_member_removed',
  // A person accepting an organisation's invitation (logged as their own action)
  'organisation_invitation_accepted',
  // An organisation's managers (an admin acting in its console too)
  ...ORGANISATION_MANAGER_ACTIONS,
]);
export type AdminActionType = z.infer<typeof AdminActionTypeSchema>;

export const AdminActionLogSchema = z.object({
  id: z.number(),
  admin_user_id: z.string(),
  target_user_id: z.nullable(z.string()),
  action_type: AdminActionTypeSchema,
  action_details: z.record(z.string(), z.unknown()),
  user_agent: z.nullable(z.string()),
  created_at: timestamp,
});
export type AdminActionLog = z.infer<typeof AdminActionLogSchema>;

/** admin §6's reasons for refused admin access; the rest are learner-side security events. */
export const SecurityEventTypeSchema = z.enum([
  'invalid_session',
  'insufficient_role',
  'admin_access_denied',
  'validation_error',
  'sign_in_failed',
  'rate_limited',
  'refresh_token_reuse',
  'unauthorized_progress_write',
  'weak_password',
  'password_changed',
  'partner_token_refused',
  'mail_delivery_failed',
  'mail_delivery_abandoned',
]);
export type SecurityEventType = z.infer<typeof SecurityEventTypeSchema>;

export const SecurityEventSchema = z.object({
  id: z.number(),
  event_type: SecurityEventTypeSchema,
  user_id: z.nullable(z.string()),
  details: z.record(z.string(), z.unknown()),
  ip: z.nullable(z.string()),
  created_at: timestamp,
  /**
   * How many times it happened from that address for that reason within the hour from
   * `created_at`, for the kinds anyone can repeat at will (refusals, rate limits); absent: once.
   */
  count: z.optional(z.number()),
});
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;

/** The admin user-progress page's data for one learner. */
export const UserProgressViewSchema = z.object({
  userId: z.string(),
  summary: ProgressSummarySchema,
  quizzes: z.array(z.object({ quiz: QuizSchema, summary: QuizSummarySchema })),
  preAssessment: z.nullable(QuizAttemptSchema),
});
export type UserProgressView = z.infer<typeof UserProgressViewSchema>;

export const SelectableProfileSchema = z.pick(ProfileSchema, {
  user_id: true,
  display_name: true,
  created_at: true,
});
export type SelectableProfile = z.infer<typeof SelectableProfileSchema>;

export const UrlPatternSchema = z.object({
  pattern: z.string(),
  count: z.number(),
  issues: z.array(z.string()),
});
export const ImageAnalysisResultSchema = z.object({
  totalLessons: z.number(),
  lessonsWithImages: z.number(),
  problematicUrls: z.array(z.object({ lessonId: z.number(), url: z.string(), issues: z.array(z.string()) })),
  encodingIssues: z.number(),
  urlPatterns: z.array(UrlPatternSchema),
});
export type ImageAnalysisResult = z.infer<typeof ImageAnalysisResultSchema>;

export const ImageValidationResultSchema = z.object({
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  errors: z.array(z.object({ url: z.string(), status: z.nullable(z.number()), error: z.string() })),
  slow: z.optional(z.array(z.object({ url: z.string(), ms: z.number() }))),
  summary: z.object({ recommendations: z.array(z.string()) }),
});
export type ImageValidationResult = z.infer<typeof ImageValidationResultSchema>;

export const ImageCorrectionResultSchema = z.object({
  success: z.boolean(),
  corrected: z.number(),
  skipped: z.number(),
  failed: z.number(),
  summary: z.object({
    mappingCorrections: z.number(),
    totalUrls: z.number(),
    storageValidations: z.number(),
  }),
  details: z.array(
    z.object({
      lessonId: z.number(),
      title: z.string(),
      corrections: z.array(z.object({ method: z.string(), from: z.string(), to: z.string() })),
      warnings: z.array(z.string()),
      errors: z.array(z.string()),
    }),
  ),
});
export type ImageCorrectionResult = z.infer<typeof ImageCorrectionResultSchema>;

export const ImageLinkMappingSchema = z.object({
  incorrect: z.string(),
  correct: z.string(),
  moduleId: z.number(),
  confidence: z.number(),
  mappingType: z.enum(['exact', 'fuzzy', 'pattern']),
});
export type ImageLinkMapping = z.infer<typeof ImageLinkMappingSchema>;

/** A long-running admin job (image validation, correction): polled or streamed for progress. */
export const JobStatusSchema = z.object({
  id: z.string(),
  kind: z.enum(['image-analysis', 'image-validation', 'image-correction']),
  state: z.enum(['running', 'done', 'error']),
  /** 0–100, in the spec's steps (analysis 25/50/75/100, validation 20/100, correction 30/100). */
  progress: z.number(),
  result: z.optional(z.unknown()),
  error: z.optional(z.string()),
});
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** One file of the image-assets bucket (admin §7: the listing, limit 1000, sorted by name). */
export const StoredImageSchema = z.object({ name: z.string(), size: z.number(), updated_at: timestamp });
export type StoredImage = z.infer<typeof StoredImageSchema>;

/** The Stable Lesson Tracking Admin's overview (admin §2): records by tracking method, per module. */
export const TrackingOverviewSchema = z.object({
  totalRecords: z.number(),
  stableRecords: z.number(),
  legacyRecords: z.number(),
  orphanedRecords: z.number(),
  /** Rounded to one decimal; a missing version counts as 1 (admin §9). */
  averageLessonVersion: z.number(),
  modules: z.array(
    z.object({
      moduleId: z.number(),
      name: z.string(),
      activeLessons: z.number(),
      records: z.number(),
      stableRecords: z.number(),
    }),
  ),
});

export const TrackingCleanupResultSchema = z.object({ success: z.boolean(), cleaned_records: z.number() });
export const TrackingMigrateResultSchema = z.object({ success: z.boolean(), migrated_records: z.number() });

/** The diagnostics export: every module's settings and when they were exported. */
export const DiagnosticsExportSchema = z.object({
  exported_at: timestamp,
  settings: z.array(DiagnosticSettingsSchema),
});
export type DiagnosticsExport = z.infer<typeof DiagnosticsExportSchema>;
