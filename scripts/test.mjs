// npm test: every check and test of the tree, in three lanes that run at once, then the packages.
// The lanes: the static checks (lint, knip, the API reports, the type check), the test files of every
// vitest project but the site's browser journeys (two files at a time), and those journeys (one after
// another: they share one API and one browser). A lane waiting on PostgreSQL, Chromium or a server
// leaves the cores to the others; on a machine of two cores the run is still bound by its CPU, so
// the whole takes about as long as the longest lane, not the sum of the three. Each line is
// printed as it comes, prefixed by its lane; a lane's failure fails the run once all have ended.
// `npm run test:packages` runs last: it rebuilds the packages' dist folders, which the journeys read.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

const preflight = spawnSync(process.execPath, ['scripts/preflight.mjs'], { cwd: root, stdio: 'inherit' });
if (preflight.status !== 0) process.exit(preflight.status ?? 1);

// The embed's bundle, which the embed's and the site's browser tests both load, is built once here:
// the two vitest processes would otherwise each build it into the same folder at the same time.
const embedBuild = join(root, 'packages/embed/build.mjs');
const embed = spawnSync(process.execPath, [embedBuild], { cwd: root, stdio: 'inherit' });
if (embed.status !== 0) process.exit(embed.status ?? 1);
process.env.COURSEKIT_BUILT = embedBuild;

// Each vitest lane also writes its JSON report, from which the run prints the time of each project.
const timesDir = mkdtempSync(join(tmpdir(), 'coursekit-test-times-'));
const timesTo = (lane) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(timesDir, `${lane}.json`)}`,
];

/** A lane: its commands one after another, stopping at the first that fails. */
const lanes = [
  {
    name: 'checks',
    commands: [
      ['npm', ['run', 'lint']],
      ['npm', ['run', 'knip']],
      ['npm', ['run', 'api:check']],
      ['npm', ['run', 'typecheck']],
    ],
  },
  // The type check runs in the checks lane; vitest's own typecheck of the same tsconfigs is left out.
  {
    name: 'tests',
    commands: [['npx', ['vitest', 'run', '--project', '!e2e', ...timesTo('tests')]]],
    env: { TYPES_CHECKED: '1' },
  },
  { name: 'journeys', commands: [['npx', ['vitest', 'run', '--project', 'e2e', ...timesTo('journeys')]]] },
];

function runLine(lane, [command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...lane.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) =>
        process.stdout.write(`[${lane.name}] ${line}\n`),
      );
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function runLane(lane) {
  const began = Date.now();
  for (const command of lane.commands) {
    const code = await runLine(lane, command);
    if (code !== 0)
      return { lane, ok: false, failed: `${command[0]} ${command[1].join(' ')}`, time: seconds(began) };
  }
  return { lane, ok: true, time: seconds(began) };
}

const results = await Promise.all(lanes.map(runLane));
process.stdout.write('\n');
printProjectTimes();
for (const r of results) {
  process.stdout.write(`${r.lane.name}: ${r.ok ? 'passed' : `FAILED at \`${r.failed}\``} in ${r.time}\n`);
}
if (results.some((r) => !r.ok)) process.exit(1);

const packages = spawnSync('npm', ['run', 'test:packages'], { cwd: root, stdio: 'inherit' });
process.stdout.write(`npm test: ${packages.status === 0 ? 'passed' : 'FAILED'} in ${seconds(started)}\n`);
process.exit(packages.status ?? 1);

/** The vitest project a test file belongs to, by where it lives. */
function projectOf(file) {
  const path = relative(root, file);
  const rules = [
    ['apps/host/e2e/', 'e2e'],
    ['packages/embed/e2e/', 'embed-browser'],
    ['packages/lms/e2e/', 'lms-browser'],
    ['apps/host/', 'host'],
    ['api/', 'api'],
    ['stories/', 'stories'],
  ];
  for (const [prefix, name] of rules) if (path.startsWith(prefix)) return name;
  return path.split('/')[1] ?? path; // packages/<name>/...
}

/** Per project: its files, the sum of their run times (hooks and tests, not imports), and the wall time from its first start to its last end. */
function printProjectTimes() {
  const projects = new Map();
  for (const lane of ['tests', 'journeys']) {
    const file = join(timesDir, `${lane}.json`);
    if (!existsSync(file)) continue;
    for (const result of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
      const name = projectOf(result.name);
      const p = projects.get(name) ?? { files: 0, sum: 0, first: Infinity, last: 0 };
      p.files += 1;
      p.sum += result.endTime - result.startTime;
      p.first = Math.min(p.first, result.startTime);
      p.last = Math.max(p.last, result.endTime);
      projects.set(name, p);
    }
  }
  rmSync(timesDir, { recursive: true, force: true });
  if (projects.size === 0) return;
  process.stdout.write(
    'vitest projects: files, the sum of their run times (imports aside), first start to last end\n',
  );
  for (const [name, p] of [...projects].sort((a, b) => b[1].sum - a[1].sum)) {
    process.stdout.write(
      `  ${name.padEnd(14)} ${String(p.files).padStart(4)} files ${String(Math.round(p.sum / 1000)).padStart(6)} s ${String(Math.round((p.last - p.first) / 1000)).padStart(6)} s\n`,
    );
  }
}
