import { validateEmail } from '../validation/email';

// The rows of a people import (columns email,name,group), checked before anything is written: the
// preview shows each row's outcome, and applying writes only the rows marked 'invite' or 'add'.

export const IMPORT_COLUMNS = ['email', 'name', 'group'] as const;
export const IMPORT_MAX_ROWS = 20_000;

export interface ImportRowInput {
  email: string;
  name?: string | undefined;
  group?: string | undefined;
}

/**
 * 'invite': a new person (an invitation goes out); 'no_change': already a member or invited (a second
 * upload of the same file changes nothing); 'error': the row is refused, `message` says why.
 */
export type ImportOutcome =
  | { line: number; email: string; name: string | null; group: string | null; kind: 'invite' }
  | { line: number; email: string; name: string | null; group: string | null; kind: 'no_change' }
  | { line: number; email: string; kind: 'error'; message: string };

export const importMessages = {
  duplicate: (firstLine: number) => `Duplicate: this e-mail is already on line ${firstLine}.`,
  overSeats: (limit: number) => `Over the seat limit: the organisation has ${limit} seats.`,
  nameTooLong: 'The name is longer than 200 characters.',
  groupTooLong: 'The group is longer than 100 characters.',
  missingColumns: 'The first line must name the columns email,name,group (email is required).',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS} rows: split it.`,
} as const;

export interface ImportContext {
  /** E-mails (normalised) already in the organisation or invited to it. */
  known: ReadonlySet<string>;
  /** People in the organisation plus pending invitations. */
  seatsTaken: number;
  seatLimit: number | null;
}

/**
 * Each row's outcome, in file order. `line` is the file's line number (the header is line 1). A bad
 * e-mail is core's e-mail check's message; the seats of a limit are taken in file order, so the rows
 * past it are the ones refused.
 */
export function checkImportRows(rows: readonly ImportRowInput[], context: ImportContext): ImportOutcome[] {
  const firstLine = new Map<string, number>();
  let seats = context.seatsTaken;
  return rows.map((row, index) => {
    const line = index + 2;
    const checked = validateEmail(row.email);
    if (!checked.ok) return { line, email: row.email, kind: 'error', message: checked.error };
    const email = checked.value;
    const name = row.name?.trim() || null;
    const group = row.group?.trim() || null;
    const seen = firstLine.get(email);
    if (seen !== undefined) return { line, email, kind: 'error', message: importMessages.duplicate(seen) };
    firstLine.set(email, line);
    if (name && name.length > 200) return { line, email, kind: 'error', message: importMessages.nameTooLong };
    if (group && group.length > 100)
      return { line, email, kind: 'error', message: importMessages.groupTooLong };
    if (context.known.has(email)) return { line, email, name, group, kind: 'no_change' };
    if (context.seatLimit !== null && seats >= context.seatLimit)
      return { line, email, kind: 'error', message: importMessages.overSeats(context.seatLimit) };
    seats += 1;
    return { line, email, name, group, kind: 'invite' };
  });
}
