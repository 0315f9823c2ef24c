// wapiti against the API, through the counting proxy.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { secondsSince } from './tools.mjs';

// wapiti crawls HTML and attacks query strings and forms; the API serves JSON (and no site here), so
// these start URLs are its targets: every query string the API reads, and at -l 2 the query string of
// each parameterless URL too. It runs with the admin's session, which reaches every route. Modules:
// the injection and XSS families (error-based and blind SQL, reflected and stored XSS, command and
// file inclusion, CRLF, open redirect); nothing that needs an outside endpoint (ssrf, xxe) or
// downloads a database (wapp, nikto).
const WAPITI_MODULES = 'sql,blindsql,xss,permanentxss,exec,file,crlf,redirect';
export const wapitiStarts = ({ learnerId, moduleId, quizId }) => [
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
  `/api/quizzes/${quizId}`,
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

/**
 * Runs wapiti for at most `ms` with the admin's session, through the proxy, from `starts`; answers
 * what its JSON report holds.
 */
export async function runWapiti({ ms, starts, proxy, work, tools, refreshSessions }) {
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
    ...starts.flatMap((path) => ['-s', `${proxy.url}${path}`]),
  ];
  const began = Date.now();
  await refreshSessions();
  const run = await tools.run('wapiti', args, scanSeconds * 1000 + 45_000, join(work, 'wapiti.log'));
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
