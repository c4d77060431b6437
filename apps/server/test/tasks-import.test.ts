// SdTask_Import and SdTask_Process: files by multipart, by a finished resumable upload and by URL;
// type sniffed from the bytes; the workspace's rules with the spec's error codes; API clients.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { taskStatusText } from '../src/domain/tasks/flags.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';
import {
  apiClientToken,
  CLOSED_BATCH,
  CONTRACTS_WS,
  FIXTURES,
  GLOBEX_INVOICES_WS,
  INVOICES_WS,
  importFile,
  importInvoice,
  OPEN_BATCH,
  setWorkspaceConfig,
} from './support/task-import.js';

const API = '/api/v1';
const pdf = () => ({ fileName: 'invoice.pdf', content: FIXTURES.invoicePdf(), contentType: 'application/pdf' });

describe.each(databaseKinds())('task import on %s', (kind) => {
  const t = useTestServer(kind);
  beforeEach(async () => {
    await t.reset();
  });
  let fileServer: HttpServer;
  let fileOrigin = '';

  beforeAll(async () => {
    fileServer = createServer((req, res) => {
      if (req.url === '/invoice.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' }).end(FIXTURES.invoicePdf());
      } else if (req.url === '/moved') {
        res.writeHead(302, { location: '/invoice.pdf' }).end();
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => fileServer.listen(0, '127.0.0.1', resolve));
    fileOrigin = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fileServer.close(() => resolve())));

  it('imports a PDF as a new task queued for pre-processing, numbered per workspace', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const first = await importFile(t, token, { workspaceId: INVOICES_WS, description: 'March' }, pdf());
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ succeeded: true, errors: [], result: { displayName: 'invoice.pdf' } });
    const second = await importFile(t, token, { workspaceId: INVOICES_WS, displayName: 'Named' }, pdf());
    expect(second.body.result?.displayName).toBe('Named');

    const task = await t.call('GET', `${API}/SdTask/${first.body.result?.taskId}`, { token });
    expect(task.status).toBe(200);
    expect(task.body).toMatchObject({
      status: 30,
      sequentialByWorkspaceId: 1,
      restartCount: 0,
      workspaceId: INVOICES_WS,
      tenantId: ACME_ID,
      createdBy: userIdOf(demoEmail('Creator')),
      description: 'March',
    });
    const again = await t.call('GET', `${API}/SdTask/${second.body.result?.taskId}`, { token });
    expect((again.body as { sequentialByWorkspaceId: number }).sequentialByWorkspaceId).toBe(2);

    const row = await t.server.database.db
      .selectFrom('tasks')
      .innerJoin('blobs', 'blobs.id', 'tasks.blob_id')
      .select(['blobs.storage_key', 'blobs.content_type', 'blobs.size', 'blobs.file_name'])
      .where('tasks.id', '=', first.body.result?.taskId as string)
      .executeTakeFirstOrThrow();
    expect(row.content_type).toBe('application/pdf');
    expect(Number(row.size)).toBe(FIXTURES.invoicePdf().length);
    expect(row.file_name).toBe('invoice.pdf');
    expect(row.storage_key).not.toContain('invoice');

    const events = await t.call('GET', `${API}/SdTask/Events/${first.body.result?.taskId}`, {
      token: await t.tokenFor(demoEmail('Manager')),
    });
    expect((events.body as Array<{ entityTypeText: string; eventDescription: string }>)[0]).toMatchObject({
      entityTypeText: 'TaskCreated',
      eventSourceText: 'Web',
    });
    expect(taskStatusText(30)).toBe('QueuedForPreProcessing');
  });

  it('sniffs the type from the bytes: a PNG is accepted where PNGs are, refused where only PDFs are', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const png = { fileName: 'scan.pdf', content: FIXTURES.png(), contentType: 'application/pdf' };
    const accepted = await importFile(t, token, { workspaceId: INVOICES_WS }, png);
    expect(accepted.status).toBe(200);
    const refused = await importFile(t, token, { workspaceId: CONTRACTS_WS }, png);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.code).toBe(20);
    expect(refused.body.message).toContain('.pdf');
  });

  it('refuses content that is no known type whatever its name (UnsupportedExtensionsError 20)', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const answer = await importFile(
      t,
      token,
      { workspaceId: INVOICES_WS },
      { fileName: 'crazyones.pdf', content: FIXTURES.textAsPdf() },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.code).toBe(20);
    const count = await t.server.database.db.selectFrom('blobs').select('id').execute();
    expect(count).toHaveLength(0);
  });

  it('refuses an empty file and a request without any file (UrlOrFileRequired 12)', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const empty = await importFile(
      t,
      token,
      { workspaceId: INVOICES_WS },
      { fileName: 'empty.pdf', content: FIXTURES.empty() },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.code).toBe(12);
    const none = await importFile(t, token, { workspaceId: INVOICES_WS });
    expect(none.status).toBe(400);
    expect(none.body.errors?.[0]?.code).toBe(12);
  });

  it("enforces the workspace's maxFileSizeBytes (MaximumFileSize 13)", async () => {
    await setWorkspaceConfig(t, INVOICES_WS, { maxFileSizeBytes: 10_000 });
    const token = await t.tokenFor(demoEmail('Creator'));
    const answer = await importFile(t, token, { workspaceId: INVOICES_WS }, pdf());
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.code).toBe(13);
    expect(answer.body.message).toContain('10,000 bytes');
    // Also when the file part comes before the workspaceId field.
    const { multipart } = await import('./support/task-import.js');
    const reordered = multipart({}, pdf());
    const withField = Buffer.concat([
      reordered.body.subarray(
        0,
        reordered.body.length - `--${reordered.contentType.split('boundary=')[1]}--\r\n`.length,
      ),
      Buffer.from(
        `--${reordered.contentType.split('boundary=')[1]}\r\nContent-Disposition: form-data; name="workspaceId"\r\n\r\n${INVOICES_WS}\r\n--${reordered.contentType.split('boundary=')[1]}--\r\n`,
      ),
    ]);
    const late = await t.server.app.inject({
      method: 'POST',
      url: `${API}/SdTask/Import`,
      headers: { 'content-type': reordered.contentType, authorization: `Bearer ${token}` },
      payload: withField,
    });
    expect(late.statusCode).toBe(400);
    expect(JSON.parse(late.body).errors[0].code).toBe(13);
  });

  it('requires the externalId where the workspace says so', async () => {
    await setWorkspaceConfig(t, INVOICES_WS, { externalIdRequired: true });
    const token = await t.tokenFor(demoEmail('Creator'));
    const missing = await importFile(t, token, { workspaceId: INVOICES_WS }, pdf());
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('externalId');
    const given = await importFile(t, token, { workspaceId: INVOICES_WS, externalId: 'INV-1' }, pdf());
    expect(given.status).toBe(200);
  });

  it('adds to an open batch, to a closed one only with forceAddToBatch', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    expect((await importFile(t, token, { workspaceId: INVOICES_WS, batchId: OPEN_BATCH }, pdf())).status).toBe(200);
    const closed = await importFile(t, token, { workspaceId: INVOICES_WS, batchId: CLOSED_BATCH }, pdf());
    expect(closed.status).toBe(400);
    expect(closed.body.message).toContain('forceAddToBatch');
    const forced = await importFile(
      t,
      token,
      { workspaceId: INVOICES_WS, batchId: CLOSED_BATCH, forceAddToBatch: true },
      pdf(),
    );
    expect(forced.status).toBe(200);
    const task = await t.call('GET', `${API}/SdTask/${forced.body.result?.taskId}`, { token });
    expect((task.body as { batchId: string }).batchId).toBe(CLOSED_BATCH);
    const wrongWorkspace = await importFile(t, token, { workspaceId: CONTRACTS_WS, batchId: OPEN_BATCH }, pdf());
    expect(wrongWorkspace.body.errors?.[0]?.code).toBe(21);
  });

  it('assigns on import, only to users valid for the workspace (InvalidAssignmentState 30)', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const reviewer = userIdOf(demoEmail('Reviewer'));
    const ok = await importFile(
      t,
      token,
      { workspaceId: INVOICES_WS, taskAssignment: { assignedUsers: [reviewer], order: 30 } },
      pdf(),
    );
    expect(ok.status).toBe(200);
    const status = await t.call('GET', `${API}/SdTask/Status`, {
      token,
      query: { TaskId: ok.body.result?.taskId as string },
    });
    expect(status.body).toMatchObject({ taskAssignment: { assignedUsers: [reviewer], order: 30 } });
    for (const bad of [userIdOf(GLOBEX_ADMIN), userIdOf(demoEmail('Viewer'))]) {
      const refused = await importFile(
        t,
        token,
        { workspaceId: INVOICES_WS, taskAssignment: { assignedUsers: [bad], order: 10 } },
        pdf(),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[0]?.code).toBe(30);
    }
  });

  it('checks the context (codes 1000–1026)', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ nonsense: 1 }, 1000],
      [{ offsetStart: 5, offsetEnd: 2 }, 1008],
      [{ inputLanguage: 'en', outputLanguage: 'EN' }, 1026],
      [{ url: 'ftp://x' }, 1001],
    ];
    for (const [context, code] of cases) {
      const answer = await importFile(t, token, { workspaceId: INVOICES_WS, context }, pdf());
      expect(answer.status, JSON.stringify(context)).toBe(400);
      expect(answer.body.errors?.[0]?.code).toBe(code);
    }
  });

  it('refuses bad form fields with 400', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    expect((await importFile(t, token, {}, pdf())).status).toBe(400);
    expect((await importFile(t, token, { workspaceId: 'nope' }, pdf())).status).toBe(400);
    expect((await importFile(t, token, { workspaceId: INVOICES_WS, forceAddToBatch: 'maybe' }, pdf())).status).toBe(
      400,
    );
    const notMultipart = await t.call('POST', `${API}/SdTask/Import`, { token, body: { workspaceId: INVOICES_WS } });
    expect(notMultipart.status).toBe(400);
  });

  it('checks every form part against the contract and names the part it refuses', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ priority: 'high' }, 'body.priority'],
      [{ priority: '1.5' }, 'body.priority'],
      [{ batchId: 'not-a-uuid' }, 'body.batchId'],
      [{ taskAssignment: { assignedUsers: ['x'], order: 15 } }, 'body.taskAssignment.order'],
      [{ taskAssignment: { assignedUsers: 'x', order: 10 } }, 'body.taskAssignment.assignedUsers'],
      [{ metadata: { source: 7 } }, 'body.metadata.source'],
      [{ context: [1, 2] }, 'body.context'],
      [{ useHigherQuality: 'yes' }, 'body.useHigherQuality'],
    ];
    for (const [fields, field] of refusals) {
      const answer = await importFile(t, token, { workspaceId: INVOICES_WS, ...fields }, pdf());
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(answer.body), JSON.stringify(fields)).toContain(field);
    }
    // A JSON part that is not JSON at all.
    const boundary = '----reviewdesk-bad-json';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="workspaceId"\r\n\r\n${INVOICES_WS}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="context"\r\nContent-Type: application/json\r\n\r\n{nope\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const badJson = await t.server.app.inject({
      method: 'POST',
      url: `${API}/SdTask/Import`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
      payload,
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.body).toContain("'body.context' must be JSON");
    // Typed parts that are right reach the task: priority as a number, empty nullable parts as null.
    const accepted = await importFile(
      t,
      token,
      { workspaceId: INVOICES_WS, priority: '7', batchId: '', useHigherQuality: 'false', metadata: { source: 'scan' } },
      pdf(),
    );
    expect(accepted.status).toBe(200);
  });

  it('needs Task.Import and a workspace of the caller (another tenant is 403)', async () => {
    expect(
      (await importFile(t, await t.tokenFor(demoEmail('Reviewer')), { workspaceId: INVOICES_WS }, pdf())).status,
    ).toBe(403);
    expect((await importFile(t, undefined, { workspaceId: INVOICES_WS }, pdf())).status).toBe(401);
    const cross = await importFile(
      t,
      await t.tokenFor(demoEmail('Developer')),
      { workspaceId: GLOBEX_INVOICES_WS },
      pdf(),
    );
    expect(cross.status).toBe(403);
    expect(cross.body.errors?.[0]?.code).toBe(25);
    expect(await t.server.database.db.selectFrom('tasks').select('id').execute()).toHaveLength(0);
  });

  it('Process downloads a URL (following a redirect) and answers the task id', async () => {
    process.env.URL_IMPORT_ALLOW_PRIVATE = 'true';
    try {
      const token = await t.tokenFor(demoEmail('Creator'));
      const answer = await t.call('POST', `${API}/SdTask/Process`, {
        token,
        body: { workspaceId: INVOICES_WS, url: `${fileOrigin}/moved`, externalId: 'EXT-9' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ externalId: 'EXT-9' });
      const task = await t.call('GET', `${API}/SdTask/${(answer.body as { taskId: string }).taskId}`, { token });
      expect(task.body).toMatchObject({ displayName: 'invoice.pdf', status: 30 });
      const missing = await t.call('POST', `${API}/SdTask/Process`, {
        token,
        body: { workspaceId: INVOICES_WS, url: `${fileOrigin}/gone.pdf` },
      });
      expect(missing.status).toBe(400);
      expect((missing.body as { errors: Array<{ code: number }> }).errors[0]?.code).toBe(15);
    } finally {
      delete process.env.URL_IMPORT_ALLOW_PRIVATE;
    }
  });

  it('Process refuses URLs into the private network and requests without url or upload', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const internal = await t.call('POST', `${API}/SdTask/Process`, {
      token,
      body: { workspaceId: INVOICES_WS, url: `${fileOrigin}/invoice.pdf` },
    });
    expect(internal.status).toBe(400);
    expect((internal.body as { errors: Array<{ code: number }> }).errors[0]?.code).toBe(15);
    const nothing = await t.call('POST', `${API}/SdTask/Process`, { token, body: { workspaceId: INVOICES_WS } });
    expect((nothing.body as { errors: Array<{ code: number }> }).errors[0]?.code).toBe(12);
    const cross = await t.call('POST', `${API}/SdTask/Process`, {
      token,
      body: { workspaceId: GLOBEX_INVOICES_WS, url: 'https://example.com/x.pdf' },
    });
    expect(cross.status).toBe(403);
  });

  it('accepts client-credentials tokens of a tenant API secret for Import, Process and Status only', async () => {
    const { token, clientId } = await apiClientToken(t, ACME_ID);
    const imported = await importFile(t, token, { workspaceId: INVOICES_WS, externalId: 'API-1' }, pdf());
    expect(imported.status).toBe(200);
    const status = await t.call('GET', `${API}/SdTask/Status`, { token, query: { ExternalId: 'API-1' } });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      taskStatus: 30,
      taskStatusText: 'QueuedForPreProcessing',
      integrationStatusText: 'Never',
    });
    const list = await t.call('GET', `${API}/SdTask/StatusList`, { token });
    expect((list.body as unknown[]).length).toBe(1);
    // Not a call for API clients.
    expect((await t.call('GET', `${API}/SdTask/${imported.body.result?.taskId}`, { token })).status).toBe(403);
    const row = await t.server.database.db
      .selectFrom('tasks')
      .select(['created_by', 'created_by_client'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ created_by: null, created_by_client: clientId });
    // Another tenant's workspace stays closed to it, and an expired secret gets nothing.
    expect((await importFile(t, token, { workspaceId: GLOBEX_INVOICES_WS }, pdf())).status).toBe(403);
    const expired = await apiClientToken(t, ACME_ID, { expired: true });
    expect((await t.call('GET', `${API}/SdTask/StatusList`, { token: expired.token })).status).toBe(403);
  });

  it('keeps the numbering unique when imports run at once', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const ids = await Promise.all(Array.from({ length: 5 }, () => importInvoice(t, token)));
    const rows = await t.server.database.db
      .selectFrom('tasks')
      .select('sequential_by_workspace_id')
      .where('id', 'in', ids)
      .execute();
    expect(rows.map((r) => r.sequential_by_workspace_id).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
