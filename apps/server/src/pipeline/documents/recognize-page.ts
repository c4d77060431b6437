// The words of one page file (a one-page PDF or an image), as the document recognizers read it:
// `pdfminer` takes a PDF page's text layer when it is good (text-layer-quality) and OCRs the page
// otherwise; `tesseract` OCRs every page. Pure work on bytes (pdf.js, and tesseract and poppler as
// child processes), so it runs in the pipeline's worker threads. The text layers of many pages
// are read first by poppler in one process — from ranges of pages of the document's own file
// (readFileTextLayers) or from the page files (readTextLayers); a page it cannot serve comes here.
import { EngineNotConfiguredError } from './errors.js';
import { ocrPdf } from './ocr/ocr-pdf.js';
import { ocrImage } from './ocr/tesseract.js';
import { extractPdfText } from './pdf/extract-pdf-text.js';
import {
  type PageRange,
  type PopplerPage,
  popplerPageText,
  readPopplerPageRanges,
  readPopplerTextLayers,
} from './pdf/poppler-text.js';
import { assessTextLayer } from './pdf/text-layer-quality.js';
import type { PageText } from './text/page-text.js';

export type PageEngine = 'pdfminer' | 'tesseract';

export interface PageFileInput {
  bytes: Uint8Array;
  contentType: string;
  pageNumber: number;
}

/** A text layer with fewer visible characters than this is no text layer (page numbers, stray marks). */
const MIN_TEXT_CHARS = 8;

const isPdf = (contentType: string) => contentType === 'application/pdf';

/** Whether a page's text layer holds real text (else the page is OCR'd). */
function usableTextLayer(text: PageText): boolean {
  const quality = assessTextLayer(text.text);
  return quality.visibleChars >= MIN_TEXT_CHARS && quality.usable;
}

/** A PDF page file with the size pre-processing measured (points, as displayed). */
export interface SizedPdfPage extends PageFileInput {
  width: number;
  height: number;
}

/** Page sizes that differ by more than this (points) are not the same frame: pdf.js reads that page. */
const SIZE_SLACK_PT = 0.5;

/**
 * A page as poppler read it as the engines' PageText, or null when it cannot serve: no usable text
 * (OCR), or another size than pdf.js measured (a crop box poppler reads otherwise).
 */
function popplerTextLayer(layer: PopplerPage, page: SizedPage, elapsedMs: number): PageText | null {
  if (Math.abs(layer.width - page.width) > SIZE_SLACK_PT || Math.abs(layer.height - page.height) > SIZE_SLACK_PT) {
    return null;
  }
  // The page keeps the size pre-processing measured, to the digit.
  const text = popplerPageText({ ...layer, width: page.width, height: page.height }, page.pageNumber, elapsedMs);
  return usableTextLayer(text) ? text : null;
}

interface SizedPage {
  pageNumber: number;
  width: number;
  height: number;
}

/**
 * The text layer of each PDF page file as poppler reads it, all in one process; null for a page it
 * could not serve — no usable text (OCR), or another size than pdf.js measured (a crop box poppler
 * reads otherwise) — which recognizePageFile reads as before.
 */
export async function readTextLayers(pages: readonly SizedPdfPage[]): Promise<Array<PageText | null>> {
  const started = performance.now();
  const read = await readPopplerTextLayers(pages.map((page) => page.bytes));
  const elapsedMs = (performance.now() - started) / Math.max(1, pages.length);
  return read.map((layer, index) => (layer ? popplerTextLayer(layer, pages[index] as SizedPdfPage, elapsedMs) : null));
}

/** A page of the document's own PDF file (`sourcePage` of it), with the size pre-processing measured. */
export interface FilePdfPage extends SizedPage {
  sourcePage: number;
}

/** A page readFileTextLayers did not read: its page file is read instead (readTextLayers). */
export const NOT_READ = 'not read';

/**
 * The text layers of pages of the PDF file at `path` as poppler reads them: one pdftotext run per
 * range of consecutive pages, all in one process, where one-page files cost a run each. A run
 * reads each page in its own space, with its own boxes, as it reads a one-page file cut from it
 * (whose boxes PDFium writes as 32-bit floats: their words differ by less than 0.001 pt). Per page:
 * its PageText; null where readTextLayers gives null for its page file — no usable text, or another
 * size than pdf.js measured (pdftotext measures the media box, pdf.js the crop box, in the file as
 * in its page files) —, which pdf.js and OCR read; NOT_READ for a page of a range poppler failed
 * on, or one it gave no page for, which its page file serves as before.
 */
export async function readFileTextLayers(
  path: string,
  pages: readonly FilePdfPage[],
): Promise<Array<PageText | null | typeof NOT_READ>> {
  const started = performance.now();
  const ranges = consecutiveRanges(pages.map((page) => page.sourcePage));
  const read = await readPopplerPageRanges(path, ranges);
  const layers = new Map<number, PopplerPage | null>();
  for (const [index, range] of read.entries()) {
    const { first } = ranges[index] as PageRange;
    for (const [offset, layer] of (range ?? []).entries()) layers.set(first + offset, layer);
  }
  const elapsedMs = (performance.now() - started) / Math.max(1, pages.length);
  return pages.map((page) => {
    const layer = layers.get(page.sourcePage);
    return layer ? popplerTextLayer(layer, page, elapsedMs) : NOT_READ;
  });
}

/** Page numbers, in order, as ranges of consecutive pages (a number out of order starts a new one). */
export function consecutiveRanges(pageNumbers: readonly number[]): PageRange[] {
  const ranges: PageRange[] = [];
  for (const page of pageNumbers) {
    const last = ranges.at(-1);
    if (last && page === last.last + 1) last.last = page;
    else ranges.push({ first: page, last: page });
  }
  return ranges;
}

async function ocr(page: PageFileInput, languages: readonly string[]): Promise<PageText> {
  if (isPdf(page.contentType)) {
    const [result] = await ocrPdf(page.bytes, { pages: [1], languages });
    if (!result) throw new EngineNotConfiguredError('tesseract OCR', 'the page could not be rendered.');
    return { ...result, pageNumber: page.pageNumber };
  }
  return ocrImage(page.bytes, { languages, pageNumber: page.pageNumber });
}

export async function recognizePageFile(
  engine: PageEngine,
  page: PageFileInput,
  languages: readonly string[],
): Promise<PageText> {
  if (engine === 'pdfminer' && isPdf(page.contentType)) {
    const [text] = await extractPdfText(page.bytes);
    if (text && usableTextLayer(text)) return { ...text, pageNumber: page.pageNumber };
  }
  return ocr(page, languages);
}
