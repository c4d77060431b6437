// QR codes of one stored page file (a one-page PDF or a PNG/JPEG page), with boxes in the units of
// the page's OCR layer. zbar reads the page image first, in its own process; only a page where it
// found codes is decoded into pixels and searched by jsQR for where they are, and that search stops
// once every code zbar read has been placed. Most invoice pages have no code and cost one
// pdftoppm and one zbarimg run; a PDF page is rendered once, grey, at the one resolution used,
// straight to an uncompressed PGM (no PNG to encode and decode again).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineFailedError } from '../errors.js';
import { DEFAULT_MAX_PIXELS, decodeRgba, type RgbaImage } from '../images/decode-image.js';
import { readPdfPageGeometry } from '../pdf/inspect-pdf.js';
import { runTool } from '../process/run-tool.js';
import { fitDpi } from '../render/render-page-images.js';
import type { Entity } from '../types.js';
import { detectQrCodes } from './detect-qr-codes.js';
import { scanQrContents } from './scan-qr-zbar.js';

/** Resolution of the page images QR codes are read from (a fiscal QR code is ~2.5 cm wide). */
export const QR_DPI = 150;
const POINTS_PER_INCH = 72;
const RENDER_TIMEOUT_MS = 120_000;

export interface QrPage {
  bytes: Uint8Array;
  contentType: string;
  pageNumber: number;
  /** Size of a PDF page in points (task_pages), so the pixel budget needs no second parse of the PDF. */
  widthPt?: number;
  heightPt?: number;
}

export async function readPageQrCodes(page: QrPage): Promise<Entity[]> {
  const isPdf = page.contentType === 'application/pdf';
  const directory = await mkdtemp(join(tmpdir(), 'reviewdesk-qr-'));
  try {
    let imagePath: string;
    let dpi = POINTS_PER_INCH;
    if (isPdf) {
      const size =
        page.widthPt && page.heightPt
          ? { width: page.widthPt, height: page.heightPt }
          : (await readPdfPageGeometry(page.bytes))[0];
      dpi = size ? fitDpi(size.width, size.height, QR_DPI, DEFAULT_MAX_PIXELS) : QR_DPI;
      const input = join(directory, 'page.pdf');
      await writeFile(input, page.bytes);
      const prefix = join(directory, 'page');
      await runTool('pdftoppm', 'pdftoppm', ['-gray', '-r', String(dpi), '-singlefile', input, prefix], {
        timeoutMs: RENDER_TIMEOUT_MS,
      });
      imagePath = `${prefix}.pgm`;
    } else {
      imagePath = join(directory, 'page');
      await writeFile(imagePath, page.bytes);
    }
    const contents = await scanQrContents(imagePath);
    if (contents.length === 0) return [];
    const image = isPdf ? decodeGreyMap(await readFile(imagePath)) : await decodeRgba(page.bytes);
    return detectQrCodes(image, {
      pageNumber: page.pageNumber,
      scale: isPdf ? POINTS_PER_INCH / dpi : 1,
      expected: contents,
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** pdftoppm's grey PGM (binary P5, 8 bits) as RGBA pixels, the form jsQR reads. */
export function decodeGreyMap(pgm: Buffer): RgbaImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'));
  if (!header || Number(header[3]) !== 255)
    throw new EngineFailedError('pdftoppm', 'the page image is not an 8-bit PGM.');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const grey = pgm.subarray(header[0].length, header[0].length + width * height);
  if (grey.length < width * height) throw new EngineFailedError('pdftoppm', 'the page image is cut short.');
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
