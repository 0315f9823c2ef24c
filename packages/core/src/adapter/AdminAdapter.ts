import type * as z from 'zod/mini';
import type { AdminCourse, CourseImportResult, RevokedAnswerSchema } from '../http/adminSchemas';
import type {
  LtiKeyRotation,
  LtiRegistration,
  LtiRegistrationBody,
  LtiRegistrationLink,
  LtiRegistrationUpdateBody,
} from '../lti/registration';
import type { LtiToolUrls } from '../lti/toolUrls';
import type { AdminCourseChanges } from '../rules/courseStatus';
import type {
  AdminActionLog,
  AdminUserView,
  ContentLoadResult,
  DiagnosticSettings,
  DiagnosticsExport,
  ImageAnalysisResult,
  ImageCorrectionResult,
  ImageValidationResult,
  JobStatus,
  Page,
  ProgressCleanupLog,
  SecurityEvent,
  SecurityEventType,
  SelectableProfile,
  StoredImage,
  SystemStats,
  TrackingOverviewSchema,
  UserProgressView,
} from '../schemas/admin';
import type { AnalyticsReport } from '../schemas/analytics';
import type { PackageFormat } from '../schemas/courseBundle';
import type {
  CompletedAttempt,
  PlatformTexts,
  Role,
  SystemMessageType,
  SystemSettings,
} from '../schemas/entities';
import type {
  CreateOrganisationBody,
  Organisation,
  OrganisationIdentityProvider,
  OrganisationIdentityProviderInput,
  OrganisationIssuerInput,
  OrganisationMember,
  UpdateOrganisationBody,
} from '../schemas/organisations';
import type {
  CourseChanges,
  CourseDraft,
  CourseVersion,
  DraftChanges,
  DraftFile,
  PublishResult,
  StudioCourse,
} from '../schemas/studio';
import type { Unsubscribe } from './CourseAdapter';

/** Which users a page of the user list holds (admin §2 User Management). */
export interface UserListQuery {
  /** Case-insensitive substring of the name or e-mail. */
  search?: string;
  /** By the last word of the display name. */
  sort?: 'asc' | 'desc';
  /** 1-based page number; the first page when absent. */
  page?: number;
  /** Users per page; the server's default when absent. */
  pageSize?: number;
}

/** What the Create User dialog sends (admin §5). */
export interface CreateUserInput {
  /** The new account's e-mail, stored trimmed and in lower case. */
  email: string;
  /** Checked by the server against the sign-up password policy. */
  password: string;
  /** Shown wherever the user is named. */
  displayName: string;
  /** An image URL, or null for the initials. */
  avatarUrl?: string | null;
  /** On by default; off means the e-mail counts as confirmed. */
  sendInvite: boolean;
  /** The roles the account starts with. */
  roles: Role[];
}

/** User Management (admin §2/§5): the users, one at a time or a page at once. */
export interface AdminUsersAdapter {
  /** A page of users with e-mail, sign-in details and roles. */
  list(query?: UserListQuery): Promise<Page<AdminUserView>>;
  /** One user; fails with `not_found` for an unknown id. */
  get(userId: string): Promise<AdminUserView>;
  /** Creates an account with its profile and roles; the invite e-mail goes out unless `sendInvite` is off. */
  create(input: CreateUserInput): Promise<AdminUserView>;
  /** Trims; blank values are stored as null. */
  update(
    userId: string,
    input: { display_name?: string | null; avatar_url?: string | null },
  ): Promise<AdminUserView>;
  /** Removes progress, attempts, roles, profile and the account in one transaction. */
  delete(userId: string): Promise<void>;
  /** Sends a reset e-mail; fails with 'User email not available' when there is none. */
  sendPasswordReset(userId: string): Promise<void>;
  /** Profiles for the user-progress selector, newest first. */
  selectable(): Promise<SelectableProfile[]>;
}

/** The role badges and Make Admin / Make Moderator / Make User actions (admin §2). */
export interface AdminRolesAdapter {
  /** Grants a role (granting one the user has changes nothing); answers the user's roles after it. */
  assign(userId: string, role: Role): Promise<Role[]>;
  /** Takes a role away; answers the user's roles after it. */
  remove(userId: string, role: Role): Promise<Role[]>;
}

