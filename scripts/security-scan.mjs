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
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const LOOPBACK = '127.0.0.1';
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
const say = (line = '') => process.stdout.write(`${line}\n`);
const fmt = (n) => n.toLocaleString('en-US');
const secondsSince = (t) => Math.round((Date.now() - t) / 1000);

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
/** The scanner process running now (the `timeout` wrapping it), stopped by its pid on SIGINT. */
let toolChild;
let api;
let proxy;
let scratch;
let refreshTimer;
let finishing = false;

async function teardown(keep) {
  clearInterval(refreshTimer);
  if (toolChild && toolChild.exitCode === null) toolChild.kill('SIGTERM');
  if (api && api.exitCode === null && api.signalCode === null) {
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    const timer = setTimeout(() => api.kill('SIGKILL'), 8_000);
    await exited;
    clearTimeout(timer);
  }
  proxy?.server.closeAllConnections();
  proxy?.server.close();
  await scratch?.drop().catch((err) => process.stderr.write(`dropping ${scratch.name}: ${err.message}\n`));
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

// ---------------------------------------------------------------- the API
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, LOOPBACK, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The local addresses something listens on at `port` (/proc/net/tcp and tcp6), e.g. 0100007F. */
function listeners(port) {
  const found = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local) continue; // 0A: LISTEN
      const [address, hexPort] = local.split(':');
      if (Number.parseInt(hexPort, 16) === port) found.push(address);
    }
  }
  return found;
}
const LOOPBACK_HEX = new Set(['0100007F', '00000000000000000000000001000000']);

// main.ts listens on PORT on every interface and has no setting for the address; this module, loaded
// before it, makes a listen(port[, callback]) without an address listen on 127.0.0.1.
const loopbackOnly = `data:text/javascript,${encodeURIComponent(
  "import net from 'node:net';const listen=net.Server.prototype.listen;" +
    "net.Server.prototype.listen=function(...a){if(typeof a[0]==='number'&&typeof a[1]!=='string')" +
    "a.splice(1,0,'127.0.0.1');return listen.apply(this,a);};",
)}`;

