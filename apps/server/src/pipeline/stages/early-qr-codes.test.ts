import { describe, expect, it } from 'vitest';
import type { Entity, QrPage } from '../documents/index.js';
import {
  EARLY_QR_MAX_PAGES,
  EARLY_QR_MAX_PAGES_BEHIND_TEXT,
  type QrPageKey,
  readQrCodeBatches,
  readQrCodesEarly,
  takeEarlyQrCodes,
} from './early-qr-codes.js';

/** A QR code entity on a page, as the reader answers it. */
const code = (pageNumber: number, content: string) => ({ pageNumber, qrCode: { content } }) as unknown as Entity;

/** Threads whose QR reader answers one code per page (its content: the page's first byte), counting its jobs. */
function fakeThreads(size = 2, fail = false) {
  const jobs: QrPage[][] = [];
  return {
    jobs,
    size,
    async readQrCodes({ pages }: { pages: QrPage[] }): Promise<Entity[][]> {
      jobs.push(pages);
      if (fail) throw new Error('zbar failed');
      return pages.map((page) => [code(page.pageNumber, `byte ${page.bytes[0]}`)]);
    },
  };
}

let nextTask = 0;
const taskId = () => `task-${++nextTask}`;

function pdfPage(pageNumber: number, blobId = `blob-${pageNumber}`): QrPage & QrPageKey {
  return {
    blobId,
    bytes: new Uint8Array([pageNumber]),
    contentType: 'application/pdf',
    pageNumber,
    widthPt: 595.276,
    heightPt: 841.89,
  };
}

/** The key post-processing builds from the stored row (its size read back as a `real`). */
const keyOf = ({ bytes: _bytes, ...key }: QrPage & QrPageKey, change: Partial<QrPageKey> = {}): QrPageKey => ({
  ...key,
  ...change,
});

describe('QR codes read early', () => {
  it('hands the codes read from the same pages to post-processing, once', async () => {
    const threads = fakeThreads();
    const id = taskId();
    const pages = [pdfPage(1), pdfPage(2)];
    readQrCodesEarly(id, threads, pages);
    // The page size as a `real` column reads it back: the same resolution, so the same pages.
    const keys = pages.map((page) => keyOf(page, { widthPt: 595.276_01, heightPt: 841.89 }));
    expect(await takeEarlyQrCodes(id, keys)).toEqual([code(1, 'byte 1'), code(2, 'byte 2')]);
    expect(threads.jobs).toHaveLength(1);
    expect(await takeEarlyQrCodes(id, keys)).toBeNull();
  });

  it('answers null for other pages: another file, page number, type or resolution', async () => {
    const threads = fakeThreads();
    const changes: Array<Partial<QrPageKey>> = [
      { blobId: 'another' },
      { pageNumber: 3 },
      { contentType: 'image/png' },
      // Large enough to be rendered at a lower resolution: not what was read.
      { widthPt: 40_000, heightPt: 40_000 },
      // No size in points: the reader would take the file's own.
      { widthPt: undefined, heightPt: undefined },
    ];
    for (const change of changes) {
      const id = taskId();
      const page = pdfPage(1);
      readQrCodesEarly(id, threads, [page]);
      expect(await takeEarlyQrCodes(id, [keyOf(page, change)]), JSON.stringify(change)).toBeNull();
    }
    const id = taskId();
    readQrCodesEarly(id, threads, [pdfPage(1), pdfPage(2)]);
    expect(await takeEarlyQrCodes(id, [keyOf(pdfPage(1))])).toBeNull();
  });

  it('answers null when the early read failed, so post-processing reads the codes itself', async () => {
    const id = taskId();
    const page = pdfPage(1);
    readQrCodesEarly(id, fakeThreads(2, true), [page]);
    expect(await takeEarlyQrCodes(id, [keyOf(page)])).toBeNull();
  });

  it('reads nothing early for a longer document, a single thread, or a page too large to render', async () => {
    const cases: Array<[ReturnType<typeof fakeThreads>, Array<QrPage & QrPageKey>]> = [
      [fakeThreads(), Array.from({ length: EARLY_QR_MAX_PAGES_BEHIND_TEXT + 1 }, (_, index) => pdfPage(index + 1))],
      [fakeThreads(1), [pdfPage(1)]],
      [fakeThreads(), [{ ...pdfPage(1), widthPt: 1e6, heightPt: 1e6 }]],
    ];
    for (const [threads, pages] of cases) {
      const id = taskId();
      readQrCodesEarly(id, threads, pages);
      expect(threads.jobs).toHaveLength(0);
      expect(
        await takeEarlyQrCodes(
          id,
          pages.map((page) => keyOf(page)),
        ),
      ).toBeNull();
    }
  });

  it('reads a small document in one job, a longer one in batches over the threads, and the same pages once', async () => {
    const small = fakeThreads();
    const smallId = taskId();
    const few = Array.from({ length: EARLY_QR_MAX_PAGES }, (_, index) => pdfPage(index + 1));
    readQrCodesEarly(smallId, small, few);
    readQrCodesEarly(smallId, small, few);
    expect(small.jobs.map((job) => job.length)).toEqual([EARLY_QR_MAX_PAGES]);
    const longer = fakeThreads();
    const longerId = taskId();
    const many = Array.from({ length: EARLY_QR_MAX_PAGES + 3 }, (_, index) => pdfPage(index + 1));
    readQrCodesEarly(longerId, longer, many);
    const codes = await takeEarlyQrCodes(
      longerId,
      many.map((page) => keyOf(page)),
    );
    expect(codes?.map((entity) => entity.pageNumber)).toEqual(many.map((page) => page.pageNumber));
    expect(longer.jobs.map((job) => job.length)).toEqual([4, 3]);
  });

  it('image pages are the same pages whatever their size', async () => {
    const threads = fakeThreads();
    const id = taskId();
    const page: QrPage & QrPageKey = {
      blobId: 'png',
      bytes: new Uint8Array([7]),
      contentType: 'image/png',
      pageNumber: 1,
    };
    readQrCodesEarly(id, threads, [page]);
    expect(await takeEarlyQrCodes(id, [keyOf(page)])).toEqual([code(1, 'byte 7')]);
  });
});

describe('QR codes read in batches', () => {
  it('shares the pages out among the threads, codes in page order, and runs `between` after each batch', async () => {
    const threads = fakeThreads(2);
    const pages = Array.from({ length: 7 }, (_, index) => pdfPage(index + 1));
    let between = 0;
    const codes = await readQrCodeBatches(
      threads,
      pages.length,
      async (from, to) => pages.slice(from, to),
      async () => {
        between++;
      },
    );
    expect(codes.map((entity) => entity.pageNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(threads.jobs.map((job) => job.length)).toEqual([4, 3]);
    expect(between).toBe(2);
  });
});
