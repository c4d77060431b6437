// Exports of reviewed results on really processed invoices: a value a reviewer corrected (written
// into task_pages.document, as Document/SaveDocumentChanges stores it) reaches every format; the
// xlsx opens in exceljs and the docx in LibreOffice; selections export into one file or a zip;
// formats an invoice cannot be exported in (the anonymised renders) are refused with ExportDataError (17). Then the export stage (90 → 91 → 93 → 100) run by
// the worker runtime, its integration records and the signed result URL.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TasksRepository } from '../src/db/repositories/tasks.js';
import { exportToLink } from '../src/domain/exports/export-link.js';
import { signedFileUrl } from '../src/domain/results/signed-urls.js';
import { recordStatusChange } from '../src/domain/tasks/events.js';
import { exportStage } from '../src/pipeline/stages/export.js';
import { claimNext } from '../src/pipeline/worker/claim.js';
import { runStage } from '../src/pipeline/worker/run-stage.js';
import { runScheduledWork } from '../src/pipeline/worker/scheduler.js';
import { blobStorageFor } from '../src/storage/blob-storage.js';
import { wordText, wordTexts } from '../src/testing/word-text.js';
import { codeOf, type ErrorBody, hasUnzip } from './support/answers.js';
import {
  ACME_ID,
  databaseKinds,
  demoEmail,
  GLOBEX_ADMIN,
  GLOBEX_ID,
  userIdOf,
  useTestServer,
} from './support/harness.js';
import { testPageThreads } from './support/page-threads.js';
import { processTaskNow } from './support/processed-task.js';
import { GLOBEX_INVOICES_WS, INVOICES_WS, importInvoice, setTaskStatus } from './support/task-import.js';

const CORRECTED = 'CORRECTED-4711 São';

