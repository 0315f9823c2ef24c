/**
 * The product's texts, as the specs write them (learner §5/§8, admin §5/§8).
 * Every validation message and auth error text lives here once; the API, the widgets
 * and the mocks import them, so a wording change is one edit.
 */
export const messages = {
  // learner §5 — e-mail
  emailRequired: 'Email is required',
  emailInvalidFormat: 'Invalid email format',
  emailTooLong: 'Email address too long',
  emailInvalidCharacters: 'Email contains invalid characters',

  // learner §5 — sign-up password (also applied by the server at reset and admin create)
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password too long (max 128 characters)',
  passwordClasses: 'Password must contain at least 3 of: uppercase, lowercase, numbers, special characters',
  passwordCommon: 'Password contains common patterns and is not secure',

  // learner §5 — name
  nameRequired: 'Name is required',
  nameEmpty: 'Name cannot be empty',
  nameTooLong: 'Name too long (max 100 characters)',
  nameInvalidCharacters: 'Name contains invalid characters',
  nameDangerous: 'Name contains potentially dangerous characters',

  // learner §5 — password reset form
  resetPasswordRequired: 'Please enter a new password',
  resetPasswordTooShort: 'Password must be at least 6 characters long',
  resetPasswordMismatch: 'Passwords do not match',
  resetInvalidSession: 'Invalid session for password reset. Please request a new reset link.',

  // learner §5 — account reset-password dialog
  emailRequiredTitle: 'Email Required',
  emailRequiredDescription: 'Please enter your email address.',
  resetEmailSentTitle: 'Reset Email Sent',
  resetEmailSentDescription: 'Check your email for password reset instructions.',

  // learner §8 — resending the verification e-mail ({seconds}, {email} filled in by the caller)
  resendTooManyTitle: 'Too Many Requests',
  resendWait: 'Please wait {seconds} seconds before requesting another verification email.',
  resendSentTitle: 'Email Sent',
  resendSent: 'We sent a new verification link to {email}.',
  resendFailed: 'Failed to resend verification email. Please try again.',

  // learner §8 — auth error mapping
  authExpired: 'Your verification link has expired. Please request a new one.',
  authInvalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  authEmailNotConfirmed:
    'Please verify your email before signing in. Check your inbox for a verification link.',
  authSignupDisabled: 'New account registration is currently disabled.',
  authWeakPassword: 'Password is too weak. Please choose a stronger password.',
  authRateLimited: 'Too many requests. Please wait a moment before trying again.',
  authUserAlreadyRegistered: 'An account with this email already exists. Try signing in instead.',
  authInvalidRequest: 'Invalid request. Please try again.',
  authNetworkError: 'Network error. Please check your connection and try again.',
  authUnexpected: 'An unexpected error occurred. Please try again.',

  // learner §8 — rate limits
  rateLimitSignUp: 'Too many sign-up attempts. Please try again later.',
  rateLimitSignIn: 'Too many sign-in attempts. Please try again later.',
  rateLimitProgress: 'Too many requests. Please try again later.',

  // learner §8 — session and progress
  sessionInvalid: 'Invalid or expired session',
  sessionExpired: 'Session expired',
  sessionMissing: 'No active session',
  userNotAuthenticated: 'User not authenticated',
  authSessionExpired: 'Authentication session expired. Please sign in again.',
  progressUpdateFailed: 'Progress update failed',
  authenticationFailed: 'Authentication failed',
  databaseConnectionFailed: 'Database connection failed',

  // admin §5 — create user
  createUserEmailInvalid: 'Please enter a valid email address',
  createUserPasswordTooShort: 'Password must be at least 6 characters',
  createUserDisplayNameRequired: 'Display name is required',

  // admin §5 — delete user, password reset
  deleteUserHint: 'Please confirm all deletion options above to proceed.',
  cannotResetPasswordTitle: 'Cannot Reset Password',
  userEmailNotAvailable: 'User email not available',

  // admin §8 — guard
  guardSessionFailed: 'Session validation failed. Please sign in again.',
  guardInsufficientRole: 'Insufficient permissions to access this resource.',
  guardSecurityFailed: 'Security validation failed. Please try again.',
  guardAccessDenied: 'Access denied',

  // texts both sides show (learner §8 / admin §8)
  guardSomethingWrong: 'Something went wrong',
  errorTitle: 'Error',
  resetFailedTitle: 'Reset Failed',
  moduleLockedHint: 'Complete previous modules to unlock',
  moduleResetCompleteTitle: 'Module Reset Complete',

  // learner §8 — quizzes (inline)
  quizNotFound: 'Quiz not found or no questions available.',

  // the API's input rule for every text field (no spec text: NUL and lone surrogates cannot be stored)
  textNotStorable: 'Contains a character that is not allowed (NUL or an unpaired surrogate)',

  // The server's answers to a quiz attempt the spec does not word (DESIGN: quiz answers are locked
  // on the server; the pre-assessment sends its answers with complete).
  attemptNotFound: 'Attempt not found',
  questionNotInQuiz: 'Question not found in this quiz',
  questionAlreadyAnswered: 'This question has already been answered',
  attemptAlreadyComplete: 'This attempt is already complete',
  preAssessmentAnswersOnComplete: 'Pre-assessment answers are sent when the attempt is completed',
  notACourseQuizQuestion: 'Not a course-quiz question',
  answersNameUnknownQuestions: 'Answers name questions that are not in this quiz',
  notAQuestionId: 'Not a question id',

  // The certificate (learner §1: a completion certificate)
  certificateNotYet: 'No certificate yet: complete every lesson and pass the course quiz',
  certificateLinkExpired: 'This download link has expired. Please download the certificate again.',
  certificateMissing: 'No certificate',

  // Open Badges credentials: what the verification names for each check
  credentialContext:
    'Not an Open Badges 3.0 credential: @context must start with the VC 2.0 context and include the Open Badges 3.0.3 context',
  credentialNotOurs: 'Issued by another issuer: this site verifies only the credentials it issued',
  credentialSignatureBad: 'The signature does not match: the credential was changed after it was signed',
  credentialNotYetValid: 'Not valid yet: its validFrom is in the future',
  credentialExpired: 'Expired: its validUntil has passed',
  credentialRevoked: 'Revoked by the issuer: its status list marks it revoked',
  credentialUnknownAchievement: 'The achievement is not one of this site’s courses',
  credentialStatusUnreadable:
    'The issuer’s status list could not be read and checked on this site, so whether it is revoked is unknown',
  credentialNotThisCourse: 'The achievement is not this certificate’s course',

  // The server's answers to a request it cannot take (any endpoint)
  notFound: 'Not found',
  noSuchEndpoint: 'No such endpoint',
  noSuchMessage: 'No such message',
  noSuchFile: 'No such file',
  malformedJson: 'Malformed JSON in request body',
  malformedJsonField: 'Malformed JSON',
  bodyTooLarge: 'Request body too large',
  bodyMustBeJson: 'Request bodies must be JSON (Content-Type: application/json)',
  databaseUnavailable:
    'Service temporarily unavailable: the database cannot be reached. Please try again in a moment.',
  avatarInvalid: 'Avatar must be an http(s) URL or a /storage/ path',

  // Partner sign-in (a partner's signed token instead of a password)
  partnerEmailTaken:
    'Partner token refused: this e-mail already has a CourseKit account that signs in with a password.',
  partnerWrongAudience: 'Partner token refused: it was issued for another audience.',
  partnerBadSignature: 'Partner token refused: its signature does not verify.',
  partnerExpired: 'Partner token refused: it has expired. Sign in again on your intranet.',
  partnerMissingClaims: 'Partner token refused: it needs a subject and a valid e-mail.',
  courseNotLoaded:
    'No course is loaded yet: load it from its content folder (npm run content:load -w @coursekit/api).',
  courseArchived:
    'This course is archived: your records and certificate are kept, but no new attempts can start.',
} as const;

