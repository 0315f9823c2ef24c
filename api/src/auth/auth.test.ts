import { messages, SessionSchema, SignUpAnswerSchema } from '@coursekit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatform } from '../content/loader';
import { schema } from '../db/index';
import {
  call,
  DRIVERS,
  email,
  errorOf,
  PASSWORD,
  signUp,
  startServer,
  type TestServer,
  withoutRequestId,
} from '../test/harness';

describe.each(DRIVERS)('auth over HTTP (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  const mailTo = (address: string) => server.mailbox.list().filter((m) => m.to === address);

  it('signs up, signs the learner in at once and mails a verification link that works once', async () => {
    const address = email();
    const res = await call(server, 'POST', '/auth/signup', {
      body: { email: ` ${address.toUpperCase()} `, password: PASSWORD, name: 'Ana Silva' },
    });
    expect(res.status).toBe(201);
    const answer = SignUpAnswerSchema.parse(res.body);
    expect(answer.user).toMatchObject({
      email: address,
      email_confirmed_at: null,
      user_metadata: { name: 'Ana Silva' },
    });
    expect(answer.session?.type).toBe('normal');
    expect(answer.session!.expires_at - Date.now() / 1000).toBeGreaterThan(14 * 60);

    const [mail] = mailTo(address);
    expect(mail?.subject).toBe(`Confirm your e-mail for ${readPlatform().siteName}`);
    const raw = server.mailbox.raw(mail!.id)!;
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('Content-Type: text/plain');
    const link = mail!.links.find((l) => l.startsWith('http://app.test/verification-success?token='))!;
    const token = new URL(link).searchParams.get('token')!;

    expect((await call(server, 'POST', '/auth/verify', { body: { token } })).body).toEqual({
      status: 'success',
    });
    expect((await call(server, 'POST', '/auth/verify', { body: { token } })).body).toEqual({
      status: 'error',
    });
    expect((await call(server, 'POST', '/auth/verify', { body: { token: 'nonsense' } })).body).toEqual({
      status: 'error',
    });
    const me = await call(server, 'GET', '/auth/user', { token: answer.session!.access_token });
    expect(me.status).toBe(200);
    expect(me.body.user.email_confirmed_at).not.toBeNull();
  });

  it('answers expired for a verification link past its day', async () => {
    const { email: address } = await signUp(server);
    const token = new URL(mailTo(address)[0]!.links[0]!).searchParams.get('token')!;
    server.clock.advance(25 * 3600_000);
    try {
      expect((await call(server, 'POST', '/auth/verify', { body: { token } })).body).toEqual({
        status: 'expired',
      });
    } finally {
      server.clock.advance(-25 * 3600_000);
    }
  });

  it('refuses a second account, a weak password, a bad e-mail and a bad name with the spec’s texts', async () => {
    const { email: address } = await signUp(server);
    const again = await call(server, 'POST', '/auth/signup', {
      body: { email: address, password: PASSWORD },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual(
      errorOf(again, { code: 'user_already_registered', message: messages.authUserAlreadyRegistered }),
    );

    const weak = await call(server, 'POST', '/auth/signup', {
      body: { email: email(), password: 'password1' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.error).toMatchObject({ code: 'weak_password', message: messages.authWeakPassword });
    expect(weak.body.error.fields.password).toBe(messages.passwordClasses);
    const common = await call(server, 'POST', '/auth/signup', {
      body: { email: email(), password: 'MyPassword123' },
    });
    expect(common.body.error.fields.password).toBe(messages.passwordCommon);

    const badEmail = await call(server, 'POST', '/auth/signup', {
      body: { email: 'not-an-email', password: PASSWORD },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error).toMatchObject({
      code: 'validation_error',
      fields: { email: messages.emailInvalidFormat },
    });

    const badName = await call(server, 'POST', '/auth/signup', {
      body: { email: email(), password: PASSWORD, name: '<b>x</b>' },
    });
    expect(badName.status).toBe(400);
    expect(badName.body.error.fields).toEqual({ name: messages.nameDangerous });
  });

  it('signs in; a wrong password and an unknown address get the same answer', async () => {
    const { email: address } = await signUp(server);
    const ok = await call(server, 'POST', '/auth/signin', { body: { email: address, password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(SessionSchema.parse(ok.body).user.last_sign_in_at).not.toBeNull();
    const wrong = await call(server, 'POST', '/auth/signin', {
      body: { email: address, password: 'Wrong-pass-1' },
    });
    const unknown = await call(server, 'POST', '/auth/signin', {
      body: { email: email('nobody'), password: PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(withoutRequestId(wrong.body)).toEqual(withoutRequestId(unknown.body));
    expect(wrong.body.error).toEqual(
      errorOf(wrong, { code: 'invalid_credentials', message: messages.authInvalidCredentials }),
    );
  });

  it('limits sign-in to 5 per e-mail per minute, on the server', async () => {
    const { email: address } = await signUp(server);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await call(server, 'POST', '/auth/signin', { body: { email: address, password: 'Wrong-pass-1' } }))
          .status,
      ).toBe(400);
    }
    const limited = await call(server, 'POST', '/auth/signin', {
      body: { email: address, password: PASSWORD },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual(
      errorOf(limited, { code: 'rate_limited', message: messages.rateLimitSignIn }),
    );
    server.clock.advance(61_000);
    expect(
      (await call(server, 'POST', '/auth/signin', { body: { email: address, password: PASSWORD } })).status,
    ).toBe(200);
    const events = await server.database.db.select().from(schema.securityEvents);
    expect(events.some((e) => e.type === 'rate_limited' && e.email === address)).toBe(true);
  });

  it('limits sign-up to 5 per e-mail per minute', async () => {
    const address = email();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await call(server, 'POST', '/auth/signup', { body: { email: address, password: PASSWORD } })).status,
      );
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
    const last = await call(server, 'POST', '/auth/signup', { body: { email: address, password: PASSWORD } });
    expect(last.body.error.message).toBe(messages.rateLimitSignUp);
  });

  it('resends verification 3 times a minute, then blocks for 5 minutes; unknown addresses get 204 and no mail', async () => {
    const { email: address } = await signUp(server);
    const resend = () => call(server, 'POST', '/auth/resend', { body: { email: address } });
    expect([(await resend()).status, (await resend()).status, (await resend()).status]).toEqual([
      204, 204, 204,
    ]);
    expect(mailTo(address)).toHaveLength(4);
    expect((await resend()).status).toBe(429);
    server.clock.advance(61_000);
    expect((await resend()).status).toBe(429);
    server.clock.advance(5 * 60_000);
    expect((await resend()).status).toBe(204);

    const nobody = email('nobody');
    expect((await call(server, 'POST', '/auth/resend', { body: { email: nobody } })).status).toBe(204);
    expect(mailTo(nobody)).toHaveLength(0);
  });

  it('rotates refresh tokens; reusing one revokes the session', async () => {
    const learner = await signUp(server);
    const first = await call(server, 'POST', '/auth/refresh', { body: { refresh_token: learner.refresh } });
    expect(first.status).toBe(200);
    const session = SessionSchema.parse(first.body);
    expect(session.refresh_token).not.toBe(learner.refresh);
    expect((await call(server, 'GET', '/profile', { token: session.access_token })).status).toBe(200);

    const reuse = await call(server, 'POST', '/auth/refresh', { body: { refresh_token: learner.refresh } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('unauthorized');
    // The whole family is gone: the newest access and refresh tokens too.
    expect((await call(server, 'GET', '/profile', { token: session.access_token })).status).toBe(401);
    expect(
      (await call(server, 'POST', '/auth/refresh', { body: { refresh_token: session.refresh_token } }))
        .status,
    ).toBe(401);
    const events = await server.database.db.select().from(schema.securityEvents);
    expect(events.some((e) => e.type === 'refresh_token_reuse' && e.userId === learner.userId)).toBe(true);
  });

  it('signs out on the server, and refuses missing, forged and expired tokens', async () => {
    const learner = await signUp(server);
    expect((await call(server, 'POST', '/auth/signout', { token: learner.token, body: {} })).status).toBe(
      204,
    );
    const after = await call(server, 'GET', '/auth/user', { token: learner.token });
    expect(after.status).toBe(401);
    expect(after.body.error).toEqual(
      errorOf(after, { code: 'unauthorized', message: messages.sessionInvalid }),
    );
    expect(
      (await call(server, 'POST', '/auth/refresh', { body: { refresh_token: learner.refresh } })).status,
    ).toBe(401);

    expect((await call(server, 'GET', '/auth/user')).body.error.message).toBe(messages.sessionMissing);
    const [h, p] = learner.token.split('.');
    expect((await call(server, 'GET', '/auth/user', { token: `${h}.${p}.forged` })).status).toBe(401);

    const other = await signUp(server);
    server.clock.advance(16 * 60_000);
    try {
      const expired = await call(server, 'GET', '/auth/user', { token: other.token });
      expect(expired.status).toBe(401);
      expect(expired.body.error.message).toBe(messages.sessionExpired);
    } finally {
      server.clock.advance(-16 * 60_000);
    }
  });

  it('mails a recovery link with the tokens in its hash; the new password must meet the policy and ends every session', async () => {
    const learner = await signUp(server);
    const nobody = email('nobody');
    expect((await call(server, 'POST', '/auth/recover', { body: { email: nobody } })).status).toBe(204);
    expect(mailTo(nobody)).toHaveLength(0);
    expect((await call(server, 'POST', '/auth/recover', { body: { email: learner.email } })).status).toBe(
      204,
    );
    const mail = mailTo(learner.email).find((m) => m.subject.includes('Reset'))!;
    const link = new URL(mail.links.find((l) => l.startsWith('http://app.test/reset-password#'))!);
    const hash = new URLSearchParams(link.hash.slice(1));
    expect(hash.get('type')).toBe('recovery');
    const recoveryToken = hash.get('access_token')!;
    expect(hash.get('refresh_token')).toBeTruthy();

    const weak = await call(server, 'PUT', '/auth/password', {
      token: recoveryToken,
      body: { password: 'short' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.error.fields.password).toBe(messages.passwordTooShort);
    const newPassword = 'New-Facility-99';
    expect(
      (await call(server, 'PUT', '/auth/password', { token: recoveryToken, body: { password: newPassword } }))
        .status,
    ).toBe(204);

    expect((await call(server, 'GET', '/profile', { token: learner.token })).status).toBe(401);
    expect((await call(server, 'GET', '/profile', { token: recoveryToken })).status).toBe(401);
    expect(
      (await call(server, 'POST', '/auth/signin', { body: { email: learner.email, password: PASSWORD } }))
        .status,
    ).toBe(400);
    expect(
      (await call(server, 'POST', '/auth/signin', { body: { email: learner.email, password: newPassword } }))
        .status,
    ).toBe(200);
  });

  it('changes the password from a normal session, keeping that session and ending the others', async () => {
    const learner = await signUp(server);
    const second = await call(server, 'POST', '/auth/signin', {
      body: { email: learner.email, password: PASSWORD },
    });
    expect(
      (
        await call(server, 'PUT', '/auth/password', {
          token: learner.token,
          body: { password: 'Another-Pass-77' },
        })
      ).status,
    ).toBe(204);
    expect((await call(server, 'GET', '/profile', { token: learner.token })).status).toBe(200);
    expect((await call(server, 'GET', '/profile', { token: second.body.access_token })).status).toBe(401);
  });

  it('creates the bootstrap admin from ADMIN_EMAIL / ADMIN_PASSWORD', async () => {
    const res = await call(server, 'POST', '/auth/signin', {
      body: { email: 'admin@coursekit.test', password: 'Boot-Strap-2026' },
    });
    expect(res.status).toBe(200);
    const roles = await call(server, 'GET', '/profile/roles', { token: res.body.access_token });
    expect(roles.body.roles.sort()).toEqual(['admin', 'user']);
  });
});
