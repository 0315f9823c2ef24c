import * as z from 'zod/mini';

// The entities of learner §3 and admin §3, as the API sends them. Stored fields keep the
// spec's snake_case names; derived shapes (summaries) keep the spec's camelCase.
// zod/mini keeps the widgets' bundles small (measured 34 KB vs 54 KB gzip with zod classic).

const timestamp = z.string();

export const RoleSchema = z.enum(['admin', 'moderator', 'user']);
export type Role = z.infer<typeof RoleSchema>;
export const ROLES = RoleSchema.options;

export const SystemMessageTypeSchema = z.enum(['info', 'warning', 'error', 'success']);
export type SystemMessageType = z.infer<typeof SystemMessageTypeSchema>;

/**
 * The platform's own words, which an admin edits in System Settings: the site's name (the header's
 * text beside the logo), the footer's copyright owner and year, the help mailbox, and the about page's
 * text about the platform (markdown paragraphs). None of them belongs to a course.
 */
export const PlatformTextsSchema = z.object({
  site_name: z.string(),
  owner: z.string(),
  copyright_year: z.number(),
  support_email: z.string(),
  about: z.string(),
});
export type PlatformTexts = z.infer<typeof PlatformTextsSchema>;

export const SystemSettingsSchema = z.object({
  id: z.number(),
  maintenance_mode: z.boolean(),
  system_message: z.nullable(z.string()),
  system_message_type: SystemMessageTypeSchema,
  /** Absent from adapters that predate it: the widgets then show `DEFAULT_PLATFORM_TEXTS`. */
  platform: z.optional(PlatformTextsSchema),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

/** What the site shows before the settings arrive, or when they carry no platform texts. */
export const DEFAULT_PLATFORM_TEXTS: PlatformTexts = {
  site_name: 'CourseKit',
  owner: 'CourseKit',
  copyright_year: 2025,
  support_email: 'support@coursekit.example',
  about: '',
};

/** learner §3: "If the fetch fails, defaults apply (maintenance off)." */
export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  id: 1,
  maintenance_mode: false,
  system_message: null,
  system_message_type: 'info',
  created_at: new Date(0).toISOString(),
  updated_at: new Date(0).toISOString(),
};

export const AuthUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  email_confirmed_at: z.nullable(timestamp),
  created_at: timestamp,
  last_sign_in_at: z.optional(z.nullable(timestamp)),
  user_metadata: z.object({ name: z.optional(z.nullable(z.string())) }),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

export const SessionSchema = z.object({
  user: AuthUserSchema,
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds since the epoch at which the access token expires. */
  expires_at: z.number(),
  /** 'recovery' for a session opened from a password-reset link. */
  type: z.optional(z.enum(['normal', 'recovery'])),
});
export type Session = z.infer<typeof SessionSchema>;

export const ProfileSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  display_name: z.nullable(z.string()),
  avatar_url: z.nullable(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ModuleSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  order_index: z.number(),
  /** The course's reading time for the module, in minutes; null when it gives none (30 is shown). */
  duration_minutes: z.nullable(z.number()),
});
export type Module = z.infer<typeof ModuleSchema>;

export const LessonSchema = z.object({
  id: z.number(),
  lesson_key: z.string(),
  title: z.string(),
  /** HTML; widgets sanitise it again on render. */
  content: z.string(),
  content_hash: z.string(),
  order: z.number(),
  original_order: z.nullable(z.number()),
  module_id: z.number(),
  is_active: z.boolean(),
  version: z.number(),
  updated_at: timestamp,
});
export type Lesson = z.infer<typeof LessonSchema>;

export const TrackingMethodSchema = z.enum(['legacy', 'stable']);
export type TrackingMethod = z.infer<typeof TrackingMethodSchema>;

export const ProgressRecordSchema = z.object({
  id: z.number(),
  user_id: z.string(),
  lesson_id: z.nullable(z.number()),
  lesson_key: z.nullable(z.string()),
  module_id: z.number(),
  completed: z.boolean(),
  lesson_order: z.nullable(z.number()),
  tracking_method: TrackingMethodSchema,
  updated_at: timestamp,
});
export type ProgressRecord = z.infer<typeof ProgressRecordSchema>;

/** The pre-assessment is marked by its kind, not a magic id (DESIGN decision 6). */
export const QuizKindSchema = z.enum(['pre_assessment', 'course']);
export type QuizKind = z.infer<typeof QuizKindSchema>;

export const QuizSchema = z.object({
  id: z.number(),
  kind: QuizKindSchema,
  title: z.string(),
  description: z.nullable(z.string()),
  /** Questions an attempt shows: the quiz's draw when it draws from a larger bank, else all of them. */
  total_questions: z.number(),
  /** Percent at or above which an attempt passes. */
  passing_score: z.number(),
  created_at: timestamp,
});
export type Quiz = z.infer<typeof QuizSchema>;

export const AnswerLetterSchema = z.enum(['A', 'B', 'C', 'D']);
export type AnswerLetter = z.infer<typeof AnswerLetterSchema>;
export const ANSWER_LETTERS = AnswerLetterSchema.options;

/**
 * One answer option: `id` is its stable id, the letter the author gave it in this version of the
 * question (A-D), whatever position an attempt shows it at. Answers are sent and graded by it.
 */
