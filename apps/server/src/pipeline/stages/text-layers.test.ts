import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { TaskRow } from '../../db/schema.js';
import { type FilePdfPage, NOT_READ, type SizedPdfPage } from '../documents/recognize-page.js';
import type { RecognizedPage } from '../threads/page-work.js';
import type { StageContext } from '../worker/stage.js';
import type { StageStore } from './task-store.js';
import { MAX_FILE_BYTES_PER_PAGE, type PageRow, popplerTextLayers, TaskDocumentFile } from './text-layers.js';

const PDF = new TextEncoder().encode('%PDF-1.7\n% the document\n');

/** A page read by poppler, told apart by where it was read from. */
const layer = (pageNumber: number, from: string) =>
  ({ engine: 'pdfminer', storedOcr: `${from} ${pageNumber}` }) as RecognizedPage;

function row(pageNumber: number, change: Partial<PageRow> = {}): PageRow {
  return {
    page_number: pageNumber,
    width: 612,
    height: 792,
    unit: 'point',
    rotation: 0,
    image_blob_id: `blob-${pageNumber}`,
    storage_key: `key-${pageNumber}`,
    content_type: 'application/pdf',
    ...change,
  };
}

/**
 * A store of the task's file (under the key "document", of `size` bytes as its blob row says) and
 * its page files (each page file's bytes: its page number), recording the files it reads.
 */
function fakeStore(source: Uint8Array | Error, size = source instanceof Error ? 1 : source.length) {
  const reads: string[] = [];
  const store = {
    async blobKey(blobId: string) {
      if (source instanceof Error) throw source;
      return { key: 'document', size, fileName: `${blobId}.pdf`, contentType: 'application/pdf' };
    },
    async readStored(key: string) {
      reads.push(key);
      if (key === 'document') return source;
      return new Uint8Array([Number(key.slice('key-'.length))]);
    },
  } as unknown as StageStore;
  return { store, reads };
}

/**
 * Threads whose file reader answers NOT_READ for the file pages in `failing` (and null for those in
 * `unusable`), recording each job with the pages it got.
 */
function fakeContext(size: number, options: { failing?: number[]; unusable?: number[] } = {}) {
  const jobs: string[] = [];
  const files: string[] = [];
  const threads = {
    size,
    async readFileTextLayers({ path, pages }: { path: string; pages: FilePdfPage[] }) {
      // Recorded as called, in order, before anything is awaited.
      jobs.push(`file ${pages.map((page) => `${page.pageNumber}:${page.sourcePage}`).join(' ')}`);
      files.push(await readFile(path, 'utf8'));
      return pages.map((page) => {
        if (options.failing?.includes(page.sourcePage)) return NOT_READ;
        if (options.unusable?.includes(page.sourcePage)) return null;
        return layer(page.pageNumber, 'file');
      });
    },
    async readTextLayers({ pages }: { pages: SizedPdfPage[] }) {
      jobs.push(`page files ${pages.map((page) => `${page.pageNumber}:${page.bytes[0]}`).join(' ')}`);
      return pages.map((page) => layer(page.pageNumber, 'page file'));
    },
  };
  return { context: { threads } as unknown as StageContext, jobs, files };
}

const task = (change: Partial<TaskRow> = {}) =>
  ({ blob_id: 'source', file_kind: 'pdf', split_first_page: null, ...change }) as TaskRow;

const read = (layers: Map<number, RecognizedPage | null>) =>
  Object.fromEntries([...layers].map(([pageNumber, found]) => [pageNumber, found?.storedOcr ?? null]));

