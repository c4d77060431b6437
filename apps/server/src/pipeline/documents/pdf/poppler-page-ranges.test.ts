// The text layers of a document's pages read from its own file in ranges (readFileTextLayers) are
// those its one-page files give (readTextLayers), page for page, on real files: multi-page ones,
// mixed page sizes, crop boxes, rotated pages, unusable text layers, scans and an owner-protected
// file; pages poppler cannot serve from the file are handed back to be read from their page files.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilePdfPage, SizedPdfPage } from '../recognize-page.js';
import { countedToolRuns } from '../testing/counted-tool-runs.js';
import { readFixture } from '../testing/fixtures.js';
import { reshapePdf } from '../testing/reshaped-pdf.js';
import type { PageText } from '../text/page-text.js';
import { readPdfPageGeometry } from './inspect-pdf.js';
import { separatePdfBatch } from './separate-pages.js';

// The real tools run; the calls are only counted.
const { runTool, loaded } = countedToolRuns(() => import('../recognize-page.js'));

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'reviewdesk-page-ranges-test-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

let files = 0;
async function written(bytes: Uint8Array): Promise<string> {
  const path = join(directory, `document-${++files}.pdf`);
  await writeFile(path, bytes);
  return path;
}

/** A page's words without the time it took (which differs between any two reads). */
const withoutTime = (text: PageText | null) => (text ? { ...text, elapsedMs: 0 } : null);

/**
 * `value` with every number matched to within 0.0005: the page files' boxes are the file's as
 * PDFium writes them, in 32-bit floats (841.8899 becomes 841.88989), which moves their words by
 * up to ~0.0001 pt; stored boxes keep 0.01 pt.
 */
const near = (value: unknown): unknown => {
  if (typeof value === 'number') return expect.closeTo(value, 3);
  if (Array.isArray(value)) return value.map(near);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, near(item)]));
  }
  return value;
};

/**
 * The file's pages read both ways: from its one-page files (cut by PDFium, as pre-processing cuts
 * them) and from the file itself; the page files serve the pages the file read hands back.
 */
async function readBothWays(bytes: Uint8Array) {
  const { readFileTextLayers, readTextLayers, NOT_READ } = loaded();
  const path = await written(bytes);
  const geometry = await readPdfPageGeometry(bytes);
  const pageFiles = geometry.length === 1 ? [bytes] : await separatePdfBatch(path, 1, geometry.length);
  const fromPageFiles = await readTextLayers(
    geometry.map(
      (page, index): SizedPdfPage => ({
        bytes: pageFiles[index] as Uint8Array,
        contentType: 'application/pdf',
        pageNumber: page.pageNumber,
        width: page.width,
        height: page.height,
      }),
    ),
  );
  runTool.mockClear();
  const fromFile = await readFileTextLayers(
    path,
    geometry.map((page): FilePdfPage => ({ ...page, sourcePage: page.pageNumber })),
  );
  const runs = runTool.mock.calls.length;
  const notRead = fromFile.flatMap((layer, index) => (layer === NOT_READ ? [index + 1] : []));
  const stored = fromFile.map((layer, index) => (layer === NOT_READ ? (fromPageFiles[index] ?? null) : layer));
  return {
    fromPageFiles: fromPageFiles.map(withoutTime),
    stored: stored.map(withoutTime),
    notRead,
    runs,
    read: fromFile.filter((layer) => layer !== null && layer !== NOT_READ).length,
  };
}