export const QuizOptionSchema = z.object({ id: AnswerLetterSchema, text: z.string() });
export type QuizOption = z.infer<typeof QuizOptionSchema>;

/** A question as a learner receives it: never with its correct answer or explanation. */
export const QuizQuestionSchema = z.object({
  id: z.number(),
  quiz_id: z.number(),
  question_number: z.number(),
  /** The version of the question's content this is (bumped when its text, options or key change). */
  version: z.optional(z.number()),
  question_text: z.string(),
  /** The options as the author lettered them (kept for clients that read letters). */
  option_a: z.string(),
  option_b: z.string(),
  option_c: z.string(),
  option_d: z.string(),
  /** The options in the order the learner is shown them (an attempt's order; A-D otherwise). */
  options: z.optional(z.array(QuizOptionSchema)),
});
export type QuizQuestion = z.infer<typeof QuizQuestionSchema>;

/**
 * One question an attempt drew, as stored with the attempt: which question, which version of it,
 * and the option ids in the order shown. Review and grading read the question through this.
 */
export const DrawnQuestionSchema = z.object({
  question_id: z.number(),
  version: z.number(),
  options: z.array(AnswerLetterSchema),
});
export type DrawnQuestion = z.infer<typeof DrawnQuestionSchema>;

/** A question with its key, as stored on the server and revealed once answered. */
export const AnsweredQuestionKeySchema = z.object({
  correct_answer: AnswerLetterSchema,
  explanation: z.nullable(z.string()),
});
export type QuizQuestionWithKey = QuizQuestion & z.infer<typeof AnsweredQuestionKeySchema>;

/** The answer to one committed answer: locked on the server, then revealed. */
export const AnswerResultSchema = z.object({
  question_id: z.number(),
  selected: AnswerLetterSchema,
  isCorrect: z.boolean(),
  correct_answer: AnswerLetterSchema,
  explanation: z.nullable(z.string()),
});
export type AnswerResult = z.infer<typeof AnswerResultSchema>;

/** learner §3: pre-assessment answers are objects; course-quiz answers are letters (objects accepted when reading). */
export const StoredAnswerSchema = z.union([
  AnswerLetterSchema,
  z.object({
    selected: AnswerLetterSchema,
    correct: z.optional(AnswerLetterSchema),
    isCorrect: z.optional(z.boolean()),
  }),
]);
export type StoredAnswer = z.infer<typeof StoredAnswerSchema>;

export const QuizAttemptSchema = z.object({
  id: z.number(),
  user_id: z.string(),
  quiz_id: z.number(),
  /** Correct answers, counted by the server. */
  score: z.number(),
  total_questions: z.number(),
  percentage: z.number(),
  passed: z.boolean(),
  answers: z.record(z.string(), StoredAnswerSchema),
  started_at: timestamp,
  /** null while the attempt is in progress. */
  completed_at: z.nullable(timestamp),
  /**
   * The questions this attempt shows, in the order shown, each as the version it was given with
   * its options in the attempt's order (no key). Absent from backends older than question banks.
   */
  questions: z.optional(z.array(QuizQuestionSchema)),
});
export type QuizAttempt = z.infer<typeof QuizAttemptSchema>;

/** One question of a completed attempt, for the results and review screens. */
export const QuestionReviewSchema = z.object({
  question_id: z.number(),
  question_number: z.number(),
  question_text: z.string(),
  option_a: z.string(),
  option_b: z.string(),
  option_c: z.string(),
  option_d: z.string(),
  /** The options in the order the attempt showed them. */
  options: z.optional(z.array(QuizOptionSchema)),
  selected: z.nullable(AnswerLetterSchema),
  correct_answer: AnswerLetterSchema,
  isCorrect: z.boolean(),
  explanation: z.nullable(z.string()),
});
export type QuestionReview = z.infer<typeof QuestionReviewSchema>;

export const CompletedAttemptSchema = z.object({
  attempt: QuizAttemptSchema,
  review: z.array(QuestionReviewSchema),
});
export type CompletedAttempt = z.infer<typeof CompletedAttemptSchema>;

export const QuizWithQuestionsSchema = z.object({
  quiz: QuizSchema,
  questions: z.array(QuizQuestionSchema),
});
export type QuizWithQuestions = z.infer<typeof QuizWithQuestionsSchema>;

export const CertificateSchema = z.object({
  code: z.string(),
  learner_name: z.string(),
  course_title: z.string(),
  issued_at: timestamp,
});
export type Certificate = z.infer<typeof CertificateSchema>;

export const CertificateCheckSchema = z.object({
  valid: z.boolean(),
  certificate: z.nullable(CertificateSchema),
  /** For a valid code: LinkedIn's add-to-profile form, filled in (`linkedInAddToProfileUrl`). */
  linkedInUrl: z.optional(z.string()),
  /** For a valid code: Learner Credential Wallet's deep link to the credential (`walletRequestUrl`). */
  walletUrl: z.optional(z.string()),
  /** A revoked certificate (`valid` is false): when, and the reason the admin gave. */
  revoked: z.optional(z.object({ at: timestamp, reason: z.string() })),
});
export type CertificateCheck = z.infer<typeof CertificateCheckSchema>;
