import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/index';
import { smtpMailer } from '../mail/mailer';
import { DRIVERS, startServer, type TestServer } from '../test/harness';
import { type SmtpMailbox, startSmtpMailbox } from '../test/smtpMailbox';
import { listMailer, organisationWithPeople, rows, testOutbox } from './reminderFixture';
import { reminderWorker } from './reminders';

// Exactly once where it is hard: three instances on one PostgreSQL database racing the same run, and
// a mail server that refuses everything and then comes back (a real SMTP server on loopback).

const countBy = (items: string[]) => {
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i, (counts.get(i) ?? 0) + 1);
  return counts;
};

describe.skipIf(!DRIVERS.includes('postgres'))('reminders with three instances on PostgreSQL', () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it('each reminder goes once while three workers race the same run', async () => {
    server = await startServer('postgres', { config: { corsOrigins: [] } });
    const orgs = [];
    for (const slug of ['north', 'south', 'east']) {
      orgs.push(
        await organisationWithPeople(server, { name: `Org ${slug}`, slug, people: 40, dueInDays: 3 }),
      );
    }
    // Three instances: each its own pool on the same database. A lease of 0 lets every instance claim
    // a job another is still running, so they race on the reminders' keys themselves.
    const pools = await Promise.all([0, 1, 2].map(() => openDatabase({ url: server.databaseUrl!, max: 4 })));
    try {
      const workers = pools.map((pool) =>
        reminderWorker({ ...server.app.ctx, db: pool.db }, { pollMs: 0, leaseMs: 0, batchSize: 7 }),
      );
      const runs = await Promise.all(workers.map((w) => w.run()));
      const transport = listMailer();
      const outboxes = pools.map((pool) => testOutbox(pool.db, server.app.ctx.logger, transport));
      await Promise.all(outboxes.map((o) => o.flush()));
      const learnerMails = transport.sent.filter((m) => m.subject.startsWith('Due on'));
      const learners = orgs.flatMap((o) => o.learners);
      expect(learnerMails).toHaveLength(learners.length);
      expect([...countBy(learnerMails.map((m) => m.to)).values()].every((n) => n === 1)).toBe(true);
      expect(transport.sent.filter((m) => m.subject.includes('weekly summary'))).toHaveLength(3);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(learners.length + 3);
      for (const o of outboxes) o.close();
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  }, 180_000);
});

describe.each(DRIVERS)('reminders through a mail-server outage (%s)', (driver) => {
  let server: TestServer;
  let smtp: SmtpMailbox;
  afterAll(async () => {
    await smtp?.close();
    await server?.close();
  });

  it('the outbox keeps them while the SMTP server refuses, and delivers each once when it is back', async () => {
    server = await startServer(driver, { config: { corsOrigins: [] } });
    smtp = await startSmtpMailbox({ refusing: true });
    const org = await organisationWithPeople(server, {
      name: 'Outage Ltd',
      slug: 'outage',
      people: 8,
      dueInDays: 0.5,
    });
    const outbox = testOutbox(
      server.database.db,
      server.app.ctx.logger,
      smtpMailer(smtp.url, server.app.ctx.logger),
    );
    const worker = reminderWorker(server.app.ctx, { pollMs: 0, onEnqueued: () => void outbox.flush() });
    expect((await worker.run()).sent).toBe(org.learners.length + 1);
    await outbox.flush();
    expect(smtp.received).toEqual([]);
    // Another wake-up while the server is down enqueues nothing more.
    server.clock.advance(3_600_000);
    expect((await worker.run()).sent).toBe(0);
    await outbox.flush();
    smtp.accept();
    await outbox.flush();
    const subjects = smtp.received.filter((m) => m.subject.startsWith('Due tomorrow'));
    expect(subjects).toHaveLength(org.learners.length);
    expect([...countBy(subjects.map((m) => m.to)).values()].every((n) => n === 1)).toBe(true);
    expect(smtp.received.filter((m) => m.subject.includes('weekly summary'))).toHaveLength(1);
    // Nothing is left to send: another flush delivers nothing more.
    await outbox.flush();
    expect(smtp.received).toHaveLength(org.learners.length + 1);
    outbox.close();

    // Each mail arrived with RFC 8058's one-click headers, and the outbox kept none once sent.
    for (const mail of smtp.received) {
      expect(mail.unsubscribe).toMatch(/^<http:\/\/\S+\/api\/reminders\/unsubscribe\?token=[\w.%-]+>$/);
      expect(mail.unsubscribePost).toBe('List-Unsubscribe=One-Click');
    }
    const kept = await rows(server.database.db, sql`select 1 from mail_outbox where headers is not null`);
    expect(kept).toEqual([]);
    // A mail client's one-click on the first learner's mail turns that person's reminders off.
    const first = smtp.received.find((m) => m.subject.startsWith('Due tomorrow'))!;
    const url = first.unsubscribe.slice(1, -1).replace(server.config.publicUrl, server.url);
    const off = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(off.status).toBe(200);
    const optedOut = await rows<{ email: string }>(
      server.database.db,
      sql`select u.email from reminder_opt_outs o join users u on u.id = o.user_id`,
    );
    expect(optedOut.map((r) => r.email)).toEqual([first.to]);
  }, 180_000);
});