const adminEmail = 'scan-admin@coursekit.test';
const password = `Scan-${randomBytes(6).toString('hex')}-Q9!`;
const apiPort = await freePort();
const apiUrl = `http://${LOOPBACK}:${apiPort}`;
const apiLog = join(work, 'api.log');
let databaseLabel = 'embedded PGlite (temporary DATA_DIR)';
const apiEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME ?? work,
  PORT: String(apiPort),
  DATA_DIR: join(work, 'data'),
  PUBLIC_URL: apiUrl,
  HOST_DIST: join(work, 'no-site'),
  WEB_CONCURRENCY: '1',
  LOG_LEVEL: 'info',
  SHUTDOWN_GRACE_MS: '3000',
  ADMIN_EMAIL: adminEmail,
  ADMIN_PASSWORD: password,
};
if (adminDatabaseUrl) {
  const { default: postgres } = await import('postgres');
  const name = `ck_scan_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const sql = postgres(adminDatabaseUrl, { max: 1, onnotice: () => {} });
  await sql.unsafe(`create database ${name}`);
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  apiEnv.DATABASE_URL = url.toString();
  databaseLabel = `PostgreSQL scratch database ${name} on ${url.host}`;
  scratch = {
    name,
    async drop() {
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end({ timeout: 5 });
    },
  };
}

say(
  `CourseKit security scan: sqlmap ${versions.sqlmap} and wapiti ${versions.wapiti} against 127.0.0.1 only`,
);
say(`budget ${minutes} min (SCAN_MINUTES); ${databaseLabel}; work folder ${work}`);
const apiOut = createWriteStream(apiLog);
api = spawn(
  process.execPath,
  ['--conditions=source', '--import', loopbackOnly, '--import', 'tsx', 'api/src/main.ts'],
  { cwd: root, env: apiEnv, stdio: ['ignore', 'pipe', 'pipe'] },
);
api.stdout.pipe(apiOut);
api.stderr.pipe(apiOut);
{
  const startBy = Date.now() + 180_000;
  for (;;) {
    if (api.exitCode !== null) await abort(`The API exited (${api.exitCode}); its log: ${apiLog}`);
    const ready = await fetch(`${apiUrl}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > startBy) await abort(`The API was not ready within 180 s; its log: ${apiLog}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
const bound = listeners(apiPort);
if (bound.some((address) => !LOOPBACK_HEX.has(address))) {
  await abort(`The API listens on more than loopback (${bound.join(', ')}): not scanning`);
}
say(`API ready on ${apiUrl} after ${secondsSince(startedAt)} s, listening on loopback only (pid ${api.pid})`);

// ---------------------------------------------------------------- accounts and fixtures
async function call(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${apiUrl}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}
async function expect(status, answer, what) {
  if (answer.status !== status) {
    await abort(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

const learnerEmail = `scan-learner-${randomBytes(4).toString('hex')}@example.com`;
const signedUp = await expect(
  201,
  await call('POST', '/auth/signup', { body: { email: learnerEmail, password, name: 'Scan Learner' } }),
  'learner sign-up',
);
const adminSession = await expect(
  200,
  await call('POST', '/auth/signin', { body: { email: adminEmail, password } }),
  'admin sign-in (ADMIN_EMAIL/ADMIN_PASSWORD)',
);
/** The live sessions; the proxy puts their access tokens in place of the tools' placeholders. */
const sessions = {
  'scan-learner': { access: signedUp.session.access_token, refresh: signedUp.session.refresh_token },
  'scan-admin': { access: adminSession.access_token, refresh: adminSession.refresh_token },
};
const learnerId = signedUp.user.id;
const notes = [];
async function refreshSessions() {
  for (const [name, session] of Object.entries(sessions)) {
    const res = await call('POST', '/auth/refresh', { body: { refresh_token: session.refresh } });
    if (res.status === 200) {
      session.access = res.body.access_token;
      session.refresh = res.body.refresh_token;
    } else {
      notes.push(`${name}: refreshing the session answered ${res.status} at ${secondsSince(startedAt)} s`);
    }
  }
}
refreshTimer = setInterval(() => refreshSessions().catch(() => {}), 5 * 60_000);
refreshTimer.unref();

const learnerToken = () => sessions['scan-learner'].access;
const modules = await expect(200, await call('GET', '/modules', { token: learnerToken() }), 'modules');
const moduleId = modules[0].id;
const lessons = await expect(
  200,
  await call('GET', `/modules/${moduleId}/lessons`, { token: learnerToken() }),
  'lessons',
);
const lessonKey = lessons[0].lesson_key;
const quizzes = await expect(200, await call('GET', '/quizzes', { token: learnerToken() }), 'quizzes');
const courseQuiz = quizzes.find((q) => q.quiz.kind === 'course')?.quiz ?? quizzes[0].quiz;
const { questions } = await expect(
  200,
  await call('GET', `/quizzes/${courseQuiz.id}`, { token: learnerToken() }),
  'course quiz',
);
const startAttempt = async (quizId) =>
  (
    await expect(
      201,
      await call('POST', `/quizzes/${quizId}/attempts`, { token: learnerToken() }),
      'starting an attempt',
    )
  ).id;
const answerAttempt = await startAttempt(courseQuiz.id);
const answerPathAttempt = await startAttempt(courseQuiz.id);

// ---------------------------------------------------------------- the counting proxy
function startProxy() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const phases = new Map();
  const state = { phase: 'setup', requests: 0, fivexx: [], refused: [], upstreamErrors: [] };
  const tally = (phase, status) => {
    let entry = phases.get(phase);
    if (!entry) {
      entry = { requests: 0, statuses: {} };
      phases.set(phase, entry);
    }
    entry.requests += 1;
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
  };
  const server = http.createServer((req, res) => {
    let target = req.url ?? '/';
    if (!target.startsWith('/')) {
      // absolute-form: the tools use this proxy as their HTTP proxy too; only this address passes
      let url;
      try {
        url = new URL(target);
      } catch {
        url = undefined;
      }
      if (!url || url.host !== `${LOOPBACK}:${server.address().port}`) {
        state.refused.push(`[${state.phase}] ${req.method} ${target}`);
        res.writeHead(403).end('refused: the scan stays on 127.0.0.1');
        return;
      }
      target = `${url.pathname}${url.search}`;
    }
    // A scanner stopped at its time bound drops its connections mid-request: nothing to report.
    req.on('error', () => {});
    res.on('error', () => {});
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const phase = state.phase;
      state.requests += 1;
      const requestId = `scan-${state.requests}`;
      const headers = { ...req.headers, host: `${LOOPBACK}:${apiPort}`, 'x-request-id': requestId };
      for (const hop of ['connection', 'proxy-connection', 'keep-alive', 'proxy-authorization']) {
        delete headers[hop];
      }
      const placeholder = /^Bearer (scan-learner|scan-admin)$/.exec(headers.authorization ?? '');
      if (placeholder) headers.authorization = `Bearer ${sessions[placeholder[1]].access}`;
      const upstream = http.request(
        { host: LOOPBACK, port: apiPort, method: req.method, path: target, headers, agent },
        (answer) => {
          const status = answer.statusCode ?? 0;
          tally(phase, status);
          if (status >= 500) {
            state.fivexx.push({
              phase,
              requestId,
              status,
              request: `${req.method} ${target}`,
              body: body.toString('utf8').slice(0, 600),
              userAgent: req.headers['user-agent'],
              referer: req.headers.referer,
            });
          }
          const out = { ...answer.headers };
          delete out.connection;
          delete out['keep-alive'];
          res.writeHead(status, out);
          answer.pipe(res);
        },
      );
      upstream.on('error', (err) => {
        tally(phase, 'no answer');
        state.upstreamErrors.push({
          phase,
          requestId,
          request: `${req.method} ${target}`,
          error: err.message,
        });
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  });
  server.on('connect', (req, socket) => {
    state.refused.push(`[${state.phase}] CONNECT ${req.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  return new Promise((resolve) => {
    server.listen(0, LOOPBACK, () => {
      resolve({ server, phases, state, url: `http://${LOOPBACK}:${server.address().port}` });
    });
  });
}
proxy = await startProxy();

// ---------------------------------------------------------------- running a tool
const toolEnv = { PATH: process.env.PATH, HOME: join(work, 'home'), LANG: 'C.UTF-8', TERM: 'dumb' };
mkdirSync(toolEnv.HOME, { recursive: true });

/** Runs `tool args` under `timeout` for at most `ms`; its output goes to `log` and is answered. */
function runTool(tool, args, ms, log) {
  return new Promise((resolve) => {
    if (finishing) return; // stopping: start nothing more, and never settle

    const out = createWriteStream(log);
    let output = '';
    const seconds = Math.max(1, Math.floor(ms / 1000));
    toolChild = spawn('timeout', ['-k', '10', String(seconds), tool, ...args], {
      cwd: work,
      env: toolEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [toolChild.stdout, toolChild.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        out.write(chunk);
      });
    }
    toolChild.once('exit', (code, signal) => {
      out.end();
      resolve({ code, signal, output, timedOut: code === 124 || code === 137 });
    });
  });
}

// ---------------------------------------------------------------- wapiti
// wapiti crawls HTML and attacks query strings and forms; the API serves JSON (and no site here), so
// these start URLs are its targets: every query string the API reads, and at -l 2 the query string of
// each parameterless URL too. It runs with the admin's session, which reaches every route. Modules:
// the injection and XSS families (error-based and blind SQL, reflected and stored XSS, command and
// file inclusion, CRLF, open redirect); nothing that needs an outside endpoint (ssrf, xxe) or
// downloads a database (wapp, nikto).
const WAPITI_MODULES = 'sql,blindsql,xss,permanentxss,exec,file,crlf,redirect';
const wapitiStarts = [
  '/api/admin/users?search=scan&sort=asc&page=1&pageSize=20',
  '/api/admin/audit/security-events?event_type=sign_in_failed&page=1&pageSize=20',
  '/api/admin/audit/actions?page=1&pageSize=20',
  '/api/admin/content/package?format=scorm12&course=no-such-course',
  '/api/certificate/pdf?grant=not-a-grant',
  '/api/certificates/SCAN-0000',
  '/api/modules',
  `/api/modules/${moduleId}/lessons`,
  '/api/progress',
  '/api/quizzes',
  `/api/quizzes/${courseQuiz.id}`,
  '/api/profile',
  '/api/certificate',
  `/api/admin/users/${learnerId}`,
  `/api/admin/users/${learnerId}/progress`,
  '/api/admin/analytics/report',
  '/api/admin/analytics/progress.csv',
  '/api/docs',
  '/api/settings',
  '/api/dev/mailbox',
];

async function runWapiti(ms) {
  proxy.state.phase = 'wapiti';
  const report = join(work, 'wapiti.json');
  // wapiti 3.0.4 builds every module, used or not, and its wapp module then fetches Wappalyzer's
  // database from GitHub unless its config folder holds one: an empty one keeps it at home.
  const config = join(work, 'wapiti-config');
  mkdirSync(config, { recursive: true });
  writeFileSync(join(config, 'apps.json'), '{}');
  const scanSeconds = Math.max(30, Math.floor(ms / 1000) - 30);
  // The blind (time-based) modules are the slow ones: each module may take half the scan time.
  const attackSeconds = Math.max(10, Math.floor(scanSeconds / 2));
  const options = [
    '-m',
    WAPITI_MODULES,
    '-l',
    '2',
    '--scope',
    'domain',
    '--max-scan-time',
    String(scanSeconds),
    '--max-attack-time',
    String(attackSeconds),
  ];
  const args = [
    '-u',
    `${proxy.url}/`,
    ...options,
    '-p',
    proxy.url,
    '-H',
    'Authorization: Bearer scan-admin',
    '--flush-session',
    '--store-session',
    join(work, 'wapiti-session'),
    '--store-config',
    config,
    '-t',
    '15',
    '-f',
    'json',
    '-o',
    report,
    '--no-bugreport',
    '-v',
    '1',
    ...wapitiStarts.flatMap((path) => ['-s', `${proxy.url}${path}`]),
  ];
  const began = Date.now();
  await refreshSessions();
  const run = await runTool('wapiti', args, scanSeconds * 1000 + 45_000, join(work, 'wapiti.log'));
  const result = {
    seconds: secondsSince(began),
    options: options.join(' '),
    exit: run.code,
    timedOut: run.timedOut,
    vulnerabilities: {},
    anomalies: {},
    reported: false,
  };
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    result.reported = true;
    for (const [kind, key] of [
      ['vulnerabilities', 'vulnerabilities'],
      ['anomalies', 'anomalies'],
    ]) {
      for (const [category, items] of Object.entries(json[key] ?? {})) {
        if (items.length) result[kind][category] = items;
      }
    }
  }
  return result;
}

