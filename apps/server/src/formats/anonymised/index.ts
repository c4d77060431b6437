// Anonymised exports (AnonymizedPng 5, AnonymizedJpeg 6, AnonymizedPdf 7): the task's original
// file with every reviewed region burned in — text removed from a PDF's content, pixels filled
// with the workspace's anonymizationFillColor — written anew without metadata, and checked after
// writing (verify-redaction.ts). A document's pages go one below the other in a Png or Jpeg.

import type { ExportFile } from '../exports/types.js';
import { ExportType } from '../exports/types.js';
import { safeFileName } from '../file-names.js';
import { imageAsPdf } from './image-pdf.js';
import { decodeImage, encodeImage, fillRegions, type Pixels, stack } from './redact-image.js';
import { redactPdf } from './redact-pdf.js';
import { type Fill, parseFillColor, type Region } from './regions.js';
import { renderPdfPages } from './render-pdf.js';
import { verifyImage, verifyPdf } from './verify-redaction.js';

export { PdfiumError } from '../pdfium.js';
export { parseFillColor, type Region, regionsOf } from './regions.js';
export { RedactionCheckError } from './verify-redaction.js';

export const ANONYMISED_EXPORTS: ReadonlySet<number> = new Set([
  ExportType.AnonymizedPng,
  ExportType.AnonymizedJpeg,
  ExportType.AnonymizedPdf,
]);

export interface AnonymisationSource {
  bytes: Uint8Array;
  /** A PDF (regions in points) or an image (regions in pixels). */
  kind: 'pdf' | 'image';
}

/** Resolution of the images rendered from a PDF: readable, and OCR reads it back in tests. */
const RENDER_DPI = 150;
/** JPEG stops at 65,535 pixels a side: long documents are rendered smaller. */
const MAX_IMAGE_SIDE = 65_000;

export async function exportAnonymised(
  type: number,
  source: AnonymisationSource,
  regions: readonly Region[],
  fillColor: string | null,
  displayName: string,
): Promise<ExportFile> {
  const fill = parseFillColor(fillColor);
  if (type === ExportType.AnonymizedPdf) {
    const bytes =
      source.kind === 'pdf'
        ? await anonymisedPdf(source.bytes, regions, fill)
        : await pdfOfImage(source.bytes, regions, fill);
    return { fileName: safeFileName(displayName, 'pdf'), contentType: 'application/pdf', bytes };
  }
  const format = type === ExportType.AnonymizedPng ? 'png' : type === ExportType.AnonymizedJpeg ? 'jpeg' : null;
  if (!format) throw new RangeError(`Export type ${type} is not an anonymised export.`);
  const bytes =
    source.kind === 'pdf'
      ? await imageOfPdf(source.bytes, regions, fill, format)
      : await anonymisedImage(source.bytes, regions, fill, format);
  return {
    fileName: safeFileName(displayName, format === 'png' ? 'png' : 'jpg'),
    contentType: format === 'png' ? 'image/png' : 'image/jpeg',
    bytes,
  };
}

async function anonymisedPdf(bytes: Uint8Array, regions: readonly Region[], fill: Fill): Promise<Uint8Array> {
  const written = await redactPdf(bytes, regions, fill);
  await verifyPdf(written, regions);
  return written;
}

async function imageOfPdf(bytes: Uint8Array, regions: readonly Region[], fill: Fill, format: 'png' | 'jpeg') {
  const redacted = await anonymisedPdf(bytes, regions, fill);
  const sizes = await renderPdfPages(redacted, 1);
  const totalInches = sizes.reduce((sum, page) => sum + page.height, 0);
  const dpi = Math.min(RENDER_DPI, Math.floor(MAX_IMAGE_SIDE / Math.max(1, totalInches)));
  const pages = await renderPdfPages(redacted, dpi);
  // Where each region lands in the stacked image, in pixels.
  const offsets = pages.map((_, i) => pages.slice(0, i).reduce((sum, page) => sum + page.height, 0));
  const placed = regions.map((region) => {
    const page = pages[region.pageNumber - 1];
    const scale = page?.scale ?? 0;
    return {
      left: region.left * scale,
      top: (offsets[region.pageNumber - 1] ?? 0) + region.top * scale,
      width: region.width * scale,
      height: region.height * scale,
      text: region.text,
    };
  });
  const image = stack(pages);
  // The rendered fill is anti-aliased at its edges; filling the pixels again makes it exact.
  fillRegions(image, placed, fill);
  const written = await encodeImage(image, format);
  await verifyImage(written, placed, fill, format);
  return written;
}

async function redactedPixels(bytes: Uint8Array, regions: readonly Region[], fill: Fill): Promise<Pixels> {
  const image = await decodeImage(bytes);
  fillRegions(
    image,
    regions.filter((region) => region.pageNumber === 1),
    fill,
  );
  return image;
}

async function anonymisedImage(bytes: Uint8Array, regions: readonly Region[], fill: Fill, format: 'png' | 'jpeg') {
  const written = await encodeImage(await redactedPixels(bytes, regions, fill), format);
  await verifyImage(written, regions, fill, format);
  return written;
}

async function pdfOfImage(bytes: Uint8Array, regions: readonly Region[], fill: Fill): Promise<Uint8Array> {
  const image = await redactedPixels(bytes, regions, fill);
  const png = await encodeImage(image, 'png');
  await verifyImage(png, regions, fill, 'png');
  return imageAsPdf(png, image.width, image.height);
}
