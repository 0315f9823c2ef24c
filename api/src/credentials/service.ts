import { messages, normalizeCertificateCode } from '@coursekit/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { badgeCredential, signCredential } from './badge';
import { drawStatusIndex, statusEntry } from './statusList';

const { certificates, certificateCredentials, courses, users } = schema;

/**
 * The OpenBadgeCredential of a certificate: signed on first ask from the certificate and its course,
 * then kept, so every download is the same credential.
 */
export async function credentialOf(ctx: AppContext, code: string): Promise<Record<string, unknown>> {
  const [row] = await ctx.db
    .select({ certificate: certificates, course: courses, email: users.email })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(eq(certificates.code, normalizeCertificateCode(code)));
  if (!row) throw fail('not_found', messages.certificateMissing);
  const [kept] = await ctx.db
    .select()
    .from(certificateCredentials)
    .where(eq(certificateCredentials.certificateId, row.certificate.id));
  if (kept) return kept.credential;
  const { certificate, course } = row;
  const statusIndex = await freeStatusIndex(ctx);
  const credential = await signCredential(ctx, (issuer) => ({
    ...badgeCredential({
      publicUrl: ctx.config.publicUrl,
      issuer,
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
    }),
    credentialStatus: statusEntry(ctx.config.publicUrl, statusIndex),
  }));
  await ctx.db
    .insert(certificateCredentials)
    .values({ certificateId: certificate.id, credential, statusIndex })
    .onConflictDoNothing();
  const [stored] = await ctx.db
    .select()
    .from(certificateCredentials)
    .where(eq(certificateCredentials.certificateId, certificate.id));
  return stored!.credential;
}

/** A status-list index no credential has yet (random draws; the list is far from full). */
async function freeStatusIndex(ctx: AppContext): Promise<number> {
  for (;;) {
    const index = drawStatusIndex();
    const [taken] = await ctx.db
      .select({ id: certificateCredentials.certificateId })
      .from(certificateCredentials)
      .where(eq(certificateCredentials.statusIndex, index));
    if (!taken) return index;
  }
}

/** Revokes a certificate's credential: its status-list bit is set from now on; the reason is kept. */
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
