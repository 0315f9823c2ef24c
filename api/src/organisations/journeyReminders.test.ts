import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  completeCourse,
  DRIVERS,
  PASSWORD,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';
import { DAY, reminderInstances, tallyReminderMails, tallyReminderSends } from '../test/reminderInstances';
import { type SmtpMailbox, startSmtpMailbox } from '../test/smtpMailbox';

// The organisation journey's reminders at the API level, on both drivers (the browser journey,
// apps/host/e2e/organisationJourney, proves them on its own data: on PostgreSQL and a PGlite copy
// when DATABASE_URL is set, else on PGlite): a group is assigned the second course due in 3 days; one of its
// people completes it; the clock moves 2 days; the day-before reminder goes to exactly the people not
// done, once, through a real SMTP server. On PostgreSQL two API instances (each its own pool on the
// one database) run the same wake-up at once; on embedded PGlite one instance runs it. The manager's
// report then says who is done, who is not started and, past the due date (a clock the journey's
// process cannot move), who is overdue.

const COURSE = 'reading-meter-data';

describe.each(DRIVERS)('the organisation journey’s reminders (%s)', (driver) => {
  let server: TestServer;
  let smtp: SmtpMailbox;
  let orgId: string;
  let manager: Awaited<ReturnType<typeof signUp>>;
  const people: Array<Awaited<ReturnType<typeof signUp>>> = [];

  beforeAll(async () => {
    server = await startServer(driver, { config: { corsOrigins: [] } });
    smtp = await startSmtpMailbox();
    const admin = (await signInAdmin(server)).token;
    orgId = (
      await call(server, 'POST', '/admin/organisations', {
        token: admin,
        body: { name: 'Acme Facilities', slug: 'acme-facilities' },
      })
    ).body.id;
    manager = await signUp(server, 'Mia Manager');
    await call(server, 'PUT', `/admin/organisations/${orgId}/members/${manager.userId}`, {
      token: admin,
      body: { role: 'manager' },
    });
    const group = await call(server, 'POST', `/organisations/${orgId}/groups`, {
      token: manager.token,
      body: { name: 'Facilities Team' },
    });
    expect(group.status).toBe(201);
    for (const name of ['Ada', 'Ben', 'Cy', 'Dee', 'Eve', 'Flo']) {
      const person = await signUp(server, name);
      people.push(person);
      await call(server, 'PUT', `/admin/organisations/${orgId}/members/${person.userId}`, {
        token: admin,
        body: { role: 'learner' },
      });
      const added = await call(
        server,
        'PUT',
        `/organisations/${orgId}/groups/${group.body.id}/members/${person.userId}`,
        { token: manager.token },
      );
      expect(added.status).toBeLessThan(300);
    }
    const assigned = await call(server, 'POST', `/organisations/${orgId}/assignments`, {
      token: manager.token,
      body: {
        course: COURSE,
        group_ids: [group.body.id],
        due_at: new Date(server.clock.now() + 3 * DAY).toISOString(),
      },
    });
    expect(assigned.status).toBe(201);
    await completeCourse(server, people[0]!.token, COURSE);
  });
  afterAll(async () => {
    await smtp?.close();
    await server?.close();
  });

  it(driver === 'postgres'
    ? 'two days on, two instances send the day-before reminder to exactly the people not done, once'
    : 'two days on, the instance sends the day-before reminder to exactly the people not done, once', async () => {
    server.clock.advance(2 * DAY);
    const instances = await reminderInstances(
      server.app.ctx,
      driver === 'postgres'
        ? { databaseUrl: server.databaseUrl!, count: 2, smtpUrl: smtp.url }
        : { db: server.database.db, smtpUrl: smtp.url },
    );
    try {
      await instances.wake();
      const notDone = Object.fromEntries(people.slice(1).map((p) => [p.email, 1]));
      // The manager's weekly digest too, once; nothing to the one who is done; each mail recorded once.
      const expected = { day_before: notDone, digest: { [manager.email]: 1 } };
      expect(tallyReminderMails(smtp.received)).toEqual(expected);
      expect(await tallyReminderSends(server.database.db)).toEqual(expected);
      expect(smtp.received.filter((m) => m.to === people[0]!.email)).toEqual([]);
      // Nothing more on the next wake-up, an hour on (within the same UTC day, so the same digest week).
      const before = smtp.received.length;
      const now = server.clock.now();
      server.clock.advance(Math.max(0, Math.min(3_600_000, Math.ceil((now + 1) / DAY) * DAY - 60_000 - now)));
      expect(await instances.wake()).toBe(0);
      expect(smtp.received).toHaveLength(before);
    } finally {
      await instances.close();
    }
  }, 120_000);

  it('the manager’s report says who is done and who is not started, then overdue once the date has passed', async () => {
    // Days have passed on the test clock: the manager signs in again.
    const token = async () =>
      (await call(server, 'POST', '/auth/signin', { body: { email: manager.email, password: PASSWORD } }))
        .body.access_token as string;
    const statuses = async () => {
      const { status, body } = await call(server, 'GET', `/organisations/${orgId}/report`, {
        token: await token(),
      });
      expect(status, JSON.stringify(body)).toBe(200);
      return Object.fromEntries(
        (body.items as Array<{ email: string; status: string }>).map((r) => [r.email, r.status]),
      );
    };
    const expected = (rest: string) =>
      Object.fromEntries(people.map((p, n) => [p.email, n === 0 ? 'completed' : rest]));
    expect(await statuses()).toEqual(expected('not_started'));
    server.clock.advance(2 * DAY);
    expect(await statuses()).toEqual(expected('overdue'));
    const csv = await call(server, 'GET', `/organisations/${orgId}/report/csv`, { token: await token() });
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines.filter((l) => l.includes(',overdue,'))).toHaveLength(5);
    expect(lines.filter((l) => l.includes(',completed,'))).toHaveLength(1);
  });
});
