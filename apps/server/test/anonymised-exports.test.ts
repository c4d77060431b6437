// Anonymised exports over the API: the demo letter imported into the "Anonymise letters" workspace
// and really processed (personal data detected with its boxes), a reviewer's changes saved into
// its document (one region removed, one added), then Viewer/Export and SdTask/BulkExport write the
// burned-in Pdf, Png and Jpeg. pdftotext and tesseract read the files back: exactly the reviewed
// regions are gone, the rest of the letter is still there. Other task types, other tenants and
// callers without Task.View are refused.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/domain/demo-data.js';
import { demoLetter, LETTER_PII } from '../src/testing/demo-letter.js';
import { ocrText, pdfText, readableOf } from '../src/testing/read-back.js';
import { codeOf, type ErrorBody, hasUnzip } from './support/answers.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { importFile, importInvoice, setWorkspaceConfig } from './support/task-import.js';

const ANONYMISE_WS = demoId('workspace:Anonymise letters');
const ADDED = 'Clínica Boavista';

interface StoredEntity {
  category: string;
  keyValues: Array<{ content: string | null; boundingBox?: Record<string, number> | null; pageNumber: number }>;
  [key: string]: unknown;
}

for (const kind of databaseKinds()) {
  describe(`anonymised exports (${kind})`, () => {
    const t = useTestServer(kind);
    let admin: string;
    let letter: string;
    let invoice: string;
    /** What the reviewed document still marks, and what the reviewer let through. */
    let redacted: string[];
    const kept = LETTER_PII.birthDate;

    async function post(url: string, body: unknown, token: string | undefined = admin) {
      const response = await t.server.app.inject({
        method: 'POST',
        url: `/api/v1/${url}`,
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

    /** The reviewer's save: the date of birth is not to be hidden, the clinic's name is. */
    async function review(taskId: string) {
      const db = t.server.database.db;
      const row = await db
        .selectFrom('task_pages')
        .selectAll()
        .where('task_id', '=', taskId)
        .where('page_number', '=', 1)
        .executeTakeFirstOrThrow();
      const document = row.document as { entities: StoredEntity[] };
      // A region the reviewer drew over the clinic's name (first line, 72 pt from the top-left).
      const template = document.entities.find((e) => e.category === 'Email') as StoredEntity;
      const box = { x: 72, y: 72, width: 100, height: 14, left: 72, top: 72, right: 172, bottom: 86 };
      document.entities = document.entities.filter((e) => e.category !== 'DateOfBirth');
      document.entities.push({
        ...template,
        category: 'PersonName',
        keyValues: [{ ...(template.keyValues[0] as StoredEntity['keyValues'][0]), content: ADDED, boundingBox: box }],
      });
      await db
        .updateTable('task_pages')
        .set({ document: JSON.stringify(document), version: row.version + 1 })
        .where('task_id', '=', taskId)
        .where('page_number', '=', 1)
        .execute();
      return document.entities.flatMap((e) => e.keyValues.map((kv) => kv.content ?? ''));
    }

    beforeAll(async () => {
      admin = await t.tokenFor(demoEmail('Administrator'));
      const answer = await importFile(
        t,
        admin,
        { workspaceId: ANONYMISE_WS },
        { fileName: 'Carta.pdf', content: Buffer.from(await demoLetter()), contentType: 'application/pdf' },
      );
      letter = answer.body.result?.taskId as string;
      expect((await processTaskNow(t, letter)).status).toBe(60);
      redacted = await review(letter);
      invoice = await importInvoice(t, admin, { displayName: 'AWS.pdf' });
      expect((await processTaskNow(t, invoice)).status).toBe(60);
    }, 180_000);

    it("detected the letter's personal data for review", () => {
      for (const value of [LETTER_PII.name, LETTER_PII.email, LETTER_PII.phone, LETTER_PII.iban]) {
        expect(redacted).toContain(value);
      }
      expect(redacted).not.toContain(kept);
    });

    it('Pdf: exactly the reviewed regions are gone from the text, in the workspace fill colour', async () => {
      const res = await viewerExport(letter, 7);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/filename="Carta\.pdf"/);
      const text = await pdfText(new Uint8Array(res.bytes));
      expect(readableOf(text, redacted)).toEqual([]);
      expect(text).toContain(kept);
      expect(text).toContain('Resultados da consulta');
    }, 60_000);

    it("Png and Jpeg: OCR reads none of the reviewed regions, and the fill colour is the workspace's", async () => {
      await setWorkspaceConfig(t, ANONYMISE_WS, { anonymizationFillColor: '#c00000' });
      for (const type of [5, 6]) {
        const res = await viewerExport(letter, type);
        expect(res.status).toBe(200);
        expect(res.headers['content-disposition']).toMatch(
          type === 5 ? /filename="Carta\.png"/ : /filename="Carta\.jpg"/,
        );
        const text = await ocrText(new Uint8Array(res.bytes));
        expect(text).toContain('Resultados da consulta');
        expect(readableOf(text, redacted)).toEqual([]);
        expect(squeeze(text)).toContain(squeeze(kept));
      }
      const png = await viewerExport(letter, 5);
      const sharp = (await import('sharp')).default;
      const { data, info } = await sharp(png.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      // The added region's centre, at 150 dpi.
      const at = (Math.round(79 * (150 / 72)) * info.width + Math.round(122 * (150 / 72))) * info.channels;
      expect([data[at], data[at + 1], data[at + 2]]).toEqual([0xc0, 0, 0]);
    }, 120_000);

    it('SdTask/BulkExport zips the anonymised Pdf beside the Json', async () => {
      const res = await post('SdTask/BulkExport', {
        workspaceId: ANONYMISE_WS,
        type: 10,
        allSelected: false,
        taskIdList: [letter],
        exportTypes: [2, 7],
      });
      expect(res.status).toBe(200);
      if (!hasUnzip) return;
      const dir = mkdtempSync(join(tmpdir(), 'anonymised-zip-'));
      writeFileSync(join(dir, 'all.zip'), res.bytes);
      execFileSync('unzip', ['-q', join(dir, 'all.zip'), '-d', join(dir, 'out')]);
      const pdf = readFileSync(join(dir, 'out', 'Carta.pdf'));
      expect(readableOf(await pdfText(new Uint8Array(pdf)), redacted)).toEqual([]);
      // The Json is the reviewed result itself, which still holds the values for the reviewer's records.
      expect(readFileSync(join(dir, 'out', 'Carta.json'), 'utf8')).toContain(LETTER_PII.email);
    }, 60_000);

    it('refuses a task that is not an anonymisation task with ExportDataError (17)', async () => {
      for (const type of [5, 6, 7]) {
        const res = await viewerExport(invoice, type);
        expect(res.status).toBe(400);
        expect(codeOf(res.json)).toBe(17);
        expect((res.json as ErrorBody).message).toMatch(/Invoice task: anonymised exports are for/);
      }
    });

    it('needs Task.View and stays within the tenant', async () => {
      await t.server.database.db
        .insertInto('ability_blacklist')
        .values({ tenant_id: ACME_ID, ability: 'Task.View' })
        .execute();
      try {
        expect((await viewerExport(letter, 7)).status).toBe(403);
      } finally {
        await t.server.database.db.deleteFrom('ability_blacklist').where('tenant_id', '=', ACME_ID).execute();
      }
      const globex = await t.tokenFor(GLOBEX_ADMIN);
      expect((await viewerExport(letter, 7, globex)).status).toBe(404);
      expect((await viewerExport(letter, 7, '')).status).toBe(401);
    });
  });
}

const squeeze = (text: string) => text.replace(/\s+/g, '').toLowerCase();
