// Pages of a PDF as pixels, rendered by PDFium: the anonymised Png and Jpeg of a document are
// rendered from its redacted PDF, so the image holds exactly what the redacted pages show.
import { heap, withDocument, withPage } from '../pdfium.js';

export interface RenderedPage {
  /** RGBA, row after row. */
  pixels: Uint8Array;
  width: number;
  height: number;
  /** Pixels per point: multiply a region's points by it to find it in the image. */
  scale: number;
}

const POINTS_PER_INCH = 72;
// FPDF_ANNOT | FPDF_PRINTING: render as printed (redacted PDFs carry no annotations anyway).
const RENDER_FLAGS = 0x01 | 0x800;

export function renderPdfPages(bytes: Uint8Array, dpi: number): Promise<RenderedPage[]> {
  return withDocument(bytes, (module, document) => {
    const pages: RenderedPage[] = [];
    const scale = dpi / POINTS_PER_INCH;
    for (let index = 0; index < module.FPDF_GetPageCount(document); index++) {
      pages.push(
        withPage(module, document, index, (page) => {
          const width = Math.max(1, Math.round(module.FPDF_GetPageWidthF(page) * scale));
          const height = Math.max(1, Math.round(module.FPDF_GetPageHeightF(page) * scale));
          const bitmap = module.FPDFBitmap_Create(width, height, 0);
          try {
            module.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
            module.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, RENDER_FLAGS);
            const stride = module.FPDFBitmap_GetStride(bitmap);
            const buffer = module.FPDFBitmap_GetBuffer(bitmap);
            return { pixels: toRgba(heap(module), buffer, stride, width, height), width, height, scale };
          } finally {
            module.FPDFBitmap_Destroy(bitmap);
          }
        }),
      );
    }
    return pages;
  });
}

/** PDFium's BGRx rows (with their stride) as packed RGBA. */
function toRgba(heap: Uint8Array, start: number, stride: number, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = start + y * stride;
    for (let x = 0; x < width; x++) {
      const from = row + x * 4;
      const to = (y * width + x) * 4;
      out[to] = heap[from + 2] as number;
      out[to + 1] = heap[from + 1] as number;
      out[to + 2] = heap[from] as number;
      out[to + 3] = 255;
    }
  }
  return out;
}
