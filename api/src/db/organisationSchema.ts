import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses, users } from './schema';

// Organisations: the partners of one platform. Every table here carries the organisation it belongs
// to, which row-level security keys on as a second wall behind the queries' own filters.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