// ---------------------------------------------------------------- sqlmap
// The targets: every input the API reads that could reach SQL, most telling first (a target the
// time bound does not reach is reported as not reached). `*` marks a path parameter. `params` is
// sqlmap's -p, given where it must be: a password only reaches argon2, so it is left out; sqlmap
// silently skips a parameter whose name looks like an anti-CSRF token (token, refresh_token, grant)
// unless -p names it; and the User-Agent, which only an admin action stores. `ignore` is
// --ignore-code, for an endpoint whose ordinary answer to the sample request is a 401 or 404 (sqlmap
// gives up on those otherwise). Bodies are JSON, which sqlmap takes apart value by value. Completing
// an attempt is left out: only the first request completes it, every later one answers 409 before
// its answers are read, so sqlmap would compare nothing (its answers are letters, checked by the
// schema; api/src/security/hostileInput.test.ts sends it hostile input).
const sqlmapTargets = [
  {
    name: 'admin user search',
    method: 'GET',
    path: '/api/admin/users?search=scan&sort=asc&page=1&pageSize=20',
    session: 'scan-admin',
  },
  {
    name: 'sign-in',
    method: 'POST',
    path: '/api/auth/signin',
    body: { email: 'nobody@example.com', password: 'Wrong-Pass-42' },
    params: 'email',
  },
  {
    name: 'profile update (stored)',
    method: 'PATCH',
    path: '/api/profile',
    body: { display_name: 'Scan Learner', avatar_url: '/storage/avatars/scan.png' },
    session: 'scan-learner',
  },
  {
    name: 'certificate verification code',
    method: 'GET',
    path: '/api/certificates/SCAN-0000*',
  },
  {
    name: 'lesson completion by key',
    method: 'PUT',
    path: `/api/progress/lessons/${lessonKey}*`,
    body: { completed: true },
    session: 'scan-learner',
  },
  {
    name: 'quiz answer',
    method: 'POST',
    path: `/api/attempts/${answerAttempt}/answers`,
    body: { question_id: questions[0].id, answer: 'A' },
    session: 'scan-learner',
  },
  {
    name: 'LMS package by course slug',
    method: 'GET',
    path: '/api/admin/content/package?format=scorm12&course=no-such-course',
    session: 'scan-admin',
    ignore: '404',
  },
  {
    name: 'admin creates a user (stored, logged with the User-Agent)',
    method: 'POST',
    path: '/api/admin/users',
    body: {
      email: 'scan-created@example.com',
      password: password,
      displayName: 'Scan Created',
      avatarUrl: '/storage/avatars/scan.png',
      sendInvite: false,
    },
    params: 'email,displayName,avatarUrl,User-Agent',
    session: 'scan-admin',
  },
  {
    name: 'admin edits a profile (stored, logged with the User-Agent)',
    method: 'PATCH',
    path: `/api/admin/users/${learnerId}`,
    body: { display_name: 'Scan Learner', avatar_url: '/storage/avatars/scan.png' },
    params: 'display_name,avatar_url,User-Agent',
    session: 'scan-admin',
  },
  {
    name: 'sign-up (name stored)',
    method: 'POST',
    path: '/api/auth/signup',
    body: { email: 'scan-signup@example.com', password, name: 'Scan Signup' },
    params: 'email,name',
  },
  {
    name: 'password recovery e-mail',
    method: 'POST',
    path: '/api/auth/recover',
    body: { email: 'nobody@example.com' },
  },
  {
    name: 'verification e-mail again',
    method: 'POST',
    path: '/api/auth/resend',
    body: { email: 'nobody@example.com' },
  },
  {
    name: 'e-mail verification token',
    method: 'POST',
    path: '/api/auth/verify',
    body: { token: 'not-a-token' },
    params: 'token',
  },
  {
    name: 'refresh token',
    method: 'POST',
    path: '/api/auth/refresh',
    body: { refresh_token: 'not-a-refresh-token' },
    params: 'refresh_token',
    ignore: '401',
  },
  {
    name: 'certificate download grant',
    method: 'GET',
    path: '/api/certificate/pdf?grant=not-a-grant',
    params: 'grant',
    ignore: '401',
  },
  {
    name: 'system message (stored, logged with the User-Agent)',
    method: 'PATCH',
    path: '/api/admin/settings',
    body: { system_message: 'Scan in progress', system_message_type: 'info' },
    params: 'system_message,system_message_type,User-Agent',
    session: 'scan-admin',
  },
  {
    name: 'security log filter',
    method: 'GET',
    path: '/api/admin/audit/security-events?event_type=sign_in_failed&page=1&pageSize=20',
    session: 'scan-admin',
  },
  {
    name: 'admin action log page',
    method: 'GET',
    path: '/api/admin/audit/actions?page=1&pageSize=20',
    session: 'scan-admin',
  },
  {
    name: 'quiz attempt by id',
    method: 'POST',
    path: `/api/attempts/${answerPathAttempt}*/answers`,
    body: { question_id: questions[1]?.id ?? questions[0].id, answer: 'A' },
    session: 'scan-learner',
  },
  {
    name: 'quiz by id',
    method: 'GET',
    path: `/api/quizzes/${courseQuiz.id}*`,
    session: 'scan-learner',
  },
  {
    name: 'module lessons by id',
    method: 'GET',
    path: `/api/modules/${moduleId}*/lessons`,
    session: 'scan-learner',
  },
  {
    name: 'module progress reset by id',
    method: 'DELETE',
    path: `/api/progress/modules/${moduleId}*`,
    session: 'scan-learner',
  },
  {
    name: 'admin user by id',
    method: 'GET',
    path: `/api/admin/users/${learnerId}*`,
    session: 'scan-admin',
  },
  {
    name: "a learner's attempts by quiz id (admin)",
    method: 'GET',
    path: `/api/admin/users/${learnerId}/quizzes/${courseQuiz.id}*/attempts`,
    session: 'scan-admin',
  },
  {
    name: 'dev mailbox message by id',
    method: 'GET',
    path: '/api/dev/mailbox/no-such-message*',
    ignore: '404',
  },
];
// --level 3: the payload sets of level 3 (and, where -p names it, the User-Agent); --risk 2 adds the
// heavy time-based tests but not risk 3's OR-based ones, which could rewrite every row through an
// UPDATE; --dbms PostgreSQL: the only back end, so no time goes to other databases' payloads;
// --threads 2: two cores and a single-process database. No --smart: the API never shows a database
// error, so sqlmap's heuristics are always negative and --smart would skip every real test.
// --skip-waf: input validation answers sqlmap's WAF probe with a 400, which it reads as an IPS.
const SQLMAP_OPTIONS = [
  '--batch',
  '--level',
  '3',
  '--risk',
  '2',
  '--dbms',
  'PostgreSQL',
  '--threads',
  '2',
  '--skip-waf',
];
const MIN_TARGET_MS = 20_000;

