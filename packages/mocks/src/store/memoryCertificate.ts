import {
  type Certificate,
  type CertificateCheck,
  CourseError,
  certificateCode,
  messages,
  normalizeCertificateCode,
} from '@coursekit/core';
import type { memoryAccounts } from './memoryAccounts';
import type { memoryProgress } from './memoryProgress';
import { type MemoryTables, now } from './memoryTables';

/** 12 bytes from a user id (FNV-1a), so a memory learner's code is the same on every call. */
function bytesOf(userId: string): Uint8Array {
  const bytes = new Uint8Array(12);
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    for (const c of `${i}:${userId}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
    bytes[i] = h & 0xff;
  }
  return bytes;
}

/** The completion certificate: once the course is complete, with core's code format. */
export function memoryCertificate(
  tables: MemoryTables,
  accounts: ReturnType<typeof memoryAccounts>,
  progress: ReturnType<typeof memoryProgress>,
) {
  const certificate = (userId: string): Certificate | null => {
    if (!progress.progress(userId).summary.courseComplete) return null;
    return {
      code: certificateCode(bytesOf(userId)),
      learner_name: accounts.profile(userId).display_name ?? tables.row(userId).user.email,
      course_title: tables.fixture.course.title,
      issued_at: now(),
    };
  };
  /** Revoked certificates by code: when, and the reason the admin gave. */
  const revoked = new Map<string, { at: string; reason: string }>();
  const ownerOf = (code: string) => {
    const wanted = normalizeCertificateCode(code);
    return [...tables.users.keys()].find((id) => certificateCode(bytesOf(id)) === wanted);
  };
  const issued = (code: string): Certificate => {
    const owner = ownerOf(code);
    const found = owner ? certificate(owner) : null;
    if (!found) throw new CourseError('not_found', messages.certificateMissing);
    return found;
  };
  return {
    certificate,
    verifyCertificate(code: string): CertificateCheck {
      const owner = ownerOf(code);
      const found = owner ? certificate(owner) : null;
      const revocation = found ? revoked.get(found.code) : undefined;
      if (found && revocation) return { valid: false, certificate: found, revoked: revocation };
      return { valid: found !== null, certificate: found };
    },
    /**
     * Revokes a certificate, as an admin does from the console: its check says so from then on.
     * Answers its owner too, for the admin's action log.
     */
    revokeCertificate(code: string, reason: string) {
      const found = issued(code);
      const revocation = revoked.get(found.code) ?? { at: now(), reason };
      revoked.set(found.code, revocation);
      return {
        userId: ownerOf(code)!,
        code: found.code,
        revoked_at: revocation.at,
        reason: revocation.reason,
      };
    },
    /**
     * The certificate's Open Badges credential, unsigned: the memory store holds no keys, so it has
     * the shape a download shows (issuer, achievement, dates, status entry) and no proof.
     */
    credential(code: string): Record<string, unknown> {
      const found = issued(code);
      return {
        '@context': [
          'https://www.w3.org/ns/credentials/v2',
          'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
        ],
        type: ['VerifiableCredential', 'OpenBadgeCredential'],
        name: `Certificate of completion — ${found.course_title}`,
        issuer: {
          id: 'did:example:memory-store',
          type: ['Profile'],
          name: tables.settings.current.platform?.site_name,
        },
        validFrom: found.issued_at,
        credentialSubject: {
          type: ['AchievementSubject'],
          name: found.learner_name,
          achievement: { type: ['Achievement'], name: found.course_title },
        },
      };
    },
  };
}
