/**
 * Counts the attacks a security test file tried and how many the API blocked, per category, and
 * prints them as a table when the file ends (the figures of the issue note). A test still asserts
 * each attack itself; the tally only counts.
 */
import { Console } from 'node:console';

// Printed on purpose: these tables are the suite's figures (vitest shows a test file's stdout).
const out = new Console(process.stdout);

export interface Tally {
  /** Records one attack of `category`; answers `blocked` so a test can assert on it. */
  attack(category: string, blocked: boolean): boolean;
  /** Records a figure that is not an attack count (a timing, a size). */
  figure(name: string, value: string | number): void;
  print(title: string): void;
}

export function createTally(): Tally {
  const rows = new Map<string, { tried: number; blocked: number }>();
  const figures = new Map<string, string | number>();
  return {
    attack(category, blocked) {
      const row = rows.get(category) ?? { tried: 0, blocked: 0 };
      row.tried += 1;
      if (blocked) row.blocked += 1;
      rows.set(category, row);
      return blocked;
    },
    figure(name, value) {
      figures.set(name, value);
    },
    print(title) {
      if (rows.size === 0 && figures.size === 0) return;
      out.log(`\nsecurity suite — ${title}`);
      if (rows.size > 0) out.table(Object.fromEntries(rows));
      if (figures.size > 0) out.table(Object.fromEntries(figures));
    },
  };
}
