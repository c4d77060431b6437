// Page images as plain pixels between the steps of OCR (rendering, straightening, turning,
// enlarging) and tesseract, instead of PNGs: a 300 dpi page is 8.7 million pixels, and each PNG
// written and read on the way cost more CPU than the step itself (pdftoppm spends more than half
// of a page's render compressing it, tesseract a fifth of a short page's reading decompressing
// it). The pixels are the same, so tesseract reads the same words. Files handed to the tools are
// binary PNM (P5 grey, P6 colour): a header and the bytes, which poppler writes and leptonica reads
// without any coding.
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { EngineFailedError } from '../errors.js';

/** 8-bit pixels, row after row: one byte a pixel for grey, three (RGB) for colour. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}

/**
 * A sharp pipeline reading the image's pixels. A grey image stays grey through it: sharp would
 * otherwise write three equal channels, three times the pixels for tesseract to read.
 */
export function sharpOfRaw(image: RawImage): Sharp {
  const pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  return image.channels === 1 ? pipeline.toColourspace('b-w') : pipeline;
}

/**
 * The pixels of a sharp pipeline's output as a RawImage: 8 bits a channel, grey kept grey and
 * anything else as RGB; `flatten` puts transparency onto white first (decoded files).
 */
export async function toRawImage(pipeline: Sharp, { flatten = false } = {}): Promise<RawImage> {
  const { data, info } = await (flatten ? pipeline.flatten({ background: '#ffffff' }) : pipeline)
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels === 1 || info.channels === 3) {
    return { data, width: info.width, height: info.height, channels: info.channels };
  }
  // Two bands (grey with alpha) or four (RGBA, CMYK): flattened onto white, as RGB.
  const rgb = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data: rgb.data, width: rgb.info.width, height: rgb.info.height, channels: 3 };
}

const pnmHeader = (image: RawImage): Buffer =>
  Buffer.from(`P${image.channels === 1 ? 5 : 6}\n${image.width} ${image.height}\n255\n`, 'latin1');

/** The image as a binary PNM file (P5 grey, P6 RGB), as tesseract and poppler read and write them. */
export function toPnm(image: RawImage): Buffer {
  return Buffer.concat([pnmHeader(image), image.data]);
}

/**
 * Files that hold an image's pixels as PNM already: the file pdftoppm rendered a page to, or one
 * written for an earlier tesseract run of the same image (a page read again in its language).
 */
const pnmFiles = new WeakMap<RawImage, string>();

/** Notes that `path` holds `image` as PNM for as long as the image is used. */
export function rememberPnmFile(image: RawImage, path: string): void {
  pnmFiles.set(image, path);
}

/**
 * A PNM file of the image: the one that holds it already, or one written in `directory` under
 * `name` (header and pixels written as they are, never joined into another 9 MB buffer).
 */
export async function pnmFileOf(image: RawImage, directory: string, name: string): Promise<string> {
  const known = pnmFiles.get(image);
  if (known) return known;
  const path = join(directory, `${name}.${image.channels === 1 ? 'pgm' : 'ppm'}`);
  const file = await open(path, 'w');
  try {
    await file.writev([pnmHeader(image), image.data]);
  } finally {
    await file.close();
  }
  pnmFiles.set(image, path);
  return path;
}

/** Whitespace and comments between a PNM header's fields. */
const PNM_HEADER = /^P([56])(?:\s+|#[^\n]*\n)+(\d+)(?:\s+|#[^\n]*\n)+(\d+)(?:\s+|#[^\n]*\n)+(\d+)\s/;

/**
 * A binary PNM file as a RawImage, its pixels not copied: what `tool` (pdftoppm without -png)
 * wrote. Anything else, or a file cut short, is that tool failing: EngineFailedError.
 */
export function parsePnm(bytes: Buffer, tool = 'pdftoppm'): RawImage {
  const header = PNM_HEADER.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header || Number(header[4]) !== 255) {
    throw new EngineFailedError(tool, 'the page image is not an 8-bit PGM or PPM.');
  }
  const [whole, kind, width, height] = header as unknown as [string, string, string, string];
  const channels = kind === '5' ? 1 : 3;
  const size = Number(width) * Number(height) * channels;
  if (bytes.length < whole.length + size) throw new EngineFailedError(tool, 'the page image is cut short.');
  return {
    data: bytes.subarray(whole.length, whole.length + size),
    width: Number(width),
    height: Number(height),
    channels,
  };
}