async function runSqlmap(target, ms, index) {
  proxy.state.phase = `sqlmap ${index}`;
  const args = [
    '-u',
    `${proxy.url}${target.path}`,
    '--method',
    target.method,
    ...SQLMAP_OPTIONS,
    '--proxy',
    proxy.url,
    '--flush-session',
    '--output-dir',
    join(work, 'sqlmap'),
    '--disable-coloring',
  ];
  if (target.session) args.push('-H', `Authorization: Bearer ${target.session}`);
  if (target.body) args.push('--data', JSON.stringify(target.body));
  // Level 3 also tests the User-Agent and Referer; only an admin action stores the User-Agent, so a
  // target tests them when its -p names them, and skips them otherwise.
  if (target.params) args.push('-p', target.params);
  else args.push('--skip', 'user-agent,referer');
  if (target.ignore) args.push('--ignore-code', target.ignore);
  const began = Date.now();
  await refreshSessions();
  const run = await runTool('sqlmap', args, ms, join(work, `sqlmap-${index}.log`));
  const lines = run.output.split('\n');
  // A confirmed injection: sqlmap names the injection point (or asks whether to keep testing after
  // one). A candidate ("appears to be … injectable") that its false-positive check then rejects is
  // shown with the rejection, not counted.
  const findings = lines.filter((line) =>
    /identified the following injection point|is vulnerable\. Do you want/i.test(line),
  );
  const hints = lines.filter((line) =>
    /might be injectable|appears to be .* injectable|false positive or unexploitable|ignoring .*parameter/i.test(
      line,
    ),
  );
  const clean = /all tested parameters do not appear to be injectable/i.test(run.output);
  const problems = lines.filter((line) => /\[CRITICAL\]/.test(line));
  return {
    seconds: secondsSince(began),
    outcome: findings.length
      ? 'INJECTABLE'
      : clean
        ? 'not injectable'
        : run.timedOut
          ? 'time bound hit'
          : 'ended without a verdict',
    findings,
    hints,
    problems,
    exit: run.code,
  };
}