/** The admin user-progress page (admin §4): any learner's progress, and its resets. */
export interface AdminProgressAdapter {
  /** A learner's summary, quiz summaries and pre-assessment result. */
  get(userId: string): Promise<UserProgressView>;
  /** All of a learner's attempts of one quiz, newest first. */
  attempts(userId: string, quizId: number): Promise<CompletedAttempt[]>;
  /** Deletes all of a learner's lesson progress and quiz attempts. */
  reset(userId: string): Promise<void>;
  /** Deletes a learner's progress in one module. */
  resetModule(userId: string, moduleId: number): Promise<void>;
  /** Deletes a learner's attempts of one quiz. */
  resetQuiz(userId: string, quizId: number): Promise<void>;
  /** Deletes a learner's pre-assessment attempts, so it can be taken again. */
  resetPreAssessment(userId: string): Promise<void>;
}

/** The System Settings panels (admin §6): maintenance mode, the system message and the platform's words. */
export interface AdminSettingsAdapter {
  /**
   * Changes maintenance mode, the system message or its type; every learner's settings stream hears
   * it at once. Turning maintenance off also clears the message and resets its type to info.
   */
  update(input: {
    maintenance_mode?: boolean;
    system_message?: string | null;
    system_message_type?: SystemMessageType;
    /** Any of the platform's words (site name, owner, year, help mailbox, about text). */
    platform?: Partial<PlatformTexts>;
  }): Promise<SystemSettings>;
  /** The debug card's query: what the server reads for settings, with timings. */
  debug(): Promise<Record<string, unknown>>;
}

/** The per-module diagnostics panel (admin §6). */
export interface AdminDiagnosticsAdapter {
  /** Every module's diagnostic settings, by module id. */
  list(): Promise<DiagnosticSettings[]>;
  /** Changes one module's settings; answers them as stored. */
  update(
    moduleId: number,
    changes: Partial<Omit<DiagnosticSettings, 'module_id' | 'updated_at'>>,
  ): Promise<DiagnosticSettings>;
  /** Every module enabled or disabled at once. */
  setAll(enabled: boolean): Promise<DiagnosticSettings[]>;
  /** Calls `listener` with every module's settings on each change (SSE on the HTTP adapter). */
  subscribe(listener: (settings: DiagnosticSettings[]) => void): Unsubscribe;
  /** The JSON export (admin §9: a file named diagnostic-settings with a timestamp). */
  export?(): Promise<DiagnosticsExport>;
}

/** A file the server made for the admin to save (an LMS package, a course's folder). */
export interface AdminDownload {
  /** The name the server gave it, e.g. data-literacy-for-facility-managers-scorm12.zip. */
  fileName: string;
  data: Blob;
}

/** Content Management (admin §2/§5): loading the course's content and images. */
export interface AdminContentAdapter {
  /** Loads every module's lessons: keyed, hashed and versioned; lessons no longer in the content are deactivated. */
  loadAll(): Promise<ContentLoadResult>;
  /** Loads one module (1 to 5). */
  loadModule(moduleId: number): Promise<ContentLoadResult>;
  /** Copies the course's images into the image-assets bucket. */
  refreshImages(): Promise<ContentLoadResult>;
  /**
   * The course as an LMS package: a zip in the format asked for. Optional, so adapters
   * written before it still fit; the content panel offers the export buttons only when it is there.
   */
  exportPackage?(format: PackageFormat): Promise<AdminDownload>;
}

/**
 * Enhanced Image URL Management (admin §2/§5). Each tool runs as a job on the server; the adapter
 * follows it, calls `onProgress` with each step it sees (admin §4: analysis 25/50/75/100, validation
 * 20/100, correction 30/100) and answers the result once the job is done.
 */
export interface AdminImagesAdapter {
  /** The image-assets listing (limit 1000, by name). */
  list(): Promise<StoredImage[]>;
  /** The image-link analysis: lessons with images, problematic URLs, encoding issues, URL patterns. */
  analyze(onProgress?: (job: JobStatus) => void): Promise<ImageAnalysisResult>;
  /** Checks that every lesson image URL answers, with the spec's pauses, retries and time-out. */
  validate(onProgress?: (job: JobStatus) => void): Promise<ImageValidationResult>;
  /** The Enhanced Correction: rewrites broken image links to stored files, saving only safe changes. */
  correct(onProgress?: (job: JobStatus) => void): Promise<ImageCorrectionResult>;
}

