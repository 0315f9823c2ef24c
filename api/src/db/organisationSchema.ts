import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { courses, users } from './schema';

// Organisations: the partners of one platform. Every table here carries the organisation it belongs
// to, which row-level security keys on as a second wall behind the queries' own filters.

/** A partner: its name and slug, active or suspended, its theme tokens, catalogue and seats. */
export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  status: text('status', { enum: ['active', 'suspended'] })
    .notNull()
    .default('active'),
  /** The origins whose pages may embed the player and call the API (CORS). */
  origins: text('origins').array().notNull().default(sql`'{}'::text[]`),
  /** Theme tokens (core's OrganisationTheme): colours, fonts, logo. */
  theme: jsonb('theme').notNull().default({}),
  /** 'all': every course of the platform; 'chosen': those in organisation_courses. */
  courseVisibility: text('course_visibility', { enum: ['all', 'chosen'] })
    .notNull()
    .default('all'),
  seatLimit: integer('seat_limit'),
  /** Whether its people's credentials are issued in its own name (its own key, DID and status list). */
  issuesCredentials: boolean('issues_credentials').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A token issuer the organisation trusts: its people's tokens are checked with its JWKS or its
 * shared secret, which is stored encrypted (AES-256-GCM under ORG_SECRETS_KEY), never in clear.
 */
export const organisationIssuers = pgTable(
  'organisation_issuers',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    audience: text('audience').notNull(),
    jwksUrl: text('jwks_url'),
    secretCiphertext: text('secret_ciphertext'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // A token's issuer names one organisation.
  (t) => [
    uniqueIndex('organisation_issuers_issuer').on(t.issuer),
    index('organisation_issuers_org').on(t.organisationId),
  ],
);

/** The courses an organisation whose visibility is 'chosen' lets its people see. */
export const organisationCourses = pgTable(
  'organisation_courses',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.courseId] })],
);

/** A person of an organisation, as learner or manager; one person may be in several. */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['learner', 'manager'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId] }),
    index('organisation_members_user').on(t.userId),
  ],
);

/** A team or cohort of an organisation's people, named once within the organisation. */
export const organisationGroups = pgTable(
  'organisation_groups',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organisation_groups_org_name').on(t.organisationId, t.name)],
);

/**
 * A person in a group. Keyed on the membership too, so only a person of the group's organisation can
 * be in it, and leaving the organisation takes the person out of its groups.
 */
export const organisationGroupMembers = pgTable(
  'organisation_group_members',
  {
    organisationId: uuid('organisation_id').notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => organisationGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    foreignKey({
      columns: [t.organisationId, t.userId],
      foreignColumns: [organisationMembers.organisationId, organisationMembers.userId],
    }).onDelete('cascade'),
    index('organisation_group_members_org_user').on(t.organisationId, t.userId),
  ],
);

/**
 * A course assigned to one person or to one group of an organisation, with an optional due date. A
 * person's assignment goes with their membership; a group's with the group.
 */
export const organisationAssignments = pgTable(
  'organisation_assignments',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    groupId: uuid('group_id').references(() => organisationGroups.id, { onDelete: 'cascade' }),
    dueAt: ts('due_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.organisationId, t.userId],
      foreignColumns: [organisationMembers.organisationId, organisationMembers.userId],
    }).onDelete('cascade'),
    check('organisation_assignments_one_target', sql`(${t.userId} is null) <> (${t.groupId} is null)`),
    uniqueIndex('organisation_assignments_person').on(t.organisationId, t.courseId, t.userId),
    uniqueIndex('organisation_assignments_group').on(t.organisationId, t.courseId, t.groupId),
  ],
);

/**
 * An invitation to join an organisation, e-mailed with a link whose token is stored hashed; accepting
 * it makes (or links) the account and the membership. One per e-mail and organisation.
 */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    role: text('role', { enum: ['learner', 'manager'] }).notNull(),
    /** The group the person joins on accepting (a CSV import's group column). */
    groupId: uuid('group_id').references(() => organisationGroups.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [uniqueIndex('organisation_invitations_org_email').on(t.organisationId, t.email)],
);

/**
 * The organisation's OpenID Connect identity provider ("Continue with {organisation}"): its issuer,
 * the client CourseKit is there, the client secret sealed like an issuer's (AES-256-GCM under
 * ORG_SECRETS_KEY, never in clear), and the e-mail domains whose people it signs in. One per
 * organisation; a domain belongs to one organisation's provider (checked on every write).
 */
export const organisationIdentityProviders = pgTable(
  'organisation_identity_providers',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    /** Lower-case e-mail domains (`example.com`) whose addresses this provider signs in. */
    domains: text('domains').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organisation_identity_providers_org').on(t.organisationId)],
);

/**
 * A company sign-in on its way: the state sent to the provider, with the nonce and PKCE verifier
 * that go with it and the hash of a value in the browser's cookie that binds it to that browser.
 * Used up by the callback (deleted), swept once expired. Platform-wide, like the LTI login states.
 */
export const ssoLoginStates = pgTable('sso_login_states', {
  state: text('state').primaryKey(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  bindingHash: text('binding_hash').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
