// The words of one page file (a one-page PDF or an image), as the document recognizers read it:
// `pdfminer` takes a PDF page's text layer when it is good (text-layer-quality) and OCRs the page
// otherwise; `tesseract` OCRs every page. Pure work on bytes (pdf.js, and tesseract and poppler as
// child processes), so it runs in the pipeline's worker threads. The text layers of many pages
// are read first by poppler in one process (readTextLayers); a page it cannot serve comes here.
import { EngineNotConfiguredError } from './errors.js';
import { ocrPdf } from './ocr/ocr-pdf.js';
import { ocrImage } from './ocr/tesseract.js';
import { extractPdfText } from './pdf/extract-pdf-text.js';
import { popplerPageText, readPopplerTextLayers } from './pdf/poppler-text.js';
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
 * The text layer of each PDF page file as poppler reads it, all in one process; null for a page it
 * could not serve — no usable text (OCR), or another size than pdf.js measured (a crop box poppler
 * reads otherwise) — which recognizePageFile reads as before.
 */
export async function readTextLayers(pages: readonly SizedPdfPage[]): Promise<Array<PageText | null>> {
  const started = performance.now();
  const read = await readPopplerTextLayers(pages.map((page) => page.bytes));
  const elapsedMs = (performance.now() - started) / Math.max(1, pages.length);
  return read.map((layer, index) => {
    const page = pages[index] as SizedPdfPage;
    if (!layer) return null;
    if (Math.abs(layer.width - page.width) > SIZE_SLACK_PT || Math.abs(layer.height - page.height) > SIZE_SLACK_PT) {
      return null;
    }
    // The page keeps the size pre-processing measured, to the digit.
    const text = popplerPageText({ ...layer, width: page.width, height: page.height }, page.pageNumber, elapsedMs);
    return usableTextLayer(text) ? text : null;
  });
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