describe("text layers read from the task's file", () => {
  it("reads a window's pages from the file, split over the threads, and writes the file once", async () => {
    const { store, reads } = fakeStore(PDF);
    const { context, jobs, files } = fakeContext(2);
    const file = new TaskDocumentFile(store, task(), 7);
    const first = await popplerTextLayers(
      context,
      store,
      [1, 2, 3, 4, 5].map((n) => row(n)),
      file,
    );
    const second = await popplerTextLayers(
      context,
      store,
      [6, 7].map((n) => row(n)),
      file,
    );
    expect(jobs).toEqual(['file 1:1 2:2 3:3', 'file 4:4 5:5', 'file 6:6', 'file 7:7']);
    expect(read(first)).toEqual({ 1: 'file 1', 2: 'file 2', 3: 'file 3', 4: 'file 4', 5: 'file 5' });
    expect(read(second)).toEqual({ 6: 'file 6', 7: 'file 7' });
    // The task's file, read and written once; no page file read.
    expect(reads).toEqual(['document']);
    expect(new Set(files)).toEqual(new Set([new TextDecoder().decode(PDF)]));
    const path = (await file.open())?.path as string;
    expect(existsSync(path)).toBe(true);
    await file.close();
    expect(existsSync(path)).toBe(false);
  });

  it("reads a chunk's pages as the shared file's pages from its first page on", async () => {
    const { store } = fakeStore(PDF);
    const { context, jobs } = fakeContext(1);
    const file = new TaskDocumentFile(store, task({ split_first_page: 13, split_last_page: 15 }), 3);
    await popplerTextLayers(
      context,
      store,
      [1, 2, 3].map((n) => row(n)),
      file,
    );
    expect(jobs).toEqual(['file 1:13 2:14 3:15']);
    await file.close();
  });

  it('reads the pages of a range poppler failed on from their page files, and loses none', async () => {
    const { store, reads } = fakeStore(PDF);
    const { context, jobs } = fakeContext(2, { failing: [2, 3], unusable: [4] });
    const file = new TaskDocumentFile(store, task(), 4);
    const layers = await popplerTextLayers(
      context,
      store,
      [1, 2, 3, 4].map((n) => row(n)),
      file,
    );
    expect(jobs).toEqual(['file 1:1 2:2', 'file 3:3 4:4', 'page files 2:2', 'page files 3:3']);
    // Page 4 has no usable text: pdf.js and OCR read its page file, as before.
    expect(read(layers)).toEqual({ 1: 'file 1', 2: 'page file 2', 3: 'page file 3', 4: null });
    expect(reads).toEqual(['document', 'key-2', 'key-3']);
    await file.close();
  });

  it('leaves turned pages and images to pdf.js and OCR, as before', async () => {
    const { store } = fakeStore(PDF);
    const { context, jobs } = fakeContext(1);
    const file = new TaskDocumentFile(store, task(), 4);
    const layers = await popplerTextLayers(
      context,
      store,
      [row(1), row(2, { rotation: 90 }), row(3), row(4, { content_type: 'image/png' })],
      file,
    );
    expect(jobs).toEqual(['file 1:1 3:3']);
    expect(read(layers)).toEqual({ 1: 'file 1', 3: 'file 3' });
    await file.close();
  });

  it('reads the page files of a chunk whose shared file is far larger than its pages', async () => {
    const { store, reads } = fakeStore(PDF, 2 * MAX_FILE_BYTES_PER_PAGE + 1);
    const { context, jobs } = fakeContext(1);
    const file = new TaskDocumentFile(store, task({ split_first_page: 101, split_last_page: 102 }), 2);
    await popplerTextLayers(context, store, [row(1), row(2)], file);
    expect(jobs).toEqual(['page files 1:1 2:2']);
    expect(reads).toEqual(['key-1', 'key-2']);
    // As many bytes as its pages may stand for: read from the file.
    const fits = fakeStore(PDF, 2 * MAX_FILE_BYTES_PER_PAGE);
    const threads = fakeContext(1);
    const fitting = new TaskDocumentFile(fits.store, task(), 2);
    await popplerTextLayers(threads.context, fits.store, [row(1), row(2)], fitting);
    expect(threads.jobs).toEqual(['file 1:1 2:2']);
    await Promise.all([file.close(), fitting.close()]);
  });

  it('reads the page files when the task has no PDF of its pages, or it cannot be read', async () => {
    const cases: Array<[string, Partial<TaskRow>, Uint8Array | Error]> = [
      // An e-invoice XML: its pages are cut from a rendering only they hold.
      ['an e-invoice XML', {}, new TextEncoder().encode('<?xml version="1.0"?><Invoice/>')],
      ['no stored file', { blob_id: null }, PDF],
      ['image pages', { file_kind: 'image' }, PDF],
      ['a file storage cannot read', {}, new Error('storage is down')],
    ];
    for (const [what, change, source] of cases) {
      const { store } = fakeStore(source);
      const { context, jobs } = fakeContext(1);
      const file = new TaskDocumentFile(store, task(change), 2);
      const layers = await popplerTextLayers(context, store, [row(1), row(2)], file);
      expect(jobs, what).toEqual(['page files 1:1 2:2']);
      expect(read(layers), what).toEqual({ 1: 'page file 1', 2: 'page file 2' });
      await file.close();
    }
  });

  it('reads no file for a window without pages poppler reads', async () => {
    const { store, reads } = fakeStore(PDF);
    const { context, jobs } = fakeContext(1);
    const file = new TaskDocumentFile(store, task(), 1);
    expect((await popplerTextLayers(context, store, [row(1, { rotation: 180 })], file)).size).toBe(0);
    expect(jobs).toEqual([]);
    expect(reads).toEqual([]);
    await file.close();
  });
});