export type MessageKey = keyof typeof messages;

/** learner §8: 'Module {id} does not exist' */
export const moduleDoesNotExist = (moduleId: number | string): string => `Module ${moduleId} does not exist`;

/** An unknown course slug (API 404; the site shows its not-found page). */
export const courseDoesNotExist = (slug: string): string => `Course "${slug}" does not exist`;

/** learner §8: 'Lesson {id} does not exist...' */
export const lessonDoesNotExist = (lessonId: number | string): string => `Lesson ${lessonId} does not exist`;

/** admin §8: 'Successfully assigned {role} role to user' */
export const roleAssignedMessage = (role: string): string => `Successfully assigned ${role} role to user`;

/** admin §8: 'Successfully removed {role} role from user' */
export const roleRemovedMessage = (role: string): string => `Successfully removed ${role} role from user`;

/** admin §8: 'Password reset email sent to {email}' */
export const passwordResetSentMessage = (email: string): string => `Password reset email sent to ${email}`;

/** admin §8: 'Module {n} Loaded' / 'Module {n} Failed' / 'Module {n} Error' */
export const moduleLoadTitle = (n: number, outcome: 'Loaded' | 'Failed' | 'Error'): string =>
  `Module ${n} ${outcome}`;

/** admin §8: 'Progress has been reset for {name}.' */
export const progressResetMessage = (name: string): string => `Progress has been reset for ${name}.`;

/** admin §8: 'Failed to reset progress: {error}. Please try again.' */
export const progressResetFailedMessage = (error: string): string =>
  `Failed to reset progress: ${error}. Please try again.`;

/** admin §8: 'Could not reset {module}: {error}' */
export const moduleResetFailedMessage = (module: string, error: string): string =>
  `Could not reset ${module}: ${error}`;

/** admin §2: the attempts dialog's title, 'Quiz Attempts - {title}' */
export const quizAttemptsTitle = (title: string): string => `Quiz Attempts - ${title}`;

/** admin §8: 'Error loading diagnostic settings: ...' */
export const diagnosticsLoadErrorMessage = (error: string): string =>
  `Error loading diagnostic settings: ${error}`;

/** A quiz completed with questions left: how many, in the message and the `answers` field. */
export const unansweredQuestionsMessage = (count: number): string =>
  `Answer every question before completing (${count} unanswered)`;
export const unansweredQuestionsField = (count: number): string => `${count} questions unanswered`;

/** The pre-assessment's answers name ids that are not its questions (the first five shown). */
export const unknownQuestionsField = (ids: readonly string[]): string =>
  `Unknown questions: ${ids.slice(0, 5).join(', ')}`;

/** A call from a page whose origin no active organisation lists among its embed origins. */
export const originRefusedMessage = (origin: string): string =>
  `Origin ${origin} may not call this API; add it to its organisation's embed origins.`;
