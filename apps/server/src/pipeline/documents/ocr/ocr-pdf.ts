// OCR of PDF pages without a usable text layer: pages rendered grey at 300 dpi and read by
// tesseract, with boxes converted to points so the OCR layer lines up with the PDF page. The pages
// go to tesseract as plain pixels (images/raw-image.ts), rendered and read one at a time.
import { readPdfPageGeometry } from '../pdf/inspect-pdf.js';
import { renderPdfPagePixels } from '../render/render-page-images.js';
import type { PageText } from '../text/page-text.js';
import { type OcrOptions, ocrPageImage } from './tesseract.js';

export interface OcrPdfOptions extends Omit<OcrOptions, 'pageNumber' | 'dpi' | 'scale'> {
  /** 1-based pages (e.g. `PdfInspection.pagesNeedingOcr`); all when omitted. */
  pages?: readonly number[];
  dpi?: number;
  password?: string;
}

const OCR_DPI = 300;
const POINTS_PER_INCH = 72;

export async function ocrPdf(bytes: Uint8Array, options: OcrPdfOptions = {}): Promise<PageText[]> {
  const pageNumbers =
    options.pages ?? (await readPdfPageGeometry(bytes, { password: options.password })).map((page) => page.pageNumber);
  const results: PageText[] = [];
  // A document is mostly in one language: once a page was read in its own language, the next
  // pages are read in it from their first pass instead of being read twice.
  let languages = options.languages;
  await renderPdfPagePixels(
    bytes,
    {
      pages: pageNumbers,
      dpi: options.dpi ?? OCR_DPI,
      grayscale: true,
      password: options.password,
      timeoutMs: options.timeoutMs,
    },
    async (rendered) => {
      const page = await ocrPageImage(rendered.image, {
        ...options,
        languages,
        pageNumber: rendered.pageNumber,
        dpi: rendered.dpi,
        scale: { factor: POINTS_PER_INCH / rendered.dpi, unit: 'point' },
      });
      if (page.languages) languages = page.languages;
      results.push(page);
    },
  );
  return results;
}
