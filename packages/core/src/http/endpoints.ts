import * as z from 'zod/mini';
import type { CourseErrorCode } from '../errors';
import { LtiRosterSchema } from '../lti/roster';
import { CatalogAnswerSchema, CourseOutlineSchema } from '../schemas/course';
import { ProgressStateSchema, QuizListItemSchema } from '../schemas/derived';
import {
  AnswerLetterSchema,
  AnswerResultSchema,
  AuthUserSchema,
  CertificateCheckSchema,
  CertificateSchema,
  CompletedAttemptSchema,
  LessonSchema,
  ModuleSchema,
  ProfileSchema,
  QuizAttemptSchema,
  QuizWithQuestionsSchema,
  RoleSchema,
  SessionSchema,
  SystemSettingsSchema,
} from '../schemas/entities';
import {
  AcceptInvitationAnswerSchema,
  AcceptInvitationBodySchema,
  MyOrganisationsAnswerSchema,
  ReminderLinkAnswerSchema,
  ReminderUnsubscribeAnswerSchema,
  ReminderUnsubscribeQuerySchema,
} from '../schemas/organisationManagers';
import {
  CompanySignInAnswerSchema,
  CompanySignInQuerySchema,
  OrganisationFaceSchema,
} from '../schemas/organisations';
import { textInput } from '../schemas/text';

// The learner-side wire protocol of the reference API. Paths are relative to the API's base URL
// (`/api` on the reference server); path parameters are written `:name`. Requests and answers are
// JSON; a signed-in call carries `Authorization: Bearer <access_token>`. A failure answers the
// status of `HTTP_STATUS[code]` with the body `{ error: { code, message, fields?, requestId? } }`
// (CourseError; requestId is the answer's X-Request-Id).
// The HTTP adapter, the MSW mocks, the Express routers and the OpenAPI document all read this table.

export const SignUpBodySchema = z.strictObject({
  email: textInput(),
  password: textInput(),
  name: z.optional(textInput()),
});
export const SignInBodySchema = z.strictObject({ email: textInput(), password: textInput() });
export const RefreshBodySchema = z.strictObject({ refresh_token: textInput() });
export const SignOutBodySchema = z.strictObject({ refresh_token: z.optional(textInput()) });
export const EmailBodySchema = z.strictObject({ email: textInput() });
export const TokenBodySchema = z.strictObject({ token: textInput() });
export const PasswordBodySchema = z.strictObject({ password: textInput() });
export const ProfileUpdateBodySchema = z.strictObject({
  display_name: z.optional(z.nullable(textInput())),
  avatar_url: z.optional(z.nullable(textInput())),
});
export const ProgressUpdateBodySchema = z.strictObject({ completed: z.boolean() });
/**
 * `answer` is the chosen option's id (the letter its author gave it, whatever position the attempt
 * showed it at: question banks); the question must be one the attempt drew.
 */
export const AnswerBodySchema = z.strictObject({ question_id: z.number(), answer: AnswerLetterSchema });
/** The pre-assessment's answers with `complete`: option ids by question id, every drawn question. */
export const CompleteBodySchema = z.strictObject({
  answers: z.optional(z.record(textInput(), AnswerLetterSchema)),
});

export const SignUpAnswerSchema = z.object({ user: AuthUserSchema, session: z.nullable(SessionSchema) });
export const VerifyAnswerSchema = z.object({ status: z.enum(['success', 'expired', 'error']) });
export const RolesAnswerSchema = z.object({ roles: z.array(RoleSchema) });
export const UserAnswerSchema = z.object({ user: AuthUserSchema });
export const CertificateAnswerSchema = z.object({ certificate: z.nullable(CertificateSchema) });
/** A signed OpenBadgeCredential: JSON-LD, checked by its proof rather than by a schema here. */
const CredentialAnswerSchema = z.record(z.string(), z.unknown());
/** An uploaded credential: shape first (context URLs, types and a proof), its proof after. */
export const CredentialBodySchema = z.looseObject({
  '@context': z.array(textInput()),
  type: z.array(textInput()),
  proof: z.looseObject({}),
});
/**
 * What a wallet sends when it asks for a credential (Learner Credential Wallet: a DID authentication
 * presentation with the link's challenge). The code in the path is what opens the credential, as
 * for GET, so any JSON object is accepted and its content is not needed.
 */
