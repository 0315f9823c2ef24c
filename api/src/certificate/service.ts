import { randomBytes } from 'node:crypto';
import {
  type Certificate,
  type CertificateCheck,
  certificateCode,
  formatIssueDate,
  messages,
  normalizeCertificateCode,
} from '@coursekit/core';
import { and, eq } from 'drizzle-orm';
import { AFRelationship, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { signGrant, verifyGrant } from '../auth/tokens';
import type { AppContext } from '../context';
import type { CourseRef } from '../course/structure';
import { shareLinks } from '../credentials/shareLinks';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { getProfile } from '../profile/service';
import { progressState } from '../progress/service';

const { certificates, certificateCredentials, users } = schema;
const GRANT_AUDIENCE = 'certificate-download';
const GRANT_TTL_SECONDS = 120;

const toCertificate = (row: typeof certificates.$inferSelect): Certificate => ({
  code: row.code,
  learner_name: row.learnerName,
  course_title: row.courseTitle,
  issued_at: row.issuedAt.toISOString(),
});

/** core's code format (CK-XXXX-XXXX-XXXX, read aloud easily) from 12 random bytes. */
const newCode = (): string => certificateCode(randomBytes(12));

/**
 * A course's certificate exists once core's summary of that course says courseComplete; issued on
 * first ask with the course's title, then kept.
 */
export async function getCertificate(
  ctx: AppContext,
  course: CourseRef,
  userId: string,
): Promise<Certificate | null> {
  const mine = and(eq(certificates.userId, userId), eq(certificates.courseId, course.id));
  const [existing] = await ctx.db.select().from(certificates).where(mine);
  if (existing) return toCertificate(existing);
  const { summary } = await progressState(ctx, course, userId);
  if (!summary.courseComplete) return null;
  const profile = await getProfile(ctx, userId);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  const learnerName = profile.display_name ?? user?.name ?? user?.email ?? 'Learner';
  await ctx.db
    .insert(certificates)
    .values({
      userId,
      courseId: course.id,
      code: newCode(),
      learnerName,
      courseTitle: course.title,
      issuedAt: new Date(ctx.clock.now()),
    })
    .onConflictDoNothing();
  const [row] = await ctx.db.select().from(certificates).where(mine);
  return toCertificate(row!);
}

/** A short-lived grant for the PDF of the learner's certificate in this course (its code, signed). */
export async function downloadGrant(ctx: AppContext, course: CourseRef, userId: string): Promise<string> {
  const certificate = await getCertificate(ctx, course, userId);
  if (!certificate) throw fail('not_found', messages.certificateNotYet);
  return signGrant(ctx, certificate.code, GRANT_AUDIENCE, GRANT_TTL_SECONDS);
}

export async function certificateForGrant(ctx: AppContext, grant: string): Promise<Certificate> {
  const code = await verifyGrant(ctx, grant, GRANT_AUDIENCE);
  if (!code) throw fail('unauthorized', messages.certificateLinkExpired);
  const [row] = await ctx.db.select().from(certificates).where(eq(certificates.code, code));
  if (!row) throw fail('not_found', messages.certificateMissing);
  return toCertificate(row);
}

/**
 * Whether a code belongs to a certificate, and whether that certificate still stands: a revoked
 * one is not valid, says when and why, and offers no links to share it.
 */
export async function checkCode(ctx: AppContext, code: string): Promise<CertificateCheck> {
  const [found] = await ctx.db
    .select({
      row: certificates,
      revokedAt: certificateCredentials.revokedAt,
      revokedReason: certificateCredentials.revokedReason,
      credential: certificateCredentials.credential,
    })
    .from(certificates)
    .leftJoin(certificateCredentials, eq(certificateCredentials.certificateId, certificates.id))
    .where(eq(certificates.code, normalizeCertificateCode(code)));
  if (!found) return { valid: false, certificate: null };
  const certificate = toCertificate(found.row);
  if (found.revokedAt)
    return {
      valid: false,
      certificate,
      revoked: { at: found.revokedAt.toISOString(), reason: found.revokedReason ?? '' },
    };
  // LinkedIn names the credential's issuer: an organisation issuing in its own name, else the site.
  const issuer = (found.credential?.issuer as { name?: unknown } | undefined)?.name;
  const issuerName = typeof issuer === 'string' ? issuer : undefined;
  return { valid: true, certificate, ...(await shareLinks(ctx, certificate, issuerName)) };
}

/** The name of the credential file a certificate PDF carries. */
const credentialAttachmentName = (code: string): string => `${code}-credential.json`;

/**
 * A one-page landscape A4 certificate. With `credential`, the signed Open Badges credential rides
 * along as an embedded file (`<code>-credential.json`), so the PDF alone is enough to verify it.
 */
export async function certificatePdf(
  certificate: Certificate,
  publicUrl: string,
  credential?: Record<string, unknown>,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of completion — ${certificate.course_title}`);
  pdf.setAuthor('CourseKit');
  const page = pdf.addPage([842, 595]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const navy = rgb(0.11, 0.2, 0.45);
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: navy, borderWidth: 3 });
  const centre = (text: string, y: number, size: number, font = regular) => {
    const safe = text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');
    page.drawText(safe, { x: (842 - font.widthOfTextAtSize(safe, size)) / 2, y, size, font, color: navy });
  };
  const date = formatIssueDate(certificate.issued_at);
  centre('Certificate of Completion', 470, 36, bold);
  centre('This certifies that', 410, 16);
  centre(certificate.learner_name, 360, 30, bold);
  centre('has completed the course', 315, 16);
  centre(certificate.course_title, 275, 24, bold);
  centre(`Issued on ${date}`, 200, 14);
  centre(`Verification code: ${certificate.code}`, 120, 12);
  centre(`Check it at ${publicUrl}/api/certificates/${certificate.code}`, 100, 10);
  if (credential) {
    const issued = new Date(certificate.issued_at);
    await pdf.attach(
      new TextEncoder().encode(JSON.stringify(credential, null, 2)),
      credentialAttachmentName(certificate.code),
      {
        mimeType: 'application/json',
        description: 'Open Badges 3.0 credential of this certificate, signed (eddsa-rdfc-2022)',
        creationDate: issued,
        modificationDate: issued,
        afRelationship: AFRelationship.Data,
      },
    );
  }
  return pdf.save();
}
