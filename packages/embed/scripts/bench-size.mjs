// npm run bench:size (second half) — what a partner page downloads for the whole course in one
// script: the embed bundles, renderer and CSS included. Built twice: as shipped (preact/compat) and
// with React's own react-dom, for comparison. Goal: ≤ 140 KB gzip.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const GOAL_KB = 140;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const rows = [];
for (const [label, args, dist] of [
  ['embed (as shipped, preact/compat)', [], 'dist'],
  ['embed built with react-dom', ['--react'], 'dist-react'],
]) {
  execFileSync(process.execPath, [join(root, 'build.mjs'), ...args], { stdio: 'ignore' });
  for (const file of ['coursekit-embed.js', 'coursekit-embed.iife.js']) {
    const code = readFileSync(join(root, dist, file));
    rows.push({
      bundle: `${label}: ${file}`,
      minified: kb(code.length),
      gzip: kb(gzipSync(code, { level: 9 }).length),
      brotli: kb(brotliCompressSync(code).length),
      gzipBytes: gzipSync(code, { level: 9 }).length,
    });
  }
}
const print = (text) => process.stdout.write(`${text}\n`);
print('\nembed bundle (whole course, renderer and CSS included)   minified     gzip   brotli');
for (const row of rows) {
  print(
    `${row.bundle.padEnd(58)}${row.minified.padStart(9)}${row.gzip.padStart(9)}${row.brotli.padStart(9)}`,
  );
}
const shipped = rows[1].gzipBytes;
const ok = shipped <= GOAL_KB * 1024;
print(`embed goal ≤ ${GOAL_KB} KB gzip: ${ok ? 'met' : 'NOT met'} (${kb(shipped)}, classic script)`);
if (!ok) process.exitCode = 1;
