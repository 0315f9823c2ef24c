// The completion certificate's verification code: one format for every backend, so a code printed
// on a certificate reads and checks the same whoever issued it.

/** Letters and digits people can read aloud and type back: no 0/O or 1/I. */
export const CERTIFICATE_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** CK-XXXX-XXXX-XXXX. */
export const CERTIFICATE_CODE_PATTERN = /^CK-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

/** The code made of 12 bytes (random on the server): CK-XXXX-XXXX-XXXX. */
export function certificateCode(bytes: Uint8Array): string {
  if (bytes.length < 12) throw new RangeError('A certificate code needs 12 bytes');
  const chars = Array.from(bytes.subarray(0, 12), (b) => CERTIFICATE_CODE_ALPHABET[b % 32]).join('');
  return `CK-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/** A code as typed by someone checking it: letters in either case. */
export const normalizeCertificateCode = (code: string): string => code.trim().toUpperCase();
