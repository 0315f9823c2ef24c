import { index, integer, jsonb, pgTable, serial, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { certificates } from './schema';

// Open Badges credentials (api/src/credentials): the issuers' signing keys and each certificate's
// signed credential with its place in its issuer's status list.

/**
 * The issuers' Ed25519 keys for Open Badges credentials, generated on first need and kept in the
 * database so every API instance signs with the same key: the platform's (`organisation_id` null)
 * and those of each organisation that issues in its own name. The newest unretired key of an issuer
 * signs; retired keys stay listed in its DID document, so credentials they signed still verify.
 */
export const credentialKeys = pgTable(
  'credential_keys',
  {
    id: serial('id').primaryKey(),
    /** The organisation whose key this is; null for the platform's. */
    organisationId: uuid('organisation_id'),
    publicKeyMultibase: text('public_key_multibase').notNull().unique(),
    secretKeyMultibase: text('secret_key_multibase').notNull(),
    createdAt: createdAt(),
    retiredAt: ts('retired_at'),
  },
  (t) => [index('credential_keys_organisation').on(t.organisationId)],
);

/** The signed OpenBadgeCredential of a certificate, issued once and kept (its proof and salt stay). */
export const certificateCredentials = pgTable(
  'certificate_credentials',
  {
    certificateId: integer('certificate_id')
      .primaryKey()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    credential: jsonb('credential').$type<Record<string, unknown>>().notNull(),
    /** The organisation that issued it in its own name; null when the platform did. Fixed at signing. */
    organisationId: uuid('organisation_id'),
    /** Its bit in its issuer's Bitstring Status List (revocation), drawn at random. */
    statusIndex: integer('status_index').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    createdAt: createdAt(),
  },
  // One bit per credential in each issuer's list (the platform's rows, organisation null, included).
  (t) => [
    unique('certificate_credentials_issuer_status').on(t.organisationId, t.statusIndex).nullsNotDistinct(),
  ],
);
