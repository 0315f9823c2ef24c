import type { CredentialVerification } from '../http/endpoints';
import type { CatalogCourse, CourseOutline } from '../schemas/course';
import type { ProgressState, QuizListItem } from '../schemas/derived';
import type {
  AnswerLetter,
  AnswerResult,
  AuthUser,
  Certificate,
  CertificateCheck,
  CompletedAttempt,
  Lesson,
  Module,
  Profile,
  QuizAttempt,
  QuizWithQuestions,
  Role,
  Session,
  SystemSettings,
} from '../schemas/entities';
import type { MyOrganisation } from '../schemas/organisationManagers';
import type { AdminAdapter } from './AdminAdapter';

/** Stops a subscription. */
export type Unsubscribe = () => void;

/** What sign-up sends; `name` goes into the user's metadata. */
export interface SignUpInput {
  /** Trimmed and lower-cased before anything else (learner §5). */
  email: string;
  /** Checked against the sign-up password policy (learner §5). */
  password: string;
  /** The display name; the profile starts with it. */
  name?: string;
}

/**
 * What sign-up answers. `session` is null when the deployment requires a confirmed e-mail before
 * sign-in; the reference API signs the learner in at once (DESIGN decision 8).
 */
export interface SignUpResult {
  /** The new account. */
  user: AuthUser;
  /** The signed-in session, or null until the e-mail is confirmed. */
  session: Session | null;
}

/** The outcome of a verification link (learner §2 /verification-success). */
export type VerificationStatus = 'success' | 'expired' | 'error';

/** Accounts and sessions (learner §5/§7); the adapter keeps the session and refreshes it. */
export interface AuthAdapter {
  /** The current session, refreshed first when 60 s or less remain; null when signed out. */
  getSession(): Promise<Session | null>;
  /** Calls `listener` on every sign-in, sign-out and refresh. */
  onSessionChange(listener: (session: Session | null) => void): Unsubscribe;
  /** Creates an account (learner §7); fails with `user_already_registered`, `weak_password`, `rate_limited`. */
  signUp(input: SignUpInput): Promise<SignUpResult>;
  /** Signs in with e-mail and password; fails with `invalid_credentials` or `rate_limited`. */
  signIn(input: { email: string; password: string }): Promise<Session>;
  /** Ends the session on the server and locally. */
  signOut(): Promise<void>;
  /** Exchanges the refresh token for a new session (tokens rotate). */
  refresh(): Promise<Session>;
  /** Adopts tokens from elsewhere, e.g. a recovery link's URL hash or a partner's sign-in. */
  setSession(tokens: { access_token: string; refresh_token: string }): Promise<Session>;
  /** Sends a password-reset e-mail; answers the same whether or not the address is registered. */
  requestPasswordReset(email: string): Promise<void>;
  /** Sets a new password for the signed-in (or recovery) session. */
  updatePassword(password: string): Promise<void>;
  /** Confirms an e-mail from a verification link's token. */
  verifyEmail(token: string): Promise<VerificationStatus>;
  /** Sends the verification e-mail again (3 per 60 s, then 5 minutes blocked). */
  resendVerification(email: string): Promise<void>;
}

/** Maintenance mode and the system message (learner §3); readable without signing in. */
export interface SettingsAdapter {
  /** The system settings; adapters answer the defaults (maintenance off) when the read fails. */
  get(): Promise<SystemSettings>;
  /** Calls `listener` with the new settings on every change (SSE on the HTTP adapter). */
  subscribe(listener: (settings: SystemSettings) => void): Unsubscribe;
}

/** The signed-in learner's profile and roles. */
export interface ProfileAdapter {
  /** The signed-in learner's profile, created on first read. */
  get(): Promise<Profile>;
  /** Updates display name and avatar; blank values are stored as null. */
  update(input: { display_name?: string | null; avatar_url?: string | null }): Promise<Profile>;
  /** The signed-in learner's roles. */
  roles(): Promise<Role[]>;
  /**
   * The active organisations the signed-in person belongs to, each with their role (learner or
   * manager), by name; empty for a person of none. The host links a manager to each console.
   */
  organisations(): Promise<MyOrganisation[]>;
}

/** The course's modules and lessons; lesson HTML is sanitised by the widget when it renders. */
export interface CourseContentAdapter {
  /**
   * The platform's published courses, the default course first, each with the signed-in learner's
   * progress (null when signed out); needs no sign-in. Not scoped: the same list whichever course
   * the adapter shows.
   */
  catalog(): Promise<CatalogCourse[]>;
  /** What the course says about itself (title, time texts, objectives, modules); needs no sign-in. */
  outline(): Promise<CourseOutline>;
  /** Modules in order. */
  modules(): Promise<Module[]>;
  /** A module's active lessons in order; fails with `not_found` for an unknown module. */
  lessons(moduleId: number): Promise<Lesson[]>;
}

