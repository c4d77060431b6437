// The document viewer's reads on a really processed task (the invoice PDF through the real stages):
// the page file (whole and by range, a valid one-page PDF), the page's result and OCR boxes, the
// lookup rules (TaskId / ExternalId / FromHistory / WorkspaceId), the contract's error codes,
// permissions and tenants.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf } from '../src/pipeline/documents/pdf/inspect-pdf.js';
import { codeOf, type ErrorBody } from './support/answers.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { GLOBEX_INVOICES_WS, INVOICES_WS, importInvoice, setTaskStatus } from './support/task-import.js';

const hasPdfinfo = spawnSync('pdfinfo', ['-v']).status === 0;

for (const kind of databaseKinds()) {
  describe(`viewer reads (${kind})`, () => {
    const t = useTestServer(kind);
    let admin: string;
    let taskId: string;

    beforeAll(async () => {
      admin = await t.tokenFor(demoEmail('Administrator'));
      taskId = await importInvoice(t, admin, { externalId: 'inv-aws-1' });
      const task = await processTaskNow(t, taskId);
      expect(task.status, task.last_error ?? '').toBe(60);
    }, 120_000);

    /** GET with optional Range header; the body as bytes. */
    async function get(path: string, query: Record<string, string>, token: string | undefined, range?: string) {
      const response = await t.server.app.inject({
        method: 'GET',
        url: `/api/v1/${path}`,
        query,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(range ? { range } : {}) },
      });
      let json: unknown;
      try {
        json = JSON.parse(response.body);
      } catch {}
      return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, json };
    }
    const page = (query: Record<string, string>, token = admin, range?: string) =>
      get('Document/PageDocument', { WorkspaceId: INVOICES_WS, PageNumber: '1', ...query }, token, range);
    const pageAndOcr = (query: Record<string, string>, token = admin) =>
      get('Document/PageAndOCR', { WorkspaceId: INVOICES_WS, PageNumber: '1', ...query }, token);

    describe('Document/PageDocument', () => {
      it('answers page 1 as a valid one-page PDF, inline, named after the task', async () => {
        const res = await page({ TaskId: taskId });
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toMatch(/^inline; filename="AmazonWebServices-p1\.pdf"/);
        expect(res.headers['accept-ranges']).toBe('bytes');
        expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
        const inspection = await inspectPdf(new Uint8Array(res.bytes));
        expect(inspection.pageCount).toBe(1);
        // The page keeps its text layer (the viewer selects text on it).
        expect(inspection.pagesNeedingOcr).toEqual([]);
        if (hasPdfinfo) {
          const file = join(mkdtempSync(join(tmpdir(), 'page-')), 'p1.pdf');
          writeFileSync(file, res.bytes);
          expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Pages:\s+1\n/);
        }
      });

      it('answers a Range request with 206 and exactly those bytes', async () => {
        const whole = await page({ TaskId: taskId });
        const res = await page({ TaskId: taskId }, admin, 'bytes=100-611');
        expect(res.status).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes 100-611/${whole.bytes.length}`);
        expect(res.bytes.length).toBe(512);
        expect(res.bytes.equals(whole.bytes.subarray(100, 612))).toBe(true);
        const tail = await page({ TaskId: taskId }, admin, 'bytes=-10');
        expect(tail.status).toBe(206);
        expect(tail.bytes.equals(whole.bytes.subarray(whole.bytes.length - 10))).toBe(true);
        // A range past the end: the contract declares no 416, so the whole page answers.
        const past = await page({ TaskId: taskId }, admin, `bytes=${whole.bytes.length + 5}-`);
        expect(past.status).toBe(200);
        expect(past.bytes.equals(whole.bytes)).toBe(true);
      });

      it('finds the task by ExternalId; several matches answer MultipleExternalIdMatches (2)', async () => {
        const byExternal = await page({ ExternalId: 'inv-aws-1' });
        expect(byExternal.status).toBe(200);
        const other = await importInvoice(t, admin, { externalId: 'inv-shared' });
        await importInvoice(t, admin, { externalId: 'inv-shared' });
        const res = await page({ ExternalId: 'inv-shared' });
        expect(res.status).toBe(400);
        expect(codeOf(res.json)).toBe(2);
        // TaskId wins and names one of them.
        expect(codeOf((await page({ TaskId: other, ExternalId: 'inv-shared' })).json)).toBe(4);
      });

      it('answers PageOutOfBounds (6) past the last page and NotReadyYet (4) before processing', async () => {
        const res = await page({ TaskId: taskId, PageNumber: '99' });
        expect(res.status).toBe(400);
        expect(codeOf(res.json)).toBe(6);
        expect((res.json as ErrorBody).message).toMatch(/has 1 page\b/);
        const fresh = await importInvoice(t, admin);
        const early = await page({ TaskId: fresh });
        expect(early.status).toBe(400);
        expect(codeOf(early.json)).toBe(4);
      });

      it('refuses bad input with 400: no task named, page 0, a task of another workspace', async () => {
        expect((await page({})).status).toBe(400);
        expect((await page({ TaskId: taskId, PageNumber: '0' })).status).toBe(400);
        expect((await page({ TaskId: 'not-a-uuid' })).status).toBe(400);
        const other = await get(
          'Document/PageDocument',
          { TaskId: taskId, WorkspaceId: GLOBEX_INVOICES_WS, PageNumber: '1' },
          admin,
        );
        expect(other.status).toBe(400);
        expect(codeOf(other.json)).toBe(21);
      });

      it('reads the main table unless FromHistory, and the history only with it', async () => {
        expect((await page({ TaskId: taskId, FromHistory: 'true' })).status).toBe(404);
        await setTaskStatus(t, taskId, 100);
        try {
          expect((await page({ TaskId: taskId })).status).toBe(404);
          expect((await page({ TaskId: taskId, FromHistory: 'true' })).status).toBe(200);
        } finally {
          await setTaskStatus(t, taskId, 60);
        }
      });

      it('needs Viewer.View (a tenant blacklist denies it)', async () => {
        await t.server.database.db
          .insertInto('ability_blacklist')
          .values({ tenant_id: ACME_ID, ability: 'Viewer.View' })
          .execute();
        try {
          expect((await page({ TaskId: taskId })).status).toBe(403);
          expect((await pageAndOcr({ TaskId: taskId })).status).toBe(403);
        } finally {
          await t.server.database.db.deleteFrom('ability_blacklist').where('tenant_id', '=', ACME_ID).execute();
        }
        const anonymous = await get(
          'Document/PageDocument',
          { TaskId: taskId, WorkspaceId: INVOICES_WS, PageNumber: '1' },
          undefined,
        );
        expect(anonymous.status).toBe(401);
      });

      it('shows nothing to another tenant', async () => {
        const globex = await t.tokenFor(GLOBEX_ADMIN);
        expect((await page({ TaskId: taskId }, globex)).status).toBe(404);
        const inOwnWorkspace = await get(
          'Document/PageDocument',
          { TaskId: taskId, WorkspaceId: GLOBEX_INVOICES_WS, PageNumber: '1' },
          globex,
        );
        expect(inOwnWorkspace.status).toBe(404);
        expect((await page({ ExternalId: 'inv-aws-1' }, globex)).status).toBe(404);
      });
    });

    describe('Document/PageAndOCR', () => {
      it("answers the page's fields and OCR words with their boxes", async () => {
        const res = await pageAndOcr({ TaskId: taskId });
        expect(res.status).toBe(200);
        const body = res.json as {
          pageNumber: number;
          totalPages: number;
          page: { version: number; entities: Array<{ category: string; keyValues: Array<{ boundingBox?: unknown }> }> };
          ocr: { entities: Array<{ content?: string; boundingBox?: { width: number } }>; pageSize: { width: number } };
        };
        expect(body.pageNumber).toBe(1);
        expect(body.totalPages).toBe(1);
        expect(typeof body.page.version).toBe('number');
        expect(body.page.entities.length).toBeGreaterThan(0);
        expect(body.page.entities.some((e) => e.keyValues.some((kv) => kv.boundingBox))).toBe(true);
        expect(body.ocr.entities.length).toBeGreaterThan(20);
        expect(body.ocr.pageSize.width).toBeGreaterThan(0);
        const words = JSON.stringify(body.ocr.entities);
        expect(words).toMatch(/Amazon/i);
      });

      it('answers what the reviewers saved and its version', async () => {
        const db = t.server.database.db;
        const row = await db
          .selectFrom('task_pages')
          .selectAll()
          .where('task_id', '=', taskId)
          .executeTakeFirstOrThrow();
        await db
          .updateTable('task_pages')
          .set({ version: row.version + 1 })
          .where('task_id', '=', taskId)
          .execute();
        const body = (await pageAndOcr({ TaskId: taskId })).json as { page: { version: number } };
        expect(body.page.version).toBe(row.version + 1);
      });

      it('answers NotReadyYet (4) before processing, PageOutOfBounds (6) past the end', async () => {
        const fresh = await importInvoice(t, admin);
        const early = await pageAndOcr({ TaskId: fresh });
        expect(early.status).toBe(400);
        expect(codeOf(early.json)).toBe(4);
        const past = await pageAndOcr({ TaskId: taskId, PageNumber: '2' });
        expect(past.status).toBe(400);
        expect(codeOf(past.json)).toBe(6);
        expect((await pageAndOcr({ TaskId: taskId, PageNumber: 'one' })).status).toBe(400);
      });

      it('shows nothing to another tenant', async () => {
        const globex = await t.tokenFor(GLOBEX_ADMIN);
        expect((await pageAndOcr({ TaskId: taskId }, globex)).status).toBe(404);
      });
    });
  });
}
