// The regions of a PDF page that may hold a QR code (qr-regions.ts), rendered grey by PDFium in the
// same session that lists them: the page is parsed once, and no process is started for a region
// (a pdftoppm run cost 11–14 ms of CPU a region, nearly all of it its start). The pixels stay in
// memory for the finder-pattern look (qr-candidates.ts); only the regions zbar must read are
// written out (read-qr-codes.ts).
import { withDocument, withPage } from '../../../formats/pdfium.js';
import { openFormDrawing, renderGreyRect } from '../../../formats/pdfium-render.js';
import type { Edges } from '../geometry.js';
import type { GreyImage } from './qr-candidates.js';
import { qrRegionsOfPage } from './qr-regions.js';

export interface RegionPixels {
  /** The region on the whole page image, in pixels at the resolution asked for. */
  edges: Edges;
  /** Its grey pixels; null when PDFium could not render it (pdftoppm renders it then). */
  grey: GreyImage | null;
}

/**
 * The regions of a page of `bytes` (the first unless `pageIndex` says otherwise) with their pixels
 * at `dpi`; none when the page draws nothing a code could be made of. Throws when PDFium cannot
 * open the page (the caller then renders the whole page with pdftoppm).
 */
export async function renderQrRegionsOfPdfPage(bytes: Uint8Array, dpi: number, pageIndex = 0): Promise<RegionPixels[]> {
  return withDocument(bytes, (module, document) => {
    // Only a document with a form pays for the form environment (its fields are drawn as pdftoppm draws them).
    const form = openFormDrawing(module, document);
    try {
      return withPage(module, document, pageIndex, (page) =>
        qrRegionsOfPage(module, page, dpi).regions.map((edges) => {
          try {
            return { edges, grey: renderGreyRect(module, page, edges, dpi, form) };
          } catch {
            // A bitmap PDFium could not allocate: pdftoppm, in its own process, renders the region.
            return { edges, grey: null };
          }
        }),
      );
    } finally {
      form?.close();
    }
  });
}
