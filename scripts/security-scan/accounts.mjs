// The scan's accounts and the ids its targets need: a learner signs up, the bootstrap admin signs in,
// both through the API; their sessions are refreshed while the tools run, and the proxy puts their
// access tokens in place of the tools' placeholder bearer tokens.
import { randomBytes } from 'node:crypto';

/** Calls the API directly (not through the proxy); answers the status and the parsed body. */
export function apiCaller(apiUrl) {
  return async function call(method, path, { token, body } = {}) {
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
  };
}

function expectStatus(status, answer, what) {
  if (answer.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/**
 * Signs the two accounts in and reads the course's first module, lesson and quiz, starting two
 * attempts of the course quiz for the answer targets. `note` records a refresh that failed.
 */
export async function prepareAccounts({ call, admin, note }) {
  const learnerEmail = `scan-learner-${randomBytes(4).toString('hex')}@example.com`;
  const signedUp = expectStatus(
    201,
    await call('POST', '/auth/signup', {
      body: { email: learnerEmail, password: admin.password, name: 'Scan Learner' },
    }),
    'learner sign-up',
  );
  const adminSession = expectStatus(
    200,
    await call('POST', '/auth/signin', { body: admin }),
    'admin sign-in (ADMIN_EMAIL/ADMIN_PASSWORD)',
  );
  /** The live sessions, by the placeholder token the tools send. */
  const sessions = {
    'scan-learner': { access: signedUp.session.access_token, refresh: signedUp.session.refresh_token },
    'scan-admin': { access: adminSession.access_token, refresh: adminSession.refresh_token },
  };
  async function refreshSessions() {
    for (const [name, session] of Object.entries(sessions)) {
      const res = await call('POST', '/auth/refresh', { body: { refresh_token: session.refresh } });
      if (res.status === 200) {
        session.access = res.body.access_token;
        session.refresh = res.body.refresh_token;
      } else {
        note(`${name}: refreshing the session answered ${res.status}`);
      }
    }
  }
  const learnerToken = () => sessions['scan-learner'].access;
  const get = async (path, what) =>
    expectStatus(200, await call('GET', path, { token: learnerToken() }), what);
  const modules = await get('/modules', 'modules');
  const moduleId = modules[0].id;
  const lessons = await get(`/modules/${moduleId}/lessons`, 'lessons');
  const quizzes = await get('/quizzes', 'quizzes');
  const courseQuiz = quizzes.find((q) => q.quiz.kind === 'course')?.quiz ?? quizzes[0].quiz;
  const { questions } = await get(`/quizzes/${courseQuiz.id}`, 'course quiz');
  const startAttempt = async () =>
    expectStatus(
      201,
      await call('POST', `/quizzes/${courseQuiz.id}/attempts`, { token: learnerToken() }),
      'starting an attempt',
    ).id;
  const fixtures = {
    password: admin.password,
    learnerId: signedUp.user.id,
    moduleId,
    lessonKey: lessons[0].lesson_key,
    quizId: courseQuiz.id,
    questionIds: questions.map((q) => q.id),
    answerAttempt: await startAttempt(),
    answerPathAttempt: await startAttempt(),
  };
  return { sessions, refreshSessions, learnerToken, fixtures };
}