/** The signed-in learner's lesson progress; the summary is computed by core's rules. */
export interface ProgressAdapter {
  /** The learner's records and the summary computed from them. */
  get(): Promise<ProgressState>;
  /** Marks a lesson (by its stable key) complete or not; answers the new state. */
  setLessonCompleted(lessonKey: string, completed: boolean): Promise<ProgressState>;
  /** Deletes all of the learner's progress and quiz attempts. */
  reset(): Promise<ProgressState>;
  /** Deletes one module's progress; fails with `not_found` ('Module {id} does not exist'). */
  resetModule(moduleId: number): Promise<ProgressState>;
}

/** Quizzes and attempts; answers are graded on the server, never revealed before they are committed. */
export interface QuizzesAdapter {
  /** Every quiz, oldest first, with the learner's summary of each. */
  list(): Promise<QuizListItem[]>;
  /** One quiz and its questions, without correct answers. */
  get(quizId: number): Promise<QuizWithQuestions>;
  /** Opens an attempt; its score is computed by the server when it is completed. */
  startAttempt(quizId: number): Promise<QuizAttempt>;
  /** Commits one course-quiz answer; it is locked, and only then is the key revealed. */
  answer(attemptId: number, questionId: number, answer: AnswerLetter): Promise<AnswerResult>;
  /**
   * Completes an attempt: the pre-assessment sends all its answers here; a course quiz needs every
   * question answered first. Answers the graded attempt with its review.
   */
  complete(attemptId: number, answers?: Record<string, AnswerLetter>): Promise<CompletedAttempt>;
  /** The learner's completed attempts of a quiz, newest first, with their reviews. */
  attempts(quizId: number): Promise<CompletedAttempt[]>;
}

/** The completion certificate (learner §2) and its public verification. */
export interface CertificateAdapter {
  /** The learner's certificate, or null while the course is not complete. */
  get(): Promise<Certificate | null>;
  /** A URL the browser can download the PDF from (it carries its own short-lived grant). */
  downloadUrl(): Promise<string>;
  /** Whether a verification code belongs to a real certificate; needs no sign-in. */
  verify(code: string): Promise<CertificateCheck>;
  /** The public URL of the certificate's signed Open Badges credential (JSON); optional for adapters without one. */
  credentialUrl?(code: string): string;
  /** The public URL of the badge image with the credential baked in (SVG); optional for adapters without one. */
  badgeUrl?(code: string): string;
  /**
   * The certificate's credential checked as any verifier would (signature, issuer, dates, status,
   * achievement), each check with its result; needs no sign-in. Optional for adapters without one.
   */
  checkCredential?(code: string): Promise<CredentialVerification>;
}

/**
 * The one seam between the widgets and data. Every widget reads and writes only through it, so a
 * partner can put the course on any backend. Every method validates what it returns with core's
 * zod schemas and fails with a `CourseError` whose message is the spec's text. Ours are
 * `createHttpAdapter` (the reference API) and the memory adapter of `@coursekit/mocks`; a partner's
 * own adapter proves itself with `runAdapterConformance` from `@coursekit/core/testing`.
 *
 * @example
 * ```tsx
 * import { CourseProvider, CoursePlayer } from '@coursekit/react';
 * import { createHttpAdapter } from '@coursekit/react/http';
 *
 * const adapter = createHttpAdapter({ baseUrl: 'https://courses.example.com/api' });
 * await adapter.auth.signIn({ email: 'kim@example.com', password: 'Correct-Horse-9' });
 * const { summary } = await adapter.progress.get();
 * console.log(`${summary.progressPercentage}% done`);
 *
 * export const App = () => (
 *   <CourseProvider adapter={adapter}>
 *     <CoursePlayer />
 *   </CourseProvider>
 * );
 * ```
 */
export interface CourseAdapter {
  /** Accounts and sessions. */
  auth: AuthAdapter;
  /** Maintenance mode and the system message, live. */
  settings: SettingsAdapter;
  /** The learner's profile and roles. */
  profile: ProfileAdapter;
  /** The catalog, and the modules and lessons of the adapter's course. */
  course: CourseContentAdapter;
  /** The learner's lesson progress. */
  progress: ProgressAdapter;
  /** Quizzes, attempts and answers. */
  quizzes: QuizzesAdapter;
  /** The completion certificate; optional for adapters without one. */
  certificate?: CertificateAdapter;
  /** Administration; present only on adapters that offer it (and refused by the server to non-admins). */
  admin?: AdminAdapter;
}
