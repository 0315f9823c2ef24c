// @coursekit/core — framework-free: the zod contract, the domain rules, the adapter interface.

export type {
  AdminAdapter,
  AdminAnalyticsAdapter,
  AdminAuditAdapter,
  AdminContentAdapter,
  AdminDiagnosticsAdapter,
  AdminImagesAdapter,
  AdminProgressAdapter,
  AdminRolesAdapter,
  AdminSettingsAdapter,
  AdminTrackingAdapter,
  AdminUsersAdapter,
  CreateUserInput,
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
export { adminMessages, moduleContentNotAvailable, pageRangeMessage } from './adminMessages';
export { LESSON_HTML_SANITIZE_CONFIG } from './content/sanitize';
export type { CourseErrorCode } from './errors';
export { CourseError, courseErrorFrom, HTTP_STATUS, isCourseError } from './errors';
export type { CourseEvent, CourseEventListener, CourseEventType } from './events/courseEvents';
export {
  COURSE_EVENT_TYPES,
  maintenanceEvent,
  progressEvents,
  quizCompletedEvent,
} from './events/courseEvents';
export { withCourseEvents } from './events/withCourseEvents';
export * from './http/adminEndpoints';
export * from './http/endpoints';
export type { MessageKey } from './messages';
export {
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
export type { ContentLoadSummary, SettingsChange } from './rules/adminOperations';
export { contentResults, settingsPatch } from './rules/adminOperations';
export type { ProgressCsvRow } from './rules/analytics';
export {
  csvCell,
  median,
  PROGRESS_CSV_COLUMNS,
  progressCsv,
  progressCsvFileName,
  progressCsvHeader,
  progressCsvLine,
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
export {
  CERTIFICATE_CODE_ALPHABET,
  CERTIFICATE_CODE_PATTERN,
  certificateCode,
  normalizeCertificateCode,
} from './rules/certificateCode';
export {
  avatarInitials,
  COURSE_TIME,
  DEFAULT_MODULE_DURATION_MINUTES,
  formatDuration,
  MODULE_DURATION_MINUTES,
  moduleDurationMinutes,
  SESSION_REFRESH_THRESHOLD_SECONDS,
  sessionNeedsRefresh,
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
export type { AttemptRef, LessonRef, ProgressInput, ProgressRef } from './rules/progress';
export {
  completedLessonIds,
  initialLessonIndex,
  isModuleRowOpen,
  lessonTabLabel,
  moduleActionLabel,
  moduleCompletionTarget,
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
  PRE_ASSESSMENT_PASSING_SCORE,
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
export type { ListedUser, UserSort } from './rules/userList';
export {
  byCodePoint,
  lastNameKey,
  matchesUserSearch,
  searchAndSortUsers,
  userSearchNeedle,
} from './rules/userList';
export * from './schemas/admin';
export * from './schemas/analytics';
export * from './schemas/derived';
export * from './schemas/entities';
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
