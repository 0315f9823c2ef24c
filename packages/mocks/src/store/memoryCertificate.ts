import { type Certificate, certificateCode, normalizeCertificateCode } from '@coursekit/core';
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
  return {
    certificate,
    verifyCertificate(code: string): { valid: boolean; certificate: Certificate | null } {
      const wanted = normalizeCertificateCode(code);
      const owner = [...tables.users.keys()].find((id) => certificateCode(bytesOf(id)) === wanted);
      const found = owner ? certificate(owner) : null;
      return { valid: found !== null, certificate: found };
    },
  };
}
