import type { CredentialVerification } from '../http/endpoints';
import { messages } from '../messages';

/** One of a credential's checks with its result; a failed one says why. */
export type CredentialCheck = CredentialVerification['checks'][number];

/** A passed check, or a failed one with the sentence that says why it failed. */
export const credentialCheck = (
  check: CredentialCheck['check'],
  ok: boolean,
  message: string,
): CredentialCheck => (ok ? { check, ok } : { check, ok, message });

/**
 * The validity-dates check, on the verifier's clock: started (`validFrom` is past) and not over
 * (`validUntil`, when there is one, is still ahead).
 */
export function credentialDatesCheck(
  credential: { validFrom?: unknown; validUntil?: unknown },
  now: number,
): CredentialCheck {
  const from = Date.parse(String(credential.validFrom ?? ''));
  const until = credential.validUntil ? Date.parse(String(credential.validUntil)) : Number.POSITIVE_INFINITY;
  if (Number.isNaN(from) || from > now)
    return credentialCheck('dates', false, messages.credentialNotYetValid);
  return credentialCheck('dates', until > now, messages.credentialExpired);
}

/** Whether bit `index` of a Bitstring Status List is set: index 0 is the first byte's highest bit. */
export function statusListBit(bits: Uint8Array, index: number): boolean {
  return ((bits[index >> 3] ?? 0) & (0x80 >> (index & 7))) !== 0;
}

/**
 * A Bitstring Status List's `encodedList` read back into its bits: multibase 'u' (base64url, no
 * padding) of the gzipped bitstring. Runs where `DecompressionStream` does (browsers, Node 18+).
 */
export async function decodeStatusList(encodedList: string): Promise<Uint8Array> {
  if (!encodedList.startsWith('u')) throw new Error('The status list is not multibase base64url');
  const base64 = encodedList.slice(1).replace(/-/g, '+').replace(/_/g, '/');
  const gzipped = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const stream = new Response(gzipped).body!.pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The course slug a credential's achievement names, when its id is one of this site's achievements
 * (`<publicUrl>/api/achievements/<slug>`); undefined for anyone else's.
 */
export function achievementSlug(achievementId: unknown, publicUrl: string): string | undefined {
  const prefix = `${publicUrl.replace(/\/+$/, '')}/api/achievements/`;
  const id = String(achievementId ?? '');
  if (!id.startsWith(prefix) || id.length === prefix.length) return undefined;
  return decodeURIComponent(id.slice(prefix.length));
}
