import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { courses, sessions, users } from './schema';

// LTI 1.3 (api/src/lti): the platforms registered with the tool, their deployments, the tool's own
// signing keys, and the login states a launch must come back with. `organisation_id` is the link to
// organisations once they exist (no foreign key yet).
export const ltiRegistrations = pgTable(
  'lti_registrations',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id'),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    authLoginUrl: text('auth_login_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    acceptNewDeployments: boolean('accept_new_deployments').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lti_registrations_issuer_client').on(t.issuer, t.clientId)],
);

/** A deployment id is unique within its platform's issuer, so it belongs to one registration. */
export const ltiDeployments = pgTable(
  'lti_deployments',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    deploymentId: text('deployment_id').notNull(),
    learnedAtLaunch: boolean('learned_at_launch').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.deploymentId] })],
);

/** The tool's key pairs: 'current' signs, 'previous' is still published, 'retired' is neither. */
export const ltiKeys = pgTable(
  'lti_keys',
  {
    kid: text('kid').primaryKey(),
    status: text('status', { enum: ['current', 'previous', 'retired'] }).notNull(),
    publicJwk: jsonb('public_jwk').notNull(),
    privateJwk: jsonb('private_jwk').notNull(),
    createdAt: createdAt(),
    retiredAt: ts('retired_at'),
  },
  (t) => [
    uniqueIndex('lti_keys_one_current').on(t.status).where(sql`status = 'current'`),
    uniqueIndex('lti_keys_one_previous').on(t.status).where(sql`status = 'previous'`),
  ],
);

/**
 * A login initiation waiting for its launch: the state and nonce sent to the platform, and the hash
 * of the value that binds them to the browser (its cookie, or the platform's storage).
 */
export const ltiLoginStates = pgTable(
  'lti_login_states',
  {
    state: text('state').primaryKey(),
    nonce: text('nonce').notNull(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    bindingHash: text('binding_hash').notNull(),
    storageTarget: text('storage_target'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('lti_login_states_expires').on(t.expiresAt)],
);

/**
 * Where a learner's scores go (AGS): one row per registration, learner and resource link, written at
 * each launch whose id_token carries the AGS endpoint claim. The platform's user id (`sub`), the line
 * item and its container come from that verified id_token only, never from a learner's request.
 * `line_item_url` is filled in once the tool has found or created the item in `line_items_url`.
 */
export const ltiGradeLinks = pgTable(
  'lti_grade_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The module the link opens; null: the whole course. */
    moduleId: integer('module_id'),
    resourceLinkId: text('resource_link_id').notNull(),
    platformUserId: text('platform_user_id').notNull(),
    lineItemUrl: text('line_item_url'),
    lineItemsUrl: text('line_items_url'),
    /** The AGS scopes the platform granted in the claim, space-separated. */
    scopes: text('scopes').notNull(),
    /** The link's title, for a line item the tool creates. */
    label: text('label').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_grade_links_link').on(t.registrationId, t.userId, t.resourceLinkId),
    index('lti_grade_links_user_course').on(t.userId, t.courseId),
  ],
);

/**
 * The outbox of scores (AGS): each row one score for one grade link, claimed by an instance with
 * FOR UPDATE SKIP LOCKED and a lease, retried with backoff on 5xx and network errors. A newer score
 * of the same link marks an unsent older one 'superseded'; a platform's 4xx refusal is 'failed' with
 * its words. `score` is the AGS Score body as it is posted.
 */
export const ltiScoreSends = pgTable(
  'lti_score_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkId: bigint('link_id', { mode: 'number' })
      .notNull()
      .references(() => ltiGradeLinks.id, { onDelete: 'cascade' }),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    score: jsonb('score').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'superseded'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /** The platform's HTTP status at the last attempt (none: the network failed). */
    lastStatus: integer('last_status'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('lti_score_sends_due').on(t.status, t.nextAttemptAt),
    index('lti_score_sends_registration').on(t.registrationId, t.id),
    index('lti_score_sends_link').on(t.linkId, t.status),
  ],
);

/**
 * Where an LMS context's roster is (LTI Names and Role Provisioning): one row per registration,
 * context and resource link, written at each launch whose id_token carries the NRPS claim, with the
 * course (or module) the link opens. The memberships URL comes from that verified id_token only.
 */
export const ltiRosters = pgTable(
  'lti_rosters',
  {
    id: uuid('id').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    contextId: text('context_id').notNull(),
    contextTitle: text('context_title'),
    resourceLinkId: text('resource_link_id').notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The module the link opens; null: the whole course. */
    moduleId: integer('module_id'),
    membershipsUrl: text('memberships_url').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lti_rosters_link').on(t.registrationId, t.contextId, t.resourceLinkId)],
);

/** The session of an instructor's launch may read that launch's roster until `expires_at`. */
export const ltiRosterGrants = pgTable(
  'lti_roster_grants',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    rosterId: uuid('roster_id')
      .notNull()
      .references(() => ltiRosters.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.rosterId] })],
);

/** Nonces of launches accepted: an id_token is accepted once. */
export const ltiNonces = pgTable('lti_nonces', {
  nonce: text('nonce').primaryKey(),
  issuer: text('issuer').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
