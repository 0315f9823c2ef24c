import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Comments, test names and docs say what the code does and why; which change brought it is in git.
// A line that names an issue by its number ("issue" and the number) ages the day it is written.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const ISSUE_NUMBER = /\bissues? #?\d+/i;
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => /\.(ts|tsx|mjs|js|md|sql|sh|css)$/.test(file) && !file.includes('node_modules/'));

describe('no issue numbers in the tree', () => {
  it('finds the tracked sources and docs', () => {
    expect(tracked.length).toBeGreaterThan(300);
  });

  it('no tracked source, test or doc names an issue number', () => {
    const found = tracked.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          ISSUE_NUMBER.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 100)}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
