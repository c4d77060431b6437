// Mail received at a workspace's import address becomes tasks: every attachment one task, the text
// body kept with each as its context (the task's description, with the sender and subject in its
// metadata), the raw message stored for 31 days (product-spec §9) and then removed by the scheduler.
//
// The message is taken whole or refused whole. Every rule — the address, the sender, the
// workspace's size and type limits for each attachment — is checked before the first task is
// created, and a refusal names every attachment that broke one; the sender's mail server then
// returns the message with those reasons, so no file is lost and none is half-imported.
//
// A sender's server that did not hear our answer sends the same message again. Task ids derive from
// the workspace, the message's bytes and the attachment's place in it, and a message already
// recorded is answered with its tasks, so a retry never makes a task twice.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { TaskErrorCode } from '../../contract/generated/enums.js';
import { MailImportsRepository } from '../../db/repositories/mail-imports.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import { blobStorageFor } from '../../storage/blob-storage.js';
import { type IngestedFile, ingest } from '../../storage/ingest.js';
import { DomainError } from '../errors.js';
import type { Services } from '../services.js';
import { acceptedFileType, cleanFileName, tooLarge } from '../tasks/accepted-files.js';
import { fail } from '../tasks/command-results.js';
import { createTask } from '../tasks/import.js';
import { workspaceForTask, workspaceRules } from '../tasks/workspace-rules.js';
import { workspaceOfImportAddress } from './import-address.js';
import { attachmentReason, MailRefusal } from './refusals.js';
import { senderOf } from './sender.js';

/** How long the raw message is kept (product-spec §9: e-mail import upload storage expiry). */
export const MAIL_STORAGE_DAYS = 31;
/** The body kept as a task's description is cut here; the whole body stays with the message record. */
export const CONTEXT_MAX_CHARS = 4000;

export interface MailAttachment {
  fileName: string | null;
  content: Buffer;
}

/** A message as the receiver parsed it, with its raw bytes already in blob storage. */
export interface ReceivedMail {
  /** The import address it was sent to (the envelope recipient). */
  recipient: string;
  /** The address of the From header. */
  from: string | null;
  subject: string;
  /** The plain-text body (or the HTML body's text). */
  text: string;
  messageId: string | null;
  /** The files attached; images embedded in an HTML body are part of the body, not attachments. */
  attachments: MailAttachment[];
  raw: IngestedFile;
}

export interface MailImportOutcome {
  mailImportId: string;
  workspaceId: string;
  taskIds: string[];
  /** True when this very message had been imported before (a retry); nothing new was created. */
  repeated: boolean;
}

/** Finds the workspace of an address, or refuses it (the receiver asks at RCPT TO, before the data). */
export async function importWorkspaceOf(services: Services, recipient: string) {
  const workspace = await workspaceOfImportAddress(services.db, recipient, services.config.origin);
  if (!workspace) throw new MailRefusal('unknownAddress', `${recipient} is not the import address of a workspace.`);
  return workspace;
}

