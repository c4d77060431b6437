// The check every anonymised file passes after it is written, before anyone can download it: the
// written PDF is opened again and no character of its text lies inside a region, and in a written
// image every pixel inside a region has the fill colour. A file that fails is never delivered.
import sharp from 'sharp';
import { withDocument, withPage } from '../pdfium.js';
import { type Fill, grown, type Region } from './regions.js';

export class RedactionCheckError extends Error {
  override readonly name = 'RedactionCheckError';
}

/** Glyph boxes of neighbouring characters touch a region's edge; the check looks inside it. */
const INSET_POINTS = 1;

export function verifyPdf(bytes: Uint8Array, regions: readonly Region[]): Promise<void> {
  return withDocument(bytes, (module, document) => {
    const pageCount = module.FPDF_GetPageCount(document);
    for (const region of regions) {
      const index = region.pageNumber - 1;
      if (index < 0 || index >= pageCount) {
        throw new RedactionCheckError(`A region is on page ${region.pageNumber}, which the document does not have.`);
      }
      const inner = grown(region, -INSET_POINTS);
      if (inner.width <= 0 || inner.height <= 0) continue;
      const found = withPage(module, document, index, (page) => {
        const height = module.FPDF_GetPageHeightF(page);
        const text = module.FPDFText_LoadPage(page);
        try {
          const count = module.FPDFText_GetBoundedText(
            text,
            inner.left,
            height - inner.top,
            inner.left + inner.width,
            height - inner.top - inner.height,
            0,
            0,
          );
          if (count <= 0) return '';
          const buffer = module.pdfium.wasmExports.malloc((count + 1) * 2);
          try {
            module.FPDFText_GetBoundedText(
              text,
              inner.left,
              height - inner.top,
              inner.left + inner.width,
              height - inner.top - inner.height,
              buffer,
              count + 1,
            );
            return module.pdfium.UTF16ToString(buffer);
          } finally {
            module.pdfium.wasmExports.free(buffer);
          }
        } finally {
          module.FPDFText_ClosePage(text);
        }
      });
      if (found.trim() !== '') {
        throw new RedactionCheckError(`Text is still readable under a region on page ${region.pageNumber}.`);
      }
    }
  });
}

/** Inset of the pixel check: edges are anti-aliased, and JPEG blurs them further. */
const INSET_PIXELS = 2;
/** How far a channel may stray from the fill colour (JPEG quantisation). */
const TOLERANCE = { png: 0, jpeg: 48 } as const;

/** `regions` in the image's pixels (already scaled). */
export async function verifyImage(
  bytes: Uint8Array,
  regions: readonly Omit<Region, 'pageNumber'>[],
  fill: Fill,
  format: 'png' | 'jpeg',
): Promise<void> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const tolerance = TOLERANCE[format];
  for (const region of regions) {
    const x0 = Math.max(0, Math.ceil(region.left) + INSET_PIXELS);
    const y0 = Math.max(0, Math.ceil(region.top) + INSET_PIXELS);
    const x1 = Math.min(info.width, Math.floor(region.left + region.width) - INSET_PIXELS);
    const y1 = Math.min(info.height, Math.floor(region.top + region.height) - INSET_PIXELS);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const at = (y * info.width + x) * info.channels;
        const off =
          Math.abs((data[at] as number) - fill.r) > tolerance ||
          Math.abs((data[at + 1] as number) - fill.g) > tolerance ||
          Math.abs((data[at + 2] as number) - fill.b) > tolerance;
        if (off) throw new RedactionCheckError(`A pixel inside a region is not the fill colour (${x}, ${y}).`);
      }
    }
  }
}