describe('text layers read from the document file in page ranges', () => {
  it.each([
    ['pdfs/multipage/WARN-Report-2015-2016.pdf', 16],
    ['pdfs/multipage/federal-register-2020-17221.pdf', 15],
    // Pages of four different sizes.
    ['pdfs/multipage/chelsea_pdta_fr.pdf', 65],
    ['invoices-dev/pl_ksef_pdfmake_faktura.pdf', 4],
    ['invoices/QualityHosting.pdf', 2],
    ['invoices/coolblue1.pdf', 1],
  ])('%s: every page as its page file gives it, in one process', { timeout: 60_000 }, async (file, pages) => {
    const { fromPageFiles, stored, notRead, runs, read } = await readBothWays(readFixture(file));
    expect(stored).toEqual(near(fromPageFiles));
    expect(notRead).toEqual([]);
    expect(runs).toBe(1);
    // Most pages have a usable text layer (a few are figures or blank).
    expect(read).toBeGreaterThan(pages * 0.8);
  });

  it('reads crop boxes and rotated pages as their page files give them', { timeout: 60_000 }, async () => {
    const bytes = await reshapePdf(readFixture('pdfs/multipage/federal-register-2020-17221.pdf'), [
      { page: 2, cropBox: { left: 36, bottom: 72, right: 560, top: 740 } },
      { page: 3, rotate: 90 },
      { page: 5, rotate: 180, cropBox: { left: 0, bottom: 100, right: 500, top: 792 } },
      { page: 6, rotate: 270 },
    ]);
    const geometry = await readPdfPageGeometry(bytes);
    expect(geometry.slice(1, 6).map((page) => [page.width, page.height, page.rotation])).toEqual([
      [524, 668, 0],
      [792, 612, 90],
      [612, 792, 0],
      [500, 692, 180],
      [792, 612, 270],
    ]);
    const { fromPageFiles, stored, notRead, read } = await readBothWays(bytes);
    expect(stored).toEqual(near(fromPageFiles));
    expect(notRead).toEqual([]);
    // pdftotext -bbox measures the media box, pdf.js the crop box: the cropped pages are left to
    // pdf.js, from the file as from their page files.
    expect(stored[1]).toBeNull();
    expect(stored[4]).toBeNull();
    expect(read).toBeGreaterThan(10);
  });

  it('leaves to pdf.js and OCR the pages with no usable text, as the page files do', {
    timeout: 60_000,
  }, async () => {
    for (const file of [
      'edge_cases/pdf/garbled-font-encoding-de.pdf',
      'pdfs/scanned/image_only_german_pdf.pdf',
      'edge_cases/pdf/copy_protected.pdf',
    ]) {
      const { fromPageFiles, stored } = await readBothWays(readFixture(file));
      expect(stored, file).toEqual(near(fromPageFiles));
    }
    const scans = await readBothWays(readFixture('pdfs/scanned/image_only_german_pdf.pdf'));
    expect(scans.stored).toEqual([null, null, null]);
  });

  it('reads one range per run of consecutive pages, and hands back the pages of a range it cannot read', async () => {
    const { readFileTextLayers, NOT_READ } = loaded();
    const bytes = readFixture('pdfs/multipage/WARN-Report-2015-2016.pdf');
    const path = await written(bytes);
    const geometry = await readPdfPageGeometry(bytes);
    const page = (sourcePage: number, pageNumber = sourcePage): FilePdfPage => ({
      pageNumber,
      sourcePage,
      width: geometry[0]?.width as number,
      height: geometry[0]?.height as number,
    });
    runTool.mockClear();
    const read = await readFileTextLayers(path, [page(2), page(3), page(4), page(9), page(10), page(17)]);
    expect(runTool).toHaveBeenCalledTimes(1);
    expect(runTool.mock.calls[0]?.[2].slice(-6)).toEqual(['2', '4', '9', '10', '17', '17']);
    // Page 17 is past the file's end: handed back, the others read.
    expect(read.map((layer) => (layer === NOT_READ ? NOT_READ : layer?.pageNumber))).toEqual([
      2,
      3,
      4,
      9,
      10,
      NOT_READ,
    ]);
    // Another page number in the task than in the file (a chunk of a split file).
    const [chunkPage] = await readFileTextLayers(path, [page(9, 1)]);
    const [filePage] = await readFileTextLayers(path, [page(9)]);
    expect(chunkPage !== NOT_READ && chunkPage?.pageNumber).toBe(1);
    expect(chunkPage !== NOT_READ && chunkPage?.words).toEqual(filePage !== NOT_READ && filePage?.words);
    // A page measured at another size than poppler reads is left to pdf.js; a file that is no PDF is handed back.
    expect(await readFileTextLayers(path, [{ ...page(2), width: page(2).width + 20 }])).toEqual([null]);
    const notPdf = await written(new TextEncoder().encode('not a PDF at all'));
    expect(await readFileTextLayers(notPdf, [page(1), page(2)])).toEqual([NOT_READ, NOT_READ]);
  });

  it('cuts page numbers into runs of consecutive pages', () => {
    const { consecutiveRanges } = loaded();
    expect(consecutiveRanges([1, 2, 3, 5, 7, 8, 4])).toEqual([
      { first: 1, last: 3 },
      { first: 5, last: 5 },
      { first: 7, last: 8 },
      { first: 4, last: 4 },
    ]);
    expect(consecutiveRanges([])).toEqual([]);
  });
});
