import type { PlatformTexts } from '@coursekit/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, courseId, createdAt, ts } from './columns';

// Every learner-side entity of learner §3, what the server needs for auth and rate limits, and the
// tables admin part 2 builds on. Times are timestamptz; the API sends them as ISO strings.

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name'),
  emailConfirmedAt: ts('email_confirmed_at'),
  lastSignInAt: ts('last_sign_in_at'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'moderator', 'user'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_roles_user_role').on(t.userId, t.role)],
);

/**
 * A partner's signed-in employee, linked by the partner's issuer and subject — never by
 * e-mail alone, so a partner token cannot take over an account that signs in with a password.
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('external_identities_issuer_subject').on(t.issuer, t.subject)],
);

export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name'),
  avatarUrl: text('avatar_url'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One signed-in session; its refresh tokens form one rotation family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['normal', 'recovery'] }).notNull(),
    createdAt: createdAt(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Refresh tokens, stored as SHA-256 hashes; each is used once, reuse revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session').on(t.sessionId)],
);

/** E-mail verification (and future one-time) tokens: hashed, single-use, expiring. */
export const authTokens = pgTable('auth_tokens', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['email_verification', 'recovery'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

/** Rate-limit state per key (core's RateLimitState), shared by every API instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: jsonb('hits').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
  blockedUntil: bigint('blocked_until', { mode: 'number' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const securityEvents = pgTable(
  'security_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    userId: uuid('user_id'),
    email: text('email'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    /** How many times a counted event was seen in its window (1 for an event stored once). */
    count: integer('count').notNull().default(1),
    /** A counted event's kind, client address, reason and hour: one row per key (auth/events.ts). */
    windowKey: text('window_key'),
  },
  (t) => [
    index('security_events_created').on(t.createdAt),
    // The admin's log filtered by kind, newest first.
    index('security_events_type_created').on(t.type, t.createdAt),
    uniqueIndex('security_events_window').on(t.windowKey),
  ],
);

/** admin §3: one row per admin action (role changes, resets, user edits…), with the request's user agent. */
export const adminActionLog = pgTable(
  'admin_action_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminUserId: uuid('admin_user_id').notNull(),
    targetUserId: uuid('target_user_id'),
    actionType: text('action_type').notNull(),
    actionDetails: jsonb('action_details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_action_log_created').on(t.createdAt)],
);

/** admin §3: diagnostics, one row per module. */
export const diagnosticSettings = pgTable('diagnostic_settings', {
  moduleId: integer('module_id').primaryKey(),
  diagnosticEnabled: boolean('diagnostic_enabled').notNull().default(false),
  diagnosticLevel: text('diagnostic_level', { enum: ['basic', 'detailed', 'debug'] })
    .notNull()
    .default('basic'),
  showPerformanceMetrics: boolean('show_performance_metrics').notNull().default(false),
  autoRefreshEnabled: boolean('auto_refresh_enabled').notNull().default(false),
  showProgressDetails: boolean('show_progress_details').notNull().default(false),
  showLessonVersions: boolean('show_lesson_versions').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** admin §3: what each stable-tracking cleanup removed and why. */
export const progressCleanupLog = pgTable(
  'progress_cleanup_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cleanupType: text('cleanup_type').notNull(),
    reason: text('reason').notNull(),
    recordsAffected: integer('records_affected').notNull().default(0),
    performedAt: ts('performed_at').notNull().defaultNow(),
  },
  (t) => [index('progress_cleanup_log_performed').on(t.performedAt)],
);

/**
 * Long admin runs (image analysis, validation, correction) and their progress, in the database so
 * that any instance can answer a poll for a job another instance runs.
 */
export const adminJobs = pgTable(
  'admin_jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['image-analysis', 'image-validation', 'image-correction'] }).notNull(),
    state: text('state', { enum: ['running', 'done', 'error'] })
      .notNull()
      .default('running'),
    progress: integer('progress').notNull().default(0),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('admin_jobs_updated').on(t.updatedAt)],
);

export const systemSettings = pgTable('system_settings', {
  id: integer('id').primaryKey(),
  maintenanceMode: boolean('maintenance_mode').notNull().default(false),
  systemMessage: text('system_message'),
  systemMessageType: text('system_message_type', { enum: ['info', 'warning', 'error', 'success'] })
    .notNull()
    .default('info'),
  /** The platform's words (site name, owner, year, help mailbox, about); stored by the first start's seed. */
  platform: jsonb('platform').$type<PlatformTexts>(),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A course (a course is data): title, description, the time texts the screens quote, its
 * objectives, loaded from its content folder's course.json. Its modules, lessons, quizzes and every
 * learner's progress, attempts and certificate in it carry its id.
 */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    estimatedTime: text('estimated_time').notNull(),
    syllabusTime: text('syllabus_time').notNull(),
    preAssessmentTime: text('pre_assessment_time').notNull(),
    /** Who the course is written for (course.json `audience`). */
    audience: text('audience'),
    /** The sentence the pre-assessment's pass message adds (course.json `quizzes.preAssessment.passedMessage`). */
    preAssessmentPassed: text('pre_assessment_passed'),
    objectives: jsonb('objectives')
      .$type<Array<{ id: string; text: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['draft', 'published', 'archived'] })
      .notNull()
      .default('published'),
    /**
     * The course the unscoped routes show (`/course`, `/api/modules`…); at most one. None marked: the
     * oldest published course.
     */
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * Bumped by triggers whenever this course's modules, lessons or quizzes change (and NOTIFYed with
     * the course's id): what each instance checks its cached structure of this course against.
     */
    structureVersion: bigint('structure_version', { mode: 'number' }).notNull().default(1),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('courses_one_default').on(t.isDefault).where(sql`${t.isDefault}`)],
);

