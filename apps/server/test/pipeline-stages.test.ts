// The processing stages end to end on the real fixtures (fixtures/SOURCES.md): files imported
// through the API (or, for files the import itself refuses, stored as another import path would
// leave them), run through pre-processing, recognition and post-processing with processTaskNow,
// and what the stages stored read back: page files, OCR layers, document results, transcripts,
// waveforms, licence usage, split tasks and the failure statuses with their reasons.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { TasksRepository } from '../src/db/repositories/tasks.js';
import { demoId } from '../src/domain/demo-data.js';
import { fromStoredOcr } from '../src/domain/results/stored-ocr.js';
import type { DocumentResult, OcrPageResult } from '../src/pipeline/documents/index.js';
import {
  type Drawing,
  drawImageCode,
  drawVectorCode,
  pdfPageWith,
} from '../src/pipeline/documents/testing/qr-pages.js';
import { stages } from '../src/pipeline/stages/index.js';
import type { StageContext } from '../src/pipeline/worker/stage.js';
import { blobStorageFor, newStorageKey } from '../src/storage/blob-storage.js';
import { ACME_ID, databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { indexBesideReadBack } from './support/indexed-text.js';
import { testPageThreads } from './support/page-threads.js';
import { processTaskNow } from './support/processed-task.js';
import { CONTRACTS_WS, INVOICES_WS, importFile, setWorkspaceConfig } from './support/task-import.js';

const fixture = (path: string) => readFileSync(join(repoRoot, 'fixtures', path));

/** The document result of a page row, which post-processing must have written. */
function documentOf(page: { document: unknown } | undefined): DocumentResult {
  if (!page?.document) throw new Error('the page has no document result');
  return page.document as DocumentResult;
}

/** The OCR layer of a page row, which recognition must have written. */
function ocrOf(page: { ocr: unknown } | undefined): OcrPageResult {
  if (!page?.ocr) throw new Error('the page has no OCR layer');
  // Read as the API reads it: task_pages.ocr keeps boxes and characters compact (stored-ocr.ts).
  return fromStoredOcr<OcrPageResult>(page.ocr) as OcrPageResult;
}
const MEETINGS_WS = demoId('workspace:Meeting recordings');
/** OCR, speech and page rendering share 2 cores with everyone's tests: generous per-test limits. */
const HEAVY_MS = 240_000;
const ANONYMISE_WS = demoId('workspace:Anonymise letters');
/** A Portuguese fiscal QR code (the engine's test value). */
const PT_QR =
  'A:123456789*B:999999990*C:PT*D:FT*E:N*F:20240115*G:FT A/1*H:ABCD1234-1*I1:PT*I7:100.00*I8:23.00*N:23.00*O:123.00*Q:AbCd*R:1234';
const ACME_LICENCE = demoId('licence:acme');

/** A PDF of `pages` empty Letter pages, written by hand: cheap to make, cheap to count. */
function blankPdf(pages: number): Buffer {
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pages} /Kids [${Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ')}] >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'),
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

for (const kind of databaseKinds()) {
  describe(`processing stages (${kind})`, () => {
    const t = useTestServer(kind, { resetEachTest: true });
    const db = () => t.server.database.db;

    async function importInto(workspaceId: string, path: string | Buffer, fileName?: string) {
      const token = await t.tokenFor(demoEmail('Administrator'));
      const content = typeof path === 'string' ? fixture(path) : path;
      const name = fileName ?? (typeof path === 'string' ? (path.split('/').at(-1) as string) : 'file.pdf');
      const answer = await importFile(t, token, { workspaceId }, { fileName: name, content });
      if (answer.status !== 200 || !answer.body.result) throw new Error(`import failed: ${JSON.stringify(answer)}`);
      return answer.body.result.taskId;
    }

    /** A task whose stored file the import never sniffed (e.g. bytes changed in storage, another import path). */
    async function storedTask(workspaceId: string, fileName: string, bytes: Buffer) {
      const storage = blobStorageFor(t.config);
      const key = newStorageKey();
      await storage.append(key, Readable.from([bytes]));
      const repo = new TasksRepository(db(), ACME_ID);
      const blobId = randomUUID();
      await repo.insertBlob({
        id: blobId,
        storageKey: key,
        fileName,
        contentType: 'application/pdf',
        size: bytes.length,
        sha256: 'not-checked',
        createdBy: null,
      });
      const id = randomUUID();
      await repo.insert({
        id,
        workspaceId,
        batchId: null,
        displayName: fileName,
        description: null,
        externalId: null,
        status: 30,
        createdBy: null,
        createdByClient: null,
        blobId,
        originalFileName: fileName,
        contentType: 'application/pdf',
        fileSize: bytes.length,
        sourceUrl: null,
        priority: null,
        context: null,
        customFormValues: null,
        metadata: null,
        useHigherQuality: false,
        isImportedViaWeb: true,
      });
      return id;
    }

    const pagesOf = (taskId: string) =>
      db().selectFrom('task_pages').selectAll().where('task_id', '=', taskId).orderBy('page_number').execute();
    const blob = (id: string | null) =>
      db()
        .selectFrom('blobs')
        .selectAll()
        .where('id', '=', id as string)
        .executeTakeFirstOrThrow();
    const blobBytes = async (id: string | null) => {
      const row = await blob(id);
      const chunks: Buffer[] = [];
      for await (const chunk of blobStorageFor(t.config).read(row.storage_key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const licence = () =>
      db().selectFrom('licences').selectAll().where('id', '=', ACME_LICENCE).executeTakeFirstOrThrow();
    const usage = (taskId: string) =>
      db().selectFrom('license_usage').selectAll().where('task_id', '=', taskId).execute();
    const events = (taskId: string) =>
      db().selectFrom('task_events').selectAll().where('task_id', '=', taskId).orderBy('created_on').execute();

    describe('documents', () => {
      it('a digital invoice PDF reaches ToReview with its fields, boxes and a one-page PDF per page', {
        timeout: HEAVY_MS,
      }, async () => {
        const before = await licence();
        const taskId = await importInto(INVOICES_WS, 'invoices/AmazonWebServices.pdf');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(60);
        expect(task.last_error).toBeNull();
        expect(task.claimed_by).toBeNull();
        expect(task.file_kind).toBe('pdf');
        expect(task.total_pages).toBe(1);
        expect(task.average_confidence).toBeGreaterThan(0.5);
        expect(task.average_confidence).toBeLessThanOrEqual(1);

        const [page] = await pagesOf(taskId);
        expect(page?.unit).toBe('point');
        expect(page?.width).toBeCloseTo(612, 0);
        const file = await blob(page?.image_blob_id ?? null);
        expect(file.content_type).toBe('application/pdf');
        expect((await blobBytes(file.id)).subarray(0, 5).toString()).toBe('%PDF-');

        const ocr = ocrOf(page);
        expect(ocr.ocrEngine).toBe('pdfminer');
        expect(ocr.entities.length).toBeGreaterThan(50);
        expect(ocr.entities.every((word) => word.confidence === 1)).toBe(true);

        const document = page?.document as unknown as DocumentResult;
        const byKey = new Map(document.entities.map((entity) => [entity.category, entity]));
        // The workspace's own keys (Supplier invoices detects InvoiceId, InvoiceDate, VendorName, VendorTaxId, InvoiceTotal).
        // Ground truth: fixtures/invoices/AmazonWebServices.json.
        expect(byKey.get('InvoiceTotal')?.keyValues[0]?.contentNormalized).toBe('4.11');
        expect(byKey.get('InvoiceId')?.keyValues[0]?.content).toBe('42183017');
        expect(byKey.get('InvoiceDate')?.keyValues[0]?.contentNormalized).toBe('2014-08-03');
        for (const entity of byKey.values()) {
          const value = entity.keyValues[0];
          expect(value?.boundingBox?.width).toBeGreaterThan(0);
          expect(value?.spans?.length).toBeGreaterThan(0);
          expect(value?.confidence).toBeGreaterThan(0);
        }
        // Fields the workspace does not detect are not kept (Currency is not one of its fields).
        expect(byKey.has('Currency')).toBe(false);
        expect(document.tables.length).toBeGreaterThan(0);

        // One page, one credit, one usage row; the licence lost exactly that.
        expect(task.credits_spent).toBe(1);
        expect((await licence()).current_volume).toBe(before.current_volume - 1);
        const [row] = await usage(taskId);
        expect(row).toMatchObject({ total_pages: 1, credits_spent: 1, task_type: 'Invoice', licence_id: ACME_LICENCE });

        const descriptions = (await events(taskId)).map((event) => event.description).join('\n');
        expect(descriptions).toMatch(/pre-processing finished: 1 page \(PDF\)/);
        expect(descriptions).toMatch(/QueuedForPostProcessing \(50\) to PostProcessingInProgress \(51\)/);
        expect(descriptions).toMatch(/ready for review/);
      });

      it('a scanned PNG invoice is read by OCR: words with boxes and confidences, fields found', {
        timeout: HEAVY_MS,
      }, async () => {
        const taskId = await importInto(INVOICES_WS, 'images/invoice2data/AmazonWebServices.png');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(60);
        const [page] = await pagesOf(taskId);
        expect(page?.unit).toBe('pixel');
        const file = await blob(page?.image_blob_id ?? null);
        // A PNG page is stored as it came.
        expect(file.content_type).toBe('image/png');
        expect((await blobBytes(file.id)).equals(fixture('images/invoice2data/AmazonWebServices.png'))).toBe(true);
        const ocr = ocrOf(page);
        expect(ocr.ocrEngine).toBe('tesseract');
        const words = ocr.entities.map((word) => word.text.toLowerCase());
        expect(words).toContain('invoice');
        expect(ocr.entities.some((word) => (word.confidence ?? 1) < 1)).toBe(true);
        expect(ocr.entities.every((word) => word.boundingBox.width > 0)).toBe(true);
        const document = page?.document as unknown as DocumentResult;
        expect(
          document.entities.find((entity) => entity.category === 'InvoiceTotal')?.keyValues[0]?.contentNormalized,
        ).toBe('4.11');
      });

      it('a multi-page TIFF becomes one PNG page per frame, each OCRed', { timeout: HEAVY_MS }, async () => {
        const frame = (path: string) =>
          sharp(fixture(path))
            .resize(900, 600, { fit: 'contain', background: '#ffffff' })
            .flatten({ background: '#ffffff' })
            .png()
            .toBuffer();
        const tiff = await sharp(
          [await frame('images/tesseractjs/testocr.png'), await frame('images/tesseractjs/simple.png')],
          {
            join: { animated: true },
          },
        )
          .tiff()
          .toBuffer();
        const taskId = await importInto(INVOICES_WS, tiff, 'two-frames.tiff');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(60);
        expect(task.total_pages).toBe(2);
        const pages = await pagesOf(taskId);
        expect(pages.map((page) => page.page_number)).toEqual([1, 2]);
        for (const page of pages) expect((await blob(page.image_blob_id)).content_type).toBe('image/png');
        const text = (n: number) =>
          ocrOf(pages[n])
            .entities.map((word) => word.text.toLowerCase())
            .join(' ');
        expect(text(0)).toContain('quick');
        expect(text(1)).not.toContain('quick');
        expect(text(1).length).toBeGreaterThan(0);
      });

      it('a multi-page PDF gets one page file per page with its own size, and the text of each page', {
        timeout: HEAVY_MS,
      }, async () => {
        const taskId = await importInto(CONTRACTS_WS, 'pdfs/multipage/federal-register-2020-17221.pdf');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(60);
        expect(task.total_pages).toBe(15);
        const pages = await pagesOf(taskId);
        expect(pages.map((page) => page.page_number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
        const ids = new Set(pages.map((page) => page.image_blob_id));
        expect(ids.size).toBe(15);
        const first = await blobBytes(pages[0]?.image_blob_id ?? null);
        // Each page file is a one-page PDF.
        expect(first.toString('latin1')).toMatch(/\/Count 1\b/);
        for (const page of pages) expect((page.ocr as unknown as OcrPageResult).entities.length).toBeGreaterThan(0);
        expect(task.credits_spent).toBe(15);
        // The search index got each page's text from the pages the stage held: what the pages read back make.
        const { indexed, readBack } = await indexBesideReadBack(db(), taskId);
        expect(indexed.filter((entry) => entry.source === 'page').map((entry) => entry.pageNumber)).toEqual(
          pages.map((page) => page.page_number),
        );
        expect(indexed).toEqual(readBack);
      });

      it('splits a long PDF into chunk tasks of a SplitTask batch when the workspace asks for it', {
        timeout: HEAVY_MS,
      }, async () => {
        await setWorkspaceConfig(t, CONTRACTS_WS, { splitSettings: { isEnabled: true, pagesPerChunk: 6 } });
        const before = await licence();
        const taskId = await importInto(CONTRACTS_WS, 'pdfs/multipage/federal-register-2020-17221.pdf');
        const source = await processTaskNow(t, taskId);
        expect(source.status).toBe(101);
        expect(await pagesOf(taskId)).toEqual([]);
        const children = await db()
          .selectFrom('tasks')
          .selectAll()
          .where('split_source_id', '=', taskId)
          .orderBy('split_first_page')
          .execute();
        expect(children.map((child) => [child.split_first_page, child.split_last_page, child.status])).toEqual([
          [1, 6, 30],
          [7, 12, 30],
          [13, 15, 30],
        ]);
        const batch = await db()
          .selectFrom('batches')
          .selectAll()
          .where('id', '=', children[0]?.batch_id as string)
          .executeTakeFirstOrThrow();
        expect(batch.batch_type).toBe(20);
        expect(new Set(children.map((child) => child.batch_id)).size).toBe(1);
        // The source paid for its 15 pages once; the chunks pay nothing more.
        expect((await licence()).current_volume).toBe(before.current_volume - 15);

        const last = await processTaskNow(t, children[2]?.id as string);
        expect(last.status).toBe(60);
        expect(last.total_pages).toBe(3);
        const pages = await pagesOf(last.id);
        expect(pages.map((page) => page.page_number)).toEqual([1, 2, 3]);
        expect((await licence()).current_volume).toBe(before.current_volume - 15);
        // Page 1 of the chunk is page 13 of the source.
        const sourceText = (await processPlain(taskId)).at(12);
        expect(
          ocrOf(pages[0])
            .entities.slice(0, 5)
            .map((w) => w.text),
        ).toEqual(sourceText?.slice(0, 5));
      });

      it('does not split when the workspace does not ask for it, nor a task type that cannot be split', async () => {
        await setWorkspaceConfig(t, CONTRACTS_WS, { splitSettings: { isEnabled: false, pagesPerChunk: 2 } });
        const taskId = await importInto(CONTRACTS_WS, 'invoices/AzureInterior.pdf');
        expect((await processTaskNow(t, taskId, { maxStages: 1 })).status).toBe(40);
      });

      it('reads QR codes from the page image: the Portuguese fiscal QR as a QrCodePt group', {
        timeout: HEAVY_MS,
      }, async () => {
        const qr = await QRCode.toBuffer(PT_QR, { type: 'png', width: 360, margin: 4 });
        const page = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#ffffff' } })
          .composite([
            { input: fixture('images/tesseractjs/testocr.png'), left: 20, top: 20 },
            { input: qr, left: 600, top: 600 },
          ])
          .png()
          .toBuffer();
        const taskId = await importInto(INVOICES_WS, page, 'receipt-with-qr.png');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(60);
        const [row] = await pagesOf(taskId);
        const qrEntity = documentOf(row).entities.find((entity) => entity.qrCode);
        expect(qrEntity).toMatchObject({ category: 'QrCodePt', groupName: 'QrCodePt', pageNumber: 1 });
        const fields = Object.fromEntries((qrEntity?.qrCode?.keyValues ?? []).map((kv) => [kv.category, kv.content]));
        expect(fields).toMatchObject({ A: '123456789', H: 'ABCD1234-1' });
        expect(qrEntity?.qrCode?.boundingBox?.left).toBeGreaterThan(550);
      });

      it('reads the QR codes a PDF page draws as vector squares and as an image, boxes in points', {
        timeout: HEAVY_MS,
      }, async () => {
        const pdf = await pdfPageWith(
          drawVectorCode(PT_QR, { x: 400, y: 560, module: 2.5 }),
          drawImageCode('https://example.com/pay/FT-A-1', { x: 60, y: 600, size: 110 }),
        );
        const taskId = await importInto(INVOICES_WS, Buffer.from(pdf), 'invoice-with-codes.pdf');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(60);
        const [row] = await pagesOf(taskId);
        const codes = documentOf(row).entities.filter((entity) => entity.qrCode);
        const byContent = new Map(codes.map((entity) => [entity.qrCode?.content, entity]));
        expect([...byContent.keys()].sort()).toEqual(['https://example.com/pay/FT-A-1', PT_QR].sort());
        expect(byContent.get(PT_QR)).toMatchObject({ category: 'QrCodePt', pageNumber: 1 });
        expect(byContent.get(PT_QR)?.qrCode?.boundingBox?.left).toBeGreaterThan(396);
        expect(byContent.get(PT_QR)?.qrCode?.boundingBox?.left).toBeLessThan(404);
        expect(byContent.get('https://example.com/pay/FT-A-1')?.qrCode?.boundingBox?.left).toBeGreaterThan(60);
        expect(byContent.get('https://example.com/pay/FT-A-1')?.qrCode?.boundingBox?.right).toBeLessThan(170);
      });

      it('reads the QR codes of every page of a longer document, each on its own page', {
        timeout: HEAVY_MS,
      }, async () => {
        // Six pages: more than pre-processing reads early in one job, so recognition starts the read.
        const page =
          (text: string): Drawing =>
          (doc) => {
            doc.addPage({ size: 'A4', margin: 0 });
            doc.fontSize(14).text(text, 72, 72);
          };
        const pdf = await pdfPageWith(
          page('Page 2 of the invoice'),
          drawVectorCode(PT_QR, { x: 400, y: 560, module: 2.5 }),
          page('Page 3'),
          page('Page 4'),
          page('Page 5'),
          page('Page 6: pay here'),
          drawVectorCode('https://example.com/pay/FT-A-6', { x: 80, y: 500, module: 3 }),
        );
        const taskId = await importInto(INVOICES_WS, Buffer.from(pdf), 'invoice-six-pages.pdf');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(60);
        expect(task.total_pages).toBe(6);
        const codes = (await pagesOf(taskId)).flatMap((row) =>
          documentOf(row)
            .entities.filter((entity) => entity.qrCode)
            .map((entity) => [row.page_number, entity.pageNumber, entity.qrCode?.content]),
        );
        expect(codes).toEqual([
          [2, 2, PT_QR],
          [6, 6, 'https://example.com/pay/FT-A-6'],
        ]);
      });

      it('finds personal data for anonymisation, and no invoice fields there', { timeout: HEAVY_MS }, async () => {
        const taskId = await importInto(ANONYMISE_WS, 'invoices/QualityHosting.pdf');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(60);
        const entities = (await pagesOf(taskId)).flatMap((page) => documentOf(page).entities);
        const found = entities.map((entity) => [entity.category, entity.keyValues[0]?.content]);
        expect(found).toEqual(
          expect.arrayContaining([
            ['Email', 'info@qualityhosting.de'],
            ['Iban', expect.stringMatching(/^DE30/)],
          ]),
        );
        expect(entities.every((entity) => entity.type === 'pii')).toBe(true);
        expect(entities.every((entity) => (entity.keyValues[0]?.boundingBox?.width ?? 0) > 0)).toBe(true);
      });

      it('skips review for file types the workspace lets skip it', async () => {
        await setWorkspaceConfig(t, CONTRACTS_WS, { fileTypesToSkipReview: ['.pdf'] });
        const taskId = await importInto(CONTRACTS_WS, 'edge_cases/pdf/crazyones.pdf');
        const task = await processTaskNow(t, taskId, { maxStages: 3 });
        expect(task.status).toBe(90);
      });
    });

    /** Words per page of the source file's text layer, read straight from the engine (for comparisons). */
    async function processPlain(taskId: string): Promise<string[][]> {
      const { extractPdfText } = await import('../src/pipeline/documents/index.js');
      const task = await db().selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
      const pages = await extractPdfText(new Uint8Array(await blobBytes(task.blob_id)));
      return pages.map((page) => page.words.map((word) => word.text));
    }

    describe('media', () => {
      it('an audio recording gets its facts, its waveform peaks and a transcript', {
        timeout: HEAVY_MS,
      }, async () => {
        const taskId = await importInto(MEETINGS_WS, 'audio/jfk.wav');
        const task = await processTaskNow(t, taskId);
        expect(task.last_error).toBeNull();
        expect(task.status).toBe(60);
        expect(task.file_kind).toBe('audio');
        expect(task.media_duration_ms).toBeGreaterThan(10_500);
        expect(task.media_duration_ms).toBeLessThan(11_500);
        // 11 s is one started minute.
        expect(task.credits_spent).toBe(1);
        const media = await db()
          .selectFrom('task_media')
          .selectAll()
          .where('task_id', '=', taskId)
          .executeTakeFirstOrThrow();
        expect(media.engine).toBe('pocketsphinx');
        // The contract's WaveformPeaks document (audiowaveform JSON, version 2).
        const waveform = JSON.parse((await blobBytes(media.waveform_blob_id)).toString()) as {
          version: number;
          channels: number;
          sample_rate: number;
          samples_per_pixel: number;
          bits: number;
          length: number;
          data: number[];
        };
        expect(waveform.version).toBe(2);
        expect(waveform.channels).toBe(1);
        expect((waveform.length * waveform.samples_per_pixel) / waveform.sample_rate).toBeCloseTo(11, 0);
        expect(waveform.data).toHaveLength(waveform.length * waveform.channels * 2);
        expect(waveform.length).toBeGreaterThan(250);
        expect(Math.max(...waveform.data.map(Math.abs))).toBeLessThanOrEqual(2 ** (waveform.bits - 1));
        const transcript = media.transcript as unknown as {
          transcripts: Array<{ children: Array<{ text: string }> }>;
          speakers: unknown[];
        };
        const words = transcript.transcripts.flatMap((item) => item.children.map((word) => word.text.toLowerCase()));
        expect(words).toEqual(expect.arrayContaining(['country']));
        expect(transcript.speakers.length).toBe(1);
      });

      it('uses the Whisper-compatible service when WHISPER_URL is set (Portuguese included)', {
        timeout: HEAVY_MS,
      }, async () => {
        // A stand-in for the service: it answers what OpenAI's verbose_json looks like and
        // records what it was sent, so the test sees the stage choose and call the adapter.
        const received: string[] = [];
        const service = createServer((request, response) => {
          let body = '';
          request.on('data', (chunk) => {
            body += chunk.toString('latin1');
          });
          request.on('end', () => {
            received.push(`${request.method} ${request.url} ${/name="language"\r\n\r\n(\w+)/.exec(body)?.[1]}`);
            response.setHeader('content-type', 'application/json');
            response.end(
              JSON.stringify({
                language: 'portuguese',
                duration: 11,
                text: 'Olá a todos.',
                words: [
                  { word: 'Olá', start: 0.5, end: 0.9 },
                  { word: 'a', start: 1.0, end: 1.1 },
                  { word: 'todos.', start: 1.2, end: 1.7 },
                ],
              }),
            );
          });
        });
        await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
        const previous = process.env.WHISPER_URL;
        process.env.WHISPER_URL = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
        try {
          await setWorkspaceConfig(t, MEETINGS_WS, { languages: { languageCode: 'pt' } });
          const taskId = await importInto(MEETINGS_WS, 'audio/jfk.wav');
          const task = await processTaskNow(t, taskId);
          expect(task.status, task.last_error ?? '').toBe(60);
          expect(received).toEqual(['POST /v1/audio/transcriptions pt']);
          const media = await db()
            .selectFrom('task_media')
            .selectAll()
            .where('task_id', '=', taskId)
            .executeTakeFirstOrThrow();
          expect(media.engine).toBe('whisper-http');
          const transcript = media.transcript as unknown as {
            transcripts: Array<{ children: Array<{ text: string }> }>;
          };
          expect(transcript.transcripts.flatMap((item) => item.children.map((word) => word.text))).toEqual([
            'Olá',
            'a',
            'todos.',
          ]);
        } finally {
          if (previous === undefined) delete process.env.WHISPER_URL;
          else process.env.WHISPER_URL = previous;
          await new Promise((resolve) => service.close(resolve));
        }
      });

      it('a language pocketsphinx cannot transcribe is RecognizingFailed with the reason, never faked', async () => {
        await setWorkspaceConfig(t, MEETINGS_WS, { languages: { languageCode: 'pt-PT' } });
        const taskId = await importInto(MEETINGS_WS, 'audio/jfk.mp3');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(42);
        expect(task.last_error).toMatch(/^Speech recognition is not configured: /);
        const media = await db()
          .selectFrom('task_media')
          .selectAll()
          .where('task_id', '=', taskId)
          .executeTakeFirstOrThrow();
        expect(media.transcript).toBeNull();
      });
    });

    describe('licences', () => {
      it('no valid licence: PreProcessingLicenseExpired, nothing stored, nothing spent', async () => {
        await db()
          .updateTable('licences')
          .set({ expiration_date: new Date(Date.now() - 86_400_000) })
          .where('id', '=', ACME_LICENCE)
          .execute();
        const taskId = await importInto(INVOICES_WS, 'invoices/oyo.pdf');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(37);
        expect(task.last_error).toMatch(/licence expired on \d{4}-\d{2}-\d{2}/);
        expect(await pagesOf(taskId)).toEqual([]);
        expect(await usage(taskId)).toEqual([]);

        await db().deleteFrom('licences').where('tenant_id', '=', ACME_ID).execute();
        const second = await processTaskNow(t, await importInto(INVOICES_WS, 'invoices/oyo.pdf'));
        expect(second.status).toBe(37);
        expect(second.last_error).toBe('The tenant has no licence; activate a licence to process files.');
      });

      it('not enough volume: PreProcessingInsufficientVolume, the volume untouched', async () => {
        await db().updateTable('licences').set({ current_volume: 10 }).where('id', '=', ACME_LICENCE).execute();
        const taskId = await importInto(CONTRACTS_WS, 'pdfs/multipage/federal-register-2020-17221.pdf');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(36);
        expect(task.last_error).toMatch(/needs 15 credits \(15 pages × 1\) but the licence has 10 credits left/);
        expect((await licence()).current_volume).toBe(10);
        expect(await pagesOf(taskId)).toEqual([]);
      });

      it("charges pages × the workspace's credit multiplier", async () => {
        await setWorkspaceConfig(t, INVOICES_WS, { creditsMultiplierPerUnit: 2.5 });
        const before = await licence();
        const taskId = await importInto(INVOICES_WS, 'invoices/oyo.pdf');
        const task = await processTaskNow(t, taskId, { maxStages: 1 });
        expect(task.status).toBe(40);
        const [row] = await usage(taskId);
        expect(row).toMatchObject({ credits_spent: 2.5, credits_cost: 2.5, total_pages: 1 });
        expect((await licence()).current_volume).toBe(before.current_volume - 2.5);
        expect(row?.current_volume).toBe(before.current_volume - 2.5);
      });
    });

    describe('limits and faults', () => {
      it('pre-processing stopped half-way leaves no page file behind: no blob row, no bytes', async () => {
        const id = await storedTask(INVOICES_WS, 'six-pages.pdf', blankPdf(6));
        // Files only: the storage's two-letter folders stay once made.
        const blobFiles = () =>
          readdirSync(join(t.config.dataDir, 'blobs'), { recursive: true, withFileTypes: true }).filter((entry) =>
            entry.isFile(),
          ).length;
        const blobRows = async () => (await db().selectFrom('blobs').select('id').execute()).length;
        const [filesBefore, rowsBefore] = [blobFiles(), await blobRows()];
        const task = await db()
          .updateTable('tasks')
          .set({ status: 31, claimed_by: 'w-stopped', lease_until: new Date(Date.now() + 60_000) })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        // The claim is lost after the third page file: the stage stops there.
        let beats = 0;
        const context: StageContext = {
          db: db(),
          storage: blobStorageFor(t.config),
          config: t.config,
          threads: testPageThreads(),
          task,
          workerId: 'w-stopped',
          signal: new AbortController().signal,
          heartbeat: async () => {
            if (++beats > 3) throw new Error('Worker w-stopped no longer holds the task.');
          },
          note: async () => undefined,
        };
        const preProcessing = stages.find((stage) => stage.name === 'pre-processing');
        await expect(preProcessing?.run(context)).rejects.toThrow(/no longer holds/);
        expect(beats).toBeGreaterThan(3);
        expect(await db().selectFrom('task_pages').select('page_number').where('task_id', '=', id).execute()).toEqual(
          [],
        );
        expect(await blobRows()).toBe(rowsBefore);
        expect(blobFiles()).toBe(filesBefore);
      });

      it('refuses more than 2,000 pages before doing any work', async () => {
        const taskId = await importInto(CONTRACTS_WS, blankPdf(2001), 'huge.pdf');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(32);
        expect(task.last_error).toBe(
          "'huge.pdf' has 2,001 pages; at most 2,000 pages can be processed. Split the file and import the parts.",
        );
        expect(await pagesOf(taskId)).toEqual([]);
        expect(await usage(taskId)).toEqual([]);
      });

      const faults: Array<[string, () => Buffer, number, RegExp]> = [
        ['an empty file', () => Buffer.alloc(0), 32, /^The file 'fault.pdf' is empty \(0 bytes\)/],
        [
          'a text file named .pdf',
          () => fixture('edge_cases/pdf/crazyones.txt'),
          405,
          /^The content of 'fault.pdf' is not a PDF, an image, audio or video/,
        ],
        [
          'random bytes named .pdf',
          () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)),
          405,
          /cannot be converted to PDF/,
        ],
        [
          'a truncated (corrupt) PDF',
          () => fixture('edge_cases/pdf/crazyones.pdf').subarray(0, 300),
          35,
          /PDF is damaged|has no pages/,
        ],
        [
          'an encrypted PDF',
          () => fixture('edge_cases/pdf/crazyones-encrypted-256.pdf'),
          32,
          /The PDF is encrypted and no password was given\. 'fault\.pdf' is protected by a password/,
        ],
        [
          'a truncated PNG',
          () => fixture('edge_cases/images/truncated_image.png'),
          35,
          /image is damaged|cannot be read/,
        ],
        [
          'a decompression bomb',
          () => fixture('edge_cases/images/decompression_bomb.gif'),
          400,
          /too large to process safely/,
        ],
      ];
      for (const [what, bytes, status, reason] of faults) {
        it(`${what} → ${status} with a reason`, async () => {
          const taskId = await storedTask(INVOICES_WS, 'fault.pdf', bytes());
          const task = await processTaskNow(t, taskId);
          expect(task.status).toBe(status);
          expect(task.last_error).toMatch(reason);
          expect(task.claimed_by).toBeNull();
          expect(await pagesOf(taskId)).toEqual([]);
          expect(await usage(taskId)).toEqual([]);
          const last = (await events(taskId)).at(-1);
          expect(last?.description).toContain(task.last_error as string);
        });
      }

      it('a PNG named .pdf is processed as the image it is', { timeout: HEAVY_MS }, async () => {
        const taskId = await importInto(INVOICES_WS, 'images/tesseractjs/simple.png', 'scan.pdf');
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(60);
        expect(task.file_kind).toBe('image');
      });

      it('a recording sent to a document workspace is refused with the reason', async () => {
        const taskId = await storedTask(INVOICES_WS, 'talk.pdf', fixture('audio/jfk.wav'));
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(32);
        expect(task.last_error).toBe(
          "'talk.pdf' is an audio recording, but the workspace 'Supplier invoices' processes documents.",
        );
      });

      it('a restarted task starts again from its file without paying twice', { timeout: HEAVY_MS }, async () => {
        const taskId = await importInto(INVOICES_WS, 'invoices/oyo.pdf');
        await processTaskNow(t, taskId);
        const before = await licence();
        const pagesBefore = await pagesOf(taskId);
        // An e-invoice XML and a translation kept from the first run (as another file or task type would leave).
        const storage = blobStorageFor(t.config);
        const xmlKey = newStorageKey();
        await storage.append(xmlKey, Readable.from([Buffer.from('<Invoice/>')]));
        const xmlBlobId = randomUUID();
        await new TasksRepository(db(), ACME_ID).insertBlob({
          id: xmlBlobId,
          storageKey: xmlKey,
          fileName: 'invoice.xml',
          contentType: 'application/xml',
          size: 10,
          sha256: 'not-checked',
          createdBy: null,
        });
        await db()
          .updateTable('tasks')
          .set({
            status: 30,
            einvoice_blob_id: xmlBlobId,
            translation: JSON.stringify({ from: 'en', to: 'pt', engine: 'test' }),
          })
          .where('id', '=', taskId)
          .execute();
        const task = await processTaskNow(t, taskId);
        expect(task.status).toBe(60);
        expect(task.einvoice_blob_id).toBeNull();
        expect(task.translation).toBeNull();
        expect(await db().selectFrom('blobs').select('id').where('id', '=', xmlBlobId).execute()).toEqual([]);
        const xmlLeft = await (async () => {
          try {
            for await (const _ of storage.read(xmlKey)) return true;
            return true;
          } catch {
            return false;
          }
        })();
        expect(xmlLeft).toBe(false);
        const pagesAfter = await pagesOf(taskId);
        expect(pagesAfter).toHaveLength(pagesBefore.length);
        // The first run's page files are gone with their blobs.
        const old = await db()
          .selectFrom('blobs')
          .select('id')
          .where(
            'id',
            'in',
            pagesBefore.map((page) => page.image_blob_id as string),
          )
          .execute();
        expect(old).toEqual([]);
        expect((await licence()).current_volume).toBe(before.current_volume);
        expect(await usage(taskId)).toHaveLength(1);
      });
    });
  });
}
