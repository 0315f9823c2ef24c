import { messages, normalizeCertificateCode } from '@coursekit/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { badgeCredential, signCredential } from './badge';
import { chooseIssuer, type IssuerProfile, profileOf } from './issuers';
import { drawStatusIndex, statusEntry } from './statusList';

const { certificates, certificateCredentials, courses, users } = schema;

async function certificateRow(ctx: AppContext, code: string) {
  const [row] = await ctx.db
    .select({ certificate: certificates, course: courses, email: users.email })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(eq(certificates.code, normalizeCertificateCode(code)));
  if (!row) throw fail('not_found', messages.certificateMissing);
  return row;
}
type CertificateRow = Awaited<ReturnType<typeof certificateRow>>;

/** Builds and signs the credential of a certificate, by its issuer, at its status-list index. */
async function signCertificate(
  ctx: AppContext,
  row: CertificateRow,
  profile: IssuerProfile,
  statusIndex: number,
  validUntil?: Date,
) {
  const { certificate, course } = row;
  return signCredential(ctx, profile.owner, (issuer) => ({
    ...badgeCredential({
      publicUrl: ctx.config.publicUrl,
      issuer,
      issuerName: profile.name,
      issuerUrl: profile.url,
      issuerImage: profile.image,
      email: row.email,
      certificate: {
        code: certificate.code,
        learner_name: certificate.learnerName,
        course_title: certificate.courseTitle,
        issued_at: certificate.issuedAt.toISOString(),
      },
      course: {
        slug: course.slug,
        title: certificate.courseTitle,
        description: course.description,
        objectives: course.objectives,
      },
      validUntil,
    }),
    credentialStatus: statusEntry(ctx.config.publicUrl, profile.owner, statusIndex),
  }));
}

/**
 * The OpenBadgeCredential of a certificate: signed on first ask from the certificate and its course,
 * then kept, so every download is the same credential. Its issuer (the platform, or an organisation
 * of the learner's that issues in its own name: `chooseIssuer`) is decided then and kept with it.
 */
export async function credentialOf(ctx: AppContext, code: string): Promise<Record<string, unknown>> {
  const row = await certificateRow(ctx, code);
  const [kept] = await ctx.db
    .select()
    .from(certificateCredentials)
    .where(eq(certificateCredentials.certificateId, row.certificate.id));
  if (kept) return kept.credential;
  const profile = await chooseIssuer(ctx, row.certificate.userId, row.certificate.courseId);
  const organisationId = profile.owner?.id ?? null;
  const statusIndex = await freeStatusIndex(ctx, organisationId);
  const credential = await signCertificate(ctx, row, profile, statusIndex);
  await ctx.db
    .insert(certificateCredentials)
    .values({ certificateId: row.certificate.id, credential, organisationId, statusIndex })
    .onConflictDoNothing();
  const [stored] = await ctx.db
    .select()
    .from(certificateCredentials)
    .where(eq(certificateCredentials.certificateId, row.certificate.id));
  return stored!.credential;
}

/**
 * Another credential of the same certificate that is valid only until `validUntil`: signed by the
 * kept credential's issuer with its current key, at the kept status-list index (so a revocation
 * covers it too), and not stored. The certificate's own credential stays open-ended.
 */
export async function credentialValidUntil(
  ctx: AppContext,
  code: string,
  validUntil: Date,
): Promise<Record<string, unknown>> {
  await credentialOf(ctx, code);
  const row = await certificateRow(ctx, code);
  const [kept] = await ctx.db
    .select({
      statusIndex: certificateCredentials.statusIndex,
      organisationId: certificateCredentials.organisationId,
    })
    .from(certificateCredentials)
    .where(eq(certificateCredentials.certificateId, row.certificate.id));
  const profile = await profileOf(ctx, kept!.organisationId);
  return signCertificate(ctx, row, profile, kept!.statusIndex, validUntil);
}

/**
 * An index no credential of the issuer has yet in its status list (random draws; the list is far
 * from full).
 */
async function freeStatusIndex(ctx: AppContext, organisationId: string | null): Promise<number> {
  for (;;) {
    const index = drawStatusIndex();
    const [taken] = await ctx.db
      .select({ id: certificateCredentials.certificateId })
      .from(certificateCredentials)
      .where(
        and(
          eq(certificateCredentials.statusIndex, index),
          organisationId
            ? eq(certificateCredentials.organisationId, organisationId)
            : isNull(certificateCredentials.organisationId),
        ),
      );
    if (!taken) return index;
  }
}

/**
 * Revokes a certificate's credential: its bit in its issuer's status list (the platform's or the
 * organisation's that signed it) is set from now on; the reason is kept.
 */
export async function revokeCredential(ctx: AppContext, code: string, reason: string) {
  await credentialOf(ctx, code);
  const [row] = await ctx.db
    .select({ id: certificates.id, code: certificates.code, userId: certificates.userId })
    .from(certificates)
    .where(eq(certificates.code, normalizeCertificateCode(code)));
  const revokedAt = new Date(ctx.clock.now());
  await ctx.db
    .update(certificateCredentials)
    .set({ revokedAt, revokedReason: reason })
    .where(eq(certificateCredentials.certificateId, row!.id));
  return { code: row!.code, userId: row!.userId, revoked_at: revokedAt.toISOString(), reason };
}
