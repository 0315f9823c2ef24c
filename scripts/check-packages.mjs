// npm run test:packages (the last step of `npm test`): what a partner installs, checked by tools
// nobody on the project wrote. The packages' dist folders are removed and `npm run build` runs, so
// every artefact must come from that one command (the embed bundles included). Each publishable
// package is then packed as `npm publish` would pack it; the tarball must carry a README and the
// repository's LICENSE, publint (strict) must find nothing, and @arethetypeswrong/cli with the
// ESM-only profile must resolve every entry to types.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);

// Entries that are not modules with types, by design.
const notModules = {
  '@coursekit/react': ['./styles.css'], // the widgets' stylesheet
  '@coursekit/embed': ['./standalone.iife'], // a classic script for <script src>, not an import
};
const packages = ['packages/core', 'packages/react', 'packages/mocks', 'packages/embed'];

const run = (command, args, cwd = root) => {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
};

for (const dir of packages) rmSync(join(root, dir, 'dist'), { recursive: true, force: true });
const built = run('npm', ['run', 'build']);
if (!built.ok) {
  process.stderr.write(`npm run build failed\n${built.output}\n`);
  process.exit(1);
}

const out = mkdtempSync(join(tmpdir(), 'coursekit-pack-'));
const licence = readFileSync(join(root, 'LICENSE'), 'utf8');
const failures = [];
try {
  for (const dir of packages) {
    const packed = run('npm', ['pack', '--json', '--pack-destination', out], join(root, dir));
    if (!packed.ok) {
      failures.push(`${dir}: npm pack failed\n${packed.output}`);
      continue;
    }
    const [{ name, filename, files }] = JSON.parse(packed.output.slice(packed.output.indexOf('[')));
    const before = failures.length;
    const tarball = join(out, filename);
    const paths = new Set(files.map((f) => f.path));
    for (const required of ['README.md', 'LICENSE']) {
      if (!paths.has(required)) failures.push(`${name}: the tarball has no ${required}`);
    }
    if (readFileSync(join(root, dir, 'LICENSE'), 'utf8') !== licence) {
      failures.push(`${name}: ${dir}/LICENSE differs from the repository's LICENSE`);
    }
    const publint = run(bin('publint'), ['run', tarball, '--strict']);
    if (!publint.ok || !/All good/.test(publint.output)) failures.push(`${name}: publint\n${publint.output}`);
    const exclude = notModules[name] ?? [];
    const attw = run(bin('attw'), [
      tarball,
      '--profile',
      'esm-only',
      '--format',
      'ascii',
      '--no-color',
      ...(exclude.length > 0 ? ['--exclude-entrypoints', ...exclude] : []),
    ]);
    if (!attw.ok) failures.push(`${name}: @arethetypeswrong/cli --profile esm-only\n${attw.output}`);
    const verdict = failures.length === before ? 'ok' : 'FAILED (below)';
    process.stdout.write(`${name}: ${files.length} files; README, LICENSE, publint, attw: ${verdict}\n`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
if (failures.length > 0) {
  process.stderr.write(`\n${failures.join('\n\n')}\n`);
  process.exitCode = 1;
}
