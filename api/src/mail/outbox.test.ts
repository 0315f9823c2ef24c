import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { seed } from '../content/seed';
import { directoryStorage } from '../content/storage';
import { type Database, openDatabase, schema } from '../db/index';
import { call, closeServer, listen, PASSWORD, testConfig } from '../test/harness';
import { smtpMailer } from './mailer';
import { type Outbox, outboxMailer } from './outbox';

/** The smallest SMTP server that accepts mail: enough for nodemailer, keeps what it received. */
function tinySmtp(port: number): Promise<{ received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 tiny ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 tiny\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ received, close: () => new Promise((r) => server.close(() => r())) }),
    ),
  );
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('sign-up while the mail server is down', () => {
  let database: Database;
  let dataDir: string;
  let outbox: Outbox;
  let smtpPort: number;
  let server: Awaited<ReturnType<typeof listen>>;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-maildown-'));
    database = await openDatabase({});
    await database.migrate();
    const logger = pino({ level: 'silent' });
    const config = testConfig(dataDir);
    const storage = directoryStorage(path.join(dataDir, 'storage'));
    await seed({ db: database.db, storage, logger, config });
    smtpPort = await closedPort();
    const transport = smtpMailer(`smtp://127.0.0.1:${smtpPort}`, logger);
    outbox = outboxMailer({
      db: database.db,
      logger,
      transport,
      retryDelaysMs: [60_000, 60_000],
      pollMs: 600_000,
    });
    app = createApp({ db: database, mailer: outbox, config, logger, storage });
    server = await listen(app);
  });
  afterAll(async () => {
    outbox.close();
    await app.close();
    await closeServer(server.server);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs the learner up, keeps the mail, tells admins, lets the learner resend, and delivers once the server is back', async () => {
    const api = { api: `${server.url}/api` };
    const email = 'kim.lee@example.org';
    const signUp = await call(api, 'POST', '/auth/signup', {
      body: { email, password: PASSWORD, name: 'Kim Lee' },
    });
    expect(signUp.status).toBe(201);
    await outbox.flush();
    const [kept] = await database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, email));
    expect(kept).toMatchObject({ status: 'pending', attempts: 1 });
    expect(kept!.lastError).toMatch(/ECONNREFUSED/);

    const admin = await call(api, 'POST', '/auth/signin', {
      body: { email: 'admin@coursekit.test', password: 'Boot-Strap-2026' },
    });
    const events = await call(api, 'GET', '/admin/audit/security-events', { token: admin.body.access_token });
    expect(events.body.items).toContainEqual(
      expect.objectContaining({
        event_type: 'mail_delivery_failed',
        details: expect.objectContaining({ email, error: expect.stringMatching(/ECONNREFUSED/) }),
      }),
    );

    expect((await call(api, 'POST', '/auth/resend', { body: { email } })).status).toBe(204);
    await outbox.flush();
    const waiting = await database.db.select().from(schema.mailOutbox).orderBy(schema.mailOutbox.id);
    expect(waiting.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    const smtp = await tinySmtp(smtpPort);
    try {
      // A minute on: both mails are due again after their backoff.
      await database.db.update(schema.mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1) });
      await outbox.flush();
      const rows = await database.db.select().from(schema.mailOutbox).orderBy(schema.mailOutbox.id);
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
      expect(rows.every((r) => r.text === null && r.html === null)).toBe(true); // no tokens kept at rest
      expect(smtp.received).toHaveLength(2);
      // The text part is quoted-printable: soft line breaks (`=` at a line's end) fall where the text puts them.
      const unwrapped = smtp.received.map((m) => m.replace(/=\r?\n/g, ''));
      expect(unwrapped.every((m) => m.includes('verification-success?token='))).toBe(true);
    } finally {
      await smtp.close();
    }
  });
});
