// npm test: every check and test of the tree, in three lanes that run at once, then the packages.
// The lanes: the static checks (lint, knip, the API reports, the type check), the test files of every
// vitest project but the site's browser journeys (two files at a time), and those journeys (one after
// another: they share one API and one browser). Most test files wait on PostgreSQL, Chromium or a
// server far more than they compute, so the lanes fill each other's waits on two cores. Each line is
// printed as it comes, prefixed by its lane; a lane's failure fails the run once all have ended.
// `npm run test:packages` runs last: it rebuilds the packages' dist folders, which the journeys read.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
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
  { name: 'tests', commands: [['npx', ['vitest', 'run', '--project', '!e2e']]], env: { TYPES_CHECKED: '1' } },
  { name: 'journeys', commands: [['npx', ['vitest', 'run', '--project', 'e2e']]] },
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
for (const r of results) {
  process.stdout.write(`${r.lane.name}: ${r.ok ? 'passed' : `FAILED at \`${r.failed}\``} in ${r.time}\n`);
}
if (results.some((r) => !r.ok)) process.exit(1);

const packages = spawnSync('npm', ['run', 'test:packages'], { cwd: root, stdio: 'inherit' });
process.stdout.write(`npm test: ${packages.status === 0 ? 'passed' : 'FAILED'} in ${seconds(started)}\n`);
process.exit(packages.status ?? 1);
