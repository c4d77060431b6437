/**
 * The three import channels on the built app and the real server: a fixture PDF dropped in a
 * watched folder (the folder monitor, downloaded from the server and run as a program with a tenant
 * API secret), one put on a WebDAV server the tenant is connected to and imported from the task
 * list's import dialog, and one mailed over SMTP to the workspace's import address — all three
 * found as tasks to review in the workspace's list.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { expect, inject, it } from 'vitest';
import { startWebDav } from '../../apps/server/test/support/webdav-server';
import { workspaceIdByName } from '../embed/support/tasks';
import { byTestId } from './pages/testid';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';
import { repoRoot } from './support/paths';

const invoice = (name: string) => readFileSync(join(repoRoot, 'fixtures', 'invoices', name));
/** Three one-page invoices no other scenario imports, so their rows are theirs alone. */
const WATCHED = 'AmazonWebServices.pdf';
const SHARED = 'FlipkartInvoice.pdf';
const MAILED = 'oyo.pdf';
const PROCESSING_TIMEOUT_MS = 180_000;

const getSession = useBrowserSessions();

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Runs the downloaded folder monitor once over `folder` (two looks, then it stops). */
async function runFolderMonitor(script: string, args: string[], secret: string): Promise<string> {
  const child = spawn(process.execPath, [script, ...args, '--once', '--interval', '1'], {
    env: { ...process.env, REVIEWDESK_CLIENT_SECRET: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`The folder monitor exited with ${code}:\n${output}`);
  return output;
}

it('imports from a watched folder, from a WebDAV site in the import dialog and by mail, and lists all three to review', {
  timeout: PROCESSING_TIMEOUT_MS + 120_000,
}, async () => {
  const s = getSession();
  const admin = demoAccount('Administrator');
  const { token } = await signInThroughLoginPage(s, admin);
  const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Supplier invoices');
  const dav = await startWebDav();
  const work = mkdtempSync(join(tmpdir(), 'reviewdesk-e2e-channels-'));
  try {
    // 1. The folder monitor, as a person gets it: downloaded from the product, run with an API secret.
    const downloadUrl = await call<string>(await token(), 'GET', '/SdTask/GetFolderMonitorUrl');
    const script = join(work, 'reviewdesk-folder-monitor.mjs');
    writeFileSync(script, await (await fetch(downloadUrl)).text());
    const expiration = new Date(Date.now() + 86_400_000).toISOString();
    const secret = await call<{ result: { clientId: string; clientSecret: string } }>(
      await token(),
      'POST',
      `/Tenant/Secrets/Create?expiration=${encodeURIComponent(expiration)}`,
    );
    const watched = join(work, 'scans');
    mkdirSync(watched);
    writeFileSync(join(watched, WATCHED), invoice(WATCHED));
    const args = ['--server', s.baseUrl, '--client-id', secret.result.clientId, '--workspace', workspaceId];
    await runFolderMonitor(script, [...args, '--folder', watched], secret.result.clientSecret);
    const note = JSON.parse(readFileSync(join(watched, 'processed', `${WATCHED}.reviewdesk.json`), 'utf8'));
    expect(note.taskId).toMatch(/^[0-9a-f-]{36}$/);

    // 2. The tenant's WebDAV site, connected to the workspace; its file chosen in the import dialog.
    mkdirSync(join(dav.root, 'Invoices'));
    writeFileSync(join(dav.root, 'Invoices', SHARED), invoice(SHARED));
    writeFileSync(join(dav.root, 'Invoices', 'readme.txt'), 'not an invoice');
    const connection = await call<{ succeeded: boolean }>(
      await token(),
      'POST',
      '/Tenant/Connectors/UpsertSharePointConnection',
      {
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
    );
    expect(connection.succeeded).toBe(true);
    const storage = await call<{ succeeded: boolean }>(await token(), 'PATCH', `/SdWorkspace/Storage/${workspaceId}`, {
      serviceName: 'finance',
    });
    expect(storage.succeeded).toBe(true);

    await s.page.goto(`/task/list?workspaceId=${workspaceId}`);
    await byTestId(s.page, 'language.en').click();
    await byTestId(s.page, 'task-list.import').click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'File-sharing site finance' }).click();
    await dialog.getByRole('button', { name: 'Open the folder Invoices' }).click();
    await byTestId(s.page, 'import.site.chooseAll').check();
    // The text file is refused before anything is sent; the PDF goes.
    await expect
      .poll(() => byTestId(s.page, 'import.site.entry.readme.txt').getAttribute('data-status'))
      .toBe('invalid');
    await settle(s);
    await s.screenshot('import-channels-1-site-chosen');
    await byTestId(s.page, 'import.start').click();
    await expect
      .poll(() => byTestId(s.page, `import.site.entry.${SHARED}`).getAttribute('data-status'), { timeout: 60_000 })
      .toBe('done');
    await s.screenshot('import-channels-2-site-imported');
    await dialog
      .getByRole('button', { name: /^Close$/ })
      .last()
      .click();

    // 3. Mail to the workspace's import address, from a member of the tenant.
    const address = await call<{ emailToImport: string }>(
      await token(),
      'GET',
      `/SdWorkspace/importEmail/${workspaceId}`,
    );
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inject('mailImportPort'),
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({
      from: admin.email,
      to: address.emailToImport,
      subject: 'OYO invoice',
      text: 'Please review the attached invoice.',
      attachments: [{ filename: MAILED, content: invoice(MAILED) }],
    });
    transport.close();

    // All three reach To review on the list's own refresh.
    for (const name of [WATCHED, SHARED, MAILED]) {
      const row = s.page.locator('[data-testid^="task-list.row."]', { hasText: name }).first();
      await row.getByText('To review').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    }
    await settle(s);
    await s.screenshot('import-channels-3-to-review');
    expect(s.problems).toEqual([]);
  } finally {
    // The workspace and the tenant as the other scenarios expect them: no storage, no connection.
    const current = await token();
    await call(current, 'DELETE', `/SdWorkspace/Storage/${workspaceId}`).catch(() => undefined);
    const connections = await call<Array<{ id: string; name: string }>>(
      current,
      'POST',
      '/Tenant/Connectors/GetSharePointConnections',
    ).catch(() => []);
    for (const c of connections.filter((c) => c.name === 'finance')) {
      await call(current, 'POST', `/Tenant/Connectors/DeleteSharePointConnection/${c.id}`).catch(() => undefined);
    }
    await dav.stop();
    rmSync(work, { recursive: true, force: true });
  }
});