// ---------------------------------------------------------------- the run
const scanBegan = Date.now();
const available = () => deadline - TEARDOWN_MS - Date.now();
const wapitiMs = Math.max(60_000, Math.floor(available() * 0.35));
say(`scanners through the counting proxy ${proxy.url}; wapiti for at most ${Math.round(wapitiMs / 1000)} s`);
const wapiti = await runWapiti(wapitiMs);
say(`wapiti done in ${wapiti.seconds} s; sqlmap for the ${fmt(Math.round(available() / 1000))} s left`);

const sqlmapResults = sqlmapTargets.map((target) => ({ target, skipped: true }));
const report = (i, result, pass) => {
  const stats = proxy.phases.get(`sqlmap ${i + 1}`);
  say(
    `  sqlmap ${i + 1}/${sqlmapTargets.length}${pass === 2 ? ' again' : ''} ${sqlmapTargets[i].name}: ` +
      `${result.outcome}, ${fmt(stats?.requests ?? 0)} requests so far, ${result.seconds} s`,
  );
};
// First pass: each target an even share of what is left, at least MIN_TARGET_MS while that much is
// left (so the first, most telling targets run when the budget is short).
for (const [i, target] of sqlmapTargets.entries()) {
  if (available() < MIN_TARGET_MS) break;
  const share = Math.max(MIN_TARGET_MS, Math.floor(available() / (sqlmapTargets.length - i)));
  sqlmapResults[i] = { target, ...(await runSqlmap(target, share, i + 1)) };
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
    ...(await runSqlmap(first.target, share, i + 1)),
    cutAt: first.seconds,
  };
  report(i, sqlmapResults[i], 2);
}
proxy.state.phase = 'after';
const stillSignedIn = (await call('GET', '/auth/user', { token: learnerToken() })).status === 200;
if (!stillSignedIn) notes.push("the learner's session no longer answered at the end");

