// npm run scan:security: Debian's sqlmap and wapiti against a throw-away API on loopback, bounded in
// time (SCAN_MINUTES, 10 by default). The API is started as `npm start` starts it, without building
// the site, on embedded PGlite in a temporary DATA_DIR (or, when DATABASE_URL names a PostgreSQL
// server on this machine, a scratch database on it, dropped at the end), listening on 127.0.0.1 only.
// A learner signs up and the bootstrap admin signs in through the API. Both tools talk to the API
// through a small proxy of this script, also on 127.0.0.1, which counts every request and answer
// status, notes each 5xx with the request that caused it, swaps the placeholder bearer tokens the
// tools send for the current (refreshed) access tokens, and refuses anything addressed elsewhere.
// Exit 0: nothing found; 1: an injection or XSS reported, a 5xx answered, or a request refused for
// leaving loopback; 2: the scan could not run. SCAN_KEEP=1 keeps the work folder (tool logs,
// sqlmap's output, wapiti's JSON report, the API's log); it is kept anyway when something is found.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiCaller, prepareAccounts } from './security-scan/accounts.mjs';
import { prepareDatabase, startApi, stopApi } from './security-scan/api.mjs';
import { startProxy } from './security-scan/proxy.mjs';
import { runSqlmap, sqlmapTargets } from './security-scan/sqlmap.mjs';
import { summarise } from './security-scan/summary.mjs';
import { secondsSince, toolRunner } from './security-scan/tools.mjs';
import { runWapiti, wapitiStarts } from './security-scan/wapiti.mjs';

const startedAt = Date.now();
const minutes = Number(process.env.SCAN_MINUTES ?? 10);
if (!(minutes >= 2)) {
  process.stderr.write(
    `SCAN_MINUTES must be a number of minutes, at least 2 (got ${process.env.SCAN_MINUTES})\n`,
  );
  process.exit(2);
}
const deadline = startedAt + minutes * 60_000;
const TEARDOWN_MS = 20_000;
/** The least a sqlmap target gets in the first pass while that much time is left. */
const MIN_TARGET_MS = 20_000;
const say = (line = '') => process.stdout.write(`${line}\n`);
const fmt = (n) => n.toLocaleString('en-US');

// ---------------------------------------------------------------- preconditions
const which = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
const missing = ['sqlmap', 'wapiti', 'timeout'].filter((tool) => !which(tool));
if (missing.length) {
  process.stderr.write(`Missing ${missing.join(', ')}: apt-get install sqlmap wapiti (Debian)\n`);
  process.exit(2);
}
const versionOf = (tool, args) => {
  const out = spawnSync(tool, args, { encoding: 'utf8', env: { PATH: process.env.PATH } });
  return `${out.stdout}${out.stderr}`.match(/\d+\.\d+(\.\d+)?/)?.[0] ?? '?';
};
const versions = { sqlmap: versionOf('sqlmap', ['--version']), wapiti: versionOf('wapiti', ['--version']) };

/** The PostgreSQL server to make a scratch database on, if DATABASE_URL names one on this machine. */
const adminDatabaseUrl = process.env.DATABASE_URL || undefined;
if (adminDatabaseUrl) {
  const host = new URL(adminDatabaseUrl).hostname.replace(/^\[|\]$/g, '');
  if (!['127.0.0.1', 'localhost', '::1', ''].includes(host)) {
    process.stderr.write(`DATABASE_URL names ${host}: the scan only uses a database on this machine\n`);
    process.exit(2);
  }
}

// ---------------------------------------------------------------- what to stop on the way out
const work = mkdtempSync(join(tmpdir(), 'coursekit-scan-'));
const keepWork = process.env.SCAN_KEEP === '1';
let finishing = false;
const tools = toolRunner({ work, isStopping: () => finishing });
let apiChild;
let proxy;
let database;
let refreshTimer;

