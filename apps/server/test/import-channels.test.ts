// The three import channels end to end on one server: a fixture PDF dropped in a watched folder
// (the folder monitor, with a tenant API secret), one put on a WebDAV server the tenant is
// connected to, and one mailed to the workspace's import address — all three processed and
// waiting for review in the workspace.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewdeskClient } from '../../../tools/folder-monitor/src/client.js';
import { FolderMonitor } from '../../../tools/folder-monitor/src/monitor.js';
import { type MailReceiver, startMailReceiver } from '../src/inbound-mail/smtp-receiver.js';
import { fixture } from '../src/testing/fixtures.js';
import { demoEmail, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { INVOICES_WS } from './support/task-import.js';
import { startWebDav, type TestWebDav } from './support/webdav-server.js';

const API = '/api/v1';
const invoice = (name: string) => readFileSync(fixture(`invoices/${name}`));

describe('import channels', () => {
  const t = useTestServer('pglite', { listen: true });
  let dav: TestWebDav;
  let receiver: MailReceiver;
  const allowPrivate = process.env.URL_IMPORT_ALLOW_PRIVATE;

  beforeAll(async () => {
    process.env.URL_IMPORT_ALLOW_PRIVATE = 'true';
    dav = await startWebDav();
    receiver = await startMailReceiver(t.server.services, { port: 0, host: '127.0.0.1', maxMessageBytes: 10_000_000 });
  });
  afterAll(async () => {
    if (allowPrivate === undefined) delete process.env.URL_IMPORT_ALLOW_PRIVATE;
    else process.env.URL_IMPORT_ALLOW_PRIVATE = allowPrivate;
    await receiver?.close();
    await dav?.stop();
  });

  it('finds a watched-folder file, a WebDAV file and a mailed file as tasks to review', {
    timeout: 240_000,
  }, async () => {
    const admin = await t.tokenFor(demoEmail('Administrator'));
    const creator = await t.tokenFor(demoEmail('Creator'));

    // 1. The watched folder, with the tenant's API secret.
    const secret = await t.call('POST', `${API}/Tenant/Secrets/Create`, {
      token: admin,
      query: { expiration: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const { clientId, clientSecret } = (secret.body as { result: { clientId: string; clientSecret: string } }).result;
    const folder = mkdtempSync(join(tmpdir(), 'reviewdesk-channels-'));
    writeFileSync(join(folder, 'AmazonWebServices.pdf'), invoice('AmazonWebServices.pdf'));
    const monitor = new FolderMonitor({
      folder,
      workspaceId: INVOICES_WS,
      client: new ReviewdeskClient({ server: t.config.origin, clientId, clientSecret }),
    });
    await monitor.scan();
    const [watched] = await monitor.scan();
    expect(watched).toMatchObject({ result: 'imported' });

    // 2. The WebDAV server the tenant connects, a file of its Invoices folder.
    mkdirSync(join(dav.root, 'Invoices'));
    writeFileSync(join(dav.root, 'Invoices', 'AzureInterior.pdf'), invoice('AzureInterior.pdf'));
    const connection = await t.call('POST', `${API}/Tenant/Connectors/UpsertSharePointConnection`, {
      token: admin,
      body: {
        id: null,
        displayName: 'Finance share',
        name: 'finance',
        clientId: dav.userName,
        clientSecret: dav.password,
        hostname: dav.url,
        defaultSite: null,
        driveId: null,
        connectorType: 'WebDav',
      },
    });
    expect(connection.body).toMatchObject({ succeeded: true });
    const items = await t.call('GET', `${API}/SharePoint/Items/finance`, {
      token: creator,
      query: { directoryPath: '/Invoices' },
    });
    const [file] = items.body as Array<{ id: string }>;
    const shared = await t.call('POST', `${API}/SdTask/Process`, {
      token: creator,
      body: { workspaceId: INVOICES_WS, context: { driveServiceName: 'finance', sharePointItemId: file?.id } },
    });
    expect(shared.status).toBe(200);

    // 3. Mail to the workspace's import address.
    const address = (await t.call('GET', `${API}/SdWorkspace/importEmail/${INVOICES_WS}`, { token: admin })).body as {
      emailToImport: string;
    };
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: receiver.port,
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({
      from: demoEmail('Creator'),
      to: address.emailToImport,
      subject: 'Quality Hosting invoice',
      text: 'Please review.',
      attachments: [{ filename: 'QualityHosting.pdf', content: invoice('QualityHosting.pdf') }],
    });
    transport.close();

    const tasks = await t.server.database.db
      .selectFrom('tasks')
      .select(['id', 'display_name'])
      .where('workspace_id', '=', INVOICES_WS)
      .orderBy('sequential_by_workspace_id')
      .execute();
    expect(tasks.map((task) => task.display_name)).toEqual([
      'AmazonWebServices.pdf',
      'AzureInterior.pdf',
      'QualityHosting.pdf',
    ]);
    for (const task of tasks) expect((await processTaskNow(t, task.id)).status).toBe(60);
    for (const task of tasks) {
      const answer = await t.call('GET', `${API}/SdTask/${task.id}`, { token: creator });
      expect(answer.body).toMatchObject({ status: 60, workspaceId: INVOICES_WS });
    }
  });
});
