import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// Self-contained (no harness import) so the site's browser journeys can start it too.

// A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every mail it is handed:
// its envelope recipient, subject, one-click unsubscribe headers, and the links of its body as a
// mail client shows them (quoted-printable undone).

export interface ReceivedMail {
  to: string;
  subject: string;
  unsubscribe: string;
  unsubscribePost: string;
  /** Every http(s) link of the body, in order. */
  links: string[];
}

export interface SmtpMailbox {
  /** smtp://127.0.0.1:{port}, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Starts accepting connections (when started refusing). */
  accept(): void;
  /** The newest mail to `to` with a link containing `linkPart`, once it has arrived. */
  linkTo(to: string, linkPart: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/** Undoes quoted-printable: soft line breaks and =XX bytes (UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Starts the server; with `refusing`, it answers 421 to every connection until `accept()`. */
export async function startSmtpMailbox(options: { refusing?: boolean } = {}): Promise<SmtpMailbox> {
  let accepting = !options.refusing;
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (accepting) return callback();
      const refused = new Error('421 mail server down for the test') as Error & { responseCode: number };
      refused.responseCode = 421;
      callback(refused);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
        const field = (name: string) => headers.match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1] ?? '';
        const body = decodeQuotedPrintable(raw.slice(headers.length));
        const links = [...body.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
        for (const rcpt of session.envelope.rcptTo)
          received.push({
            to: rcpt.address,
            subject: field('Subject'),
            unsubscribe: field('List-Unsubscribe').replace(/ /g, ''),
            unsubscribePost: field('List-Unsubscribe-Post'),
            links,
          });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    accept() {
      accepting = true;
    },
    async linkTo(to, linkPart, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const link = received
          .filter((m) => m.to === to)
          .flatMap((m) => m.links)
          .reverse()
          .find((l) => l.includes(linkPart));
        if (link) return link;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} with a link to ${linkPart}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
