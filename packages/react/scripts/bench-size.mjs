// npm run bench:size — what each @coursekit/react entry costs a page, from the built package:
// the entry bundled with its dependencies (core, react-query, radix, dompurify, zod/mini), React and
// react-dom left out, minified. "initial" is what the entry loads at once; "+ lazy" adds the screens it
// loads on demand (the CoursePlayer's quiz and progress screens, the studio's editor). Budgets; the
// AdminConsole has none (admins only) and stays out of the learners' "all three" total.
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const dist = new URL('../dist/', import.meta.url).pathname;
const entries = {
  CoursePlayer: 'course-player.js',
  ProgressPanel: 'progress-panel.js',
  QuizRunner: 'quiz-runner.js',
};
// Measured on their own, outside "all three": the admin console, the course studio and the
// organisation console with its report (learners never load them) and the catalog (a page of its
// own, not part of the course's widgets).
const adminEntries = {
  CourseCatalog: 'course-catalog.js',
  AdminConsole: 'admin-console.js',
  CourseStudio: 'course-studio.js',
  OrganisationConsole: 'organisation.js',
};
const budgets = { CoursePlayer: 50, ProgressPanel: 40, all: 70 };
// Budgets on an entry with everything it loads on demand: the studio's TipTap editor and preview.
const lazyBudgets = { CourseStudio: 259 };
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function bundle(files) {
  const outdir = await mkdtemp(join(tmpdir(), 'coursekit-size-'));
  const result = await build({
    entryPoints: files.map((f) => join(dist, f)),
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    metafile: true,
    write: true,
    outdir,
    platform: 'browser',
    target: 'es2022',
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    // --core-source: resolve @coursekit/core to its TypeScript sources (what it costs once core's
    // build lets bundlers drop zod; see the note printed below)
    conditions: process.argv.includes('--core-source') ? ['source'] : [],
  });
  const sizes = {};
  for (const file of await readdir(outdir)) {
    const code = await readFile(join(outdir, file));
    sizes[file] = { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
  }
  // the files an entry pulls in statically (its initial load)
  const outputs = result.metafile.outputs;
  const name = (path) => path.split('/').pop();
  const initialOf = (out) => {
    const seen = new Set();
    const walk = (path) => {
      if (seen.has(path)) return;
      seen.add(path);
      for (const imp of outputs[path].imports)
        if (imp.kind === 'import-statement' && !imp.external) walk(imp.path);
    };
    walk(out);
    return [...seen].map(name);
  };
  const entryOutputs = Object.keys(outputs).filter((o) => outputs[o].entryPoint && o.endsWith('.js'));
  await rm(outdir, { recursive: true });
  return { sizes, entryOutputs: entryOutputs.map((o) => ({ file: name(o), initial: initialOf(o) })) };
}

const sum = (sizes, files) =>
  files.reduce((t, f) => ({ raw: t.raw + sizes[f].raw, gzip: t.gzip + sizes[f].gzip }), { raw: 0, gzip: 0 });

const rows = [];
let failed = false;
for (const [widget, file] of Object.entries({ ...entries, ...adminEntries })) {
  const { sizes, entryOutputs } = await bundle([file]);
  const initial = sum(sizes, entryOutputs[0].initial);
  const all = sum(
    sizes,
    Object.keys(sizes).filter((f) => f.endsWith('.js')),
  );
  const budget = budgets[widget];
  const over = budget !== undefined && initial.gzip > budget * 1024;
  const lazyBudget = lazyBudgets[widget];
  const lazyOver = lazyBudget !== undefined && all.gzip > lazyBudget * 1024;
  failed ||= over || lazyOver;
  rows.push([
    widget,
    kb(initial.raw),
    kb(initial.gzip),
    kb(all.raw),
    kb(all.gzip),
    budget
      ? `${budget} KB${over ? ' OVER' : ' ok'}`
      : lazyBudget
        ? `${lazyBudget} KB + lazy${lazyOver ? ' OVER' : ' ok'}`
        : '—',
  ]);
}
const set = await bundle(Object.values(entries));
const setTotal = sum(
  set.sizes,
  Object.keys(set.sizes).filter((f) => f.endsWith('.js')),
);
const overAll = setTotal.gzip > budgets.all * 1024;
failed ||= overAll;
rows.push([
  'all three',
  '',
  '',
  kb(setTotal.raw),
  kb(setTotal.gzip),
  `${budgets.all} KB${overAll ? ' OVER' : ' ok'}`,
]);

const css = readFileSync(join(dist, 'styles.css'));
const header = ['entry', 'initial raw', 'initial gzip', '+ lazy raw', '+ lazy gzip', 'budget (gzip)'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
const print = (text) => process.stdout.write(`${text}\n`);
print(line(header));
for (const r of rows) print(line(r));
print(
  `styles.css: ${kb(css.length)} raw, ${kb(gzipSync(css, { level: 9 }).length)} gzip (one file for all widgets)`,
);
if (!process.argv.includes('--core-source')) {
  print(
    'core resolved from its dist; run with --core-source to see the cost with core tree-shaken from source',
  );
}
// A figure to report, not a gate: only --strict turns a budget overrun into a failing exit code.
if (failed && process.argv.includes('--strict')) process.exitCode = 1;
