// @coursekit/core — framework-free: the zod contract, the domain rules, the adapter interface.

export type {
  AdminAdapter,
  AdminAnalyticsAdapter,
  AdminAuditAdapter,
  AdminCertificatesAdapter,
  AdminContentAdapter,
  AdminCoursesAdapter,
  AdminDiagnosticsAdapter,
  AdminDownload,
  AdminImagesAdapter,
  AdminLtiAdapter,
  AdminOrganisationsAdapter,
  AdminProgressAdapter,
  AdminRolesAdapter,
  AdminSettingsAdapter,
  AdminTrackingAdapter,
  AdminUsersAdapter,
  CreateUserInput,
  StudioAdapter,
  TrackingOverview,
  UserListQuery,
} from './adapter/AdminAdapter';
export type {
  AuthAdapter,
  CertificateAdapter,
  CourseAdapter,
  CourseContentAdapter,
  ProfileAdapter,
  ProgressAdapter,
  QuizzesAdapter,
  SettingsAdapter,
  SignUpInput,
  SignUpResult,
  Unsubscribe,
  VerificationStatus,
} from './adapter/CourseAdapter';
export type {
  AssignableCourse,
  OrganisationAdapter,
  OrgCompletionDay,
} from './adapter/OrganisationAdapter';
export {
  adminMessages,
  courseExportSaved,
  courseHasNoFolder,
  courseImageTaken,
  courseImportSummary,
  courseImportUploading,
  courseNotOnServer,
  courseUpdatedMessage,
  courseZipTooLarge,
  makeDefaultQuestion,
  moduleContentNotAvailable,
  pageRangeMessage,
} from './adminMessages';
export type { AttemptGrade, AttemptStorage } from './attempts/AttemptStorage';
export type { AttemptFlow, AttemptFlowOptions } from './attempts/createAttemptFlow';
export { createAttemptFlow } from './attempts/createAttemptFlow';
export { lessonNotes, type ShortSection, shortSections } from './content/lessonNotes';
export {
  joinModuleMarkdown,
  MIN_SECTION_LENGTH,
  type ModuleOutline,
  parseModuleMarkdown,
  splitModuleMarkdown,
} from './content/moduleMarkdown';
export { LESSON_HTML_SANITIZE_CONFIG } from './content/sanitize';
export {
  checkImage,
  type ImageCheck,
  imageCheckWords,
  imageLabel,
  imagePixelSize,
  LESSON_IMAGE_MAX_BYTES,
  LESSON_IMAGE_MAX_WIDTH,
  type PixelSize,
} from './content/studioImages';
export {
  type LessonMove,
  type LessonMoveEffect,
  lessonMoveEffect,
  lessonMoveWarning,
  lessonRemoveEffect,
  lessonRemoveWarning,
  type MoveModule,
} from './content/studioMoves';
export {
  draftFileNoun,
  IMAGE_ASSET_PATH,
  lessonNoun,
  moduleFilePath,
  type OutlineSourceFile,
  quizFilePath,
  type StudioOutline,
  type StudioOutlineImage,
  type StudioOutlineLesson,
  type StudioOutlineModule,
  studioOutline,
} from './content/studioOutline';
export { changesByModule, type ModuleChanges } from './content/studioReview';
export type { ReloadGuardStorage, StaleChunkReloadOptions } from './deploy/reloadOnStaleChunk';
export {
  isStaleChunkError,
  reloadOnStaleChunk,
  STALE_CHUNK_RELOAD_KEY,
} from './deploy/reloadOnStaleChunk';
export type { CourseErrorCode } from './errors';
export { CourseError, HTTP_STATUS, isCourseError } from './errors';
export type { CourseEvent, CourseEventListener, CourseEventType } from './events/courseEvents';
export { COURSE_EVENT_TYPES } from './events/courseEvents';
export { withCourseEvents } from './events/withCourseEvents';
export type { AdminEndpoint } from './http/adminEndpoint';
export type { AdminEndpointName } from './http/adminEndpoints';
export { adminEndpoints } from './http/adminEndpoints';
export type { AdminCourse, CourseImportResult } from './http/adminSchemas';
export {
  AdminCourseSchema,
  AdminCourseUpdateBodySchema,
  AdminSettingsBodySchema,
  CourseImportResultSchema,
  CreateUserBodySchema,
  DiagnosticsSetAllBodySchema,
  DiagnosticsUpdateBodySchema,
  PackageQuerySchema,
  PageQuerySchema,
  PlatformTextsPatchSchema,
  RevokeBodySchema,
  RevokedAnswerSchema,
  RoleBodySchema,
  SecurityEventQuerySchema,
  UserListQuerySchema,
} from './http/adminSchemas';
export type {
  CredentialVerification,
  Endpoint,
  EndpointName,
} from './http/endpoints';
export {
  AnswerBodySchema,
  CertificateAnswerSchema,
  CompleteBodySchema,
  CredentialBodySchema,
  CredentialVerificationSchema,
  coursePath,
  DownloadAnswerSchema,
  EmailBodySchema,
  endpoints,
  HealthAnswerSchema,
  PasswordBodySchema,
  ProfileUpdateBodySchema,
  ProgressUpdateBodySchema,
  pathOf,
  RefreshBodySchema,
  RolesAnswerSchema,
  SignInBodySchema,
  SignOutBodySchema,
  SignUpAnswerSchema,
  SignUpBodySchema,
  TokenBodySchema,
  UserAnswerSchema,
  VerifyAnswerSchema,
} from './http/endpoints';
export { type LtiEndpoint, ltiEndpoints } from './http/ltiEndpoints';
export { type ManagerEndpoint, managerEndpoints } from './http/managerEndpoints';
export { type SsoEndpoint, ssoEndpoints } from './http/ssoEndpoints';
export {
  LTI_CLAIMS,
  LTI_RESOURCE_LINK_REQUEST,
  LTI_VERSION,
  type LtiRole,
  ltiRole,
} from './lti/launch';
export {
  type LtiKeyRotation,
  LtiKeyRotationSchema,
  type LtiRegistration,
  type LtiRegistrationBody,
  LtiRegistrationBodySchema,
  type LtiRegistrationLink,
  type LtiRegistrationLinkBody,
  LtiRegistrationLinkBodySchema,
  LtiRegistrationLinkSchema,
  LtiRegistrationSchema,
  type LtiRegistrationUpdateBody,
  LtiRegistrationUpdateBodySchema,
  type LtiScoreDeliveries,
  type LtiScoreDelivery,
  type LtiScoreStatus,
  ltiMessages,
  registrationProblems,
} from './lti/registration';
export {
  type LtiRoster,
  type LtiRosterMember,
  LtiRosterSchema,
  type LtiRosterState,
  ltiRosterMessages,
} from './lti/roster';
export { type LtiToolUrls, ltiToolUrls } from './lti/toolUrls';
export type { MessageKey } from './messages';
export {
  courseDoesNotExist,
  diagnosticsLoadErrorMessage,
  lessonDoesNotExist,
  messages,
  moduleDoesNotExist,
  moduleLoadTitle,
  moduleResetFailedMessage,
  originRefusedMessage,
  passwordResetSentMessage,
  progressResetFailedMessage,
  progressResetMessage,
  quizAttemptsTitle,
  roleAssignedMessage,
  roleRemovedMessage,
  unansweredQuestionsField,
  unansweredQuestionsMessage,
  unknownQuestionsField,
} from './messages';
export type {
  OfflineCourseAdapter,
  OfflineQueueOptions,
  OfflineStatus,
  QueueStorage,
} from './offline/withOfflineQueue';
export { withOfflineQueue } from './offline/withOfflineQueue';
export {
  COMPANY_SIGN_IN_ERRORS,
  type CompanySignInError,
  companySignInErrors,
  continueWithOrganisation,
  organisationAlreadyInvited,
  organisationAlreadyMember,
  organisationAssignmentNotFound,
  organisationCourseNotFound,
  organisationDomainTaken,
  organisationGroupNotFound,
  organisationGroupTaken,
  organisationIdentityProviderNeedsSecret,
  organisationIdentityProviderNotFound,
  organisationInvitationInvalid,
  organisationInvitationNeedsPassword,
  organisationIssuerNotFound,
  organisationIssuerTaken,
  organisationMemberNotFound,
  organisationNotFound,
  organisationSeatsFull,
  organisationSlugIssuing,
  organisationSlugTaken,
  organisationSuspended,
  organisationUnknownCourses,
  organisationUserNotFound,
  reminderLinkInvalid,
} from './organisationMessages';
export {
  ASSIGNMENT_STATUSES,
  type AssignmentFacts,
  type AssignmentStatus,
  assignmentStatus,
} from './organisations/assignmentStatus';
export { csvCell, csvLine } from './organisations/csvCell';
export {
  checkImportRows,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportContext,
  type ImportOutcome,
  type ImportRowInput,
  importMessages,
} from './organisations/importRows';
export {
  ORGANISATION_MANAGER_ACTIONS,
  type OrganisationManagerAction,
} from './organisations/managerActions';
export { compareReportRows } from './organisations/reportOrder';
export type { ContentLoadSummary, SettingsChange, SettingsPatch } from './rules/adminOperations';
export { contentResults, settingsPatch } from './rules/adminOperations';
export type { ProgressCsvRow } from './rules/analytics';
export {
  median,
  PROGRESS_CSV_COLUMNS,
  progressCsv,
  progressCsvFileName,
  round1,
  scoreBinIndex,
  scoreBins,
  scoreGroup,
  shareCorrect,
  shortQuestionText,
} from './rules/analytics';
export type { AnalyticsData } from './rules/analyticsReport';
export { analyticsReport, progressCsvRows } from './rules/analyticsReport';
export type { AuthErrorLike, MappedAuthError } from './rules/authErrors';
export { mapAuthError } from './rules/authErrors';
export { catalogEntry, catalogProgress } from './rules/catalogEntry';
export {
  CERTIFICATE_CODE_ALPHABET,
  CERTIFICATE_CODE_PATTERN,
  certificateCode,
  normalizeCertificateCode,
} from './rules/certificateCode';
export type { AdminCourseChanges } from './rules/courseStatus';
export { courseUpdate } from './rules/courseStatus';
export type { CredentialCheck } from './rules/credentialChecks';
export {
  achievementSlug,
  credentialCheck,
  credentialDatesCheck,
  decodeStatusList,
  statusListBit,
} from './rules/credentialChecks';
export { certificatePageUrl, linkedInAddToProfileUrl, walletRequestUrl } from './rules/credentialLinks';
export {
  avatarInitials,
  DEFAULT_MODULE_DURATION_MINUTES,
  formatDuration,
  formatIssueDate,
  moduleDurationMinutes,
  PLATFORM_TIME,
  SESSION_REFRESH_THRESHOLD_SECONDS,
  TIMINGS,
} from './rules/display';
export type { CorrectionOutcome, ImageLessonContent } from './rules/imageCorrection';
export {
  correctImageLinks,
  correctionSafetyIssues,
  FUZZY_THRESHOLD,
  fileNameOf,
  MAX_LENGTH_CHANGE,
  nameSimilarity,
  storageUrl,
} from './rules/imageCorrection';
export type { UrlIssue } from './rules/imageLinks';
export {
  analyzeImageLinks,
  IMAGE_ANALYSIS_STEPS,
  IMAGE_BUCKET,
  IMAGE_JOB_STEPS,
  IMAGE_LISTING_LIMIT,
  imageUrlsOf,
  URL_ISSUE_LABELS,
  urlIssues,
  urlPattern,
} from './rules/imageLinks';
export type { ValidateOptions } from './rules/imageValidation';
export { VALIDATION_DEFAULTS, validateImageUrls, validationRecommendations } from './rules/imageValidation';
export { contentHash, lessonKey, slugify } from './rules/lessonKey';
export {
  AUDIT_PAGE_SIZE,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  pageOfList,
  pageWindow,
  USERS_PAGE_SIZE,
} from './rules/paging';
export type {
  AttemptRef,
  LessonRef,
  LessonTab,
  ModuleAction,
  ModuleStatus,
  ProgressInput,
  ProgressRef,
} from './rules/progress';
export {
  completedLessonIds,
  initialLessonIndex,
  isModuleRowOpen,
  lessonTab,
  moduleAction,
  moduleCompletionTarget,
  moduleStatus,
  percent,
  sortLessons,
  summarizeProgress,
} from './rules/progress';
export type { Grade } from './rules/quiz';
export {
  ASSESSMENT_ADVANCE_MS,
  COURSE_QUIZ_ADVANCE_MS,
  formatPercentage,
  gradeQuiz,
  isPassing,
  latestAttempt,
  numberAttempts,
  reviewQuestion,
  selectedLetter,
  summarizeQuizAttempts,
} from './rules/quiz';
export {
  answerResult,
  answersToGrade,
  attemptErrors,
  checkAnswerable,
  checkQuestionId,
  MAX_QUESTION_ID,
  reviewAttempt,
} from './rules/quizAttempt';
export type { AttemptQuestion, CourseBanks, QuizBankSettings, RandomSource } from './rules/quizBank';
export {
  AUTHORED_ORDER,
  attemptQuestions,
  courseBanks,
  courseDrawProblems,
  DRAW_ALL,
  drawAttempt,
  drawQuestions,
  publicQuestion,
  questionOptions,
  quizDrawProblem,
  seededRandom,
  shownOptions,
  shownQuestions,
  shuffleOptions,
} from './rules/quizBank';
export type { RateLimitDecision, RateLimiter, RateLimitPolicy, RateLimitState } from './rules/rateLimit';
export { createRateLimiter, decideRateLimit, RATE_LIMITS } from './rules/rateLimit';
export type { ScoreColor } from './rules/scoreColor';
export { adminScoreColor, learnerScoreColor } from './rules/scoreColor';
export {
  averageLessonVersion,
  CLEANUP_LOG_LIMIT,
  isOrphanedProgress,
  migrationTarget,
} from './rules/stableTracking';
export type { TestOutInput, TestOutSetting } from './rules/testOut';
export { moduleTestOutScore, testedOutModules } from './rules/testOut';
export type { ListedUser, UserSort } from './rules/userList';
export {
  byCodePoint,
  lastNameKey,
  matchesUserSearch,
  searchAndSortUsers,
  userSearchNeedle,
} from './rules/userList';
export type {
  AdminActionLog,
  AdminActionType,
  AdminUserView,
  ContentLoadResult,
  DiagnosticLevel,
  DiagnosticSettings,
  DiagnosticsExport,
  ImageAnalysisResult,
  ImageCorrectionResult,
  ImageLinkMapping,
  ImageValidationResult,
  JobStatus,
  OperationLogEntry,
  Page,
  ProgressCleanupLog,
  SecurityEvent,
  SecurityEventType,
  SelectableProfile,
  StoredImage,
  SystemStats,
  UserProgressView,
} from './schemas/admin';
export {
  AdminActionLogSchema,
  AdminActionTypeSchema,
  AdminUserViewSchema,
  ContentLoadResultSchema,
  DiagnosticLevelSchema,
  DiagnosticSettingsSchema,
  DiagnosticsExportSchema,
  ImageAnalysisResultSchema,
  ImageCorrectionResultSchema,
  ImageLinkMappingSchema,
  ImageValidationResultSchema,
  JobStatusSchema,
  OperationLogEntrySchema,
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
  UrlPatternSchema,
  UserProgressViewSchema,
} from './schemas/admin';
export type {
  AnalyticsLearners,
  AnalyticsReport,
  FunnelStep,
  QuestionDifficulty,
  QuizDifficulty,
  ScoreBin,
  ScoreComparison,
  ScoreGroup,
} from './schemas/analytics';
export {
  AnalyticsLearnersSchema,
  AnalyticsReportSchema,
  FunnelStepSchema,
  QuestionDifficultySchema,
  QuizDifficultySchema,
  SCORE_BIN_COUNT,
  SCORE_BIN_WIDTH,
  ScoreBinSchema,
  ScoreComparisonSchema,
  ScoreGroupSchema,
  SHORT_QUESTION_LENGTH,
} from './schemas/analytics';
export type {
  CatalogAnswer,
  CatalogCourse,
  CatalogProgress,
  CourseObjective,
  CourseOutline,
  OutlineModule,
} from './schemas/course';
export {
  CatalogAnswerSchema,
  CatalogCourseSchema,
  CatalogProgressSchema,
  CourseObjectiveSchema,
  CourseOutlineSchema,
  OutlineModuleSchema,
} from './schemas/course';
export type {
  BundleQuestion,
  BundleQuiz,
  BundleQuizBank,
  CourseBundle,
  PackageFormat,
} from './schemas/courseBundle';
export {
  BundleQuestionSchema,
  BundleQuizBankSchema,
  BundleQuizSchema,
  CourseBundleSchema,
  PACKAGE_FORMATS,
  PackageFormatSchema,
} from './schemas/courseBundle';
export type { CourseFile, CourseFileModule, QuestionFile, QuizFile } from './schemas/courseFile';
export {
  CourseFileSchema,
  courseFileProblems,
  describeFileIssue,
  issuePath,
  issueWords,
  QuestionFileSchema,
  QuizFileSchema,
  quizFileProblems,
} from './schemas/courseFile';
export type {
  CompletionTarget,
  ModuleProgress,
  ProgressState,
  ProgressSummary,
  QuizListItem,
  QuizSummary,
} from './schemas/derived';
export {
  CompletionTargetSchema,
  ModuleProgressSchema,
  ProgressStateSchema,
  ProgressSummarySchema,
  QuizListItemSchema,
  QuizSummarySchema,
} from './schemas/derived';
export type {
  AnswerLetter,
  AnswerResult,
  AuthUser,
  Certificate,
  CertificateCheck,
  CompletedAttempt,
  DrawnQuestion,
  Lesson,
  Module,
  PlatformTexts,
  Profile,
  ProgressRecord,
  QuestionReview,
  Quiz,
  QuizAttempt,
  QuizKind,
  QuizOption,
  QuizQuestion,
  QuizQuestionWithKey,
  QuizWithQuestions,
  Role,
  Session,
  StoredAnswer,
  SystemMessageType,
  SystemSettings,
  TrackingMethod,
} from './schemas/entities';
export {
  ANSWER_LETTERS,
  AnsweredQuestionKeySchema,
  AnswerLetterSchema,
  AnswerResultSchema,
  AuthUserSchema,
  CertificateCheckSchema,
  CertificateSchema,
  CompletedAttemptSchema,
  DEFAULT_PLATFORM_TEXTS,
  DEFAULT_SYSTEM_SETTINGS,
  DrawnQuestionSchema,
  LessonSchema,
  ModuleSchema,
  PlatformTextsSchema,
  ProfileSchema,
  ProgressRecordSchema,
  QuestionReviewSchema,
  QuizAttemptSchema,
  QuizKindSchema,
  QuizOptionSchema,
  QuizQuestionSchema,
  QuizSchema,
  QuizWithQuestionsSchema,
  ROLES,
  RoleSchema,
  SessionSchema,
  StoredAnswerSchema,
  SystemMessageTypeSchema,
  SystemSettingsSchema,
  TrackingMethodSchema,
} from './schemas/entities';
export {
  AcceptInvitationAnswerSchema,
  AcceptInvitationBodySchema,
  type MyOrganisation,
  MyOrganisationSchema,
  MyOrganisationsAnswerSchema,
  type OrgAssignBody,
  OrgAssignBodySchema,
  type OrgAssignment,
  OrgAssignmentSchema,
  OrgCompletionsQuerySchema,
  OrgCompletionsSchema,
  type OrgGroup,
  OrgGroupBodySchema,
  OrgGroupSchema,
  type OrgIdentityProvider,
  OrgIdentityProviderAnswerSchema,
  OrgIdentityProviderSchema,
  OrgImportQuerySchema,
  type OrgImportResult,
  OrgImportResultSchema,
  type OrgInvitation,
  OrgInvitationSchema,
  type OrgInviteBody,
  OrgInviteBodySchema,
  OrgPeopleQuerySchema,
  type OrgPerson,
  OrgPersonSchema,
  type OrgReportQuery,
  OrgReportQuerySchema,
  type OrgReportRow,
  OrgReportRowSchema,
  type ReminderLink,
  ReminderLinkAnswerSchema,
  ReminderUnsubscribeAnswerSchema,
  ReminderUnsubscribeQuerySchema,
} from './schemas/organisationManagers';
export type {
  CompanySignInAnswer,
  CreateOrganisationBody,
  Organisation,
  OrganisationCredentialIssuer,
  OrganisationFace,
  OrganisationIdentityProvider,
  OrganisationIdentityProviderInput,
  OrganisationIssuer,
  OrganisationIssuerInput,
  OrganisationMember,
  OrganisationTheme,
  UpdateOrganisationBody,
} from './schemas/organisations';
export {
  CompanySignInAnswerSchema,
  CompanySignInQuerySchema,
  CreateOrganisationBodySchema,
  EMAIL_DOMAIN_PATTERN,
  isOrigin,
  ORGANISATION_ROLES,
  ORGANISATION_STATUSES,
  OrganisationCredentialIssuerSchema,
  OrganisationFaceSchema,
  OrganisationIdentityProviderAnswerSchema,
  OrganisationIdentityProviderInputSchema,
  OrganisationIdentityProviderSchema,
  OrganisationIssuerInputSchema,
  OrganisationIssuerSchema,
  OrganisationMemberBodySchema,
  OrganisationMemberSchema,
  OrganisationRoleSchema,
  OrganisationSchema,
  OrganisationStatusSchema,
  OrganisationThemeSchema,
  THEME_COLOUR_TOKENS,
  UpdateOrganisationBodySchema,
} from './schemas/organisations';
export type {
  CourseChanges,
  CourseDraft,
  CourseVersion,
  DraftChanges,
  DraftFile,
  DraftSaveBody,
  PublishResult,
  StudioCourse,
} from './schemas/studio';
export {
  COURSE_SLUG_PATTERN,
  CourseChangesSchema,
  CourseDraftSchema,
  CourseVersionSchema,
  CreateCourseBodySchema,
  DiffLineSchema,
  DRAFT_PATH_PATTERN,
  DraftChangesSchema,
  DraftFileSchema,
  DraftSaveBodySchema,
  PublishBodySchema,
  PublishResultSchema,
  StudioCourseSchema,
} from './schemas/studio';
export { isStorableText, textInput } from './schemas/text';
export {
  courseHasLearners,
  courseHasNoLesson,
  courseJsonRequired,
  courseSlugTaken,
  defaultCourseNotDeleted,
  draftChangedSinceReview,
  draftConflict,
  draftFileExists,
  draftFileKind,
  draftFileMissing,
  notBase64,
  nothingToPublish,
  type QuizBankDraw,
  quizDrawOverBank,
  sectionNotALesson,
  versionDoesNotExist,
} from './studioMessages';
export { EMAIL_MAX_LENGTH, normalizeEmail, validateEmail } from './validation/email';
export type {
  CreateUserErrors,
  CreateUserForm,
  DeleteUserConfirmations,
  DeleteUserPart,
} from './validation/forms';
export {
  blankToNull,
  canDeleteUser,
  DELETE_USER_PARTS,
  FORM_INPUT_MAX_LENGTH,
  normalizeDisplayName,
  normalizeSystemMessage,
  sanitizeFormInput,
  validateCreateUserForm,
  validateResetEmailField,
} from './validation/forms';
export type { InputIssue } from './validation/invalidInput';
export { invalidInput, invalidInputFromIssues, parseInput } from './validation/invalidInput';
export { NAME_MAX_LENGTH, validateName } from './validation/name';
export {
  COMMON_PASSWORD_PATTERNS,
  CREATE_USER_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordClassCount,
  RESET_PASSWORD_MIN_LENGTH,
  validatePassword,
  validateResetPasswordForm,
} from './validation/password';
export type { Validated } from './validation/result';
