// sqlmap against the API, one target at a time, through the counting proxy.
import { join } from 'node:path';
import { secondsSince } from './tools.mjs';

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
export const sqlmapTargets = ({
  password,
  learnerId,
  moduleId,
  lessonKey,
  quizId,
  questionIds,
  answerAttempt,
  answerPathAttempt,
}) => [
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
    body: { question_id: questionIds[0], answer: 'A' },
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
    body: { question_id: questionIds[1] ?? questionIds[0], answer: 'A' },
    session: 'scan-learner',
  },
  {
    name: 'quiz by id',
    method: 'GET',
    path: `/api/quizzes/${quizId}*`,
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
    path: `/api/admin/users/${learnerId}/quizzes/${quizId}*/attempts`,
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
export const SQLMAP_OPTIONS = [
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
/** Runs sqlmap on one target for at most `ms`, through the proxy; answers its verdict. */
export async function runSqlmap({ target, ms, index, proxy, work, tools, refreshSessions }) {
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
  const run = await tools.run('sqlmap', args, ms, join(work, `sqlmap-${index}.log`));
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
