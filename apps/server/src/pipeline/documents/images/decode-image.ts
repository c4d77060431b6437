// Decodes uploaded images safely for the viewer, OCR and QR reading: the pixel budget is checked
// against the declared size before decoding (and again by libvips while decoding), EXIF orientation
// is applied so photos from phones read upright, and transparency is flattened onto white (a
// transparent PNG with black text would otherwise become an all-black page).
import sharp, { type Metadata } from 'sharp';
import { detectFileType } from '../../../formats/file-type.js';
import { CorruptDocumentError, ImageTooLargeError, UnsupportedFileTypeError } from '../errors.js';
import { HEADER_CHECKED_KINDS, readDeclaredDimensions } from './image-dimensions.js';
import { type RawImage, toRawImage } from './raw-image.js';

/** 40 megapixels: an A4 page at 600 dpi is 35 MP; anything bigger is not a document scan. */
export const DEFAULT_MAX_PIXELS = 40_000_000;
/** Multi-page TIFFs and animated GIFs: pages beyond this are not documents we review. */
const MAX_FRAMES = 500;

export interface ImageLimits {
  maxPixels?: number;
}

export interface UprightImage {
  png: Buffer;
  width: number;
  height: number;
  /** Resolution stored in the file, when it says (needed to turn pixels into points). */
  dpi: number | null;
  /** EXIF orientation that was applied (1 = none). */
  exifOrientation: number;
}

export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface ImageInfo {
  kind: string;
  width: number;
  height: number;
  frames: number;
  dpi: number | null;
  exifOrientation: number;
}

/** Checks type and size without decoding pixels; throws typed errors for the bad cases. */
export async function probeImage(bytes: Uint8Array, limits: ImageLimits = {}): Promise<ImageInfo> {
  const maxPixels = limits.maxPixels ?? DEFAULT_MAX_PIXELS;
  const type = detectFileType(bytes);
  if (type?.category !== 'image') throw new UnsupportedFileTypeError(type?.kind ?? null);
  const declared = readDeclaredDimensions(type.kind, bytes);
  if (declared) guardPixels(declared.width, declared.height, maxPixels);
  else if (HEADER_CHECKED_KINDS.has(type.kind))
    throw new CorruptDocumentError('image', `its ${type.kind.toUpperCase()} header is unreadable.`);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
  } catch (error) {
    throw imageError(error);
  }
  const width = metadata.width ?? declared?.width ?? 0;
  const height = metadata.height ?? declared?.height ?? 0;
  guardPixels(width, height, maxPixels);
  const frames = metadata.pages ?? 1;
  if (frames > MAX_FRAMES) throw new ImageTooLargeError(`${frames} pages, at most ${MAX_FRAMES} are accepted`);
  return {
    kind: type.kind,
    width,
    height,
    frames,
    dpi: metadata.density && metadata.density > 1 ? metadata.density : null,
    exifOrientation: metadata.orientation ?? 1,
  };
}

/** One frame (page) of an image, turned upright: `rotate()` applies the EXIF orientation and drops the tag. */
const uprightFrame = (bytes: Uint8Array, frame: number, limits: ImageLimits) =>
  sharp(bytes, { limitInputPixels: limits.maxPixels ?? DEFAULT_MAX_PIXELS, page: frame, failOn: 'error' }).rotate();

/** One frame (page) of an image as an upright PNG on white. */
export async function decodeUpright(bytes: Uint8Array, frame = 0, limits: ImageLimits = {}): Promise<UprightImage> {
  const info = await probeImage(bytes, limits);
  try {
    const { data, info: out } = await uprightFrame(bytes, frame, limits)
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 3 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: out.width, height: out.height, dpi: info.dpi, exifOrientation: info.exifOrientation };
  } catch (error) {
    throw imageError(error);
  }
}

export interface UprightPixels {
  image: RawImage;
  /** Resolution stored in the file, when it says. */
  dpi: number | null;
}

/**
 * One frame (page) of an image upright on white as plain pixels (for OCR): the pixels
 * decodeUpright's PNG holds, without coding them into a PNG and out again.
 */
export async function decodeUprightPixels(
  bytes: Uint8Array,
  frame = 0,
  limits: ImageLimits = {},
): Promise<UprightPixels> {
  const info = await probeImage(bytes, limits);
  try {
    const image = await toRawImage(uprightFrame(bytes, frame, limits), { flatten: true });
    return { image, dpi: info.dpi };
  } catch (error) {
    throw imageError(error);
  }
}

/** Raw RGBA pixels (for QR reading). Accepts any image type, including PNGs rendered from PDF pages. */
export async function decodeRgba(bytes: Uint8Array, limits: ImageLimits = {}): Promise<RgbaImage> {
  await probeImage(bytes, limits);
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: limits.maxPixels ?? DEFAULT_MAX_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw imageError(error);
  }
}

function guardPixels(width: number, height: number, maxPixels: number): void {
  if (width * height > maxPixels) {
    throw new ImageTooLargeError(
      `${width}×${height} pixels declared, at most ${Math.round(maxPixels / 1_000_000)} megapixels are accepted`,
    );
  }
}

function imageError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageTooLargeError('it exceeds the pixel limit');
  // libvips prefixes its messages with loader names; the first line is the readable part.
  const reason = message.split('\n')[0]?.replace(/^(Input buffer has |vips\w*: |VipsJpeg: )/i, '') ?? message;
  return new CorruptDocumentError(
    'image',
    `${reason.charAt(0).toLowerCase()}${reason.slice(1)}${/[.]$/.test(reason) ? '' : '.'}`,
  );
}
