// A real SMTP server on the loopback interface that keeps what it receives, parsed: the server under
// test sends through SMTP exactly as it would to a mail relay, and a test reads what arrived.
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './postgres-cluster.js';

export interface ReceivedMail {
  /** Envelope recipients, as the sender named them to the SMTP server. */
  rcptTo: string[];
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpInbox {
  url: string;
  received: ReceivedMail[];
  /** Waits until `count` messages for `to` have arrived and answers them (throws after `ms`). */
  waitFor(to: string, count?: number, ms?: number): Promise<ReceivedMail[]>;
  clear(): void;
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

/** Starts the inbox before the file's tests (register it before useTestServer) and stops it after. */
export function useSmtpInbox(): SmtpInbox {
  const inbox = { received: [] as ReceivedMail[] } as SmtpInbox;
  let server: SMTPServer | undefined;

  beforeAll(async () => {
    const port = await freePort();
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            inbox.received.push({
              rcptTo: session.envelope.rcptTo.map((r) => r.address),
              from: addresses(mail.from)[0] ?? '',
              to: addresses(mail.to),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    inbox.url = `smtp://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  inbox.clear = () => {
    inbox.received.length = 0;
  };
  inbox.waitFor = async (to, count = 1, ms = 10_000) => {
    const until = Date.now() + ms;
    for (;;) {
      const mine = inbox.received.filter((m) => m.rcptTo.some((r) => r.toLowerCase() === to.toLowerCase()));
      if (mine.length >= count) return mine;
      if (Date.now() > until) throw new Error(`no mail for ${to} within ${ms} ms (${inbox.received.length} in all)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return inbox;
}