async function teardown(keep) {
  clearInterval(refreshTimer);
  tools.stop();
  await stopApi(apiChild);
  proxy?.server.closeAllConnections();
  proxy?.server.close();
  await database?.scratch
    ?.drop()
    .catch((err) => process.stderr.write(`dropping ${database.scratch.name}: ${err.message}\n`));
  if (keep) say(`work folder kept: ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (finishing) return;
    finishing = true;
    process.stderr.write(`\n${signal}: stopping the scanner and the API\n`);
    await teardown(keepWork);
    process.exit(130);
  });
}

async function abort(message) {
  if (finishing) return; // already stopping (SIGINT): what fails now is the teardown's doing
  process.stderr.write(`${message}\n`);
  finishing = true;
  await teardown(true);
  process.exit(2);
}
// Whatever goes wrong, the API (and a scratch database) do not outlive the scan.
process.on('uncaughtException', (err) => abort(`The scan failed: ${err?.stack ?? err}`));
process.on('unhandledRejection', (err) => abort(`The scan failed: ${err?.stack ?? err}`));

async function scan() {
  // ------------------------------------------------------------ the API and the accounts
  const admin = {
    email: 'scan-admin@coursekit.test',
    password: `Scan-${randomBytes(6).toString('hex')}-Q9!`,
  };
  database = await prepareDatabase(adminDatabaseUrl, work);
  say(
    `CourseKit security scan: sqlmap ${versions.sqlmap} and wapiti ${versions.wapiti} against 127.0.0.1 only`,
  );
  say(`budget ${minutes} min (SCAN_MINUTES); ${database.label}; work folder ${work}`);
  const api = await startApi({
    work,
    databaseEnv: database.env,
    admin,
    onChild: (child) => {
      apiChild = child;
    },
  });
  say(
    `API ready on ${api.url} after ${secondsSince(startedAt)} s, listening on loopback only (pid ${api.child.pid})`,
  );
  const notes = [];
  const call = apiCaller(api.url);
  const { sessions, refreshSessions, learnerToken, fixtures } = await prepareAccounts({
    call,
    admin,
    note: (line) => notes.push(`${line} at ${secondsSince(startedAt)} s`),
  });
  refreshTimer = setInterval(() => refreshSessions().catch(() => {}), 5 * 60_000);
  refreshTimer.unref();
  proxy = await startProxy({ apiPort: api.port, sessions });
  const context = { proxy, work, tools, refreshSessions };

  const scanBegan = Date.now();
  const available = () => deadline - TEARDOWN_MS - Date.now();
  const wapitiMs = Math.max(60_000, Math.floor(available() * 0.35));
  say(
    `scanners through the counting proxy ${proxy.url}; wapiti for at most ${Math.round(wapitiMs / 1000)} s`,
  );
  const starts = wapitiStarts(fixtures);
  const wapiti = await runWapiti({ ms: wapitiMs, starts, ...context });
  say(`wapiti done in ${wapiti.seconds} s; sqlmap for the ${fmt(Math.round(available() / 1000))} s left`);

  const targets = sqlmapTargets(fixtures);
  const sqlmapResults = targets.map((target) => ({ target, skipped: true }));
  const report = (i, result, pass) => {
    const stats = proxy.phases.get(`sqlmap ${i + 1}`);
    say(
      `  sqlmap ${i + 1}/${targets.length}${pass === 2 ? ' again' : ''} ${targets[i].name}: ` +
        `${result.outcome}, ${fmt(stats?.requests ?? 0)} requests so far, ${result.seconds} s`,
    );
  };
  // First pass: each target an even share of what is left, at least MIN_TARGET_MS while that much is
  // left (so the first, most telling targets run when the budget is short).
  for (const [i, target] of targets.entries()) {
    if (available() < MIN_TARGET_MS) break;
    const share = Math.max(MIN_TARGET_MS, Math.floor(available() / (targets.length - i)));
    sqlmapResults[i] = { target, ...(await runSqlmap({ target, ms: share, index: i + 1, ...context })) };
    report(i, sqlmapResults[i], 1);
  }
  // Second pass: the time the quick targets left over goes to those the first pass cut, from scratch.
  const cut = sqlmapResults.flatMap((r, i) => (r.outcome === 'time bound hit' ? [i] : []));
  for (const [k, i] of cut.entries()) {
    const share = Math.floor(available() / (cut.length - k));
    const first = sqlmapResults[i];
    if (share < first.seconds * 1000 * 1.5) break; // not enough more to be worth starting over
    sqlmapResults[i] = {
      target: first.target,
      ...(await runSqlmap({ target: first.target, ms: share, index: i + 1, ...context })),
      cutAt: first.seconds,
    };
    report(i, sqlmapResults[i], 2);
  }
  proxy.state.phase = 'after';
  const stillSignedIn = (await call('GET', '/auth/user', { token: learnerToken() })).status === 200;
  if (!stillSignedIn) notes.push("the learner's session no longer answered at the end");

  // ------------------------------------------------------------ the summary
  return summarise({
    proxy,
    wapiti,
    starts,
    sqlmapResults,
    targets,
    versions,
    api,
    databaseLabel: database.label,
    notes,
    startedAt,
    scanBegan,
  });
}

const failed = await scan().catch((err) => abort(`The scan failed: ${err?.stack ?? err}`));
say(failed ? 'result: FINDINGS (see above)' : 'result: nothing found');
finishing = true;
await teardown(keepWork || failed);
process.exit(failed ? 1 : 0);