/** The Stable Lesson Tracking overview: records by tracking method, per module. */
export type TrackingOverview = z.infer<typeof TrackingOverviewSchema>;

/** The Stable Lesson Tracking Admin panel (admin §2/§5). */
export interface AdminTrackingAdapter {
  /** Progress records by tracking method (stable key or legacy id), per module. */
  overview(): Promise<TrackingOverview>;
  /** Deletes progress whose lesson no longer exists, and logs how many records went. */
  cleanup(): Promise<{ success: boolean; cleaned_records: number }>;
  /** Moves one learner's legacy (id-only) records to stable lesson keys. */
  migrate(userId: string): Promise<{ success: boolean; migrated_records: number }>;
  /** The latest 50 cleanup log rows. */
  cleanupLog(): Promise<ProgressCleanupLog[]>;
}

/** The audit log (DESIGN decision 4): admin actions and security events, as the server stored them. */
export interface AdminAuditAdapter {
  /** Who did what to whom, from which user agent; newest first. */
  actions(query?: { page?: number; pageSize?: number }): Promise<Page<AdminActionLog>>;
  /** Refused sign-ins, guard refusals, invalid input and the like; newest first; only events of `event_type` when it is given. */
  securityEvents(query?: {
    page?: number;
    pageSize?: number;
    event_type?: SecurityEventType;
  }): Promise<Page<SecurityEvent>>;
}

/** The Analytics tab (DESIGN decision 10): reports computed on the server, and the progress export. */
export interface AdminAnalyticsAdapter {
  /** Learners, the completion funnel by module, pre-assessment vs final quiz, per-question difficulty. */
  report(): Promise<AnalyticsReport>;
  /**
   * Learner progress as CSV text (RFC 4180, CRLF lines, header first, one row per learner; cells a
   * spreadsheet would run as formulas are prefixed with '). The widget saves it as
   * `progressCsvFileName(today)`.
   */
  progressCsv(): Promise<string>;
}

/**
 * The platform's courses: every course with its status, which one is the default, and a
 * course's folder as a zip, out and in.
 */
export interface AdminCoursesAdapter {
  /** Every course in every status, the default first, with its modules, lessons and learners. */
  list(): Promise<AdminCourse[]>;
  /**
   * Publishes, archives or drafts a course, or makes it the default (the old default stays
   * published). Fails with 'conflict' when the default would stop being published, in
   * `adminMessages.defaultStaysPublished` or `defaultMustBePublished`; 'not_found' for an unknown slug.
   */
  update(slug: string, changes: AdminCourseChanges): Promise<AdminCourse>;
  /** The course's folder (course.json, modules, quizzes, images) as a zip named `{slug}.zip`. */
  exportZip(slug: string): Promise<AdminDownload>;
  /**
   * Creates the course a zip of its folder holds (as a draft) or updates it, by the slug in its
   * course.json. A bad zip fails with 'invalid_request' whose message names the file and the
   * problem (`quizzes/module-2.json: …`), and nothing changes.
   */
  importZip(file: Blob): Promise<CourseImportResult>;
}

/**
 * The course studio: authors (moderators and admins) write a course's draft file by file;
 * an admin publishes it as the next version or restores an earlier one. A moderator's call to
 * `publish` or `restore` fails with 'forbidden'.
 */
