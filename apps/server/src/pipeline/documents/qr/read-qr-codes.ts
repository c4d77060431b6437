// QR codes of stored page files (one-page PDFs or PNG/JPEG pages), with boxes in the units of the
// pages' OCR layer. First, without rendering, what each PDF page draws tells where a code can be
// (qr-regions.ts): most invoice pages draw no image and no run of small filled squares, and need no
// page image at all; on the others only the regions of their images and square-drawing shapes are
// rendered, grey, at the one resolution used, by PDFium in this thread while it has the page open
// (qr-region-pixels.ts): a pdftoppm process a region cost 11–14 ms of CPU, nearly all of it its start.
// The grey pixels, and image pages decoded grey, are looked over for finder patterns
// (qr-candidates.ts), and zbar reads only the images that may hold a code, written as uncompressed
// PGMs, in one run. Starting a process from the worker is itself costly (the fork copies the page
// tables of a large process), so it happens per batch, not per page. Only a region where zbar read
// codes is searched by jsQR for where they are, and that search stops once every code zbar read has
// been placed.
//
// pdftoppm stays for a page PDFium cannot open (the whole page is rendered then, as it always was
// when its regions could not be listed) and for a region PDFium could not allocate a bitmap for:
// one shell a batch renders them, from the one-page files.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { EngineFailedError } from '../errors.js';
import { DEFAULT_MAX_PIXELS, decodeRgba, type RgbaImage } from '../images/decode-image.js';
import { parsePnm, toPnm } from '../images/raw-image.js';
import { readPdfPageGeometry } from '../pdf/inspect-pdf.js';
import { runTool } from '../process/run-tool.js';
import { fitDpi } from '../render/render-page-images.js';
import type { Entity } from '../types.js';
import { detectQrCodes } from './detect-qr-codes.js';
import { type GreyImage, mayHoldQrCode } from './qr-candidates.js';
import { type RegionPixels, renderQrRegionsOfPdfPage } from './qr-region-pixels.js';
import { NO_CODE_EXIT, parseZbarXml, ZBAR_ARGS } from './scan-qr-zbar.js';

/** Resolution of the page images QR codes are read from (a fiscal QR code is ~2.5 cm wide). */
export const QR_DPI = 150;
const POINTS_PER_INCH = 72;
const BASE_TIMEOUT_MS = 60_000;
const TIMEOUT_PER_PAGE_MS = 10_000;
/** The shell's exit code when pdftoppm failed on a page. */
const RENDER_FAILED_EXIT = 90;

/**
 * Arguments: groups of seven (dpi, left, top, width, height — pixels, 0 0 0 0 for the whole page —,
 * page PDF, output prefix). Paths travel as arguments, never inside the script.
 */
const RENDER = `while [ "$#" -gt 0 ]; do
  pdftoppm -gray -r "$1" -x "$2" -y "$3" -W "$4" -H "$5" -singlefile "$6" "$7" || exit ${RENDER_FAILED_EXIT}
  shift 7
done`;

export interface QrPage {
  bytes: Uint8Array;
  contentType: string;
  pageNumber: number;
  /** Size of a PDF page in points (task_pages), so the pixel budget needs no second parse of the PDF. */
  widthPt?: number;
  heightPt?: number;
}

/** An image zbar reads: a page image file, or a rendered region of a PDF page. */
interface PreparedImage {
  /** Index of its page in the batch. */
  index: number;
  page: QrPage;
  /** The file zbar reads: the page image, pdftoppm's PGM, or PDFium's pixels written as a PGM (only a candidate's). */
  image: string;
  /** A region's grey pixels (PDFium's render, or pdftoppm's PGM once read): what jsQR searches. */
  grey?: GreyImage;
  /** Already found to show a finder pattern (PDFium's renders are looked over as they are made). */
  looked?: boolean;
  /** Pixel → page-unit factor of the boxes. */
  scale: number;
  /** The region's top-left corner on the whole page image, in pixels. */
  origin: { left: number; top: number };
}

