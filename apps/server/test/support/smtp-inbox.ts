// A real SMTP server on the loopback interface that keeps what it receives, parsed: the server under
// test sends through SMTP exactly as it would to a mail relay, and a test reads what arrived. The
// end-to-end tests start one for their shared server too (tests/e2e/support/mailbox.ts).
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

export interface RunningSmtpInbox extends SmtpInbox {
  stop(): Promise<void>;
}

export interface SmtpInboxOptions {
  /** Called with each message once it is parsed, before the SMTP server answers the sender. */
  onMail?: (mail: ReceivedMail) => void | Promise<void>;
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

/** Messages whose envelope names `to` (addresses compare without case, as mail servers do). */
export function mailFor(received: readonly ReceivedMail[], to: string): ReceivedMail[] {
  return received.filter((m) => m.rcptTo.some((r) => r.toLowerCase() === to.toLowerCase()));
}

/** Starts an inbox on a free loopback port; `stop()` closes it. */
export async function startSmtpInbox(options: SmtpInboxOptions = {}): Promise<RunningSmtpInbox> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const mail: ReceivedMail = {
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            from: addresses(parsed.from)[0] ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          };
          received.push(mail);
          await options.onMail?.(mail);
          callback();
        })
        .catch(callback);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    clear: () => {
      received.length = 0;
    },
    async waitFor(to, count = 1, ms = 10_000) {
      const until = Date.now() + ms;
      for (;;) {
        const mine = mailFor(received, to);
        if (mine.length >= count) return mine;
        if (Date.now() > until) throw new Error(`no mail for ${to} within ${ms} ms (${received.length} in all)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Starts the inbox before the file's tests (register it before useTestServer) and stops it after.
 * The answer is usable once the file's `beforeAll`s have run (its `url` is set then).
 */
export function useSmtpInbox(): SmtpInbox {
  let running: RunningSmtpInbox | undefined;
  const started = () => {
    if (!running) throw new Error('The SMTP inbox is not started: use it inside tests or hooks.');
    return running;
  };
  beforeAll(async () => {
    running = await startSmtpInbox();
  });
  afterAll(async () => {
    await running?.stop();
  });
  return {
    get url() {
      return started().url;
    },
    get received() {
      return started().received;
    },
    waitFor: (to, count, ms) => started().waitFor(to, count, ms),
    clear: () => started().clear(),
  };
}