/**
 * A course's folder as it was last loaded or imported (course.json, modules/, quizzes/, images/),
 * file by file: what an admin's export zips, so export → import → export gives the same files, on
 * whichever instance answers.
 */
export const courseFiles = pgTable(
  'course_files',
  {
    courseId: courseId(),
    path: text('path').notNull(),
    content: bytea('content').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.path] })],
);

/**
 * Every version of a course learners were given (a content load, an import, a studio publish or
 * restore): numbered 1…N per course, never changed once written. Its files are course_version_files.
 */
export const courseVersions = pgTable(
  'course_versions',
  {
    courseId: courseId(),
    version: integer('version').notNull(),
    /** Who published it; null for a content load from the repository's folder (or a deleted account). */
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: ts('published_at').notNull().defaultNow(),
    /** How it came about, in a few words ('Loaded from the content folder', the publisher's note…). */
    note: text('note'),
    /** The version a restore published again. */
    restoredFrom: integer('restored_from'),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.version] })],
);

/** One version's folder, file by file (the course folder format of api/content/courses). */
export const courseVersionFiles = pgTable(
  'course_version_files',
  {
    courseId: integer('course_id').notNull(),
    version: integer('version').notNull(),
    path: text('path').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.version, t.path] }),
    foreignKey({
      columns: [t.courseId, t.version],
      foreignColumns: [courseVersions.courseId, courseVersions.version],
    }).onDelete('cascade'),
  ],
);

/** A course's studio draft: the version its files were copied from (see course_draft_files). */
export const courseDrafts = pgTable('course_drafts', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  /** The published version the draft started from (0: a new course, never published). */
  basedOn: integer('based_on').notNull(),
  createdAt: createdAt(),
});

/**
 * Where every studio file revision comes from: one sequence for every draft, so a revision is never
 * given twice, not even to a draft made again after a content load replaced an unedited one (a save
 * made on the old draft's revision then finds no match, instead of overwriting the new content).
 */
export const courseDraftRevision = pgSequence('course_draft_revision');

/**
 * The studio's working copy of a course's folder: what authors edit, file by file, before an admin
 * publishes it. A save names the revision it was made on and is refused when another author saved
 * the file since (each save takes a new revision from course_draft_revision).
 */
export const courseDraftFiles = pgTable(
  'course_draft_files',
  {
    courseId: courseId(),
    path: text('path').notNull(),
    content: bytea('content').notNull(),
    revision: bigint('revision', { mode: 'number' }).notNull().default(sql`nextval('course_draft_revision')`),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.path] })],
);

/** A course's module; `id` is its number in the course (1…N, the id in its URLs and course.json). */
export const modules = pgTable(
  'modules',
  {
    courseId: courseId(),
    id: integer('id').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The landing page's one line about the module. */
    summary: text('summary'),
    durationMinutes: integer('duration_minutes'),
    orderIndex: integer('order_index').notNull(),
    /**
     * Test-out: the percent of this module's pre-assessment questions a learner answers
     * right to test out of it (course.json's `testOut`, resolved per module by core's
     * moduleTestOutScore); null when the course has test-out off.
     */
    testOutScore: integer('test_out_score'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.id] }),
    check('modules_test_out_score', sql`${t.testOutScore} between 1 and 100`),
  ],
);

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    courseId: courseId(),
    moduleId: integer('module_id').notNull(),
    /** Unique within its course: progress follows it (learner §9). */
    lessonKey: text('lesson_key').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    contentHash: text('content_hash').notNull(),
    order: integer('order').notNull(),
    originalOrder: integer('original_order'),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.courseId, t.moduleId],
      foreignColumns: [modules.courseId, modules.id],
    }).onDelete('cascade'),
    uniqueIndex('lessons_course_key').on(t.courseId, t.lessonKey),
    index('lessons_course_module_active_order').on(t.courseId, t.moduleId, t.isActive, t.order),
  ],
);

