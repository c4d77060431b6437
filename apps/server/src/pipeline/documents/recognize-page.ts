// The words of one page file (a one-page PDF or an image), as the document recognizers read it:
// `pdfminer` takes a PDF page's text layer when it is good (text-layer-quality) and OCRs the page
// otherwise; `tesseract` OCRs every page. Pure work on bytes (pdf.js, and tesseract and poppler as
// child processes), so it runs in the pipeline's worker threads.
import { EngineNotConfiguredError } from './errors.js';
import { ocrPdf } from './ocr/ocr-pdf.js';
import { ocrImage } from './ocr/tesseract.js';
import { extractPdfText } from './pdf/extract-pdf-text.js';
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
    if (text) {
      const quality = assessTextLayer(text.text);
      if (quality.visibleChars >= MIN_TEXT_CHARS && quality.usable) return { ...text, pageNumber: page.pageNumber };
    }
  }
  return ocr(page, languages);
}