for (const kind of databaseKinds()) {
  describe(`exports (${kind})`, () => {
    const t = useTestServer(kind);
    let admin: string;
    let first: string;
    let second: string;

    /** What a reviewer's save leaves: the first value of the first field of page 1 corrected. */
    async function correct(taskId: string, value: string) {
      const db = t.server.database.db;
      const row = await db
        .selectFrom('task_pages')
        .selectAll()
        .where('task_id', '=', taskId)
        .where('page_number', '=', 1)
        .executeTakeFirstOrThrow();
      const document = row.document as { entities: Array<{ table?: unknown; keyValues: Array<{ content?: string }> }> };
      const entity = document.entities.find((e) => !e.table && e.keyValues.length > 0);
      if (!entity?.keyValues[0]) throw new Error('the processed invoice has no field value');
      entity.keyValues[0].content = value;
      await db
        .updateTable('task_pages')
        .set({ document: JSON.stringify(document), version: row.version + 1 })
        .where('task_id', '=', taskId)
        .where('page_number', '=', 1)
        .execute();
    }

    beforeAll(async () => {
      admin = await t.tokenFor(demoEmail('Administrator'));
      first = await importInvoice(t, admin, { displayName: 'AWS March.pdf' });
      second = await importInvoice(t, admin, { displayName: 'AWS April.pdf' });
      for (const id of [first, second]) expect((await processTaskNow(t, id)).status).toBe(60);
      await correct(first, CORRECTED);
    }, 180_000);

    async function post(
      url: string,
      body: unknown,
      token: string | undefined = admin,
      headers: Record<string, string> = {},
    ) {
      const response = await t.server.app.inject({
        method: 'POST',
        url: `/api/v1/${url}`,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: body as object,
      });
      let json: unknown;
      try {
        json = JSON.parse(response.body);
      } catch {}
      return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, json };
    }
    const viewerExport = (taskId: string, type: number | string, token?: string) =>
      post(`Viewer/Export/${taskId}/${type}`, {}, token);
    const selection = (ids: string[]) => ({ workspaceId: INVOICES_WS, type: 10, allSelected: false, taskIdList: ids });

    describe('Viewer/Export', () => {
      it('exports the reviewed result as Json, with the corrected value', async () => {
        const res = await viewerExport(first, 2);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('application/octet-stream');
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="AWS March.json"; filename*=UTF-8''AWS%20March.json`,
        );
        const result = JSON.parse(res.bytes.toString('utf8')) as {
          entities: Array<{ keyValues: Array<{ content: string }> }>;
        };
        expect(result.entities.flatMap((e) => e.keyValues.map((kv) => kv.content))).toContain(CORRECTED);
        // The other task keeps what the engine read.
        expect((await viewerExport(second, 2)).bytes.toString('utf8')).not.toContain(CORRECTED);
      });

      it('exports a real xlsx that exceljs opens, and Csv and Xml with the corrected value', async () => {
        const xlsx = await viewerExport(first, 0);
        expect(xlsx.status).toBe(200);
        expect(xlsx.headers['content-disposition']).toMatch(/filename="AWS March\.xlsx"/);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
        const fields = workbook.getWorksheet('Fields');
        const values: string[] = [];
        fields?.eachRow((row) => values.push(String(row.getCell(4).value)));
        expect(values).toContain(CORRECTED);

        const csv = await viewerExport(first, 1);
        expect(csv.headers['content-disposition']).toMatch(/filename="AWS March\.csv"/);
        expect(csv.bytes.toString('utf8')).toContain(CORRECTED);
        const xml = await viewerExport(first, 3);
        expect(xml.headers['content-disposition']).toMatch(/filename="AWS March\.xml"/);
        expect(xml.bytes.toString('utf8')).toMatch(/^<\?xml/);
        expect(xml.bytes.toString('utf8')).toContain(CORRECTED);
      });

      it('exports Word that LibreOffice reads back, with the corrected value', async () => {
        const res = await viewerExport(first, 4);
        expect(res.status).toBe(200);
        expect(res.headers['content-disposition']).toMatch(/filename="AWS March\.docx"/);
        const text = await wordText(res.bytes);
        expect(text.split('\n')[0]).toBe('AWS March.pdf');
        expect(text).toContain(CORRECTED);
      }, 60_000);

      it("writes the Word headings in the reader's language: the app's culture, else the account's, else the browser's", async () => {
        const culture = (tag: string) => ({
          cookie: `.AspNetCore.Culture=${encodeURIComponent(`c=${tag}|uic=${tag}`)}`,
        });
        const users = t.server.database.db.updateTable('users').where('email', '=', demoEmail('Administrator'));
        await users.set({ language: 'fr-FR' }).execute();
        try {
          const german = await post(`Viewer/Export/${first}/4`, {}, admin, culture('de-DE'));
          const french = await post(`Viewer/Export/${first}/4`, {}, admin, { 'accept-language': 'es-ES' });
          const selectionEs = await post('SdTask/Export', { ...selection([first, second]), exportType: 4 }, admin, {
            ...culture('es-ES'),
          });
          await users.set({ language: null }).execute();
          const spanish = await post(`Viewer/Export/${first}/4`, {}, admin, { 'accept-language': 'es-ES,en;q=0.5' });
          const [de, fr, es, combined] = await wordTexts(
            [german, french, spanish, selectionEs].map((res) => new Uint8Array(res.bytes)),
          );
          const headings = (text = '') => text.split('\n').map((line) => line.trim());
          expect(headings(de)).toEqual(expect.arrayContaining(['Felder', 'Feld', 'Wert', 'Seite', CORRECTED]));
          expect(headings(de)).not.toContain('Field');
          expect(headings(fr)).toEqual(expect.arrayContaining(['Champs', 'Champ', 'Valeur', 'Page', CORRECTED]));
          expect(headings(es)).toEqual(expect.arrayContaining(['Campos', 'Campo', 'Valor', 'Página', CORRECTED]));
          expect(headings(combined).filter((line) => line === 'Campos')).toHaveLength(2);
        } finally {
          await users.set({ language: null }).execute();
        }
      }, 90_000);

      it('refuses the anonymised renders of an invoice with ExportDataError (17), an unknown type with 400', async () => {
        for (const type of [5, 6, 7]) {
          const res = await viewerExport(first, type);
          expect(res.status).toBe(400);
          expect(codeOf(res.json)).toBe(17);
          expect((res.json as ErrorBody).message).toMatch(/anonymised exports are for DocumentAnonymization/);
        }
        expect((await viewerExport(first, 9)).status).toBe(400);
        expect((await viewerExport(first, 'Json')).status).toBe(400);
      });

      it('answers NotReadyYet (4) for a task still being processed', async () => {
        const fresh = await importInvoice(t, admin);
        const res = await viewerExport(fresh, 2);
        expect(res.status).toBe(400);
        expect(codeOf(res.json)).toBe(4);
      });

      it('needs Task.View and stays within the tenant', async () => {
        await t.server.database.db
          .insertInto('ability_blacklist')
          .values({ tenant_id: ACME_ID, ability: 'Task.View' })
          .execute();
        try {
          expect((await viewerExport(first, 2)).status).toBe(403);
          expect((await post('SdTask/Export', { ...selection([first]), exportType: 2 })).status).toBe(403);
        } finally {
          await t.server.database.db.deleteFrom('ability_blacklist').where('tenant_id', '=', ACME_ID).execute();
        }
        const globex = await t.tokenFor(GLOBEX_ADMIN);
        expect((await viewerExport(first, 2, globex)).status).toBe(404);
      });
    });

    describe('SdTask/BulkExportLink', () => {
      const db = () => t.server.database.db;
      const links = async () =>
        Number(
          (
            await db()
              .selectFrom('export_links')
              .select((e) => e.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );

      it('answers a link to the zip that downloads without a sign-in until it expires', async () => {
        const before = Date.now();
        const res = await post('SdTask/BulkExportLink', { ...selection([first]), exportTypes: [2], expiresHours: 2 });
        expect(res.status).toBe(200);
        const link = res.json as { url: string; fileName: string; expiresOn: string };
        expect(link.fileName).toBe('Supplier invoices.zip');
        expect(link.url.startsWith(`${t.config.origin}/`)).toBe(true);
        const expires = Date.parse(link.expiresOn) - before;
        expect(expires).toBeGreaterThanOrEqual(2 * 3600_000);
        expect(expires).toBeLessThan(2 * 3600_000 + 60_000);
        const file = await t.server.app.inject({ method: 'GET', url: new URL(link.url).pathname });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-disposition']).toMatch(/attachment; filename="Supplier invoices\.zip"/);
        expect(file.rawPayload.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
        if (hasUnzip) {
          const dir = mkdtempSync(join(tmpdir(), 'link-'));
          writeFileSync(join(dir, 'l.zip'), file.rawPayload);
          const json = execFileSync('unzip', ['-p', join(dir, 'l.zip'), 'AWS March.json']).toString();
          expect(json).toContain(CORRECTED);
        }
      });

      it('refuses an expiry outside 1–168 hours and keeps nothing', async () => {
        const kept = await links();
        for (const expiresHours of [0, 169, 1.5]) {
          const res = await post('SdTask/BulkExportLink', { ...selection([first]), exportTypes: [2], expiresHours });
          expect(res.status, String(expiresHours)).toBe(400);
        }
        expect(await links()).toBe(kept);
      });

      it('past its time the link answers 410, and the scheduler removes the file', async () => {
        const storage = blobStorageFor(t.config);
        const made = await exportToLink(
          { db: db(), storage, origin: t.config.origin },
          { tenantId: ACME_ID, userId: null },
          { fileName: 'old.zip', contentType: 'application/zip', bytes: new Uint8Array([1, 2, 3]) },
          1,
          new Date(Date.now() - 2 * 3600_000),
        );
        const row = await db()
          .selectFrom('export_links')
          .selectAll()
          .orderBy('created_on', 'desc')
          .executeTakeFirstOrThrow();
        const blob = await new TasksRepository(db(), ACME_ID).blob(row.blob_id);
        expect((await t.server.app.inject({ method: 'GET', url: new URL(made.url).pathname })).statusCode).toBe(410);
        const swept = await runScheduledWork({ db: db(), storage, stages: [] }, new Date());
        expect(swept.exportLinks).toContain(row.id);
        expect(await new TasksRepository(db(), ACME_ID).blob(row.blob_id)).toBeUndefined();
        expect(await storage.size(blob?.storage_key as string)).toBeNull();
        // A link still valid stays.
        const live = await post('SdTask/BulkExportLink', { ...selection([first]), exportTypes: [2], expiresHours: 1 });
        expect((await runScheduledWork({ db: db(), storage, stages: [] }, new Date())).exportLinks).toEqual([]);
        const url = new URL((live.json as { url: string }).url).pathname;
        expect((await t.server.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      });

      it('needs Task.View, a token, and stays within the tenant', async () => {
        const body = { ...selection([first]), exportTypes: [2], expiresHours: 1 };
        await db().insertInto('ability_blacklist').values({ tenant_id: ACME_ID, ability: 'Task.View' }).execute();
        try {
          expect((await post('SdTask/BulkExportLink', body)).status).toBe(403);
        } finally {
          await db().deleteFrom('ability_blacklist').where('tenant_id', '=', ACME_ID).execute();
        }
        expect((await post('SdTask/BulkExportLink', body, '')).status).toBe(401);
        const globex = await t.tokenFor(GLOBEX_ADMIN);
        expect((await post('SdTask/BulkExportLink', body, globex)).status).toBe(403);
        const foreign = await post(
          'SdTask/BulkExportLink',
          {
            workspaceId: GLOBEX_INVOICES_WS,
            type: 10,
            allSelected: false,
            taskIdList: [first],
            exportTypes: [2],
            expiresHours: 1,
          },
          globex,
        );
        expect(foreign.status).toBe(400);
      });
    });

    describe('SdTask/Export and SdTask/BulkExport', () => {
      it('exports a selection into one Json file: one entry per task', async () => {
        const res = await post('SdTask/Export', { ...selection([second, first]), exportType: 2 });
        expect(res.status).toBe(200);
        expect(res.headers['content-disposition']).toMatch(/filename="Supplier invoices\.json"/);
        const list = JSON.parse(res.bytes.toString('utf8')) as Array<{ taskId: string; displayName: string }>;
        expect(list.map((e) => e.displayName)).toEqual(['AWS March.pdf', 'AWS April.pdf']);
        expect(JSON.stringify(list[0])).toContain(CORRECTED);
      });

      it('exports a selection into one xlsx with the task on every field row', async () => {
        const res = await post('SdTask/Export', { ...selection([first, second]), exportType: 0 });
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
        const tasks = new Set<string>();
        workbook.getWorksheet('Fields')?.eachRow((row, n) => {
          if (n > 1) tasks.add(String(row.getCell(1).value));
        });
        expect([...tasks].map((name) => name.replace(/^#\d+ /, '')).sort()).toEqual(['AWS April.pdf', 'AWS March.pdf']);
      });

      it('exports a selection into one Word file, a section per task', async () => {
        const res = await post('SdTask/Export', { ...selection([first, second]), exportType: 4 });
        expect(res.status).toBe(200);
        expect(res.headers['content-disposition']).toMatch(/filename="Supplier invoices\.docx"/);
        const text = await wordText(res.bytes);
        const march = text.search(/^#\d+ AWS March\.pdf$/m);
        const april = text.search(/^#\d+ AWS April\.pdf$/m);
        expect(march).toBeGreaterThanOrEqual(0);
        expect(april).toBeGreaterThan(march);
        expect(text.slice(march, april)).toContain(CORRECTED);
        expect(text.slice(april)).not.toContain(CORRECTED);
      }, 60_000);

      it('exports one selected task as that task', async () => {
        const res = await post('SdTask/Export', { ...selection([first]), exportType: 1 });
        expect(res.headers['content-disposition']).toMatch(/filename="AWS March\.csv"/);
      });

      it('zips each task in each type (BulkExport)', { timeout: 60_000 }, async () => {
        const res = await post('SdTask/BulkExport', { ...selection([first, second]), exportTypes: [2, 1, 4] });
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('application/zip');
        expect(res.headers['content-disposition']).toMatch(/filename="Supplier invoices\.zip"/);
        expect(res.bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
        if (hasUnzip) {
          const dir = mkdtempSync(join(tmpdir(), 'bulk-'));
          writeFileSync(join(dir, 'b.zip'), res.bytes);
          const env = { ...process.env, LC_ALL: 'C.UTF-8' };
          const names = execFileSync('unzip', ['-Z1', join(dir, 'b.zip')], { env })
            .toString()
            .trim()
            .split('\n');
          expect(names.sort()).toEqual([
            'AWS April.csv',
            'AWS April.docx',
            'AWS April.json',
            'AWS March.csv',
            'AWS March.docx',
            'AWS March.json',
          ]);
          execFileSync('unzip', ['-q', join(dir, 'b.zip'), '-d', join(dir, 'out')], { env });
          expect(readFileSync(join(dir, 'out', 'AWS March.json'), 'utf8')).toContain(CORRECTED);
          expect(await wordText(readFileSync(join(dir, 'out', 'AWS March.docx')))).toContain(CORRECTED);
        }
      });

      it('refuses a selection with a task not ready, naming it, and unsupported types', async () => {
        const fresh = await importInvoice(t, admin, { displayName: 'Not yet.pdf' });
        const res = await post('SdTask/Export', { ...selection([first, fresh]), exportType: 2 });
        expect(res.status).toBe(400);
        expect(codeOf(res.json)).toBe(4);
        expect((res.json as ErrorBody).message).toContain('Not yet.pdf');
        const anonymised = await post('SdTask/BulkExport', { ...selection([first]), exportTypes: [2, 7] });
        expect(codeOf(anonymised.json)).toBe(17);
        expect((await post('SdTask/BulkExport', { ...selection([first]), exportTypes: [] })).status).toBe(400);
        expect((await post('SdTask/Export', { ...selection([]), exportType: 2 })).status).toBe(400);
      });

      it("does not reach another tenant's tasks or workspace", async () => {
        const globex = await t.tokenFor(GLOBEX_ADMIN);
        // Own workspace, foreign ids: nothing is selected.
        const foreign = await post(
          'SdTask/Export',
          { workspaceId: GLOBEX_INVOICES_WS, type: 10, allSelected: false, taskIdList: [first], exportType: 2 },
          globex,
        );
        expect(foreign.status).toBe(400);
        expect(foreign.bytes.toString()).not.toContain(CORRECTED);
        expect((await post('SdTask/Export', { ...selection([first]), exportType: 2 }, globex)).status).toBe(403);
        expect((await post('SdTask/BulkExport', { ...selection([first]), exportTypes: [2] }, globex)).status).toBe(403);
      });
    });

    describe('export stage, integration records and the result URL', () => {
      const storage = () => blobStorageFor(t.config);

      /** Finish review as the reviewer would: ToReview → QueuedForExport with the reviewer's event. */
      async function queueForExport(taskId: string) {
        const db = t.server.database.db;
        await setTaskStatus(t, taskId, 90);
        const reviewer = userIdOf(demoEmail('Reviewer'));
        await recordStatusChange(
          new TasksRepository(db, ACME_ID),
          { userId: reviewer, clientId: null, label: 'Reviewer' },
          taskId,
          60,
          90,
          'Review finished',
        );
      }

      async function runExportStage() {
        const claim = await claimNext(t.server.database.db, 'export-test', [exportStage], 60_000);
        if (!claim) throw new Error('nothing to export');
        return runStage(claim, {
          db: t.server.database.db,
          storage: storage(),
          config: t.config,
          threads: testPageThreads(),
          workerId: 'export-test',
          leaseMs: 60_000,
          shutdown: new AbortController().signal,
        });
      }

      it('delivers the reviewed result: 90 → 91 → 93 → 100, a Successful record, a working result URL', async () => {
        expect(
          (await t.call('GET', `/api/v1/SdTask/GetTaskIntegrationDetailsAsync/${first}`, { token: admin })).body,
        ).toEqual([]);
        const before = await t.call('GET', `/api/v1/SdTask/ResultUrl/${first}`, { token: admin });
        expect(before.status).toBe(400);
        expect(codeOf(before.body)).toBe(4);

        await queueForExport(first);
        expect(await runExportStage()).toEqual({ kind: 'succeeded', next: 100 });
        const db = t.server.database.db;
        const task = await db.selectFrom('tasks').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
        expect(task.status).toBe(100);
        const statuses = (
          await db
            .selectFrom('task_events')
            .select('payload')
            .where('task_id', '=', first)
            .orderBy('created_on')
            .execute()
        )
          .map((e) => (e.payload as { to?: number }).to)
          .filter((to) => to !== undefined);
        expect(statuses.slice(-4)).toEqual([90, 91, 93, 100]);

        const records = await t.call('GET', `/api/v1/SdTask/GetTaskIntegrationDetailsAsync/${first}`, { token: admin });
        expect(records.status).toBe(200);
        const [record] = records.body as Array<Record<string, unknown>>;
        expect(record).toMatchObject({
          queuedBy: userIdOf(demoEmail('Reviewer')),
          queuedByUserName: expect.any(String),
          result: { success: true },
        });
        expect(record?.integratedOn).toEqual(expect.any(String));

        const url = await t.call('GET', `/api/v1/SdTask/ResultUrl/${first}`, { token: admin });
        expect(url.status).toBe(200);
        const href = new URL(url.body as string);
        expect(href.origin).toBe(t.config.origin);
        const file = await t.server.app.inject({ method: 'GET', url: href.pathname });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-disposition']).toMatch(/^attachment; filename="AWS March\.json"/);
        expect(file.body).toContain(CORRECTED);
        // A changed token is refused; the file needs no bearer token but the signature.
        const forged = href.pathname.replace(/.(?=\.[^.]*$)/, (c) => (c === 'A' ? 'B' : 'A'));
        expect((await t.server.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
      });

      it('records a failed delivery and leaves the task in ExportFailed (92)', async () => {
        const empty = await importInvoice(t, admin, { displayName: 'Never processed.pdf' });
        await queueForExport(empty);
        const run = await runExportStage();
        expect(run).toMatchObject({ kind: 'failed', status: 92 });
        const records = await t.call('GET', `/api/v1/SdTask/GetTaskIntegrationDetailsAsync/${empty}`, { token: admin });
        const [record] = records.body as Array<{
          integratedOn: unknown;
          result: { success: boolean; workerErrorDetails: string };
        }>;
        expect(record?.result.success).toBe(false);
        expect(record?.result.workerErrorDetails).toMatch(/no document result/);
        expect(record?.integratedOn).toBeNull();
        expect(codeOf((await t.call('GET', `/api/v1/SdTask/ResultUrl/${empty}`, { token: admin })).body)).toBe(4);
      });

      it('signed URLs expire, and stay within the tenant that signed them', async () => {
        const db = t.server.database.db;
        const blob = await db
          .selectFrom('blobs')
          .selectAll()
          .where('tenant_id', '=', ACME_ID)
          .executeTakeFirstOrThrow();
        const file = {
          blobId: blob.id,
          tenantId: ACME_ID,
          fileName: 'x.json',
          contentType: 'application/json',
          disposition: 'attachment' as const,
        };
        const expired = await signedFileUrl(db, t.config.origin, file, -1);
        expect((await t.server.app.inject({ method: 'GET', url: new URL(expired).pathname })).statusCode).toBe(410);
        const otherTenant = await signedFileUrl(db, t.config.origin, { ...file, tenantId: GLOBEX_ID });
        expect((await t.server.app.inject({ method: 'GET', url: new URL(otherTenant).pathname })).statusCode).toBe(404);
      });

      it('needs Task.View and answers 404 to another tenant', async () => {
        await t.server.database.db
          .insertInto('ability_blacklist')
          .values({ tenant_id: ACME_ID, ability: 'Task.View' })
          .execute();
        try {
          expect((await t.call('GET', `/api/v1/SdTask/ResultUrl/${first}`, { token: admin })).status).toBe(403);
          expect(
            (await t.call('GET', `/api/v1/SdTask/GetTaskIntegrationDetailsAsync/${first}`, { token: admin })).status,
          ).toBe(403);
        } finally {
          await t.server.database.db.deleteFrom('ability_blacklist').where('tenant_id', '=', ACME_ID).execute();
        }
        const globex = await t.tokenFor(GLOBEX_ADMIN);
        expect((await t.call('GET', `/api/v1/SdTask/ResultUrl/${first}`, { token: globex })).status).toBe(404);
        expect(
          (await t.call('GET', `/api/v1/SdTask/GetTaskIntegrationDetailsAsync/${first}`, { token: globex })).status,
        ).toBe(404);
        expect((await t.call('GET', '/api/v1/SdTask/ResultUrl/not-a-uuid', { token: admin })).status).toBe(400);
      });
    });
  });
}
