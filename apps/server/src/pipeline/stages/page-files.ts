// The page files Document/PageDocument serves, one per page: a one-page PDF cut from a PDF source
// (documents/pdf/separate-pages.ts, run in the pipeline's threads), or an image: PNG and JPEG pages
// are kept as they are, other images and every frame of a multi-page TIFF are converted to PNG with
// sharp (decodeUpright).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DetectedFileType, decodeUpright, decodeUprightPixels } from '../documents/index.js';

export interface PageFile {
  /** Page number in the task (1-based; a split chunk counts from 1 again). */
  pageNumber: number;
  /** Page number in the source file. */
  sourcePage: number;
  bytes: Uint8Array;
  contentType: string;
  extension: string;
}

/** Cuts pages from..to of the PDF at `input` into one-page PDFs (separatePdfBatch, in a thread). */
export type SeparateBatch = (input: string, from: number, to: number) => Promise<Uint8Array[]>;

/**
 * Cuts pages `first`..`last` of a PDF into one-page PDFs, in batches so a 2,000-page file never
 * has all its pages on disk or in memory at once; `onPage` stores each one (and renews the lease).
 */
export async function separatePdfPages(
  bytes: Uint8Array,
  first: number,
  last: number,
  separate: SeparateBatch,
  onPage: (page: PageFile) => Promise<void>,
  batchSize = 50,
): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), 'reviewdesk-pages-'));
  try {
    const input = join(directory, 'source.pdf');
    await writeFile(input, bytes);
    for (let from = first; from <= last; from += batchSize) {
      const to = Math.min(last, from + batchSize - 1);
      const files = await separate(input, from, to);
      for (const [index, page] of files.entries()) {
        const sourcePage = from + index;
        await onPage({
          pageNumber: sourcePage - first + 1,
          sourcePage,
          bytes: page,
          contentType: 'application/pdf',
          extension: 'pdf',
        });
      }
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Frame `sourcePage` (1-based) of an image as the page file, with its upright size in pixels. */
export async function imagePage(
  bytes: Uint8Array,
  type: DetectedFileType,
  frames: number,
  sourcePage: number,
  pageNumber: number,
): Promise<{ file: PageFile; width: number; height: number }> {
  const keep = frames === 1 && (type.kind === 'png' || type.kind === 'jpeg');
  if (keep) {
    // Decoded upright (EXIF orientation, the pixel budget), so a broken image is refused here and
    // its size is the size OCR boxes use; the pixels are not coded into a PNG nobody keeps.
    const { image } = await decodeUprightPixels(bytes, sourcePage - 1);
    // A JPEG with an EXIF orientation is shown upright by browsers too, so the original fits the boxes.
    return {
      file: {
        pageNumber,
        sourcePage,
        bytes: Buffer.from(bytes),
        contentType: type.mime,
        extension: type.kind === 'png' ? 'png' : 'jpg',
      },
      width: image.width,
      height: image.height,
    };
  }
  // decodeUpright applies EXIF orientation and the pixel budget; its size is the size OCR boxes use.
  const upright = await decodeUpright(bytes, sourcePage - 1);
  return {
    file: { pageNumber, sourcePage, bytes: upright.png, contentType: 'image/png', extension: 'png' },
    width: upright.width,
    height: upright.height,
  };
}