const WalletRequestBodySchema = z.looseObject({});
const CredentialCheckNameSchema = z.enum(['signature', 'issuer', 'dates', 'status', 'achievement']);
export const CredentialVerificationSchema = z.object({
  verified: z.boolean(),
  /** Each check with its result; `message` says why a failed one failed. */
  checks: z.array(
    z.object({ check: CredentialCheckNameSchema, ok: z.boolean(), message: z.optional(z.string()) }),
  ),
});
/** A credential's checks, as `POST /credentials/verify` answers them. */
export type CredentialVerification = z.infer<typeof CredentialVerificationSchema>;
export const DownloadAnswerSchema = z.object({ url: z.string() });
export const HealthAnswerSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.boolean() });
const LiveAnswerSchema = z.object({ status: z.literal('ok') });
const ReadyAnswerSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.boolean(),
  migrations: z.boolean(),
  course: z.boolean(),
  /** True once the instance is shutting down: a load balancer sends it nothing new. */
  draining: z.boolean(),
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface Endpoint {
  method: Method;
  path: string;
  /** 'none': public; 'user': any valid session; 'recovery': a normal or recovery session. */
  auth: 'none' | 'user' | 'recovery';
  /** The query string's parameters, when the endpoint reads any. */
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** The answer's schema; absent for 204 No Content. */
  answer?: z.ZodMiniType;
  /**
   * What this endpoint can fail with besides what its entry implies: the OpenAPI document adds 401
   * for a signed-in call (and 403 for an admin one), 400 for a query, path parameter or body, 413 and
   * 415 for a POST, PUT or PATCH, and 500 and 503 for every call (api/src/http/openapi.ts).
   */
  errors?: readonly CourseErrorCode[];
  summary: string;
  /**
   * 'course': about one course. It answers at its path for the default course and at
   * `/courses/:course` + its path for any course by slug (`coursePath`); an unknown slug is 404.
   */
  scope?: 'course';
}

const e = <const T extends Endpoint>(endpoint: T): T => endpoint;

