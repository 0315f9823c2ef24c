import { readFileSync } from 'node:fs';

// The 10,000 most common passwords of SecLists' "10 million password list" (MIT, Daniel Miessler;
// see common-passwords.LICENSE), shipped with the API so no lookup leaves the machine.
let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return list;
}

/** Whether a password is one of the 10,000 most common, ignoring case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** How many passwords the list holds. */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}
