// The SMTP receiver of the import addresses (MAIL_IMPORT_PORT; off unless set). It speaks SMTP and
// nothing else: a recipient is checked at RCPT TO (an unknown address is refused before any data
// is sent), the message is streamed into blob storage with the size limit, parsed (mailparser), and
// handed to domain/mail-import, whose refusals become permanent SMTP replies (5xx) that name every
// reason — the sender's mail server then returns the message, so nothing is lost. An unexpected
// failure answers 451, a temporary error the sender's server retries.
//
// One import address per message: a second recipient is answered 452, and the sender's server
// delivers to it in a message of its own, so each workspace's answer is its own. No AUTH and no
// STARTTLS: run it behind the organisation's mail server (which checks SPF/DKIM and carries TLS),
// or on the loopback interface.
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { importMail, importWorkspaceOf, type MailImportOutcome } from '../domain/mail-import/receive.js';
import { MailRefusal, type MailRefusalKind } from '../domain/mail-import/refusals.js';
import type { Services } from '../domain/services.js';
import { blobStorageFor } from '../storage/blob-storage.js';
import { FileTooLargeError, ingest } from '../storage/ingest.js';

export interface MailReceiverOptions {
  port: number;
  host: string;
  /** Largest message accepted, in bytes (announced with the SIZE extension). */
  maxMessageBytes: number;
  /** Told about each message imported or refused (the server's log). */
  onMessage?: (event: { recipient: string; outcome?: MailImportOutcome; refusal?: MailRefusal }) => void;
  /** Told about unexpected failures (answered 451). */
  onError?: (error: unknown) => void;
}

export interface MailReceiver {
  /** The port it listens on (the one given, or the one the system chose for 0). */
  port: number;
  close(): Promise<void>;
}

/** SMTP replies for the domain's refusals (RFC 5321 codes, RFC 3463 enhanced codes). */
const REPLY: Record<MailRefusalKind, { code: number; enhanced: string }> = {
  unknownAddress: { code: 550, enhanced: '5.1.1' },
  senderNotAllowed: { code: 550, enhanced: '5.7.1' },
  noAttachment: { code: 550, enhanced: '5.6.0' },
  attachmentRefused: { code: 550, enhanced: '5.6.0' },
  attachmentTooLarge: { code: 552, enhanced: '5.3.4' },
};

/** An error smtp-server answers with its `responseCode`; the text is one line (SMTP replies are lines). */
function reply(code: number, enhanced: string, text: string): Error & { responseCode: number } {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return Object.assign(new Error(`${enhanced} ${oneLine}`), { responseCode: code });
}

const refusalReply = (refusal: MailRefusal) => {
  const { code, enhanced } = REPLY[refusal.kind];
  return reply(code, enhanced, refusal.message);
};

const firstAddress = (from: AddressObject | AddressObject[] | undefined): string | null => {
  const list = Array.isArray(from) ? from : from ? [from] : [];
  return list.flatMap((a) => a.value).find((a) => a.address)?.address ?? null;
};

export async function startMailReceiver(services: Services, options: MailReceiverOptions): Promise<MailReceiver> {
  const storage = blobStorageFor(services.config);

  async function receive(stream: SMTPServerDataStream, recipient: string): Promise<MailImportOutcome> {
    let raw: Awaited<ReturnType<typeof ingest>>;
    try {
      raw = await ingest(storage, stream, options.maxMessageBytes);
    } catch (error) {
      if (error instanceof FileTooLargeError) {
        throw reply(552, '5.3.4', `The message is larger than ${options.maxMessageBytes} bytes.`);
      }
      throw error;
    }
    let parsed: Awaited<ReturnType<typeof simpleParser>>;
    try {
      parsed = await simpleParser(storage.read(raw.key));
    } catch (error) {
      await storage.remove(raw.key).catch(() => undefined);
      throw error;
    }
    return importMail(services, {
      recipient,
      from: firstAddress(parsed.from),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      messageId: parsed.messageId ?? null,
      // Images an HTML body shows (cid: references) belong to the body, not the files to import.
      attachments: parsed.attachments
        .filter((a) => !a.related)
        .map((a) => ({ fileName: a.filename ?? null, content: a.content })),
      raw,
    });
  }

  const server = new SMTPServer({
    name: new URL(services.config.origin).hostname,
    banner: 'Reviewdesk import addresses',
    size: options.maxMessageBytes,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= 1) {
        callback(reply(452, '4.5.3', 'One import address per message; send the others separately.'));
        return;
      }
      importWorkspaceOf(services, address.address).then(
        () => callback(),
        (error: unknown) => {
          if (error instanceof MailRefusal) return callback(refusalReply(error));
          options.onError?.(error);
          callback(reply(451, '4.3.0', 'The import address could not be checked; try again later.'));
        },
      );
    },
    onData(stream, session, callback) {
      const recipient = session.envelope.rcptTo[0]?.address ?? '';
      receive(stream, recipient).then(
        (outcome) => {
          options.onMessage?.({ recipient, outcome });
          const tasks = outcome.taskIds.length;
          callback(
            null,
            `2.0.0 ${tasks} task${tasks === 1 ? '' : 's'} created in the workspace (import ${outcome.mailImportId})`,
          );
        },
        (error: unknown) => {
          stream.resume();
          if (error instanceof MailRefusal) {
            options.onMessage?.({ recipient, refusal: error });
            return callback(refusalReply(error));
          }
          if (error instanceof Error && 'responseCode' in error) return callback(error);
          options.onError?.(error);
          callback(reply(451, '4.3.0', 'The message could not be imported now; it will be taken when sent again.'));
        },
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => options.onError?.(error));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
