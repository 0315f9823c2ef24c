// CSV export cells, guarded against formula injection: a spreadsheet program runs a cell that starts
// with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula, so such a cell gets a leading `'`
// (OWASP's advice) and reads as text.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: guarded, then quoted when it holds a comma, a quote or a line end. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  // A number is written by us, never by a person: it stays a number (a negative one too).
  if (typeof value === 'number') return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One CSV line (CRLF-terminated, as RFC 4180 and spreadsheet programs expect). */
export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string =>
  `${cells.map(csvCell).join(',')}\r\n`;