export interface StudioAdapter {
  /** Every course, with its latest version and whether its draft has unpublished changes. */
  courses(): Promise<StudioCourse[]>;
  /** A new course as a draft: empty, or a copy of `copyOf`'s draft. 'conflict' when the slug is taken. */
  create(input: { slug: string; title: string; copyOf?: string }): Promise<StudioCourse>;
  /**
   * Deletes a course no learner has records in (admins). 'conflict' for a course with learners
   * (archive it instead) or the default course.
   */
  deleteCourse(slug: string): Promise<void>;
  /** The course's draft: every file with its revision (made on first open, from the latest version). */
  draft(slug: string): Promise<CourseDraft>;
  /** One file of the draft as stored (the preview's images: an <img> cannot send the session). */
  file(slug: string, path: string): Promise<Blob>;
  /**
   * Saves one file on the revision it was made on (`baseRevision` null: a new file). Fails with
   * 'conflict' when another author saved it since (the message names them: read the draft again to
   * show both texts), and with 'invalid_request' naming the problem; nothing is saved then.
   */
  save(
    slug: string,
    path: string,
    content: { text: string } | { base64: string },
    baseRevision: number | null,
  ): Promise<DraftFile>;
  /** Removes a module, quiz or image file on its revision (course.json stays). */
  remove(slug: string, path: string, baseRevision: number): Promise<void>;
  /** What the draft changes since the latest version, and the hash `publish` names. */
  changes(slug: string): Promise<DraftChanges>;
  /** Publishes the reviewed draft (admins): 'conflict' when it changed since the review or has nothing new. */
  publish(slug: string, draftHash: string, note?: string): Promise<PublishResult>;
  /** The course's versions, newest first. */
  versions(slug: string): Promise<CourseVersion[]>;
  /** What changed from one version to another. */
  compare(slug: string, from: number, to: number): Promise<CourseChanges>;
  /** Publishes an earlier version again as the next one (admins). */
  restore(slug: string, version: number): Promise<PublishResult>;
}

/**
 * Administration (admin.md), the `admin` member of a CourseAdapter. Every call is checked on the
 * server: without a valid session it fails with a `CourseError` 'unauthorized', without the admin
 * role with 'forbidden'.
 *
 * @example
 * ```ts
 * import { createHttpAdapter } from '@coursekit/core/http';
 *
 * const { admin } = createHttpAdapter({ baseUrl: '/api' });
 * const page = await admin!.users.list({ search: 'silva', sort: 'asc' });
 * await admin!.roles.assign(page.items[0]!.id, 'moderator');
 * const analysis = await admin!.images.analyze((job) => console.log(`${job.progress}%`));
 * ```
 */
/** Certificates: revoking one's Open Badges credential. */
export interface AdminCertificatesAdapter {
  /**
   * Revokes the certificate with this verification code, with a reason that verifiers and the
   * public check see and the action log keeps; fails with not_found for an unknown code.
   */
  revoke(code: string, reason: string): Promise<z.infer<typeof RevokedAnswerSchema>>;
}

/**
 * The platform's organisations (admins only): their facts, origins, theme, courses and seats, their
 * trusted token issuers and their people. A refused edit fails with 'validation_error' whose
 * `fields` name each bad field, 'conflict' for a taken slug or issuer, 'not_found' for an unknown id.
 */
export interface AdminOrganisationsAdapter {
  /** Every organisation by name, with its issuers (a secret only as `has_secret`) and people count. */
  list(): Promise<Organisation[]>;
  /** One organisation. */
  get(organisationId: string): Promise<Organisation>;
  create(input: CreateOrganisationBody): Promise<Organisation>;
  /** Any of its facts; `status: 'suspended'` refuses its people's sign-in until it is active again. */
  update(organisationId: string, changes: UpdateOrganisationBody): Promise<Organisation>;
  /** Trusts another issuer: a JWKS URL or a shared secret, which is stored sealed and never shown again. */
  addIssuer(organisationId: string, input: OrganisationIssuerInput): Promise<Organisation>;
  /** Stops trusting an issuer: its tokens are refused from then on. */
  removeIssuer(organisationId: string, issuerId: string): Promise<void>;
  /** Its OpenID Connect identity provider (the client secret only as `has_secret`), or null. */
  identityProvider(
    organisationId: string,
  ): Promise<{ identity_provider: OrganisationIdentityProvider | null }>;
  /**
   * Adds or edits its identity provider; the client secret is needed the first time and kept when
   * left out. 'conflict' when another organisation's provider claims one of the domains.
   */
  setIdentityProvider(
    organisationId: string,
    input: OrganisationIdentityProviderInput,
  ): Promise<{ identity_provider: OrganisationIdentityProvider | null }>;
  /** Removes its identity provider; its people sign in with passwords from then on. */
  removeIdentityProvider(organisationId: string): Promise<void>;
  /** A page of its people, managers first, then by e-mail. */
  members(
    organisationId: string,
    query?: { page?: number; pageSize?: number },
  ): Promise<Page<OrganisationMember>>;
  /** Adds a person with a role, or changes their role; 'conflict' when no seat is left. */
  setMember(
    organisationId: string,
    userId: string,
    role: OrganisationMember['role'],
  ): Promise<OrganisationMember>;
  /** Takes a person out; their account and learning record stay. */
  removeMember(organisationId: string, userId: string): Promise<void>;
}

