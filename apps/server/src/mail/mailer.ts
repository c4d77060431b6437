// One way to send mail: an SMTP adapter (nodemailer) when SMTP_URL is set, otherwise a development
// outbox folder of JSON files that people and tests can read.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export interface OutboxEntry extends MailMessage {
  id: string;
  from: string;
  sentOn: string;
}

/** Writes each message to `<dir>/<time>-<id>.json`; the name sorts by sending time. */
export function createOutboxMailer(dir: string, from: string): Mailer {
  return {
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const entry: OutboxEntry = { id: randomUUID(), from, sentOn: new Date().toISOString(), ...message };
      const stamp = entry.sentOn.replace(/[:.]/g, '-');
      writeFileSync(join(dir, `${stamp}-${entry.id}.json`), JSON.stringify(entry, null, 2));
    },
  };
}

export function readOutbox(dir: string): OutboxEntry[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxEntry);
}