// ---------------------------------------------------------------- the summary
const statusLine = (statuses) =>
  Object.entries(statuses)
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([status, n]) => `${status}: ${fmt(n)}`)
    .join(', ');
const merge = (names) => {
  const total = { requests: 0, statuses: {} };
  for (const name of names) {
    const entry = proxy.phases.get(name);
    if (!entry) continue;
    total.requests += entry.requests;
    for (const [status, n] of Object.entries(entry.statuses))
      total.statuses[status] = (total.statuses[status] ?? 0) + n;
  }
  return total;
};
const sqlmapPhases = sqlmapTargets.map((_, i) => `sqlmap ${i + 1}`);
const sqlmapTotal = merge(sqlmapPhases);
const wapitiTotal = merge(['wapiti']);
const allTotal = merge([...proxy.phases.keys()]);
const apiRequestLines = readFileSync(apiLog, 'utf8')
  .split('\n')
  .filter((line) => line.includes('"msg":"request"')).length;

say();
say(
  `== summary (${Math.floor(secondsSince(startedAt) / 60)} min ${secondsSince(startedAt) % 60} s, scans ${secondsSince(scanBegan)} s)`,
);
say(`database: ${databaseLabel}; API ${apiUrl}, loopback only`);
say(
  `wapiti ${versions.wapiti}: ${wapitiStarts.length} start URLs, ${wapiti.options}; ` +
    `${fmt(wapitiTotal.requests)} requests in ${wapiti.seconds} s${wapiti.timedOut ? ' (killed at its bound)' : ''}`,
);
say(`  statuses: ${statusLine(wapitiTotal.statuses) || 'none'}`);
const wapitiVulns = Object.entries(wapiti.vulnerabilities);
const wapitiAnomalies = Object.entries(wapiti.anomalies);
if (!wapiti.reported) say('  NO REPORT: wapiti did not write its JSON report (see wapiti.log)');
else if (!wapitiVulns.length && !wapitiAnomalies.length)
  say('  findings: none (0 vulnerabilities, 0 anomalies)');