/**
 * LTI 1.3 (admins only): the platforms (LMSs) registered with the tool and the tool's signing key.
 * A refused registration fails with 'validation_error' whose `fields` name each bad field (core's
 * registrationProblems), 'conflict' for a taken issuer and client id or a deployment another
 * registration of the issuer holds, 'not_found' for an unknown id.
 */
export interface AdminLtiAdapter {
  /** Every registration, oldest first, with its deployments (known in advance or learned at launch). */
  list(): Promise<LtiRegistration[]>;
  create(input: LtiRegistrationBody): Promise<LtiRegistration>;
  /** Any of its fields; `deployments`, when given, replaces the list. */
  update(registrationId: string, changes: LtiRegistrationUpdateBody): Promise<LtiRegistration>;
  /** Removes a registration: its platform can no longer launch. */
  remove(registrationId: string): Promise<void>;
  /** A new signing key becomes current; the one it replaces stays published until the next rotation. */
  rotateKey(): Promise<LtiKeyRotation>;
  /** The tool's own URLs on this backend, which a platform's admin enters in their LMS. */
  toolUrls(): LtiToolUrls;
  /**
   * A single-use Dynamic Registration link, valid a day, for a platform's admin to paste into the
   * LMS; the platform it registers belongs to `organisationId` when given.
   */
  registrationLink(organisationId?: string | null): Promise<LtiRegistrationLink>;
}

export interface AdminAdapter {
  /** Users: the list, one user, create, edit, delete, password reset. */
  users: AdminUsersAdapter;
  /** Granting and removing roles. */
  roles: AdminRolesAdapter;
  /** Any learner's progress, and resets. */
  userProgress: AdminProgressAdapter;
  /** Maintenance mode and the system message. */
  settings: AdminSettingsAdapter;
  /** Per-module diagnostic settings, live. */
  diagnostics: AdminDiagnosticsAdapter;
  /** Loading the course's content and images. */
  content: AdminContentAdapter;
  /** The image-link tools: listing, analysis, validation, correction. */
  images: AdminImagesAdapter;
  /** Stable lesson tracking: overview, cleanup, migration. */
  tracking: AdminTrackingAdapter;
  /** The admin action log and the security events. */
  audit: AdminAuditAdapter;
  /** The counts of the console's summary cards: the platform's users, the course's modules, lessons, quizzes. */
  stats(): Promise<SystemStats>;
  /** Analytics reports and the progress CSV; optional, so adapters written before it still fit. */
  analytics?: AdminAnalyticsAdapter;
  /** The platform's courses: list, status, default, export and import; optional, as `analytics`. */
  courses?: AdminCoursesAdapter;
  /** Revoking certificates; optional, as `analytics`. */
  certificates?: AdminCertificatesAdapter;
  /** The platform's organisations, their issuers and people; optional, as `analytics`. */
  organisations?: AdminOrganisationsAdapter;
  /** LTI 1.3 registrations and the tool's key; optional, as `analytics`. */
  lti?: AdminLtiAdapter;
  /** The course studio; optional (the mocks have none yet). Moderators reach it too. */
  studio?: StudioAdapter;
  /**
   * The same admin, on the same session, for one course by slug (undefined: the default course):
   * what is about a course (stats, userProgress, content loads and packages, the image tools'
   * analysis, validation and correction, the tracking overview, analytics) answers for that one;
   * users, roles, settings, diagnostics, the image listing and the audit stay the platform's.
   * Optional: without it a console shows the default course only.
   */
  forCourse?(course: string | undefined): AdminAdapter;
}
