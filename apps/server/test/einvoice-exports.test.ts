// The e-invoice XML kept with a task and offered in the exports (ExportType EInvoiceXml = 8), on
// really processed files: a Factur-X PDF (its attachment, extracted by poppler's pdfdetach into
// fixtures/einvoices, is what comes back, byte for byte), the same XML imported as a file of its
// own, and a PDF without XML (refused with ExportDataError 17). The task list and ViewerInit say
// which tasks have one. Each endpoint (Viewer/Export, SdTask/Export, SdTask/BulkExport) needs
// Task.View and stays within the tenant.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { codeOf, type ErrorBody, hasUnzip } from './support/answers.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { INVOICES_WS, importFile, importInvoice, setTaskStatus } from './support/task-import.js';

const API = '/api/v1';
const EINVOICE_XML = 8;
const JSON_EXPORT = 2;
const FACTUR_X_PDF = 'fr_hotel_pacano_facturx.pdf';
const CII_FILE = 'fr_hotel_pacano_factur-x.xml';
/** The XML embedded in FACTUR_X_PDF, as pdfdetach extracts it (fixtures/SOURCES.md). */
const EMBEDDED_XML = readFileSync(join(repoRoot, 'fixtures', 'einvoices', CII_FILE));

for (const kind of databaseKinds()) {
  describe(`e-invoice XML export (${kind})`, () => {
    const t = useTestServer(kind);
    let admin: string;
    let facturX: string;
    let standalone: string;
    let plain: string;

    async function importAndProcess(file: string, content: Buffer): Promise<string> {
      const answer = await importFile(t, admin, { workspaceId: INVOICES_WS }, { fileName: file, content });
      if (answer.status !== 200 || !answer.body.result) throw new Error(`import failed: ${JSON.stringify(answer)}`);
      const taskId = answer.body.result.taskId;
      expect((await processTaskNow(t, taskId)).status).toBe(60);
      return taskId;
    }

    beforeAll(async () => {
      admin = await t.tokenFor(demoEmail('Administrator'));
      facturX = await importAndProcess(
        FACTUR_X_PDF,
        readFileSync(join(repoRoot, 'fixtures', 'invoices-dev', FACTUR_X_PDF)),
      );
      standalone = await importAndProcess(CII_FILE, EMBEDDED_XML);
      plain = await importInvoice(t, admin, { displayName: 'AWS March.pdf' });
      expect((await processTaskNow(t, plain)).status).toBe(60);
    }, 300_000);

    async function post(url: string, body: unknown, token: string | undefined = admin) {
      const response = await t.server.app.inject({
        method: 'POST',
        url: `${API}/${url}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: body as object,
      });
      let json: unknown;
      try {
        json = JSON.parse(response.body);
      } catch {}
      return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, json };
    }
    const viewerExport = (taskId: string, type: number, token?: string) =>
      post(`Viewer/Export/${taskId}/${type}`, {}, token);
    const selection = (ids: string[]) => ({ workspaceId: INVOICES_WS, type: 10, allSelected: false, taskIdList: ids });

    async function withoutAbility<T>(ability: string, work: () => Promise<T>): Promise<T> {
      const db = t.server.database.db;
      await db.insertInto('ability_blacklist').values({ tenant_id: ACME_ID, ability }).execute();
      try {
        return await work();
      } finally {
        await db.deleteFrom('ability_blacklist').where('tenant_id', '=', ACME_ID).execute();
      }
    }

    it('keeps the XML with the task: the task list and ViewerInit say which tasks have one', async () => {
      const list = await t.call('POST', `${API}/SdTask/GetWithPagination/${INVOICES_WS}`, {
        token: admin,
        query: { inBatchesOnly: 'false' },
        body: { pageNumber: 1, pageSize: 50 },
      });
      expect(list.status).toBe(200);
      const items = (list.body as { items: Array<{ id: string; hasEInvoiceXml?: boolean }> }).items;
      const flag = (id: string) => items.find((item) => item.id === id)?.hasEInvoiceXml;
      expect([flag(facturX), flag(standalone), flag(plain)]).toEqual([true, true, false]);

      for (const [taskId, expected] of [
        [facturX, true],
        [plain, false],
      ] as const) {
        const init = await t.call('GET', `${API}/Viewer/ViewerInit`, { token: admin, query: { taskId } });
        expect(init.status).toBe(200);
        expect((init.body as { hasEInvoiceXml: boolean }).hasEInvoiceXml).toBe(expected);
      }
    });

    describe('Viewer/Export', () => {
      it('answers the embedded XML byte for byte, named after the task', async () => {
        const res = await viewerExport(facturX, EINVOICE_XML);
        expect(res.status).toBe(200);
        expect(res.headers['content-disposition']).toMatch(/filename="fr_hotel_pacano_facturx\.einvoice\.xml"/);
        expect(Buffer.compare(res.bytes, EMBEDDED_XML)).toBe(0);
        // The reviewed values stay in the other formats: the e-invoice export is not re-serialised.
        expect((await viewerExport(facturX, JSON_EXPORT)).bytes.toString('utf8')).toContain('"eInvoiceField"');
      });

      it('answers the imported XML file of a stand-alone e-invoice as it was imported', async () => {
        const res = await viewerExport(standalone, EINVOICE_XML);
        expect(res.status).toBe(200);
        expect(res.headers['content-disposition']).toMatch(/filename="fr_hotel_pacano_factur-x\.einvoice\.xml"/);
        expect(Buffer.compare(res.bytes, EMBEDDED_XML)).toBe(0);
      });

      it('refuses a task without XML with ExportDataError (17)', async () => {
        const res = await viewerExport(plain, EINVOICE_XML);
        expect(res.status).toBe(400);
        expect(codeOf(res.json)).toBe(17);
        expect((res.json as ErrorBody).message).toMatch(/carries no e-invoice XML/);
      });

      it('needs Task.View and stays within the tenant', async () => {
        expect((await withoutAbility('Task.View', () => viewerExport(facturX, EINVOICE_XML))).status).toBe(403);
        const globex = await t.tokenFor(GLOBEX_ADMIN);
        const foreign = await viewerExport(facturX, EINVOICE_XML, globex);
        expect(foreign.status).toBe(404);
        expect(foreign.bytes.toString('utf8')).not.toContain('CrossIndustryInvoice');
        expect((await viewerExport(facturX, EINVOICE_XML, '')).status).toBe(401);
      });
    });

    describe('SdTask/Export', () => {
      it('exports one selected task as its XML; several cannot be one file', async () => {
        const one = await post('SdTask/Export', { ...selection([facturX]), exportType: EINVOICE_XML });
        expect(one.status).toBe(200);
        expect(Buffer.compare(one.bytes, EMBEDDED_XML)).toBe(0);
        const two = await post('SdTask/Export', { ...selection([facturX, standalone]), exportType: EINVOICE_XML });
        expect(two.status).toBe(400);
        expect(codeOf(two.json)).toBe(17);
        expect((two.json as ErrorBody).message).toMatch(/BulkExport/);
        const none = await post('SdTask/Export', { ...selection([plain]), exportType: EINVOICE_XML });
        expect(codeOf(none.json)).toBe(17);
      });

      it('needs Task.View and stays within the tenant', async () => {
        const body = { ...selection([facturX]), exportType: EINVOICE_XML };
        expect((await withoutAbility('Task.View', () => post('SdTask/Export', body))).status).toBe(403);
        const globex = await t.tokenFor(GLOBEX_ADMIN);
        expect((await post('SdTask/Export', body, globex)).status).toBe(403);
      });
    });

    describe('SdTask/BulkExport', () => {
      it('zips each task XML beside the other formats', async () => {
        const res = await post('SdTask/BulkExport', {
          ...selection([facturX, standalone]),
          exportTypes: [EINVOICE_XML, JSON_EXPORT],
        });
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('application/zip');
        if (hasUnzip) {
          const dir = mkdtempSync(join(tmpdir(), 'einvoices-'));
          writeFileSync(join(dir, 'e.zip'), res.bytes);
          const env = { ...process.env, LC_ALL: 'C.UTF-8' };
          const names = execFileSync('unzip', ['-Z1', join(dir, 'e.zip')], { env })
            .toString()
            .trim()
            .split('\n');
          expect(names.sort()).toEqual([
            'fr_hotel_pacano_factur-x.einvoice.xml',
            'fr_hotel_pacano_factur-x.xml.json',
            'fr_hotel_pacano_facturx.einvoice.xml',
            'fr_hotel_pacano_facturx.json',
          ]);
          execFileSync('unzip', ['-q', join(dir, 'e.zip'), '-d', join(dir, 'out')], { env });
          const extracted = readFileSync(join(dir, 'out', 'fr_hotel_pacano_facturx.einvoice.xml'));
          expect(Buffer.compare(extracted, EMBEDDED_XML)).toBe(0);
        }
      });

      it('refuses a selection holding a task without XML, naming it', async () => {
        const res = await post('SdTask/BulkExport', { ...selection([facturX, plain]), exportTypes: [EINVOICE_XML] });
        expect(res.status).toBe(400);
        expect(codeOf(res.json)).toBe(17);
        expect((res.json as ErrorBody).message).toContain('AWS March.pdf');
      });

      it('needs Task.View and stays within the tenant', async () => {
        const body = { ...selection([facturX]), exportTypes: [EINVOICE_XML] };
        expect((await withoutAbility('Task.View', () => post('SdTask/BulkExport', body))).status).toBe(403);
        const globex = await t.tokenFor(GLOBEX_ADMIN);
        expect((await post('SdTask/BulkExport', body, globex)).status).toBe(403);
      });
    });

    it('forgets the XML when the task is processed again and keeps the one read then', async () => {
      const db = t.server.database.db;
      const before = await db
        .selectFrom('tasks')
        .select('einvoice_blob_id')
        .where('id', '=', facturX)
        .executeTakeFirst();
      await setTaskStatus(t, facturX, 30); // queued for pre-processing, as RestartProcessing leaves it
      expect((await processTaskNow(t, facturX)).status).toBe(60);
      const after = await db
        .selectFrom('tasks')
        .select('einvoice_blob_id')
        .where('id', '=', facturX)
        .executeTakeFirst();
      expect(after?.einvoice_blob_id).toBeTruthy();
      expect(after?.einvoice_blob_id).not.toBe(before?.einvoice_blob_id);
      const stale = await db
        .selectFrom('blobs')
        .select('id')
        .where('id', '=', before?.einvoice_blob_id ?? '')
        .executeTakeFirst();
      expect(stale).toBeUndefined();
      expect(Buffer.compare((await viewerExport(facturX, EINVOICE_XML)).bytes, EMBEDDED_XML)).toBe(0);
    });
  });
}
