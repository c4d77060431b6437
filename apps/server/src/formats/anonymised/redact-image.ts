// Burned-in anonymisation of an image: the pixels of every region are replaced by the fill colour
// (not drawn over in a layer) and the file is written anew, so no EXIF, XMP or ICC text of the
// original goes with it. The image is turned upright first (EXIF orientation), as it was read for
// review, so the regions land where the reviewer saw them.
import sharp from 'sharp';
import type { Fill, Region } from './regions.js';

export interface Pixels {
  /** RGBA, row after row. */
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** The upright RGBA pixels of an image file (its first frame). */
export async function decodeImage(bytes: Uint8Array): Promise<Pixels> {
  const { data, info } = await sharp(bytes, { failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/** Fills each region (in pixels) with the colour, in place; regions are clipped to the image. */
export function fillRegions(image: Pixels, regions: readonly Omit<Region, 'pageNumber'>[], fill: Fill): void {
  for (const region of regions) {
    const x0 = Math.max(0, Math.floor(region.left));
    const y0 = Math.max(0, Math.floor(region.top));
    const x1 = Math.min(image.width, Math.ceil(region.left + region.width));
    const y1 = Math.min(image.height, Math.ceil(region.top + region.height));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const at = (y * image.width + x) * 4;
        image.pixels[at] = fill.r;
        image.pixels[at + 1] = fill.g;
        image.pixels[at + 2] = fill.b;
        image.pixels[at + 3] = 255;
      }
    }
  }
}

/** Pages one below the other, on white, as one image. */
export function stack(pages: readonly Pixels[]): Pixels {
  const width = Math.max(...pages.map((page) => page.width));
  const height = pages.reduce((sum, page) => sum + page.height, 0);
  const pixels = new Uint8Array(width * height * 4).fill(255);
  let top = 0;
  for (const page of pages) {
    for (let y = 0; y < page.height; y++) {
      pixels.set(page.pixels.subarray(y * page.width * 4, (y + 1) * page.width * 4), (top + y) * width * 4);
    }
    top += page.height;
  }
  return { pixels, width, height };
}

/** RGBA pixels as a new PNG or JPEG file, without any metadata. */
export async function encodeImage(image: Pixels, format: 'png' | 'jpeg'): Promise<Uint8Array> {
  const raw = sharp(Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  }).removeAlpha();
  const out = format === 'png' ? await raw.png().toBuffer() : await raw.jpeg({ quality: 90 }).toBuffer();
  return new Uint8Array(out);
}