/** A stable uuid from text (the same message and attachment give the same task id). */
function derivedId(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Imports the message or refuses it with a MailRefusal. Owns `mail.raw`: the stored message is
 * removed again unless it is recorded.
 */
export async function importMail(services: Services, mail: ReceivedMail): Promise<MailImportOutcome> {
  const storage = blobStorageFor(services.config);
  let keepRaw = false;
  try {
    const workspace = await importWorkspaceOf(services, mail.recipient);
    const sender = (mail.from ?? '').trim().toLowerCase();
    if (!sender) throw new MailRefusal('senderNotAllowed', 'The message names no sender (From).');
    const { session, userId } = await senderOf(services.db, workspace, sender);
    try {
      await workspaceForTask(services.db, session, workspace.id);
    } catch (error) {
      if (error instanceof DomainError) throw new MailRefusal('senderNotAllowed', `${sender}: ${error.message}`);
      throw error;
    }

    const records = new MailImportsRepository(services.db, workspace.tenant_id);
    const earlier = await records.bySha256(workspace.id, mail.raw.sha256);
    if (earlier) {
      return { mailImportId: earlier.id, workspaceId: workspace.id, taskIds: earlier.task_ids, repeated: true };
    }

    const attachments = mail.attachments.map((a, index) => ({
      ...a,
      fileName: cleanFileName(a.fileName) || `attachment-${index + 1}`,
    }));
    if (attachments.length === 0) {
      throw new MailRefusal('noAttachment', 'The message has no attachment; every attachment becomes a task.');
    }
    const rules = workspaceRules(workspace);
    const tooBig: string[] = [];
    const refused: string[] = [];
    for (const attachment of attachments) {
      const size = attachment.content.length;
      const rejection =
        size > rules.maxFileSizeBytes
          ? tooLarge(rules.maxFileSizeBytes)
          : size === 0
            ? emptyFile()
            : typeRefusal(attachment.content, rules);
      if (!rejection) continue;
      (size > rules.maxFileSizeBytes ? tooBig : refused).push(
        attachmentReason(attachment.fileName, rejection.code, rejection.message),
      );
    }
    if (refused.length > 0) {
      throw new MailRefusal('attachmentRefused', 'Nothing was imported.', [...refused, ...tooBig]);
    }
    if (tooBig.length > 0) throw new MailRefusal('attachmentTooLarge', 'Nothing was imported.', tooBig);

    const context = mail.text.trim();
    const description = context.length > CONTEXT_MAX_CHARS ? `${context.slice(0, CONTEXT_MAX_CHARS - 1)}…` : context;
    const metadata: Record<string, string> = { importedBy: 'e-mail', emailFrom: sender };
    if (mail.subject.trim()) metadata.emailSubject = mail.subject.trim().slice(0, 998);
    const tasks = new TasksRepository(services.db, workspace.tenant_id);
    const taskIds: string[] = [];
    for (const [index, attachment] of attachments.entries()) {
      const taskId = derivedId(`${workspace.id}:${mail.raw.sha256}:${index}`);
      taskIds.push(taskId);
      // Made by an earlier delivery of this message that did not get as far as its record.
      if (await tasks.exists(taskId)) continue;
      const stored = await ingest(storage, Readable.from([attachment.content]), rules.maxFileSizeBytes);
      await createTask(
        services,
        session,
        {
          workspaceId: workspace.id,
          id: taskId,
          displayName: attachment.fileName,
          description: description || null,
          metadata,
        },
        { ...stored, fileName: attachment.fileName },
        { receivedFrom: `an e-mail of ${sender}${metadata.emailSubject ? ` (${metadata.emailSubject})` : ''}` },
      );
    }

    const mailImportId = derivedId(`${workspace.id}:${mail.raw.sha256}`);
    await records.insert({
      id: mailImportId,
      workspaceId: workspace.id,
      messageId: mail.messageId?.slice(0, 998) ?? null,
      sender,
      senderUserId: userId,
      recipient: mail.recipient.toLowerCase(),
      subject: mail.subject,
      bodyText: context,
      taskIds,
      storageKey: mail.raw.key,
      size: mail.raw.size,
      sha256: mail.raw.sha256,
      expiresOn: new Date(Date.now() + MAIL_STORAGE_DAYS * 24 * 3600 * 1000),
    });
    keepRaw = true;
    return { mailImportId, workspaceId: workspace.id, taskIds, repeated: false };
  } finally {
    if (!keepRaw) await storage.remove(mail.raw.key).catch(() => undefined);
  }
}

const emptyFile = () => fail(TaskErrorCode.UrlOrFileRequired, 'The file is empty.');

/** The refusal of the workspace's type rule for these bytes, or null when it takes them. */
function typeRefusal(content: Buffer, rules: ReturnType<typeof workspaceRules>): DomainError | null {
  try {
    acceptedFileType(content.subarray(0, 4096), rules);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}
