import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import { call, DRIVERS, startServer, type TestServer } from '../test/harness';
import { PARTNER_EMAIL_TAKEN } from './partnerLearner';

// A partner's signed-in employee is a learner without a second password.

const ISSUER = 'https://intranet.partner.test';
const AUDIENCE = 'coursekit';
const SECRET = 'a-partner-shared-secret-of-32-bytes!';

function partnerToken(
  claims: Record<string, unknown>,
  options: { aud?: string; exp?: number | string; key?: string } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(options.aud ?? AUDIENCE)
    .setExpirationTime(options.exp ?? '10m')
    .sign(new TextEncoder().encode(options.key ?? SECRET));
}

describe.each(DRIVERS)('partner tokens on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, {
      config: { partner: { issuer: ISSUER, audience: AUDIENCE, sharedSecret: SECRET } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sign a partner’s employee in as a learner, created once and found again by subject', async () => {
    const token = await partnerToken({ sub: 'emp-4411', email: 'Ana.Silva@Partner.test', name: 'Ana Silva' });
    const progress = await call(server, 'GET', '/progress', { token });
    expect(progress.status).toBe(200);
    const lessons = await call(server, 'GET', '/modules/1/lessons', { token });
    const done = await call(server, 'PUT', `/progress/lessons/${lessons.body[0].lesson_key}`, {
      token,
      body: { completed: true },
    });
    expect(done.body.summary.completedLessons).toBe(1);
    const again = await partnerToken({ sub: 'emp-4411', email: 'ana.silva@partner.test' });
    expect((await call(server, 'GET', '/progress', { token: again })).body.summary.completedLessons).toBe(1);

    const rows = await server.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'ana.silva@partner.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.emailConfirmedAt).not.toBeNull();
    const profile = await call(server, 'GET', '/profile', { token });
    expect(profile.body.display_name).toBe('Ana Silva');
  });

  it('give that learner no password to sign in with, and no admin access', async () => {
    const token = await partnerToken({ sub: 'emp-77', email: 'bo@partner.test' });
    await call(server, 'GET', '/progress', { token });
    const signIn = await call(server, 'POST', '/auth/signin', {
      body: { email: 'bo@partner.test', password: '!partner:' },
    });
    expect(signIn.status).toBe(400);
    expect(signIn.body.error.code).toBe('invalid_credentials');
    expect((await call(server, 'GET', '/admin/stats', { token })).status).toBe(401);
  });

  it.each([
    [
      'another audience',
      { aud: 'someone-else' },
      'Partner token refused: it was issued for another audience.',
    ],
    [
      'an expired token',
      { exp: Math.floor(Date.now() / 1000) - 60 },
      'Partner token refused: it has expired. Sign in again on your intranet.',
    ],
    [
      'another key',
      { key: 'not-the-partner-secret-not-the-partner' },
      'Partner token refused: its signature does not verify.',
    ],
  ])('refuse %s with a clear 401 and record it', async (_what, options, message) => {
    const token = await partnerToken({ sub: 'emp-1', email: 'cy@partner.test' }, options);
    const answer = await call(server, 'GET', '/progress', { token });
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toBe(message);
    const events = await server.database.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.type, 'partner_token_refused'));
    expect(events.length).toBeGreaterThan(0);
  });

  it('refuse an unsigned token that claims the partner as issuer', async () => {
    const token = new UnsecuredJWT({ sub: 'emp-1', email: 'cy@partner.test' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime('10m')
      .encode();
    expect((await call(server, 'GET', '/progress', { token })).status).toBe(401);
  });

  it('never open an existing password account by its e-mail', async () => {
    const signUp = await call(server, 'POST', '/auth/signup', {
      body: { email: 'dee@partner.test', password: 'Facility-42-Data', name: 'Dee' },
    });
    expect(signUp.status).toBe(201);
    const token = await partnerToken({ sub: 'emp-9', email: 'dee@partner.test' });
    const answer = await call(server, 'GET', '/progress', { token });
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toBe(PARTNER_EMAIL_TAKEN);
    const own = await call(server, 'GET', '/progress', { token: signUp.body.session.access_token });
    expect(own.status).toBe(200);
  });

  it('create the learner once when a page’s first requests arrive together', async () => {
    const token = await partnerToken({ sub: 'emp-31', email: 'fay@partner.test', name: 'Fay' });
    const answers = await Promise.all(
      ['/progress', '/profile', '/modules', '/progress', '/quizzes', '/profile/roles'].map((path) =>
        call(server, 'GET', path, { token }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await server.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'fay@partner.test'));
    expect(rows).toHaveLength(1);
  });

  it('still accept the API’s own tokens', async () => {
    const signUp = await call(server, 'POST', '/auth/signup', {
      body: { email: 'eve@partner.test', password: 'Facility-42-Data' },
    });
    expect((await call(server, 'GET', '/progress', { token: signUp.body.session.access_token })).status).toBe(
      200,
    );
  });
});