export const endpoints = {
  health: e({
    method: 'GET',
    path: '/health',
    auth: 'none',
    answer: HealthAnswerSchema,
    summary: 'Liveness and database reachability',
  }),
  healthLive: e({
    method: 'GET',
    path: '/health/live',
    auth: 'none',
    answer: LiveAnswerSchema,
    summary: 'Liveness: the process answers (200 whatever the database does)',
  }),
  healthReady: e({
    method: 'GET',
    path: '/health/ready',
    auth: 'none',
    answer: ReadyAnswerSchema,
    summary:
      'Readiness for a load balancer: database reachable, migrations applied, course loaded, not shutting down (503 otherwise, same body)',
  }),

  signUp: e({
    method: 'POST',
    path: '/auth/signup',
    auth: 'none',
    body: SignUpBodySchema,
    answer: SignUpAnswerSchema,
    errors: ['weak_password', 'user_already_registered', 'rate_limited'],
    summary: 'Create an account (201)',
  }),
  signIn: e({
    method: 'POST',
    path: '/auth/signin',
    auth: 'none',
    body: SignInBodySchema,
    answer: SessionSchema,
    errors: ['invalid_credentials', 'rate_limited'],
    summary: 'Sign in with e-mail and password',
  }),
  signOut: e({
    method: 'POST',
    path: '/auth/signout',
    auth: 'user',
    body: SignOutBodySchema,
    summary: 'End the session on the server (204)',
  }),
  refresh: e({
    method: 'POST',
    path: '/auth/refresh',
    auth: 'none',
    body: RefreshBodySchema,
    answer: SessionSchema,
    errors: ['unauthorized'],
    summary: 'Rotate the refresh token for a new session',
  }),
  user: e({
    method: 'GET',
    path: '/auth/user',
    auth: 'user',
    answer: UserAnswerSchema,
    summary: 'The signed-in user',
  }),
  verifyEmail: e({
    method: 'POST',
    path: '/auth/verify',
    auth: 'none',
    body: TokenBodySchema,
    answer: VerifyAnswerSchema,
    summary: 'Confirm an e-mail from a verification token',
  }),
  resendVerification: e({
    method: 'POST',
    path: '/auth/resend',
    auth: 'none',
    body: EmailBodySchema,
    errors: ['rate_limited'],
    summary: 'Send the verification e-mail again (204; 3 per 60 s, then 5 minutes)',
  }),
  recover: e({
    method: 'POST',
    path: '/auth/recover',
    auth: 'none',
    body: EmailBodySchema,
    errors: ['rate_limited'],
    summary: 'Send a password-reset e-mail (204, whether or not the address is registered)',
  }),
  updatePassword: e({
    method: 'PUT',
    path: '/auth/password',
    auth: 'recovery',
    body: PasswordBodySchema,
    errors: ['weak_password'],
    summary: 'Set a new password; ends the user’s other sessions (204)',
  }),

  settings: e({
    method: 'GET',
    path: '/settings',
    auth: 'none',
    answer: SystemSettingsSchema,
    summary: 'System settings',
  }),
  settingsStream: e({
    method: 'GET',
    path: '/settings/stream',
    auth: 'none',
    summary: 'Server-Sent Events: a `settings` event with SystemSettings on connect and on every change',
  }),

  profile: e({
    method: 'GET',
    path: '/profile',
    auth: 'user',
    answer: ProfileSchema,
    summary: 'The learner’s profile, created on first read',
  }),
  updateProfile: e({
    method: 'PATCH',
    path: '/profile',
    auth: 'user',
    body: ProfileUpdateBodySchema,
    answer: ProfileSchema,
    summary: 'Update display name / avatar (trimmed, blank → null)',
  }),
  roles: e({
    method: 'GET',
    path: '/profile/roles',
    auth: 'user',
    answer: RolesAnswerSchema,
    summary: 'The learner’s roles',
  }),
  myOrganisations: e({
    method: 'GET',
    path: '/me/organisations',
    auth: 'user',
    answer: MyOrganisationsAnswerSchema,
    summary:
      'The active organisations the signed-in person belongs to, each with their role in it (empty for a person of none)',
  }),

  ltiRoster: e({
    method: 'GET',
    path: '/lti/rosters/:rosterId',
    auth: 'user',
    answer: LtiRosterSchema,
    errors: ['forbidden', 'unavailable'],
    summary:
      'The LMS context’s members (LTI Names and Role Provisioning, fetched from the platform now), each with their progress in the linked course or module; members who never launched are not_started. Only the session of an instructor’s launch in that context may read it',
  }),

  courses: e({
    method: 'GET',
    path: '/courses',
    auth: 'none',
    answer: CatalogAnswerSchema,
    summary:
      'The catalog: published courses, default first, each with the signed-in learner’s progress (null without a session)',
  }),
  outline: e({
    scope: 'course',
    method: 'GET',
    path: '/outline',
    auth: 'none',
    answer: CourseOutlineSchema,
    errors: ['not_found'],
    summary:
      'What the course says about itself: title, time texts, objectives, its modules (404 before any course is loaded)',
  }),
  modules: e({
    scope: 'course',
    method: 'GET',
    path: '/modules',
    auth: 'user',
    answer: z.array(ModuleSchema),
    summary: 'Modules by order_index',
  }),
  lessons: e({
    scope: 'course',
    method: 'GET',
    path: '/modules/:moduleId/lessons',
    auth: 'user',
    answer: z.array(LessonSchema),
    errors: ['not_found'],
    summary: 'A module’s active lessons by order (404 for an unknown module)',
  }),

  progress: e({
    scope: 'course',
    method: 'GET',
    path: '/progress',
    auth: 'user',
    answer: ProgressStateSchema,
    summary: 'Records and summary',
  }),
  setLessonCompleted: e({
    scope: 'course',
    method: 'PUT',
    path: '/progress/lessons/:lessonKey',
    auth: 'user',
    body: ProgressUpdateBodySchema,
    answer: ProgressStateSchema,
    errors: ['not_found'],
    summary: 'Mark a lesson complete or not, by stable key',
  }),
  resetProgress: e({
    scope: 'course',
    method: 'DELETE',
    path: '/progress',
    auth: 'user',
    answer: ProgressStateSchema,
    summary: 'Delete all progress and quiz attempts',
  }),
  resetModule: e({
    scope: 'course',
    method: 'DELETE',
    path: '/progress/modules/:moduleId',
    auth: 'user',
    answer: ProgressStateSchema,
    errors: ['not_found'],
    summary: 'Delete one module’s progress (404 “Module {id} does not exist”)',
  }),

  quizzes: e({
    scope: 'course',
    method: 'GET',
    path: '/quizzes',
    auth: 'user',
    answer: z.array(QuizListItemSchema),
    summary: 'Quizzes oldest first, each with the learner’s summary',
  }),
  quiz: e({
    scope: 'course',
    method: 'GET',
    path: '/quizzes/:quizId',
    auth: 'user',
    answer: QuizWithQuestionsSchema,
    errors: ['not_found'],
    summary: 'A quiz and its questions, without answers',
  }),
  startAttempt: e({
    scope: 'course',
    method: 'POST',
    path: '/quizzes/:quizId/attempts',
    auth: 'user',
    answer: QuizAttemptSchema,
    errors: ['not_found'],
    summary: 'Open an attempt (201) with its questions: those drawn, options in the order shown, no key',
  }),
  attempts: e({
    scope: 'course',
    method: 'GET',
    path: '/quizzes/:quizId/attempts',
    auth: 'user',
    answer: z.array(CompletedAttemptSchema),
    errors: ['not_found'],
    summary: 'Completed attempts, newest first, with reviews',
  }),
  answer: e({
    method: 'POST',
    path: '/attempts/:attemptId/answers',
    auth: 'user',
    body: AnswerBodySchema,
    answer: AnswerResultSchema,
    errors: ['not_found', 'conflict'],
    summary:
      'Commit one course-quiz answer by option id (404 for a question not drawn, 409 when already answered)',
  }),
  complete: e({
    method: 'POST',
    path: '/attempts/:attemptId/complete',
    auth: 'user',
    body: CompleteBodySchema,
    answer: CompletedAttemptSchema,
    errors: ['not_found', 'conflict'],
    summary: 'Grade and close an attempt',
  }),

  certificate: e({
    scope: 'course',
    method: 'GET',
    path: '/certificate',
    auth: 'user',
    answer: CertificateAnswerSchema,
    summary: 'The learner’s certificate, or null until the course is complete',
  }),
  certificateDownload: e({
    scope: 'course',
    method: 'POST',
    path: '/certificate/download',
    auth: 'user',
    answer: DownloadAnswerSchema,
    errors: ['not_found'],
    summary: 'A short-lived URL of the certificate PDF',
  }),
  certificateCheck: e({
    method: 'GET',
    path: '/certificates/:code',
    auth: 'none',
    answer: CertificateCheckSchema,
    summary:
      'Whether a verification code is valid; for a valid one, `linkedInUrl` and `walletUrl` to share the certificate',
  }),
  certificateCredential: e({
    method: 'GET',
    path: '/certificates/:code/credential',
    auth: 'none',
    answer: CredentialAnswerSchema,
    errors: ['not_found'],
    summary: 'The certificate as a signed Open Badges 3.0 credential (eddsa-rdfc-2022)',
  }),
  credentialForWallet: e({
    method: 'POST',
    path: '/certificates/:code/credential',
    auth: 'none',
    body: WalletRequestBodySchema,
    answer: CredentialAnswerSchema,
    errors: ['not_found'],
    summary:
      'The same credential for a wallet that POSTs its request (the `vc_request_url` of the `walletUrl` deep link)',
  }),
  credentialVerify: e({
    method: 'POST',
    path: '/credentials/verify',
    auth: 'none',
    body: CredentialBodySchema,
    answer: CredentialVerificationSchema,
    summary: 'Check an uploaded Open Badges credential: signature, issuer, dates, status, achievement',
  }),
  // The invitation's accept link posts here; the token proves the e-mail, so no session is needed.
  acceptOrganisationInvitation: e({
    method: 'POST',
    path: '/organisation-invitations/accept',
    auth: 'none',
    body: AcceptInvitationBodySchema,
    answer: AcceptInvitationAnswerSchema,
    errors: ['not_found', 'conflict', 'weak_password'],
    summary:
      'Accept an organisation’s invitation: an existing account with its e-mail joins; otherwise a password (and name) makes the account, its e-mail confirmed',
  }),
  // Public: the sign-in page asks it about a typed e-mail before the password. An unclaimed domain,
  // a disabled provider and an unknown one all answer the same null.
  companySignIn: e({
    method: 'GET',
    path: '/auth/sso/discover',
    auth: 'none',
    query: CompanySignInQuerySchema,
    answer: CompanySignInAnswerSchema,
    errors: ['invalid_request'],
    summary:
      'Which organisation signs in an e-mail through its identity provider (name and slug), or null; the sign-in page then offers "Continue with {organisation}"',
  }),
  // Public: the site entry and the embed theme themselves with it before anyone signs in.
  organisationFace: e({
    method: 'GET',
    path: '/organisation-faces/:slug',
    auth: 'none',
    answer: OrganisationFaceSchema,
    errors: ['invalid_request', 'not_found'],
    summary:
      'An active organisation’s public face by slug: its name and theme tokens (colours, fonts, logo); 404 for an unknown or suspended one',
  }),
  // The link in every reminder mail opens the site's confirmation page, which reads the link with GET
  // (never a change: mail scanners follow links) and turns reminders off with POST, as a mail
  // client's one-click does (RFC 8058). The signed token proves who and which organisation, so no
  // session is needed.
  reminderUnsubscribe: e({
    method: 'GET',
    path: '/reminders/unsubscribe',
    auth: 'none',
    query: ReminderUnsubscribeQuerySchema,
    answer: ReminderLinkAnswerSchema,
    errors: ['invalid_request'],
    summary:
      'What a reminder’s link would turn off (the organisation, and whether its reminders are still on); changes nothing. A forged or expired token is 400',
  }),
  reminderUnsubscribePost: e({
    method: 'POST',
    path: '/reminders/unsubscribe',
    auth: 'none',
    query: ReminderUnsubscribeQuerySchema,
    answer: ReminderUnsubscribeAnswerSchema,
    errors: ['invalid_request'],
    summary:
      'Turn an organisation’s reminder e-mails off for the person the token names (the page’s button, or a mail client’s one-click); a forged or expired token changes nothing',
  }),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

/** Fills `:name` parameters of an endpoint's path (URI-encoded). */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Where a course-scoped path answers for one course: `/courses/{slug}` + path (no slug: the default). */
export function coursePath(path: string, course?: string | null): string {
  return course ? `/courses/${encodeURIComponent(course)}${path}` : path;
}