export const lessonVersions = pgTable(
  'lesson_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    courseId: courseId(),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    lessonKey: text('lesson_key').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    contentHash: text('content_hash').notNull(),
    changeReason: text('change_reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('lesson_versions_course_key_version').on(t.courseId, t.lessonKey, t.version)],
);

export const userProgress = pgTable(
  'user_progress',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: courseId(),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    lessonKey: text('lesson_key'),
    moduleId: integer('module_id').notNull(),
    completed: boolean('completed').notNull().default(false),
    lessonOrder: integer('lesson_order'),
    trackingMethod: text('tracking_method', { enum: ['legacy', 'stable'] })
      .notNull()
      .default('stable'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_progress_user_course_lesson_key').on(t.userId, t.courseId, t.lessonKey)],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: serial('id').primaryKey(),
    courseId: courseId(),
    kind: text('kind', { enum: ['pre_assessment', 'course'] }).notNull(),
    title: text('title').notNull(),
    description: text('description'),
    passingScore: integer('passing_score').notNull(),
    /** Questions an attempt shows: draw_count when set, else the whole bank. */
    totalQuestions: integer('total_questions').notNull().default(0),
    /** Questions drawn from the bank per attempt (course.json's `draw`); null: all of them. */
    drawCount: integer('draw_count'),
    /** Whether each attempt shows each question's options in an order of its own. */
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('quizzes_course').on(t.courseId), check('quizzes_draw_count', sql`${t.drawCount} >= 1`)],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    questionNumber: integer('question_number').notNull(),
    questionText: text('question_text').notNull(),
    optionA: text('option_a').notNull(),
    optionB: text('option_b').notNull(),
    optionC: text('option_c').notNull(),
    optionD: text('option_d').notNull(),
    correctAnswer: text('correct_answer', { enum: ['A', 'B', 'C', 'D'] }).notNull(),
    explanation: text('explanation'),
    moduleId: integer('module_id'),
    objectives: jsonb('objectives').$type<string[]>(),
    /** Bumped by a content load that changes the question's text, options, key, explanation or objectives. */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('quiz_questions_quiz_number').on(t.quizId, t.questionNumber)],
);

/** A question's content as one version had it, key included (what an attempt given that version shows). */
export interface QuestionVersionContent {
  question_number: number;
  question_text: string;
  option_a: string;
  option_b: string;
  option_c: string;
  option_d: string;
  correct_answer: 'A' | 'B' | 'C' | 'D';
  explanation: string | null;
  module_id: number | null;
  objectives: string[] | null;
}

/**
 * Every version of every question, written by the content load that made it. Keyed by the question's
 * id without a foreign key: a question removed from the bank keeps its versions for the attempts
 * that showed it (its quiz going removes them).
 */
export const quizQuestionVersions = pgTable(
  'quiz_question_versions',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    version: integer('version').notNull(),
    content: jsonb('content').$type<QuestionVersionContent>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.version] })],
);

/** An attempt's draw, as stored: the questions shown in order, their versions and option orders. */
export type StoredDraw = Array<{
  question_id: number;
  version: number;
  options: Array<'A' | 'B' | 'C' | 'D'>;
}>;

export type StoredAnswers = Record<
  string,
  | 'A'
  | 'B'
  | 'C'
  | 'D'
  | { selected: 'A' | 'B' | 'C' | 'D'; correct?: 'A' | 'B' | 'C' | 'D'; isCorrect?: boolean }
>;

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    courseId: courseId(),
    score: integer('score').notNull().default(0),
    totalQuestions: integer('total_questions').notNull(),
    percentage: doublePrecision('percentage').notNull().default(0),
    passed: boolean('passed').notNull().default(false),
    answers: jsonb('answers').$type<StoredAnswers>().notNull().default(sql`'{}'::jsonb`),
    /** What the attempt showed: its drawn questions, their versions and option orders, in order. */
    questions: jsonb('questions').$type<StoredDraw>().notNull().default(sql`'[]'::jsonb`),
    startedAt: ts('started_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('quiz_attempts_user_quiz').on(t.userId, t.quizId)],
);

/** One per learner and course; the course's title is kept as it was when issued. */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: courseId(),
    code: text('code').notNull().unique(),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificates_user_course').on(t.userId, t.courseId)],
);

/**
 * One row whose version a statement trigger on modules, lessons and quizzes bumps (and NOTIFYs
 * `course_changed`), so every instance's cached course structure knows when it is stale.
 */
export const courseVersion = pgTable('course_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/**
 * Mail waiting to go out over SMTP: stored before sending, so a mail server that is down loses
 * nothing; retried with backoff, its body cleared once sent (links carry tokens).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    /** The sender's name (the platform's site name when the mail was written). */
    fromName: text('from_name'),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    /** Extra header fields (a reminder's one-click unsubscribe); cleared with the body once sent. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('mail_outbox_due').on(t.status, t.nextAttemptAt)],
);

export { certificateCredentials, credentialKeys } from './credentialSchema';
export {
  ltiDeployments,
  ltiGradeLinks,
  ltiKeys,
  ltiLoginStates,
  ltiNonces,
  ltiRegistrations,
  ltiRosterGrants,
  ltiRosters,
  ltiScoreSends,
} from './ltiSchema';
export {
  organisationAssignments,
  organisationCourses,
  organisationGroupMembers,
  organisationGroups,
  organisationIdentityProviders,
  organisationInvitations,
  organisationIssuers,
  organisationMembers,
  organisations,
  ssoLoginStates,
} from './organisationSchema';
export { reminderJobs, reminderOptOuts, reminderSends } from './reminderSchema';
