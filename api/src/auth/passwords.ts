import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended profile: 19 MiB memory, 2 iterations, 1 lane,
 * 32-byte output, 16-byte random salt (PHC string, so parameters can change later).
 */
export const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verified against for unknown e-mails, so a miss costs the same time as a wrong password.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-Kx9!');
  return dummy;
}
