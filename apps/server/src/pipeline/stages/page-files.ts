// The page files Document/PageDocument serves, one per page: a one-page PDF cut from a PDF source
// with poppler's `pdfseparate` (poppler-utils, already required for page images; it keeps the
// page's fonts, text layer and /Rotate, so the viewer renders it like the original), or an image:
// PNG and JPEG pages are kept as they are, other images and every frame of a multi-page TIFF are
// converted to PNG with sharp (decodeUpright).
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CorruptDocumentError, type DetectedFileType, decodeUpright, EngineFailedError } from '../documents/index.js';
import { runTool } from '../documents/process/run-tool.js';

export interface PageFile {
  /** Page number in the task (1-based; a split chunk counts from 1 again). */
  pageNumber: number;
  /** Page number in the source file. */
  sourcePage: number;
  bytes: Buffer;
  contentType: string;
  extension: string;
}

const SEPARATE_TIMEOUT_MS = 10 * 60_000;

/**
 * Cuts pages `first`..`last` of a PDF into one-page PDFs, in batches so a 2,000-page file never
 * has all its pages on disk at once; `onPage` stores each one (and renews the worker's lease).
 */
export async function separatePdfPages(
  bytes: Uint8Array,
  first: number,
  last: number,
  onPage: (page: PageFile) => Promise<void>,
  batchSize = 50,
): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), 'reviewdesk-pages-'));
  try {
    const input = join(directory, 'source.pdf');
    await writeFile(input, bytes);
    for (let from = first; from <= last; from += batchSize) {
      const to = Math.min(last, from + batchSize - 1);
      const out = join(directory, `batch-${from}`);
      await mkdir(out);
      const result = await runTool(
        'pdfseparate',
        'pdfseparate',
        ['-f', String(from), '-l', String(to), input, join(out, 'page-%d.pdf')],
        { timeoutMs: SEPARATE_TIMEOUT_MS, allowFailure: true },
      );
      const files = new Set(await readdir(out));
      for (let sourcePage = from; sourcePage <= to; sourcePage++) {
        const name = `page-${sourcePage}.pdf`;
        if (!files.has(name)) {
          throw result.exitCode !== 0
            ? new CorruptDocumentError(
                'PDF',
                `page ${sourcePage} could not be extracted (${result.stderr.trim().split('\n').at(-1) ?? 'pdfseparate failed'}).`,
              )
            : new EngineFailedError('pdfseparate', `page ${sourcePage} was not written.`);
        }
        const page = await readFile(join(out, name));
        await onPage({
          pageNumber: sourcePage - first + 1,
          sourcePage,
          bytes: page,
          contentType: 'application/pdf',
          extension: 'pdf',
        });
      }
      await rm(out, { recursive: true, force: true });
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
  // decodeUpright applies EXIF orientation and the pixel budget; its size is the size OCR boxes use.
  const upright = await decodeUpright(bytes, sourcePage - 1);
  const keep = frames === 1 && (type.kind === 'png' || type.kind === 'jpeg');
  if (keep) {
    // A JPEG with an EXIF orientation is shown upright by browsers too, so the original fits the boxes.
    return {
      file: {
        pageNumber,
        sourcePage,
        bytes: Buffer.from(bytes),
        contentType: type.mime,
        extension: type.kind === 'png' ? 'png' : 'jpg',
      },
      width: upright.width,
      height: upright.height,
    };
  }
  return {
    file: { pageNumber, sourcePage, bytes: upright.png, contentType: 'image/png', extension: 'png' },
    width: upright.width,
    height: upright.height,
  };
}
