// Recognition reads a digital document's text layers from the document's own file (a pdftotext run
// per range of pages) where it used to read each page file: what it stores for every page is what
// reading the page files alone gives — poppler's words where it serves the page, pdf.js's where it
// does not (crop boxes, rotated pages) —, for a whole document and for a chunk of a split one, whose
// page 1 is a later page of the shared file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { readTextLayers, recognizePageFile } from '../src/pipeline/documents/recognize-page.js';
import { reshapePdf } from '../src/pipeline/documents/testing/reshaped-pdf.js';
import { toStoredOcrPage } from '../src/pipeline/documents/text/to-ocr-result.js';
import { blobStorageFor } from '../src/storage/blob-storage.js';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { CONTRACTS_WS, importFile, setWorkspaceConfig } from './support/task-import.js';

const HEAVY_MS = 240_000;

/** A real 15-page document with pages cropped and turned as other producers leave them. */
const reshapedDocument = () =>
  reshapePdf(new Uint8Array(readFileSync(join(repoRoot, 'fixtures/pdfs/multipage/federal-register-2020-17221.pdf'))), [
    { page: 2, cropBox: { left: 36, bottom: 72, right: 560, top: 740 } },
    { page: 3, rotate: 90 },
    { page: 8, rotate: 180, cropBox: { left: 0, bottom: 100, right: 500, top: 792 } },
    { page: 10, rotate: 270 },
    { page: 11, cropBox: { left: 20, bottom: 20, right: 590, top: 770 } },
  ]);

/**
 * `value` with every number matched to within 0.05: stored boxes keep 0.01 pt, and a page file's
 * boxes are the file's written by PDFium in 32-bit floats, which can tip a rounding.
 */
const near = (value: unknown): unknown => {
  if (typeof value === 'number') return expect.closeTo(value, 1);
  if (Array.isArray(value)) return value.map(near);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, near(item)]));
  }
  return value;
};

/** A stored page without the time its reading took. */
const withoutTime = (ocr: unknown): Record<string, unknown> => ({
  ...(ocr as Record<string, unknown>),
  elapsedTime: 0,
});

for (const kind of databaseKinds()) {
  describe(`text layers from the document's file (${kind})`, () => {
    const t = useTestServer(kind, { resetEachTest: true });
    const db = () => t.server.database.db;

    async function importDocument(bytes: Uint8Array): Promise<string> {
      const token = await t.tokenFor(demoEmail('Administrator'));
      const answer = await importFile(
        t,
        token,
        { workspaceId: CONTRACTS_WS },
        { fileName: 'reshaped.pdf', content: Buffer.from(bytes) },
      );
      if (answer.status !== 200 || !answer.body.result) throw new Error(`import failed: ${JSON.stringify(answer)}`);
      return answer.body.result.taskId;
    }

    const pageRows = (taskId: string) =>
      db()
        .selectFrom('task_pages as p')
        .innerJoin('blobs as b', 'b.id', 'p.image_blob_id')
        .select(['p.page_number', 'p.width', 'p.height', 'p.unit', 'p.rotation', 'p.ocr', 'b.storage_key'])
        .where('p.task_id', '=', taskId)
        .orderBy('p.page_number')
        .execute();

    /**
     * Pre-processing and recognition of the task: each page as recognition stored it, and as reading
     * its page file alone gives it — poppler on an upright page file, pdf.js where poppler cannot
     * serve, as recognition read every page before.
     */
    async function recognisedAndFromPageFiles(taskId: string) {
      expect((await processTaskNow(t, taskId, { maxStages: 1 })).status).toBe(40);
      const before = await pageRows(taskId);
      expect((await processTaskNow(t, taskId, { maxStages: 1 })).status).toBe(50);
      const storage = blobStorageFor(t.config);
      const expected = [];
      for (const row of before) {
        const page = {
          bytes: new Uint8Array(await storage.readAll(row.storage_key)),
          contentType: 'application/pdf',
          pageNumber: row.page_number,
          width: Number(row.width),
          height: Number(row.height),
        };
        const [layer] = row.rotation === 0 ? await readTextLayers([page]) : [null];
        const text = layer ?? (await recognizePageFile('pdfminer', page, ['en']));
        expected.push({
          ocr: withoutTime(JSON.parse(JSON.stringify(toStoredOcrPage(text)))),
          width: text.pageSize.width,
          height: text.pageSize.height,
          unit: text.pageSize.unit,
          rotation: (row.rotation + (text.orientation ?? 0)) % 360,
        });
      }
      const stored = (await pageRows(taskId)).map((row) => ({
        ocr: withoutTime(row.ocr),
        width: Number(row.width),
        height: Number(row.height),
        unit: row.unit,
        rotation: row.rotation,
      }));
      return { stored, expected, rotations: before.map((row) => row.rotation) };
    }

    it('stores for every page the words its page file gives', { timeout: HEAVY_MS }, async () => {
      const taskId = await importDocument(await reshapedDocument());
      const { stored, expected, rotations } = await recognisedAndFromPageFiles(taskId);
      expect(rotations).toEqual([0, 0, 90, 0, 0, 0, 0, 180, 0, 270, 0, 0, 0, 0, 0]);
      expect(stored).toEqual(near(expected));
      for (const page of stored) expect((page.ocr.entities as unknown[]).length).toBeGreaterThan(0);
    });

    it("stores for a chunk of a split file the words of its own pages' files", { timeout: HEAVY_MS }, async () => {
      await setWorkspaceConfig(t, CONTRACTS_WS, { splitSettings: { isEnabled: true, pagesPerChunk: 6 } });
      const sourceId = await importDocument(await reshapedDocument());
      expect((await processTaskNow(t, sourceId)).status).toBe(101);
      const chunk = await db()
        .selectFrom('tasks')
        .select('id')
        .where('split_source_id', '=', sourceId)
        .where('split_first_page', '=', 7)
        .executeTakeFirstOrThrow();
      const { stored, expected, rotations } = await recognisedAndFromPageFiles(chunk.id);
      // Pages 7–12 of the file: page 2 of the chunk is the file's page 8.
      expect(rotations).toEqual([0, 180, 0, 270, 0, 0]);
      expect(stored).toEqual(near(expected));
    });
  });
}
