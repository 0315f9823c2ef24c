import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Organisations' secrets (an issuer's shared key) at rest: AES-256-GCM under ORG_SECRETS_KEY, a new
// 12-byte nonce each time, and the row's identity as associated data, so a ciphertext copied onto
// another issuer's row does not decrypt there.

const VERSION = 'v1';

/** `v1.<nonce>.<tag>.<ciphertext>`, each part base64url. */
export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plaintext, or throws when the key, the context or the text is not the one it was sealed with. */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The associated data an issuer's secret is sealed with: its own row. */
export const issuerSecretContext = (issuerId: string) => `organisation_issuers:${issuerId}`;
