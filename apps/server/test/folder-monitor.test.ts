// The folder monitor (tools/folder-monitor) against the real server over HTTP, with a real tenant
// API secret: a PDF dropped in the folder becomes a task of the workspace and moves to processed/;
// the same content under another name is not imported twice; a file the workspace refuses moves to
// failed/ with the reason; an upload cut off by a dropped connection resumes where it stopped, also
// after a restart; and the product offers the built program for download to who may have it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReviewdeskClient } from '../../../tools/folder-monitor/src/client.js';
import { FolderMonitor, taskIdOf } from '../../../tools/folder-monitor/src/monitor.js';
import { demoEmail, useTestServer } from './support/harness.js';
import { FIXTURES, INVOICES_WS } from './support/task-import.js';

const API = '/api/v1';

describe('folder monitor', () => {
  const t = useTestServer('pglite', { listen: true });
  let clientId = '';
  let clientSecret = '';
  let folder = '';

  beforeAll(async () => {
    const created = await t.call('POST', `${API}/Tenant/Secrets/Create`, {
      token: await t.tokenFor(demoEmail('Administrator')),
      query: { expiration: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const result = (created.body as { result: { clientId: string; clientSecret: string } }).result;
    clientId = result.clientId;
    clientSecret = result.clientSecret;
  });
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'reviewdesk-watched-'));
  });

  const monitorWith = (options: { fetch?: typeof fetch; chunkSize?: number; recursive?: boolean } = {}) =>
    new FolderMonitor({
      folder,
      workspaceId: INVOICES_WS,
      recursive: options.recursive,
      client: new ReviewdeskClient({ server: t.config.origin, clientId, clientSecret, ...options }),
    });
  /** Two scans: a file is taken once it held still between them. */
  const twice = async (monitor: FolderMonitor) => [...(await monitor.scan()), ...(await monitor.scan())];
  const taskRow = (id: string) =>
    t.server.database.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  const noteOf = (dir: string, name: string) =>
    JSON.parse(readFileSync(join(folder, dir, `${name}.reviewdesk.json`), 'utf8')) as Record<string, unknown>;

  it('imports a dropped PDF as a task once, and the same content under another name not again', async () => {
    writeFileSync(join(folder, 'March invoice.pdf'), FIXTURES.invoicePdf());
    const monitor = monitorWith();
    expect(await monitor.scan()).toEqual([]); // still settling
    const [outcome] = await monitor.scan();
    expect(outcome).toMatchObject({ file: 'March invoice.pdf', result: 'imported' });
    const taskId = (outcome as { taskId: string }).taskId;
    expect(await taskRow(taskId)).toMatchObject({
      workspace_id: INVOICES_WS,
      display_name: 'March invoice.pdf',
      status: 30,
      created_by_client: clientId,
    });
    expect(readdirSync(folder).sort()).toEqual(['.reviewdesk', 'failed', 'processed']);
    expect(noteOf('processed', 'March invoice.pdf')).toMatchObject({ taskId, note: 'Imported.' });
    const token = await t.tokenFor(demoEmail('Manager'));
    expect((await t.call('GET', `${API}/SdTask/${taskId}`, { token })).body).toMatchObject({
      status: 30,
      workspaceId: INVOICES_WS,
    });

    // The same bytes again, renamed: recognised by content, moved aside, no second task.
    writeFileSync(join(folder, 'copy.pdf'), FIXTURES.invoicePdf());
    expect(await twice(monitorWith())).toEqual([{ file: 'copy.pdf', result: 'duplicate', taskId }]);
    const tasks = await t.server.database.db
      .selectFrom('tasks')
      .select('id')
      .where('created_by_client', '=', clientId)
      .execute();
    expect(tasks).toHaveLength(1);
    expect(noteOf('processed', 'copy.pdf')).toMatchObject({
      taskId,
      note: 'The same content was imported before as March invoice.pdf.',
    });
  });

  it('takes the files of sub-folders when recursive, and keeps their sub-folder under processed/ and failed/', async () => {
    mkdirSync(join(folder, '2026', 'March'), { recursive: true });
    // Other bytes than the other tests' invoice (a comment after its end), so a task of its own.
    writeFileSync(
      join(folder, '2026', 'March', 'scan.pdf'),
      Buffer.concat([FIXTURES.invoicePdf(), Buffer.from('\n% from a sub-folder\n')]),
    );
    writeFileSync(join(folder, '2026', 'notes.pdf'), FIXTURES.textAsPdf());
    // Not recursive (the default): sub-folders are left alone.
    expect(await twice(monitorWith())).toEqual([]);

    const outcomes = await twice(monitorWith({ recursive: true }));
    expect(outcomes.map((o) => [o.file, o.result]).sort()).toEqual([
      ['2026/March/scan.pdf', 'imported'],
      ['2026/notes.pdf', 'failed'],
    ]);
    expect(existsSync(join(folder, 'processed', '2026', 'March', 'scan.pdf'))).toBe(true);
    expect(noteOf(join('processed', '2026', 'March'), 'scan.pdf')).toMatchObject({ file: '2026/March/scan.pdf' });
    expect(existsSync(join(folder, 'failed', '2026', 'notes.pdf'))).toBe(true);
    const taskId = (outcomes.find((o) => o.result === 'imported') as { taskId: string }).taskId;
    expect(await taskRow(taskId)).toMatchObject({ display_name: 'scan.pdf', workspace_id: INVOICES_WS });
    // What it sorted is never taken again.
    expect(await twice(monitorWith({ recursive: true }))).toEqual([]);
  });

  it('moves a file the workspace refuses to failed/ with the reason', async () => {
    writeFileSync(join(folder, 'notes.pdf'), FIXTURES.textAsPdf());
    const [outcome] = await twice(monitorWith());
    expect(outcome).toMatchObject({ file: 'notes.pdf', result: 'failed' });
    expect(existsSync(join(folder, 'failed', 'notes.pdf'))).toBe(true);
    expect(noteOf('failed', 'notes.pdf')).toMatchObject({
      code: 20,
      reason: 'The content of the file is not of a type that can be processed, whatever its name says.',
    });
  });

  it('resumes an upload cut off by a dropped connection, also after a restart', async () => {
    writeFileSync(join(folder, 'resumed.pdf'), FIXTURES.invoicePdf());
    const chunkSize = 40_000;
    const patches: string[] = [];
    // The connection drops on the third chunk.
    const dropping: typeof fetch = async (input, init) => {
      if (init?.method === 'PATCH') {
        patches.push(new Headers(init.headers).get('upload-offset') ?? '');
        if (patches.length === 3) throw new TypeError('fetch failed: connection reset');
      }
      return fetch(input, init);
    };
    const first = await twice(monitorWith({ fetch: dropping, chunkSize }));
    expect(first).toMatchObject([{ file: 'resumed.pdf', result: 'retry' }]);
    expect(patches).toEqual(['0', '40000', '80000']);
    expect(existsSync(join(folder, 'resumed.pdf'))).toBe(true);

    // A new process (the state is on disk): asks the server how far it got and sends only the rest.
    patches.length = 0;
    const heads: string[] = [];
    const counting: typeof fetch = async (input, init) => {
      if (init?.method === 'PATCH') patches.push(new Headers(init.headers).get('upload-offset') ?? '');
      if (init?.method === 'HEAD') heads.push(String(input));
      return fetch(input, init);
    };
    const second = await twice(monitorWith({ fetch: counting, chunkSize }));
    expect(second).toMatchObject([{ file: 'resumed.pdf', result: 'imported' }]);
    expect(heads).toHaveLength(1);
    expect(patches).toEqual(['80000', '120000']);
    const taskId = (second[0] as { taskId: string }).taskId;
    const row = await taskRow(taskId);
    expect(row?.file_size).toBeDefined();
    expect(Number(row?.file_size)).toBe(FIXTURES.invoicePdf().length);
  });

  it('finds the task an interrupted run made instead of making a second one', async () => {
    const bytes = Buffer.concat([FIXTURES.invoicePdf(), Buffer.from('\n% interrupted\n')]);
    writeFileSync(join(folder, 'interrupted.pdf'), bytes);
    // The run dies right after the server made the task, before noting it.
    const dying: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).endsWith('/SdTask/Process')) throw new TypeError('fetch failed: process killed');
      return response;
    };
    expect(await twice(monitorWith({ fetch: dying }))).toMatchObject([{ file: 'interrupted.pdf', result: 'retry' }]);
    const [outcome] = await twice(monitorWith());
    expect(outcome).toMatchObject({ file: 'interrupted.pdf', result: 'imported' });
    expect(noteOf('processed', 'interrupted.pdf')).toMatchObject({ note: 'Imported by an earlier run.' });
    const sha = (noteOf('processed', 'interrupted.pdf').sha256 as string) ?? '';
    expect((outcome as { taskId: string }).taskId).toBe(taskIdOf(INVOICES_WS, sha));
  });

  it('offers the built program to who may download it', async () => {
    const admin = await t.tokenFor(demoEmail('Administrator'));
    const built = t.config.folderMonitorFile;
    t.config.folderMonitorFile = join(folder, 'not-built.mjs');
    const missing = await t.call('GET', `${API}/SdTask/GetFolderMonitorUrl`, { token: admin });
    t.config.folderMonitorFile = built;
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('The folder monitor is not built on this server');

    const answer = await t.call('GET', `${API}/SdTask/GetFolderMonitorUrl`, { token: admin });
    expect(answer.body).toBe(`${t.config.origin}/downloads/reviewdesk-folder-monitor.mjs`);
    const download = await fetch(answer.body as string);
    expect(download.headers.get('content-disposition')).toContain(
      'attachment; filename="reviewdesk-folder-monitor.mjs"',
    );
    const script = await download.text();
    expect(script).toContain('Usage: reviewdesk-folder-monitor');
    // The downloaded script runs on its own and explains itself.
    const saved = join(folder, 'downloaded.mjs');
    writeFileSync(saved, script);
    const help = spawnSync(process.execPath, [saved, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stderr).toContain('REVIEWDESK_CLIENT_SECRET');
    for (const role of ['Manager', 'Creator', 'Reviewer', 'Viewer']) {
      const denied = await t.call('GET', `${API}/SdTask/GetFolderMonitorUrl`, {
        token: await t.tokenFor(demoEmail(role)),
      });
      expect([role, denied.status]).toEqual([role, 403]);
    }
  });
});