for (const [category, items] of [...wapitiVulns, ...wapitiAnomalies]) {
  say(`  ${category}: ${items.length}`);
  for (const item of items.slice(0, 5))
    say(`    ${item.method} ${item.path} ${item.parameter ?? ''}: ${item.info}`);
}
say(
  `sqlmap ${versions.sqlmap}: ${sqlmapTargets.length} targets, ${SQLMAP_OPTIONS.map((o) => (o.includes(' ') ? `'${o}'` : o)).join(' ')}; ` +
    `${fmt(sqlmapTotal.requests)} requests`,
);
say(`  statuses: ${statusLine(sqlmapTotal.statuses) || 'none'}`);
const countOf = (test) => sqlmapResults.filter(test).length;
say(
  `  ${countOf((r) => r.outcome === 'not injectable')} finished clean, ` +
    `${countOf((r) => r.outcome === 'INJECTABLE')} injectable, ` +
    `${countOf((r) => r.outcome === 'time bound hit')} cut by their time bound, ` +
    `${countOf((r) => r.outcome === 'ended without a verdict')} ended without a verdict, ` +
    `${countOf((r) => r.skipped)} not reached`,
);
for (const [i, result] of sqlmapResults.entries()) {
  const { target } = result;
  const label = `${target.method} ${target.path.replace(proxy.url, '')}${target.params ? ` (-p ${target.params})` : ''}`;
  if (result.skipped) {
    say(`  ${i + 1}. ${label}: SKIPPED, no time left (raise SCAN_MINUTES)`);
    continue;
  }
  const stats = proxy.phases.get(`sqlmap ${i + 1}`) ?? { requests: 0, statuses: {} };
  const time = result.cutAt
    ? `cut at ${result.cutAt} s, then run again for ${result.seconds} s`
    : `in ${result.seconds} s`;
  say(`  ${i + 1}. ${label}: ${result.outcome}, ${fmt(stats.requests)} requests ${time}`);
  for (const line of [...result.findings, ...result.hints, ...result.problems]) say(`       ${line.trim()}`);
}
say(`all requests through the proxy: ${fmt(allTotal.requests)} (${statusLine(allTotal.statuses)})`);
say(`API request log lines: ${fmt(apiRequestLines)} (the set-up's direct calls included)`);
const fivexx = proxy.state.fivexx;
say(`5xx answers: ${fivexx.length}`);
for (const hit of fivexx.slice(0, 20)) {
  const logged = readFileSync(apiLog, 'utf8')
    .split('\n')
    .filter((line) => line.includes(`"reqId":"${hit.requestId}"`) && !line.includes('"msg":"request"'))
    .map((line) => {
      try {
        const entry = JSON.parse(line);
        return entry.err?.message ?? entry.msg;
      } catch {
        return line;
      }
    });
  say(`  ${hit.status} [${hit.phase}] ${hit.request} (X-Request-Id ${hit.requestId})`);
  if (hit.body) say(`      body: ${hit.body}`);
  if (hit.userAgent && !/sqlmap|wapiti/i.test(hit.userAgent)) say(`      user-agent: ${hit.userAgent}`);
  for (const message of logged) say(`      API log: ${message}`);
}
if (api.exitCode !== null || api.signalCode !== null) {
  say(`THE API EXITED during the scan (${api.exitCode ?? api.signalCode}); its log: ${apiLog}`);
}
say(`requests the API never answered: ${proxy.state.upstreamErrors.length}`);
for (const hit of proxy.state.upstreamErrors.slice(0, 10))
  say(`  [${hit.phase}] ${hit.request}: ${hit.error}`);
say(`requests refused for leaving 127.0.0.1: ${proxy.state.refused.length}`);
for (const hit of proxy.state.refused.slice(0, 10)) say(`  ${hit}`);
for (const note of notes) say(`note: ${note}`);

const injections = sqlmapResults.filter((r) => r.findings?.length).length + wapitiVulns.length;
const failed =
  injections > 0 ||
  fivexx.length > 0 ||
  proxy.state.upstreamErrors.length > 0 ||
  proxy.state.refused.length > 0 ||
  !wapiti.reported ||
  api.exitCode !== null ||
  api.signalCode !== null;
say(failed ? 'result: FINDINGS (see above)' : 'result: nothing found');
finishing = true;
await teardown(keepWork || failed);
process.exit(failed ? 1 : 0);
