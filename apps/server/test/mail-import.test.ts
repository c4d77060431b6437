// Import by e-mail: real mail over SMTP (nodemailer) to the receiver of the workspaces' import
// addresses. Every attachment becomes a task with the body as its context; mail from outside the
// tenant, oversized attachments, zips and files of other types are refused whole with the reasons
// (the sender's server returns the message: nothing is lost, nothing half-imported); a message sent
// twice makes its tasks once; the stored message expires after 31 days.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoId } from '../src/domain/demo-data.js';
import { removeExpiredMail } from '../src/domain/mail-import/expiry.js';
import { type MailReceiver, startMailReceiver } from '../src/inbound-mail/smtp-receiver.js';
import { blobStorageFor } from '../src/storage/blob-storage.js';
import { fixture } from '../src/testing/fixtures.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, useTestServer } from './support/harness.js';
import { FIXTURES, GLOBEX_INVOICES_WS, INVOICES_WS, setWorkspaceConfig } from './support/task-import.js';

const API = '/api/v1';
const BODY = 'Hello,\n\nplease book these two invoices on cost centre 4711.\n\nRegards';

/** A zip (stored, not compressed) holding one file: what a person zips before mailing. */
function zipOf(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localSize = local.length + fileName.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(localSize, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

const pdf = (filename = 'AmazonWebServices.pdf') => ({ filename, content: FIXTURES.invoicePdf() });
const secondPdf = () => ({
  filename: 'AzureInterior.pdf',
  content: readFileSync(fixture('invoices/AzureInterior.pdf')),
});

interface SmtpError extends Error {
  responseCode?: number;
  response?: string;
}

describe.each(databaseKinds())('import by e-mail on %s', (kind) => {
  const t = useTestServer(kind);
  let receiver: MailReceiver;
  let transport: Transporter;
  let address = '';

  beforeAll(async () => {
    receiver = await startMailReceiver(t.server.services, {
      port: 0,
      host: '127.0.0.1',
      maxMessageBytes: 5 * 1024 * 1024,
    });
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true });
  });
  afterAll(async () => {
    transport?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    await t.reset();
    const token = await t.tokenFor(demoEmail('Manager'));
    const answer = await t.call('GET', `${API}/SdWorkspace/importEmail/${INVOICES_WS}`, { token });
    address = (answer.body as { emailToImport: string }).emailToImport;
  });

  const send = (message: Mail.Options) => transport.sendMail({ to: address, ...message });
  const refusalOf = async (message: Mail.Options): Promise<SmtpError> => {
    const error = await send(message).then(
      () => undefined,
      (e: SmtpError) => e,
    );
    if (!error) throw new Error('the message was accepted');
    return error;
  };
  const tasksOf = (workspaceId: string) =>
    t.server.database.db
      .selectFrom('tasks')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('sequential_by_workspace_id')
      .execute();
  const mailRecords = () => t.server.database.db.selectFrom('mail_imports').selectAll().execute();
  /** Files in blob storage (a refused message must leave none behind). */
  const storedFiles = () => {
    const root = join(t.config.dataDir, 'blobs');
    return existsSync(root)
      ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
      : 0;
  };

  it('makes a task of every attachment, with the body as its context, created by the member who sent it', async () => {
    const info = await send({
      from: `Carla Creator <${demoEmail('Creator')}>`,
      subject: 'Invoices for March',
      text: BODY,
      attachments: [pdf(), secondPdf()],
    });
    expect(info.response).toMatch(/^250 2\.0\.0 2 tasks created/);

    const tasks = await tasksOf(INVOICES_WS);
    expect(tasks.map((task) => task.display_name)).toEqual(['AmazonWebServices.pdf', 'AzureInterior.pdf']);
    const token = await t.tokenFor(demoEmail('Manager'));
    for (const task of tasks) {
      const answer = await t.call('GET', `${API}/SdTask/${task.id}`, { token });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 30, tenantId: ACME_ID, workspaceId: INVOICES_WS, description: BODY });
      expect(task.created_by).toBe(demoId(`user:${demoEmail('Creator')}`));
      expect(task.metadata).toMatchObject({
        importedBy: 'e-mail',
        emailFrom: demoEmail('Creator'),
        emailSubject: 'Invoices for March',
      });
    }
    const [record] = await mailRecords();
    expect(record).toMatchObject({
      tenant_id: ACME_ID,
      workspace_id: INVOICES_WS,
      sender: demoEmail('Creator'),
      subject: 'Invoices for March',
      body_text: BODY,
      task_ids: tasks.map((task) => task.id),
    });
    const days =
      (new Date(record?.expires_on ?? 0).getTime() - new Date(record?.received_on ?? 0).getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(31);
    expect(await blobStorageFor(t.config).size(record?.storage_key ?? '')).toBe(Number(record?.size));
    // The events say where the task came from.
    const events = await t.call('GET', `${API}/SdTask/Events/${tasks[0]?.id}`, { token });
    expect(JSON.stringify(events.body)).toContain(
      `created by Creator Demo from an e-mail of ${demoEmail('Creator')} (Invoices for March)`,
    );
  });

  it('refuses mail from outside the tenant, and from another tenant, unless the workspace accepts it', async () => {
    const filesBefore = storedFiles();
    const stranger = await refusalOf({ from: 'stranger@example.com', subject: 'x', text: BODY, attachments: [pdf()] });
    expect(stranger.responseCode).toBe(550);
    expect(stranger.response).toContain('5.7.1');
    expect(stranger.response).toContain('members of Acme Documents only');
    const globex = await refusalOf({ from: GLOBEX_ADMIN, subject: 'x', text: BODY, attachments: [pdf()] });
    expect(globex.responseCode).toBe(550);
    expect(await tasksOf(INVOICES_WS)).toEqual([]);
    expect(await mailRecords()).toEqual([]);
    expect(storedFiles()).toBe(filesBefore);

    // A manager may not let the workspace take mail from outside; an administrator may (advanced settings).
    const manager = await t.tokenFor(demoEmail('Manager'));
    const token = await t.tokenFor(demoEmail('Administrator'));
    const settings = await t.call('GET', `${API}/SdWorkspace/AdvancedSettings/${INVOICES_WS}`, { token });
    const denied = await t.call('PATCH', `${API}/SdWorkspace/AdvancedSettings/${INVOICES_WS}`, {
      token: manager,
      body: { ...(settings.body as object), allowEmailImportFromOutsideTenant: true },
    });
    expect(denied.status).toBe(403);
    expect(settings.body).toMatchObject({ allowEmailImportFromOutsideTenant: false });
    const patched = await t.call('PATCH', `${API}/SdWorkspace/AdvancedSettings/${INVOICES_WS}`, {
      token,
      body: { ...(settings.body as object), allowEmailImportFromOutsideTenant: true },
    });
    expect(patched.status).toBe(200);
    const info = await send({
      from: 'Supplier <billing@supplier.example>',
      subject: 'Invoice',
      text: BODY,
      attachments: [pdf()],
    });
    expect(info.response).toMatch(/^250 .*1 task created/);
    const [task] = await tasksOf(INVOICES_WS);
    expect(task).toMatchObject({ created_by: null, created_by_client: 'mail:billing@supplier.example' });
    const events = await t.call('GET', `${API}/SdTask/Events/${task?.id}`, { token });
    expect(JSON.stringify(events.body)).toContain(
      'created by e-mail from billing@supplier.example from an e-mail of billing@supplier.example (Invoice)',
    );
    expect((await mailRecords())[0]).toMatchObject({ sender: 'billing@supplier.example', sender_user_id: null });
  });

  it('refuses a member whose role may not import', async () => {
    const viewer = await refusalOf({ from: demoEmail('Viewer'), subject: 'x', text: BODY, attachments: [pdf()] });
    expect(viewer.responseCode).toBe(550);
    expect(viewer.response).toContain('may not import tasks');
    expect(await tasksOf(INVOICES_WS)).toEqual([]);
  });

  it('refuses the whole message when one attachment is a zip or of a type the workspace does not take, naming each', async () => {
    const filesBefore = storedFiles();
    const refusal = await refusalOf({
      from: demoEmail('Creator'),
      subject: 'Mixed',
      text: BODY,
      attachments: [
        pdf(),
        { filename: 'invoices.zip', content: zipOf('AmazonWebServices.pdf', FIXTURES.invoicePdf()) },
        { filename: 'notes.pdf', content: FIXTURES.textAsPdf() },
      ],
    });
    expect(refusal.responseCode).toBe(550);
    expect(refusal.response).toContain('5.6.0 Nothing was imported.');
    expect(refusal.response).toContain('invoices.zip: UnsupportedExtensionsError (20)');
    expect(refusal.response).toContain('the file is .zip');
    expect(refusal.response).toContain('notes.pdf: UnsupportedExtensionsError (20)');
    expect(refusal.response).not.toContain('AmazonWebServices.pdf:');
    expect(await tasksOf(INVOICES_WS)).toEqual([]);
    expect(await mailRecords()).toEqual([]);
    expect(storedFiles()).toBe(filesBefore);
  });

  it("refuses an attachment over the workspace's size limit with 552", async () => {
    await setWorkspaceConfig(t, INVOICES_WS, { maxFileSizeBytes: 10_000 });
    const refusal = await refusalOf({ from: demoEmail('Creator'), subject: 'Big', text: BODY, attachments: [pdf()] });
    expect(refusal.responseCode).toBe(552);
    expect(refusal.response).toContain('AmazonWebServices.pdf: MaximumFileSize (13)');
    expect(refusal.response).toContain('10,000 bytes');
    expect(await tasksOf(INVOICES_WS)).toEqual([]);
  });

  it('refuses a message over the receiver’s size, a message without attachment, and an unknown address', async () => {
    const filesBefore = storedFiles();
    const huge = await refusalOf({
      from: demoEmail('Creator'),
      subject: 'Huge',
      attachments: [{ filename: 'huge.pdf', content: Buffer.alloc(6 * 1024 * 1024, 0x25) }],
    });
    expect(huge.responseCode).toBe(552);
    const bare = await refusalOf({ from: demoEmail('Creator'), subject: 'No file', text: BODY });
    expect(bare.responseCode).toBe(550);
    expect(bare.response).toContain('no attachment');
    const unknown = await transport
      .sendMail({
        from: demoEmail('Creator'),
        to: address.replace(/-[0-9a-f]{8}@/, '-00000000@'),
        text: BODY,
        attachments: [pdf()],
      })
      .then(
        () => undefined,
        (e: SmtpError) => e,
      );
    expect(unknown?.responseCode).toBe(550);
    expect(unknown?.response).toContain('5.1.1');
    expect(await tasksOf(INVOICES_WS)).toEqual([]);
    expect(storedFiles()).toBe(filesBefore);
  });

  it('answers each workspace at its own address, in its own tenant', async () => {
    const token = await t.tokenFor(GLOBEX_ADMIN);
    const answer = await t.call('GET', `${API}/SdWorkspace/importEmail/${GLOBEX_INVOICES_WS}`, { token });
    const globexAddress = (answer.body as { emailToImport: string }).emailToImport;
    expect(globexAddress).not.toBe(address);
    // An Acme member mailing a Globex workspace is outside that tenant.
    const refused = await transport
      .sendMail({ from: demoEmail('Creator'), to: globexAddress, text: BODY, attachments: [pdf()] })
      .then(
        () => undefined,
        (e: SmtpError) => e,
      );
    expect(refused?.responseCode).toBe(550);
    await transport.sendMail({ from: GLOBEX_ADMIN, to: globexAddress, text: BODY, attachments: [pdf()] });
    expect(await tasksOf(GLOBEX_INVOICES_WS)).toHaveLength(1);
    expect(await tasksOf(INVOICES_WS)).toEqual([]);
  });

  it('makes the tasks of a message once when the sender’s server delivers it again', async () => {
    const raw = await new MailComposer({
      from: demoEmail('Creator'),
      to: address,
      subject: 'Once',
      text: BODY,
      attachments: [pdf(), secondPdf()],
    })
      .compile()
      .build();
    const envelope = { from: demoEmail('Creator'), to: [address] };
    await transport.sendMail({ envelope, raw });
    const again = await transport.sendMail({ envelope, raw });
    expect(again.response).toMatch(/^250 .*2 tasks created/);
    expect(await tasksOf(INVOICES_WS)).toHaveLength(2);
    expect(await mailRecords()).toHaveLength(1);
  });

  it('removes the stored message after 31 days and keeps the tasks', async () => {
    await send({ from: demoEmail('Creator'), subject: 'Expiring', text: BODY, attachments: [pdf()] });
    const [record] = await mailRecords();
    const storage = blobStorageFor(t.config);
    const key = record?.storage_key ?? '';
    const db = t.server.database.db;
    expect(await removeExpiredMail(db, storage, new Date(Date.now() + 30 * 86_400_000))).toEqual([]);
    expect(await removeExpiredMail(db, storage, new Date(Date.now() + 32 * 86_400_000))).toEqual([key]);
    expect(await storage.size(key)).toBeNull();
    const [expired] = await mailRecords();
    expect(expired).toMatchObject({ storage_key: null, body_text: BODY });
    expect(expired?.expired_on).not.toBeNull();
    expect(await tasksOf(INVOICES_WS)).toHaveLength(1);
  });
});
