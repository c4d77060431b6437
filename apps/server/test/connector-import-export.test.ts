// Files in, exports out, over a file-sharing connection to a real WebDAV server: every file of a
// folder listed with SharePoint/Items becomes a task through Process (context driveServiceName +
// sharePointItemId), a file the workspace refuses stays on the site, and the export of a reviewed
// task is also written into the workspace's export folder there.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TasksRepository } from '../src/db/repositories/tasks.js';
import { recordStatusChange } from '../src/domain/tasks/events.js';
import { exportStage } from '../src/pipeline/stages/export.js';
import { claimNext } from '../src/pipeline/worker/claim.js';
import { runStage } from '../src/pipeline/worker/run-stage.js';
import { blobStorageFor } from '../src/storage/blob-storage.js';
import { fixture } from '../src/testing/fixtures.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';
import { testPageThreads } from './support/page-threads.js';
import { processTaskNow } from './support/processed-task.js';
import { FIXTURES, INVOICES_WS, setTaskStatus, setWorkspaceConfig } from './support/task-import.js';
import { startWebDav, type TestWebDav } from './support/webdav-server.js';

const API = '/api/v1';

describe.each(databaseKinds())('import from and export to a file-sharing connection on %s', (kind) => {
  const t = useTestServer(kind);
  let dav: TestWebDav;
  let admin = '';
  const allowPrivate = process.env.URL_IMPORT_ALLOW_PRIVATE;

  beforeAll(async () => {
    process.env.URL_IMPORT_ALLOW_PRIVATE = 'true';
    dav = await startWebDav();
    mkdirSync(join(dav.root, 'Invoices'));
    mkdirSync(join(dav.root, 'Exports'));
    writeFileSync(join(dav.root, 'Invoices', 'AmazonWebServices.pdf'), FIXTURES.invoicePdf());
    writeFileSync(join(dav.root, 'Invoices', 'AzureInterior.pdf'), readFileSync(fixture('invoices/AzureInterior.pdf')));
    writeFileSync(join(dav.root, 'Invoices', 'notes.txt'), FIXTURES.textAsPdf());
    admin = await t.tokenFor(demoEmail('Administrator'));
    const created = await t.call('POST', `${API}/Tenant/Connectors/UpsertSharePointConnection`, {
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
    expect(created.body).toMatchObject({ succeeded: true });
  });
  afterAll(async () => {
    if (allowPrivate === undefined) delete process.env.URL_IMPORT_ALLOW_PRIVATE;
    else process.env.URL_IMPORT_ALLOW_PRIVATE = allowPrivate;
    await dav?.stop();
  });

  const processItem = (token: string, context: Record<string, unknown>) =>
    t.call('POST', `${API}/SdTask/Process`, { token, body: { workspaceId: INVOICES_WS, context } });

  it('makes a task of every file of a folder; a file the workspace refuses stays on the site', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const listed = await t.call('GET', `${API}/SharePoint/Items/finance`, {
      token,
      query: { directoryPath: '/Invoices' },
    });
    const files = (listed.body as Array<{ id: string; name: string; isFile: boolean }>).filter((i) => i.isFile);
    expect(files.map((f) => f.name)).toEqual(['AmazonWebServices.pdf', 'AzureInterior.pdf', 'notes.txt']);

    const answers = [];
    for (const file of files)
      answers.push(await processItem(token, { driveServiceName: 'finance', sharePointItemId: file.id }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 400]);
    expect(answers[2]?.body).toMatchObject({ errors: [{ code: 20 }] });
    for (const answer of answers.slice(0, 2)) {
      const taskId = (answer.body as { taskId: string }).taskId;
      const task = await t.call('GET', `${API}/SdTask/${taskId}`, { token });
      expect(task.body).toMatchObject({ status: 30, workspaceId: INVOICES_WS });
      const events = await t.call('GET', `${API}/SdTask/Events/${taskId}`, { token: admin });
      expect(JSON.stringify(events.body)).toContain("from the file-sharing connection 'finance'");
    }
    const names = await t.server.database.db
      .selectFrom('tasks')
      .select('display_name')
      .where('workspace_id', '=', INVOICES_WS)
      .orderBy('sequential_by_workspace_id')
      .execute();
    expect(names.map((n) => n.display_name)).toEqual(['AmazonWebServices.pdf', 'AzureInterior.pdf']);
    // Nothing is taken away from the site.
    expect(readdirSync(join(dav.root, 'Invoices')).sort()).toEqual([
      'AmazonWebServices.pdf',
      'AzureInterior.pdf',
      'notes.txt',
    ]);
  });

  it('refuses an unknown connection, a missing item, a folder, and another tenant’s connection', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const codeOf = (answer: { body: unknown }) => (answer.body as { errors: Array<{ code: number }> }).errors[0]?.code;
    const unknown = await processItem(token, {
      driveServiceName: 'nope',
      sharePointItemId: '/Invoices/AzureInterior.pdf',
    });
    expect([unknown.status, codeOf(unknown)]).toEqual([400, 1023]);
    const missing = await processItem(token, { driveServiceName: 'finance', sharePointItemId: '/Invoices/gone.pdf' });
    expect([missing.status, codeOf(missing)]).toEqual([400, 1021]);
    const noItem = await processItem(token, { driveServiceName: 'finance' });
    expect([noItem.status, codeOf(noItem)]).toEqual([400, 1021]);
    const globex = await t.tokenFor(GLOBEX_ADMIN);
    const foreign = await t.call('POST', `${API}/SdTask/Process`, {
      token: globex,
      body: {
        workspaceId: INVOICES_WS,
        context: { driveServiceName: 'finance', sharePointItemId: '/Invoices/AzureInterior.pdf' },
      },
    });
    expect(foreign.status).toBe(403);
  });

  it("refuses a file over the workspace's size limit while fetching it, keeping nothing of it and leaving it on the site", async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    mkdirSync(join(dav.root, 'Large'), { recursive: true });
    writeFileSync(join(dav.root, 'Large', 'AmazonWebServices.pdf'), FIXTURES.invoicePdf());
    const blobFiles = () => {
      const root = join(t.config.dataDir, 'blobs');
      // Files only: a refused file may leave its (empty) shard folder behind.
      return existsSync(root)
        ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
        : 0;
    };
    const storedBefore = blobFiles();
    const tasksBefore = await t.server.database.db.selectFrom('tasks').select('id').execute();
    await setWorkspaceConfig(t, INVOICES_WS, { maxFileSizeBytes: 50_000 });
    try {
      const answer = await processItem(token, {
        driveServiceName: 'finance',
        sharePointItemId: '/Large/AmazonWebServices.pdf',
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ errors: [{ code: 13 }] });
    } finally {
      await setWorkspaceConfig(t, INVOICES_WS, { maxFileSizeBytes: 20_971_520 });
    }
    expect(await t.server.database.db.selectFrom('tasks').select('id').execute()).toHaveLength(tasksBefore.length);
    expect(blobFiles()).toBe(storedBefore);
    expect(readdirSync(join(dav.root, 'Large'))).toEqual(['AmazonWebServices.pdf']);
  });

  describe('exports', () => {
    async function exportNow(taskId: string) {
      const db = t.server.database.db;
      await setTaskStatus(t, taskId, 90);
      const reviewer = { userId: userIdOf(demoEmail('Reviewer')), clientId: null, label: 'Reviewer' };
      await recordStatusChange(new TasksRepository(db, ACME_ID), reviewer, taskId, 60, 90, 'Review finished');
      const claim = await claimNext(db, 'export-test', [exportStage], 60_000);
      if (!claim) throw new Error('nothing to export');
      await runStage(claim, {
        db,
        storage: blobStorageFor(t.config),
        config: t.config,
        threads: testPageThreads(),
        workerId: 'export-test',
        leaseMs: 60_000,
        shutdown: new AbortController().signal,
      });
      return db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    }

    it("writes the export of a reviewed task into the workspace's export folder", async () => {
      const token = await t.tokenFor(demoEmail('Creator'));
      const answer = await processItem(token, {
        driveServiceName: 'finance',
        sharePointItemId: '/Invoices/AmazonWebServices.pdf',
      });
      const taskId = (answer.body as { taskId: string }).taskId;
      expect((await processTaskNow(t, taskId)).status).toBe(60);
      const storage = await t.call('PATCH', `${API}/SdWorkspace/Storage/${INVOICES_WS}`, {
        token: admin,
        body: { serviceName: 'finance', exportDirectoryPath: '/Exports' },
      });
      expect(storage.body).toMatchObject({ succeeded: true });

      expect((await exportNow(taskId)).status).toBe(100);
      const written = readdirSync(join(dav.root, 'Exports'));
      expect(written).toHaveLength(1);
      const exported = JSON.parse(readFileSync(join(dav.root, 'Exports', written[0] ?? ''), 'utf8')) as object;
      expect(JSON.stringify(exported)).toContain('entities');
      const [integration] = await t.server.database.db
        .selectFrom('task_integrations')
        .selectAll()
        .where('task_id', '=', taskId)
        .execute();
      expect(integration?.message).toContain(`and wrote it to Finance share/Exports/${written[0]}`);

      // The folder is gone from the site: the export fails with the site's reason, and can be tried again.
      rmSync(join(dav.root, 'Exports'), { recursive: true });
      const failed = await exportNow(taskId);
      expect(failed.status).toBe(92);
      expect(failed.last_error).toContain("The export could not be written to the workspace's storage 'finance'");
      expect(existsSync(join(dav.root, 'Exports'))).toBe(false);
    }, 120_000);
  });
});
