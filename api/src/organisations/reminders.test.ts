import { reminderLinkInvalid } from '@coursekit/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../mail/mailer';
import type { Outbox } from '../mail/outbox';
import {
  call,
  completeCourse,
  DRIVERS,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';
import { DAY, listMailer, organisationWithPeople, rows, testOutbox } from './reminderFixture';
import { type ReminderWorker, reminderWorker } from './reminders';

// Who gets a reminder, when, and once: a learner not done a week before the due date, the day
// before and once overdue; a manager a weekly digest. Someone who completed, left the organisation
// or turned reminders off gets none, and a suspended organisation sends none. The worker reads the
// test clock, which the tests move by days.

describe.each(DRIVERS)('reminders (%s)', (driver) => {
  let server: TestServer;
  let admin: string;
  let orgId: string;
  let manager: Awaited<ReturnType<typeof signUp>>;
  const learners: Record<'ada' | 'ben' | 'cy' | 'dee', Awaited<ReturnType<typeof signUp>>> = {} as never;
  let transport: ReturnType<typeof listMailer>;
  let outbox: Outbox;
  let worker: ReminderWorker;
  let dueAt: number;
  let site: string;

  /** One wake-up of the worker, then the outbox's delivery: the mails this wake-up sent. */
  const wake = async (): Promise<MailMessage[]> => {
    const before = transport.sent.length;
    await worker.run();
    await outbox.flush();
    return transport.sent.slice(before);
  };
  const summary = (mails: MailMessage[]) => mails.map((m) => `${m.to} | ${m.subject}`).sort();
  const linkIn = (mail: MailMessage) =>
    mail.text.match(/https?:\/\/\S+\/reminders\/unsubscribe\?token=\S+/)![0];
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  beforeAll(async () => {
    server = await startServer(driver, { config: { corsOrigins: [] } });
    // The story starts on a Monday at 09:00 UTC (a digest goes on a week's first run), due 10 days later.
    const now = new Date(server.clock.now());
    const monday = Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth(),
      now.getUTCDate() + ((8 - now.getUTCDay()) % 7 || 7),
      9,
    );
    server.clock.advance(monday - server.clock.now());
    admin = (await signInAdmin(server)).token;
    site = (await call(server, 'GET', '/settings')).body.platform.site_name;
    const org = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: { name: 'Acme <Facilities> & Co', slug: 'acme' },
    });
    orgId = org.body.id;
    manager = await signUp(server, 'Mia Manager');
    for (const name of ['ada', 'ben', 'cy', 'dee'] as const) learners[name] = await signUp(server, name);
    const people: Array<[{ userId: string }, 'learner' | 'manager']> = [
      [manager, 'manager'],
      ...Object.values(learners).map((l): [{ userId: string }, 'learner'] => [l, 'learner']),
    ];
    for (const [person, role] of people) {
      await call(server, 'PUT', `/admin/organisations/${orgId}/members/${person.userId}`, {
        token: admin,
        body: { role },
      });
    }
    const course = (await call(server, 'GET', '/outline')).body.slug;
    dueAt = server.clock.now() + 10 * DAY;
    const assigned = await call(server, 'POST', `/organisations/${orgId}/assignments`, {
      token: manager.token,
      body: {
        course,
        user_ids: Object.values(learners).map((l) => l.userId),
        due_at: new Date(dueAt).toISOString(),
      },
    });
    expect(assigned.status).toBe(201);
    transport = listMailer();
    outbox = testOutbox(server.database.db, server.app.ctx.logger, transport);
    worker = reminderWorker(server.app.ctx, { pollMs: 0 });
  });
  afterAll(async () => {
    worker?.close();
    outbox?.close();
    await server?.close();
  });

  it('sends nothing to learners ten days out; the manager gets the week’s digest, once', async () => {
    const mails = await wake();
    expect(summary(mails)).toEqual([`${manager.email} | Acme <Facilities> & Co: weekly summary, 0 overdue`]);
    const [digest] = mails as [MailMessage];
    expect(digest.fromName).toBe(site);
    expect(digest.text).toContain('Not started: 4. In progress: 0. Completed: 0. Overdue: 0.');
    // The organisation's name is escaped in the HTML part, never markup.
    expect(digest.html).toContain('Acme &lt;Facilities&gt; &amp; Co');
    expect(digest.html).not.toContain('<Facilities>');
    expect(await wake()).toEqual([]);
  });

  it('a week before: each learner not done, once; not one who completed or left the organisation', async () => {
    await completeCourse(server, learners.cy.token);
    expect(
      (
        await call(server, 'DELETE', `/organisations/${orgId}/people/${learners.ben.userId}`, {
          token: manager.token,
        })
      ).status,
    ).toBe(204);
    server.clock.advance(3.5 * DAY);
    const mails = await wake();
    expect(summary(mails)).toEqual(
      [learners.ada.email, learners.dee.email]
        .map((to) => `${to} | Due on ${dateOf(dueAt)}: ${courseTitle(mails)}`)
        .sort(),
    );
    const mail = mails[0]!;
    expect(mail.text).toContain(
      `Acme <Facilities> & Co asked you to complete ${courseTitle(mails)} by ${dateOf(dueAt)}.`,
    );
    expect(mail.text).toContain(`${server.config.publicUrl}/courses/`);
    expect(mail.html).toContain('Acme &lt;Facilities&gt; &amp; Co');
    expect(mail.html).toContain('Turn reminders off');
    server.clock.advance(DAY);
    expect(await wake()).toEqual([]);
  });

  it('the link opens a page that changes nothing; POST (the page’s button, a mail client’s one-click) turns reminders off', async () => {
    const deeMail = transport.sent.find((m) => m.to === learners.dee.email)!;
    const link = linkIn(deeMail);
    const token = tokenOf(link);
    // The mail links the site's confirmation page, and names the API's address for one-click.
    expect(link).toBe(`${server.config.publicUrl}/reminders/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(deeMail.headers).toEqual({
      'List-Unsubscribe': `<${server.config.publicUrl}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const optOuts = () =>
      rows<{ user_id: string }>(server.database.db, sql`select user_id from reminder_opt_outs`);
    const query = `?token=${encodeURIComponent(token)}`;

    // Opening the link (a person, or a mail scanner following it) only reads what would stop.
    for (let i = 0; i < 3; i += 1) {
      const read = await call(server, 'GET', `/reminders/unsubscribe${query}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        organisation: { slug: 'acme', name: 'Acme <Facilities> & Co' },
        reminders: 'on',
      });
    }
    expect(await optOuts()).toEqual([]);

    // A forged token and none at all are refused by GET and POST alike, and write nothing.
    const forged = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    for (const method of ['GET', 'POST']) {
      const refused = await call(
        server,
        method,
        `/reminders/unsubscribe?token=${encodeURIComponent(forged)}`,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(reminderLinkInvalid);
      expect((await call(server, method, '/reminders/unsubscribe')).status).toBe(400);
    }
    expect(await optOuts()).toEqual([]);

    // A mail client's one-click: RFC 8058's form body, posted to the List-Unsubscribe address.
    const oneClick = deeMail
      .headers!['List-Unsubscribe']!.slice(1, -1)
      .replace(server.config.publicUrl, server.url);
    const off = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({
      organisation: { slug: 'acme', name: 'Acme <Facilities> & Co' },
      reminders: 'off',
    });
    expect((await optOuts()).map((r) => r.user_id)).toEqual([learners.dee.userId]);
    // The page now says they are off; the page's button again answers the same.
    expect((await call(server, 'GET', `/reminders/unsubscribe${query}`)).body.reminders).toBe('off');
    const again = await call(server, 'POST', `/reminders/unsubscribe${query}`);
    expect(again.status).toBe(200);
    expect(again.body.reminders).toBe('off');

    // A year and a day later the link has expired: the manager's (still on) is refused and changes nothing.
    const managerToken = tokenOf(linkIn(transport.sent.find((m) => m.to === manager.email)!));
    server.clock.advance(366 * DAY);
    const expired = await call(
      server,
      'POST',
      `/reminders/unsubscribe?token=${encodeURIComponent(managerToken)}`,
    );
    const expiredRead = await call(
      server,
      'GET',
      `/reminders/unsubscribe?token=${encodeURIComponent(managerToken)}`,
    );
    server.clock.advance(-366 * DAY);
    expect([expired.status, expiredRead.status]).toEqual([400, 400]);
    expect(expired.body.error.message).toBe(reminderLinkInvalid);
    expect((await optOuts()).map((r) => r.user_id)).toEqual([learners.dee.userId]);
  });

  it('the day before and once overdue: only the learner still not done and still wanting them', async () => {
    // Wednesday of the next week, 21:00: the day before, and that week's first run (its digest).
    server.clock.advance(dueAt - server.clock.now() - 12 * 3_600_000);
    const dayBefore = await wake();
    expect(summary(dayBefore)).toEqual(
      [
        `${learners.ada.email} | Due tomorrow: ${courseTitle(dayBefore)}`,
        `${manager.email} | Acme <Facilities> & Co: weekly summary, 0 overdue`,
      ].sort(),
    );
    expect(dayBefore.find((m) => m.to === manager.email)!.text).toContain(
      'Not started: 2. In progress: 0. Completed: 1. Overdue: 0.',
    );
    server.clock.advance(13 * 3_600_000);
    const overdue = await wake();
    expect(summary(overdue)).toEqual([
      `${learners.ada.email} | Overdue: ${courseTitle(overdue)} was due on ${dateOf(dueAt)}`,
    ]);
    server.clock.advance(2 * DAY);
    expect(await wake()).toEqual([]);
  });

  it('next week the manager’s digest lists the overdue; a suspended organisation sends nothing', async () => {
    server.clock.advance(7 * DAY);
    const [digest, ...others] = await wake();
    expect(others).toEqual([]);
    expect(digest!.to).toBe(manager.email);
    // Dee turned her reminders off, but she is overdue all the same: her manager is told.
    expect(digest!.subject).toBe('Acme <Facilities> & Co: weekly summary, 2 overdue');
    expect(digest!.text).toContain('Not started: 0. In progress: 0. Completed: 1. Overdue: 2.');
    expect(digest!.text).toContain(`- ada (${learners.ada.email})`);
    expect(digest!.text).toContain(`- dee (${learners.dee.email})`);
    expect(digest!.html).toContain('Acme &lt;Facilities&gt; &amp; Co');

    const suspended = await call(server, 'PATCH', `/admin/organisations/${orgId}`, {
      token: (await signInAdmin(server)).token,
      body: { status: 'suspended' },
    });
    expect(suspended.body.status).toBe('suspended');
    server.clock.advance(7 * DAY);
    const run = await worker.run();
    expect(run).toEqual({ jobs: 0, sent: 0, scanned: 0 });
    await outbox.flush();
    expect(transport.sent.filter((m) => m.to === manager.email)).toHaveLength(3);
  });
});

describe.each(DRIVERS)('a reminder run that dies half-way (%s)', (driver) => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it('is taken up by another instance once its lease has passed: every reminder once, none lost', async () => {
    server = await startServer(driver, { config: { corsOrigins: [] } });
    const org = await organisationWithPeople(server, {
      name: 'Half Way',
      slug: 'half-way',
      people: 12,
      dueInDays: 5,
    });
    const transport = listMailer();
    const outbox = testOutbox(server.database.db, server.app.ctx.logger, transport);
    // The first instance enqueues a batch of 5, then dies before it finishes the job.
    const dying = reminderWorker(server.app.ctx, {
      pollMs: 0,
      batchSize: 5,
      leaseMs: 60_000,
      afterBatch: () => {
        throw new Error('the instance is killed here');
      },
    });
    expect(await dying.run()).toMatchObject({ jobs: 0, sent: 0 });
    await outbox.flush();
    expect(transport.sent).toHaveLength(5);
    // Another instance, before the lease has passed, leaves the job alone.
    const next = reminderWorker(server.app.ctx, { pollMs: 0, batchSize: 5, leaseMs: 60_000 });
    expect(await next.run()).toMatchObject({ jobs: 0 });
    server.clock.advance(61_000);
    const after = await next.run();
    expect(after.jobs).toBe(1);
    await outbox.flush();
    const learnerMails = transport.sent.filter((m) => m.subject.startsWith('Due on'));
    expect(learnerMails).toHaveLength(12);
    expect(new Set(learnerMails.map((m) => m.to)).size).toBe(12);
    // The manager's digest went once too, and the next wake-up sends nothing more.
    expect(transport.sent.filter((m) => m.subject.includes('weekly summary'))).toHaveLength(1);
    server.clock.advance(3_600_000);
    expect((await next.run()).sent).toBe(0);
    expect(org.learners).toHaveLength(12);
    outbox.close();
  }, 180_000);
});

const dateOf = (at: number) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(at));
/** The course title a learner's mail names (the seeded default course's). */
const courseTitle = (mails: MailMessage[]) =>
  mails
    .find((m) => !m.subject.includes('weekly summary'))!
    .subject.replace(/^.*?: /, '')
    .replace(/ was due on .*$/, '');
