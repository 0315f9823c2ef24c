import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  /** The sender's name: the platform's site name (System Settings). */
  fromName: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header fields, as given (a reminder's `List-Unsubscribe` and `List-Unsubscribe-Post`);
   * they go through the outbox and nodemailer unchanged.
   */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up banner. */
  describe(): string;
}

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  /** The links in the text body, for a newcomer (and tests) to follow. */
  links: string[];
}

/** The sender's address; its name is each message's `fromName`, quoted by nodemailer. */
const FROM_ADDRESS = 'no-reply@coursekit.example';
const from = ({ fromName, ...message }: MailMessage) => ({
  from: { name: fromName, address: FROM_ADDRESS },
  ...message,
});

/** nodemailer to SMTP_URL. */
export function smtpMailer(url: string, logger: Logger): Mailer {
  // Bounded waits: a mail server that does not answer must not hold a delivery for minutes.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail(from(message));
      logger.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
    describe: () => `SMTP (${new URL(url).host})`,
  };
}

/**
 * The dev mailbox: each mail is a real RFC 822 message in DIR/*.eml (nodemailer's stream transport
 * builds it) plus a JSON summary that GET /api/dev/mailbox lists.
 */
export function devMailbox(
  dir: string,
  logger: Logger,
): Mailer & { list(): MailboxEntry[]; raw(id: string): string | null } {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let seq = 0;
  return {
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const info = await transport.sendMail(from(message));
      const date = new Date();
      seq += 1;
      const id = `${date.toISOString().replace(/[:.]/g, '-')}-${process.pid}-${seq}`;
      writeFileSync(path.join(dir, `${id}.eml`), info.message as Buffer);
      const entry: MailboxEntry = {
        id,
        to: message.to,
        subject: message.subject,
        date: date.toISOString(),
        text: message.text,
        links: message.text.match(/https?:\/\/\S+/g) ?? [],
      };
      writeFileSync(path.join(dir, `${id}.json`), JSON.stringify(entry, null, 2));
      logger.info(
        { to: message.to, subject: message.subject, file: `${dir}/${id}.eml` },
        'mail written to dev mailbox',
      );
    },
    describe: () => `dev mailbox ${dir} (GET /api/dev/mailbox)`,
    list() {
      let names: string[];
      try {
        names = readdirSync(dir).filter((n) => n.endsWith('.json'));
      } catch {
        return [];
      }
      return names
        .map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as MailboxEntry)
        .sort((a, b) => b.id.localeCompare(a.id));
    },
    raw(id) {
      if (!/^[\w-]+$/.test(id)) return null;
      try {
        return readFileSync(path.join(dir, `${id}.eml`), 'utf8');
      } catch {
        return null;
      }
    },
  };
}

export type DevMailbox = ReturnType<typeof devMailbox>;
