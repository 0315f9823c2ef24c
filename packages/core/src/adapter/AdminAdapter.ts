import type * as z from 'zod/mini';
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
  SelectableProfile,
  StoredImage,
  SystemStats,
  TrackingOverviewSchema,
  UserProgressView,
} from '../schemas/admin';
import type { AnalyticsReport } from '../schemas/analytics';
import type { PackageFormat } from '../schemas/courseBundle';
import type { CompletedAttempt, Role, SystemMessageType, SystemSettings } from '../schemas/entities';
import type { Unsubscribe } from './CourseAdapter';

export interface UserListQuery {
  /** Case-insensitive substring of the name or e-mail. */
  search?: string;
  /** By the last word of the display name. */
  sort?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

export interface CreateUserInput {
  email: string;
  password: string;
  displayName: string;
  avatarUrl?: string | null;
  /** On by default; off means the e-mail counts as confirmed. */
  sendInvite: boolean;
  roles: Role[];
}

export interface AdminUsersAdapter {
  /** A page of users with e-mail, sign-in details and roles. */
  list(query?: UserListQuery): Promise<Page<AdminUserView>>;
  /** One user. */
  get(userId: string): Promise<AdminUserView>;
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

export interface AdminRolesAdapter {
  assign(userId: string, role: Role): Promise<Role[]>;
  remove(userId: string, role: Role): Promise<Role[]>;
}

export interface AdminProgressAdapter {
  /** A learner's summary, quiz summaries and pre-assessment result. */
  get(userId: string): Promise<UserProgressView>;
  /** All of a learner's attempts of one quiz, newest first. */
  attempts(userId: string, quizId: number): Promise<CompletedAttempt[]>;
  reset(userId: string): Promise<void>;
  resetModule(userId: string, moduleId: number): Promise<void>;
  resetQuiz(userId: string, quizId: number): Promise<void>;
  resetPreAssessment(userId: string): Promise<void>;
}

export interface AdminSettingsAdapter {
  /** Turning maintenance off also clears the message and resets its type to info. */
  update(input: {
    maintenance_mode?: boolean;
    system_message?: string | null;
    system_message_type?: SystemMessageType;
  }): Promise<SystemSettings>;
  /** The debug card's query: what the server reads for settings, with timings. */
  debug(): Promise<Record<string, unknown>>;
}

export interface AdminDiagnosticsAdapter {
  list(): Promise<DiagnosticSettings[]>;
  update(
    moduleId: number,
    changes: Partial<Omit<DiagnosticSettings, 'module_id' | 'updated_at'>>,
  ): Promise<DiagnosticSettings>;
  /** Every module enabled or disabled at once. */
  setAll(enabled: boolean): Promise<DiagnosticSettings[]>;
  subscribe(listener: (settings: DiagnosticSettings[]) => void): Unsubscribe;
  /** The JSON export (admin §9: a file named diagnostic-settings with a timestamp). */
  export?(): Promise<DiagnosticsExport>;
}

/** A file the server made for the admin to save (an LMS package). */
export interface AdminDownload {
  /** The name the server gave it, e.g. data-literacy-for-facility-managers-scorm12.zip. */
  fileName: string;
  data: Blob;
}

export interface AdminContentAdapter {
  loadAll(): Promise<ContentLoadResult>;
  /** Loads module 1 to 5. */
  loadModule(moduleId: number): Promise<ContentLoadResult>;
  refreshImages(): Promise<ContentLoadResult>;
  /**
   * The course as an LMS package (issue 18): a zip in the format asked for. Optional, so adapters
   * written before it still fit; the content panel offers the export buttons only when it is there.
   */
  exportPackage?(format: PackageFormat): Promise<AdminDownload>;
}

export interface AdminImagesAdapter {
  /** The image-assets listing (limit 1000, by name). */
  list(): Promise<StoredImage[]>;
  analyze(onProgress?: (job: JobStatus) => void): Promise<ImageAnalysisResult>;
  validate(onProgress?: (job: JobStatus) => void): Promise<ImageValidationResult>;
  correct(onProgress?: (job: JobStatus) => void): Promise<ImageCorrectionResult>;
}

/** The Stable Lesson Tracking overview: records by tracking method, per module. */
export type TrackingOverview = z.infer<typeof TrackingOverviewSchema>;

export interface AdminTrackingAdapter {
  overview(): Promise<TrackingOverview>;
  cleanup(): Promise<{ success: boolean; cleaned_records: number }>;
  migrate(userId: string): Promise<{ success: boolean; migrated_records: number }>;
  cleanupLog(): Promise<ProgressCleanupLog[]>;
}

export interface AdminAuditAdapter {
  actions(query?: { page?: number; pageSize?: number }): Promise<Page<AdminActionLog>>;
  securityEvents(query?: { page?: number; pageSize?: number }): Promise<Page<SecurityEvent>>;
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

/** Administration (admin.md). Every call is checked for the admin role on the server. */
export interface AdminAdapter {
  /** Users, roles and counts for the console's summary cards. */
  users: AdminUsersAdapter;
  roles: AdminRolesAdapter;
  /** Any learner's progress, and resets. */
  userProgress: AdminProgressAdapter;
  settings: AdminSettingsAdapter;
  diagnostics: AdminDiagnosticsAdapter;
  content: AdminContentAdapter;
  images: AdminImagesAdapter;
  tracking: AdminTrackingAdapter;
  audit: AdminAuditAdapter;
  stats(): Promise<SystemStats>;
  /** Analytics reports and the progress CSV; optional, so adapters written before it still fit. */
  analytics?: AdminAnalyticsAdapter;
}
