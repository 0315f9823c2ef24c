import {
  type AdminEndpoint,
  adminEndpoints,
  type Endpoint,
  endpoints,
  managerEndpoints,
  pathOf,
} from '@coursekit/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openSession } from '../auth/sessions';
import { schema } from '../db/index';
import { routeKey, routerRoutes } from '../http/routerRoutes';
import {
  call,
  closeServer,
  DRIVERS,
  email,
  grantRole,
  listen,
  PASSWORD,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';
import { createTally } from '../test/tally';

// Who calls. "learner" owns every identifier the calls carry (attempt ids, e-mail); "other learner",
// the moderator and the admin try the same identifiers on learner routes and must only ever reach
// their own data. The owner calls last, so a cell of another caller cannot be a leftover of it.
const CALLERS = ['signed-out', 'other learner', 'moderator', 'admin', 'learner'] as const;
type Caller = (typeof CALLERS)[number];
/** An admin passed the guard: a success, or a 4xx about the made-up input — never 401/403/5xx. */
const ADMIN_PASSES = 'passes';
type Cell = number | typeof ADMIN_PASSES;
type Row = Record<Caller, Cell>;
const row = (signedOut: Cell, learner: Cell, other: Cell, moderator: Cell, admin: Cell): Row => ({
  'signed-out': signedOut,
  learner,
  'other learner': other,
  moderator,
  admin,
});

// The expected outcome of every learner-side route, per caller (signed-out, learner, other learner,
// moderator, admin). Run in this order; the routes that end sessions or wipe progress come last.
const LEARNER_TABLE: Record<string, Row> = {
  'GET /api/health': row(200, 200, 200, 200, 200),
  'GET /api/health/live': row(200, 200, 200, 200, 200),
  'GET /api/health/ready': row(200, 200, 200, 200, 200),
  // Off the public port unless METRICS_TOKEN is set (the harness sets none; metrics.test.ts sets one:
  // then only that token opens it, no session of any role).
  'GET /metrics': row(404, 404, 404, 404, 404),
  'GET /api/docs': row(200, 200, 200, 200, 200),
  'GET /api/settings': row(200, 200, 200, 200, 200),
  'GET /api/settings/stream': row(200, 200, 200, 200, 200),
  'POST /api/auth/signup': row(201, 201, 201, 201, 201),
  'POST /api/auth/signin': row(200, 200, 200, 200, 200),
  'POST /api/auth/refresh': row(401, 200, 200, 200, 200),
  'GET /api/auth/user': row(401, 200, 200, 200, 200),
  'POST /api/auth/verify': row(200, 200, 200, 200, 200),
  'POST /api/auth/resend': row(204, 204, 204, 204, 204),
  'POST /api/auth/recover': row(204, 204, 204, 204, 204),
  'GET /api/profile': row(401, 200, 200, 200, 200),
  'PATCH /api/profile': row(401, 200, 200, 200, 200),
  'GET /api/profile/roles': row(401, 200, 200, 200, 200),
  // The caller's own organisations (none for these callers); organisationAccessMatrix swaps people.
  'GET /api/me/organisations': row(401, 200, 200, 200, 200),
  'GET /api/outline': row(200, 200, 200, 200, 200),
  'GET /api/modules': row(401, 200, 200, 200, 200),
  'GET /api/modules/:moduleId/lessons': row(401, 200, 200, 200, 200),
  'GET /api/progress': row(401, 200, 200, 200, 200),
  'PUT /api/progress/lessons/:lessonKey': row(401, 200, 200, 200, 200),
  'GET /api/quizzes': row(401, 200, 200, 200, 200),
  'GET /api/quizzes/:quizId': row(401, 200, 200, 200, 200),
  'POST /api/quizzes/:quizId/attempts': row(401, 201, 201, 201, 201),
  'GET /api/quizzes/:quizId/attempts': row(401, 200, 200, 200, 200),
  // The learner's attempt: anyone else gets "not found", not even a hint that it exists.
  'POST /api/attempts/:attemptId/answers': row(401, 200, 404, 404, 404),
  'POST /api/attempts/:attemptId/complete': row(401, 400, 404, 404, 404),
  'GET /api/certificate': row(401, 200, 200, 200, 200),
  'POST /api/certificate/download': row(401, 404, 404, 404, 404),
  'GET /api/certificate/pdf': row(401, 401, 401, 401, 401),
  'GET /api/certificates/:code': row(200, 200, 200, 200, 200),
  // The Open Badges credential of a certificate, public like its check (the made-up code has none).
  'GET /api/certificates/:code/credential': row(404, 404, 404, 404, 404),
  // The same credential for a wallet's POST (the matrix's empty object is an acceptable request).
  'POST /api/certificates/:code/credential': row(404, 404, 404, 404, 404),
  // The badge image with that credential baked in: public like it.
  'GET /api/certificates/:code/badge.svg': row(404, 404, 404, 404, 404),
  // Anyone may check a credential; the matrix's empty body is not one.
  'POST /api/credentials/verify': row(400, 400, 400, 400, 400),
  // The issuer's signed revocation list: public, verifiers fetch it.
  'GET /api/credentials/status/1': row(200, 200, 200, 200, 200),
  // The issuer's DID document: public, like any verifier needs it.
  'GET /.well-known/did.json': row(200, 200, 200, 200, 200),
  // An organisation's own issuer: its status list and DID document are public by design, like the
  // platform's; the matrix's made-up slug names none.
  'GET /api/credentials/organisations/:slug/status/1': row(404, 404, 404, 404, 404),
  'GET /o/:slug/did.json': row(404, 404, 404, 404, 404),
  // The dev mailbox (everyone's links) answers only the machine itself, and never in production.
  'GET /api/dev/mailbox': row(404, 404, 404, 404, 404),
  'GET /api/dev/mailbox/:id': row(404, 404, 404, 404, 404),
  'GET /storage/:bucket/:name': row(200, 200, 200, 200, 200),
  // LTI: public by design (an LMS and the learner's browser call them); without a registered
  // platform's parameters the login and the launch answer an error page and write nothing.
  'GET /api/lti/jwks': row(200, 200, 200, 200, 200),
  'GET /api/lti/lti.js': row(200, 200, 200, 200, 200),
  'GET /api/lti/login': row(400, 400, 400, 400, 400),
  'POST /api/lti/login': row(400, 400, 400, 400, 400),
  'POST /api/lti/launch': row(400, 400, 400, 400, 400),
  // The deep-linking choice carries its own signed proof; the matrix's empty form is not one.
  'POST /api/lti/deep-link': row(400, 400, 400, 400, 400),
  // Dynamic registration needs an admin's signed single-use link; without one nothing is fetched or written.
  'GET /api/lti/register': row(400, 400, 400, 400, 400),
  // An LMS class's roster: only the session of an instructor's launch in that context reads it
  // (none of these callers launched; roster.test.ts crosses learners' and other contexts' launches).
  'GET /api/lti/rosters/:rosterId': row(401, 403, 403, 403, 403),
  // Company sign-in: the discovery needs an e-mail (none here); the start of a made-up organisation
  // and a callback without a state send the browser back to the sign-in page saying why.
  'GET /api/auth/sso/discover': row(400, 400, 400, 400, 400),
  'GET /api/auth/sso/:slug/start': row(302, 302, 302, 302, 302),
  'GET /api/auth/sso/callback': row(302, 302, 302, 302, 302),
  // An organisation's invitation is accepted with its mailed token, no session; none here is one.
  'POST /api/organisation-invitations/accept': row(400, 400, 400, 400, 400),
  // An organisation's public face (name and theme) is anyone's; the matrix's made-up slug names none.
  'GET /api/organisation-faces/:slug': row(404, 404, 404, 404, 404),
  // A reminder's link turns reminders off with its signed token, no session; a call without one is refused.
  'GET /api/reminders/unsubscribe': row(400, 400, 400, 400, 400),
  'POST /api/reminders/unsubscribe': row(400, 400, 400, 400, 400),
  'DELETE /api/progress/modules/:moduleId': row(401, 200, 200, 200, 200),
  'DELETE /api/progress': row(401, 200, 200, 200, 200),
  'PUT /api/auth/password': row(401, 204, 204, 204, 204),
  'POST /api/auth/signout': row(401, 204, 204, 204, 204),
};
// The catalog is public; a signed-in caller sees their own progress in it.
LEARNER_TABLE['GET /api/courses'] = row(200, 200, 200, 200, 200);
// Every course-scoped route answers at /api/courses/:course/… as it does unscoped (the fixture's
// identifiers are the default course's, named here by its slug), right after its unscoped twin.
const COURSE_SCOPED = new Set(
  Object.values(endpoints)
    .filter((e: Endpoint) => e.scope === 'course')
    .map((e) => `${e.method} /api${e.path}`),
);
const LEARNER_ROWS: Array<[string, Row]> = Object.entries(LEARNER_TABLE).flatMap(([key, expected]) => {
  if (!COURSE_SCOPED.has(key)) return [[key, expected] as [string, Row]];
  const [method, path] = key.split(' ') as [string, string];
  return [
    [key, expected],
    [`${method} ${path.replace(/^\/api/, '/api/courses/:course')}`, expected],
  ] as Array<[string, Row]>;
});

// Every admin route, from core's table: only an admin passes.
const ADMIN_ROW = row(401, 403, 403, 403, ADMIN_PASSES);
// The studio's routes core's table opens to authors (`authors: true`): moderators pass too.
const AUTHOR_ROW = row(401, 403, 403, ADMIN_PASSES, ADMIN_PASSES);
// The organisation manager's routes: none of these callers manages the made-up organisation, so only
// the admin passes (organisationAccessMatrix.test.ts crosses managers, members and ids of two).
const MANAGER_ROW = ADMIN_ROW;

interface Identity {
  userId: string;
  email: string;
}
interface Fixture {
  users: Record<Exclude<Caller, 'signed-out'>, Identity>;
  attemptId: number;
  questionId: number;
  quizId: number;
  lessonKey: string;
  target: string;
  /** The default course's slug, for the course-scoped twins of its routes. */
  course: string;
}

/** The request each route gets from a caller: the learner's identifiers in path, body and query. */
function requestFor(
  key: string,
  caller: Caller,
  f: Fixture,
): { path: Record<string, string | number>; body?: unknown } {
  const own = caller === 'signed-out' ? f.users.learner : f.users[caller];
  const path = {
    moduleId: 1,
    course: f.course,
    quizId: f.quizId,
    attemptId: f.attemptId,
    lessonKey: f.lessonKey,
    code: 'CK-0000-0000',
    bucket: 'image-assets',
    name: 'module-1-intro.svg',
    id: 'no-such-message',
    userId: f.target,
    role: 'moderator',
    jobId: '00000000-0000-4000-8000-000000000000',
    organisationId: '00000000-0000-4000-8000-000000000001',
    slug: 'no-such-organisation',
    issuerId: '00000000-0000-4000-8000-000000000002',
    registrationId: '00000000-0000-4000-8000-000000000000',
    rosterId: '00000000-0000-4000-8000-000000000005',
    groupId: '00000000-0000-4000-8000-000000000003',
    assignmentId: '00000000-0000-4000-8000-000000000004',
    // The studio's: a file of the default course's draft, its first version.
    path: 'course.json',
    version: 1,
    from: 1,
    to: 1,
  };
  const bodies: Record<string, unknown> = {
    'POST /api/auth/signup': { email: email('matrix'), password: PASSWORD, name: 'Max Matrix' },
    'POST /api/auth/signin': {
      email: own.email,
      password: own === f.users.admin ? ADMIN_PASSWORD : PASSWORD,
    },
    'POST /api/auth/verify': { token: 'not-a-token' },
    'POST /api/auth/resend': { email: own.email },
    'POST /api/auth/recover': { email: own.email },
    'PATCH /api/profile': { display_name: 'Renamed' },
    'PUT /api/progress/lessons/:lessonKey': { completed: true },
    'POST /api/attempts/:attemptId/answers': { question_id: f.questionId, answer: 'A' },
    'POST /api/attempts/:attemptId/complete': {},
    'PUT /api/auth/password': { password: PASSWORD },
    'POST /api/auth/signout': {},
  };
  return { path, body: bodies[key.replace(' /api/courses/:course/', ' /api/')] };
}

const ADMIN_PASSWORD = 'Boot-Strap-2026'; // the harness's bootstrap admin
const tally = createTally();
afterAll(() => tally.print('access control'));

describe.each(DRIVERS)('access control matrix (%s)', (driver) => {
  let server: TestServer;
  let fixture: Fixture;
  const tokens: Partial<Record<Caller, { access: string; refresh: string }>> = {};

  /** A fresh session per caller (straight from the service, so no sign-in limit is spent). */
  async function mintSessions() {
    for (const caller of CALLERS) {
      if (caller === 'signed-out') continue;
      const [user] = await server.database.db
        .select()
        .from(schema.users)
        .where(eq(schema.users.id, fixture.users[caller].userId));
      const session = await openSession(server.app.ctx, user!, 'normal');
      tokens[caller] = { access: session.access_token, refresh: session.refresh_token };
    }
  }

  beforeAll(async () => {
    server = await startServer(driver);
    const learner = await signUp(server, 'Lena Learner');
    const other = await signUp(server, 'Otto Other');
    const moderator = await signUp(server, 'Mo Moderator');
    await grantRole(server, moderator.userId, 'moderator');
    const admin = await signInAdmin(server);
    const target = await signUp(server, 'Tara Target');
    const quizzes = await call(server, 'GET', '/quizzes', { token: learner.token });
    const quizId = quizzes.body.find((q: { quiz: { kind: string } }) => q.quiz.kind === 'course').quiz.id;
    const quiz = await call(server, 'GET', `/quizzes/${quizId}`, { token: learner.token });
    const attempt = await call(server, 'POST', `/quizzes/${quizId}/attempts`, { token: learner.token });
    const lessons = await call(server, 'GET', '/modules/1/lessons', { token: learner.token });
    fixture = {
      users: {
        learner: { userId: learner.userId, email: learner.email },
        'other learner': { userId: other.userId, email: other.email },
        moderator: { userId: moderator.userId, email: moderator.email },
        admin: { userId: admin.userId, email: server.config.adminEmail! },
      },
      quizId,
      questionId: quiz.body.questions[0].id,
      attemptId: attempt.body.id,
      lessonKey: lessons.body[0].lesson_key,
      target: target.userId,
      course: (await call(server, 'GET', '/outline')).body.slug,
    };
    await mintSessions();
  });
  afterAll(async () => {
    await server?.app.adminJobs.idle();
    await server?.close();
  });

  const table = (): Array<[string, Row]> => [
    ...LEARNER_ROWS,
    ...Object.values(adminEndpoints as Record<string, AdminEndpoint>).flatMap(
      (e): Array<[string, Row]> => [
        [`${e.method} /api${e.path}`, e.authors ? AUTHOR_ROW : ADMIN_ROW],
        ...(e.scope === 'course'
          ? [[`${e.method} /api/courses/:course${e.path}`, ADMIN_ROW] as [string, Row]]
          : []),
      ],
    ),
    ...Object.values(managerEndpoints).map((e): [string, Row] => [`${e.method} /api${e.path}`, MANAGER_ROW]),
  ];

  it('has a row for every route of the router, and core’s endpoint tables match the router', () => {
    const routes = new Set(routerRoutes(server.app.app).map(routeKey));
    const rows = new Set(table().map(([key]) => key));
    expect(
      [...routes].filter((r) => !rows.has(r)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...rows].filter((r) => !routes.has(r)),
      'rows without a route',
    ).toEqual([]);
    const tables = [
      ...Object.values(endpoints),
      ...Object.values(adminEndpoints),
      ...Object.values(managerEndpoints),
    ] as Array<Endpoint | AdminEndpoint>;
    for (const e of tables) expect(routes.has(`${e.method} /api${e.path}`), e.path).toBe(true);
  });

  it('answers every route, for every caller, as the table says; no one else’s identifiers come back', async () => {
    const failures: string[] = [];
    let cells = 0;
    const learner = fixture.users.learner;
    for (const [key, expected] of table()) {
      const [method, template] = key.split(' ') as [string, string];
      const admin = /^\/api(\/courses\/:course)?\/admin\//.test(template);
      const endsSessions = key === 'PUT /api/auth/password' || key === 'POST /api/auth/signout';
      if (endsSessions) await mintSessions();
      for (const caller of CALLERS) {
        const request = requestFor(key, caller, fixture);
        let url = pathOf(template, request.path);
        // Another user's id in the query string too: learner routes must not read it.
        if (!admin && !url.includes('?') && !url.startsWith('/storage'))
          url += `?user_id=${learner.userId}&userId=${learner.userId}`;
        if (key === 'GET /api/certificate/pdf') url = '/api/certificate/pdf?grant=forged';
        let body = request.body;
        if (key === 'POST /api/auth/refresh')
          body = { refresh_token: caller === 'signed-out' ? 'not-a-token' : tokens[caller]!.refresh };
        if (admin && !body && (adminEndpoints[nameOf(key)] as AdminEndpoint).body) body = {};
        const token = caller === 'signed-out' ? undefined : tokens[caller]!.access;
        const res = await hit(server, method, url, token, body, CLIENT[caller]);
        if (key === 'POST /api/auth/refresh' && res.status === 200 && caller !== 'signed-out') {
          tokens[caller] = { access: res.json.access_token, refresh: res.json.refresh_token };
        }
        const want = expected[caller];
        const ok =
          want === ADMIN_PASSES
            ? res.status < 500 && res.status !== 401 && res.status !== 403
            : res.status === want;
        cells += 1;
        if (!ok)
          failures.push(`${key} as ${caller}: ${res.status}, expected ${want} ${res.text.slice(0, 120)}`);
        // Data of "learner" never reaches anyone else through a learner route.
        const leaks =
          !admin &&
          caller !== 'learner' &&
          caller !== 'signed-out' &&
          (res.text.includes(learner.userId) || res.text.includes(learner.email));
        if (leaks) failures.push(`${key} as ${caller}: the learner's id or e-mail is in the answer`);
        const denied = typeof want === 'number' && want >= 400;
        const kind = admin ? 'admin' : 'learner';
        if (denied) tally.attack(`${caller} refused on ${kind} routes`, ok);
        else if (!admin && caller !== 'learner' && caller !== 'signed-out')
          tally.attack(`${caller} gets only their own data on learner routes`, ok && !leaks);
      }
      if (endsSessions) await mintSessions();
    }
    expect(failures).toEqual([]);
    expect(cells).toBe(table().length * CALLERS.length);
  }, 180_000);

  it('lets no learner write another learner’s progress, profile or quiz through any identifier', async () => {
    await mintSessions();
    const other = tokens['other learner']!.access;
    const owner = tokens.learner!.access;
    const before = await call(server, 'GET', '/progress', { token: owner });
    const attempts = await call(server, 'GET', `/quizzes/${fixture.quizId}/attempts`, { token: owner });
    const tries = [
      call(server, 'PATCH', '/profile', {
        token: other,
        body: { user_id: fixture.users.learner.userId, display_name: 'X' },
      }),
      call(server, 'PATCH', '/profile', { token: other, body: { id: fixture.users.learner.userId } }),
      call(server, 'PUT', `/progress/lessons/${fixture.lessonKey}`, {
        token: other,
        body: { completed: true, user_id: fixture.users.learner.userId },
      }),
      call(server, 'POST', `/attempts/${fixture.attemptId}/answers`, {
        token: other,
        body: { question_id: fixture.questionId, answer: 'B' },
      }),
      call(server, 'POST', `/attempts/${fixture.attemptId}/complete`, {
        token: other,
        body: { answers: {} },
      }),
      call(server, 'GET', `/admin/users/${fixture.users.learner.userId}/progress`, { token: other }),
      call(server, 'DELETE', `/admin/users/${fixture.users.learner.userId}/progress`, { token: other }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(tally.attack('writes by another learner’s id', res.status >= 400 && res.status < 500)).toBe(
        true,
      );
    }
    expect((await call(server, 'GET', '/progress', { token: owner })).body).toEqual(before.body);
    expect((await call(server, 'GET', `/quizzes/${fixture.quizId}/attempts`, { token: owner })).body).toEqual(
      attempts.body,
    );
    expect((await call(server, 'GET', '/profile', { token: owner })).body.display_name).not.toBe('X');
  });

  it('shows the dev mailbox to the machine it runs on only, and has none in production', async () => {
    const local = await call(server, 'GET', '/dev/mailbox');
    expect(local.status).toBe(200);
    expect(local.body.messages.length).toBeGreaterThan(0);
    for (const client of ['198.51.100.7', '10.0.0.8', '::ffff:192.168.1.9']) {
      const remote = await call(server, 'GET', '/dev/mailbox', { headers: { 'x-forwarded-for': client } });
      expect(tally.attack('dev mailbox from the network', remote.status === 404), client).toBe(true);
    }
    // The same database and mailbox behind an app configured for production.
    const production = createApp({
      db: server.database,
      mailer: server.mailbox,
      config: { ...server.config, production: true },
      clock: server.clock,
    });
    const listening = await listen(production);
    try {
      expect((await call({ api: `${listening.url}/api` }, 'GET', '/dev/mailbox')).status).toBe(404);
      expect(routerRoutes(production.app).map(routeKey)).not.toContain('GET /api/dev/mailbox');
    } finally {
      await production.close();
      await closeServer(listening.server);
    }
  });
});

/** Callers come from elsewhere on the network (the API trusts X-Forwarded-For from its local proxy). */
const CLIENT: Record<Caller, string> = {
  'signed-out': '198.51.100.1',
  learner: '198.51.100.2',
  'other learner': '198.51.100.3',
  moderator: '198.51.100.4',
  admin: '198.51.100.5',
};

/** The admin endpoint a row is about (a course-scoped twin is its endpoint's). */
function nameOf(key: string): keyof typeof adminEndpoints {
  const unscoped = key.replace(' /api/courses/:course/', ' /api/');
  return Object.entries(adminEndpoints).find(
    ([, e]) => `${e.method} /api${e.path}` === unscoped,
  )![0] as never;
}

/** One request; a stream is cut once its headers have arrived. */
async function hit(
  server: TestServer,
  method: string,
  path: string,
  token: string | undefined,
  body: unknown,
  client: string,
) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'x-forwarded-for': client,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: controller.signal,
    // A redirect is the answer itself (company sign-in's go to the site, which is not running here).
    redirect: 'manual',
  });
  const type = res.headers.get('content-type') ?? '';
  const text = type.includes('event-stream') ? '' : await res.text();
  controller.abort();
  // biome-ignore lint/suspicious/noExplicitAny: ad-hoc JSON
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, text, json };
}
