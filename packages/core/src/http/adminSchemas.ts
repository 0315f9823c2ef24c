// The admin calls' query strings, bodies and answers that are not entities of their own.
import * as z from 'zod/mini';
import { adminMessages } from '../adminMessages';
import { MAX_PAGE, MAX_PAGE_SIZE } from '../rules/paging';
import { DiagnosticLevelSchema, SecurityEventTypeSchema } from '../schemas/admin';
import { PackageFormatSchema } from '../schemas/courseBundle';
import { RoleSchema, SystemMessageTypeSchema } from '../schemas/entities';
import { textInput } from '../schemas/text';
import { validateEmail } from '../validation/email';
import { pageNumber } from './adminEndpoint';

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