/** The QR codes of each page, in the order given. */
export async function readQrCodes(pages: readonly QrPage[]): Promise<Entity[][]> {
  if (pages.length === 0) return [];
  const directory = await mkdtemp(join(tmpdir(), 'reviewdesk-qr-'));
  try {
    const renders: string[] = [];
    const prepared: PreparedImage[] = [];
    for (const [index, page] of pages.entries()) {
      if (page.contentType === 'application/pdf') {
        const dpi = await qrDpi(page);
        const input = join(directory, `page-${index}.pdf`);
        const regions = await regionsToRender(page.bytes, dpi);
        if (regions.some((region) => !region?.grey)) await writeFile(input, page.bytes);
        for (const [number, region] of regions.entries()) {
          const prefix = join(directory, `page-${index}-${number}`);
          const edges = region?.edges;
          const origin = edges ? { left: edges.left, top: edges.top } : { left: 0, top: 0 };
          const item = { index, page, image: `${prefix}.pgm`, scale: POINTS_PER_INCH / dpi, origin };
          if (region?.grey) {
            // Looked over at once, so a batch of scanned pages holds only the pixels of its candidates.
            if (!mayHoldQrCode(region.grey)) continue;
            await writeFile(item.image, toGreyMap(region.grey));
            prepared.push({ ...item, grey: region.grey, looked: true });
            continue;
          }
          const size = edges
            ? [edges.left, edges.top, edges.right - edges.left, edges.bottom - edges.top]
            : [0, 0, 0, 0];
          renders.push(String(dpi), ...size.map(String), input, prefix);
          prepared.push(item);
        }
      } else {
        const image = join(directory, `page-${index}`);
        await writeFile(image, page.bytes);
        prepared.push({ index, page, image, scale: 1, origin: { left: 0, top: 0 } });
      }
    }
    const timeoutMs = BASE_TIMEOUT_MS + TIMEOUT_PER_PAGE_MS * pages.length;
    if (renders.length > 0) {
      const rendered = await runTool('pdftoppm', 'sh', ['-c', RENDER, 'sh', ...renders], {
        timeoutMs,
        allowFailure: true,
      });
      if (rendered.exitCode !== 0) {
        throw new EngineFailedError(
          'pdftoppm',
          rendered.stderr.trim().split('\n').at(-1) || `exit code ${rendered.exitCode}`,
        );
      }
    }
    // Images without a finder pattern hold no code zbar could read: rendered regions and image pages
    // alike are looked over first (zbar takes ~0.4 CPU s on a 12-megapixel photo, decoding it and
    // looking ~0.1 s).
    const toScan: PreparedImage[] = [];
    for (const item of prepared) {
      if (item.looked) {
        toScan.push(item);
        continue;
      }
      const isPdf = item.page.contentType === 'application/pdf';
      const grey = isPdf ? readGreyMap(await readFile(item.image)) : await decodeGrey(item.page.bytes);
      if (grey && !mayHoldQrCode(grey)) continue;
      // pdftoppm's pixels, kept for jsQR; an image page is decoded again in colour if zbar reads a code.
      if (isPdf && grey) item.grey = grey;
      toScan.push(item);
    }
    const codes: Entity[][] = pages.map(() => []);
    if (toScan.length === 0) return codes;
    const result = await runTool('zbar QR reader', 'zbarimg', [...ZBAR_ARGS, ...toScan.map((item) => item.image)], {
      timeoutMs,
      allowFailure: true,
    });
    if (result.exitCode !== 0 && result.exitCode !== NO_CODE_EXIT) {
      throw new EngineFailedError(
        'zbar QR reader',
        result.stderr.trim().split('\n').at(-1) || `exit code ${result.exitCode}`,
      );
    }
    const contents = parseZbarXml(result.stdout.toString('utf8'));
    await Promise.all(
      toScan.map(async ({ index, page, image, grey, scale, origin }) => {
        const expected = contents.get(image) ?? [];
        if (expected.length === 0) return;
        const pixels = grey ? greyToRgba(grey) : await decodeRgba(page.bytes);
        const found = await detectQrCodes(pixels, { pageNumber: page.pageNumber, scale, origin, expected });
        codes[index]?.push(...found);
      }),
    );
    return codes;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * The regions of a PDF page to render for QR codes, in pixels at `dpi`, with PDFium's pixels; null
 * stands for the whole page, rendered by pdftoppm when PDFium cannot open the page (a file poppler
 * may still read).
 */
async function regionsToRender(bytes: Uint8Array, dpi: number): Promise<Array<RegionPixels | null>> {
  try {
    return await renderQrRegionsOfPdfPage(bytes, dpi);
  } catch {
    return [null];
  }
}

/** The QR resolution, lowered for a page that would exceed the pixel budget (posters, bogus MediaBoxes). */
async function qrDpi(page: QrPage): Promise<number> {
  const given = qrDpiOfSize(page.widthPt, page.heightPt);
  if (given !== null) return given;
  const size = (await readPdfPageGeometry(page.bytes))[0];
  return size ? fitDpi(size.width, size.height, QR_DPI, DEFAULT_MAX_PIXELS) : QR_DPI;
}

/**
 * The QR resolution of a PDF page of the given size in points; null when no size is given (the
 * page file's own is read then). Throws ImageTooLargeError as rendering the page would.
 */
export function qrDpiOfSize(widthPt: number | undefined, heightPt: number | undefined): number | null {
  return widthPt && heightPt ? fitDpi(widthPt, heightPt, QR_DPI, DEFAULT_MAX_PIXELS) : null;
}

/** pdftoppm's grey PGM (binary P5, 8 bits): its pixels, one byte each, without a copy. */
export function readGreyMap(pgm: Buffer): GreyImage {
  const { data, width, height, channels } = parsePnm(pgm);
  if (channels !== 1) throw new EngineFailedError('pdftoppm', 'the page image is not grey.');
  return { data, width, height };
}

/**
 * An image page's grey pixels (transparency on white, as the other readers see it); null when
 * libvips cannot decode it, which zbar then reads (or reports) as before.
 */
async function decodeGrey(bytes: Uint8Array): Promise<GreyImage | null> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: DEFAULT_MAX_PIXELS, failOn: 'error' })
      .flatten({ background: '#ffffff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return info.channels === 1 ? { data, width: info.width, height: info.height } : null;
  } catch {
    return null;
  }
}

/** Grey pixels as a binary PGM, the form zbar reads without decoding. */
export function toGreyMap({ data, width, height }: GreyImage): Buffer {
  return toPnm({ data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels: 1 });
}

/** Grey pixels as RGBA, the form jsQR reads. */
export function greyToRgba({ data: grey, width, height }: GreyImage): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let pixel = 0; pixel < grey.length; pixel++) {
    const value = grey[pixel] as number;
    data[pixel * 4] = value;
    data[pixel * 4 + 1] = value;
    data[pixel * 4 + 2] = value;
    data[pixel * 4 + 3] = 255;
  }
  return { data, width, height };
}
