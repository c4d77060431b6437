// Straightening a page whose lines run askew before it is read: tesseract's line finding holds
// up to about a degree; past that, words of one line are split across lines and columns drift.
// The words read on the straightened image are brought back to the page as it is shown (the
// image that was uploaded or rendered), so their boxes still cover the printed words.
import { type RawImage, sharpOfRaw, toRawImage } from '../images/raw-image.js';
import type { TsvWord } from './parse-tsv.js';
import type { TextLines } from './text-lines.js';

/** Below this the page is read as it is: a half-degree costs tesseract nothing. */
const MIN_SKEW = 0.5;
/**
 * The profile must be this much sharper at the skew than unturned: a photo or a page of
 * pictures gains little from any angle and is not turned on a guess.
 */
const MIN_GAIN = 1.05;

/** The angle to straighten the page by (degrees, clockwise on screen), or 0 to leave it. */
export function straighteningAngle(lines: TextLines | null): number {
  if (!lines || Math.abs(lines.skewDegrees) < MIN_SKEW || lines.gain < MIN_GAIN) return 0;
  return -lines.skewDegrees;
}

/**
 * The image turned by `degrees` (clockwise), the corners it uncovers filled with the
 * page's own paper colour: white corners around a photo of grey paper make tesseract's global
 * threshold take the whole paper for ink, and the page reads as nothing.
 */
export async function straighten(image: RawImage, degrees: number): Promise<RawImage> {
  const { dominant } = await sharpOfRaw(image).stats();
  return toRawImage(sharpOfRaw(image).rotate(degrees, { background: { r: dominant.r, g: dominant.g, b: dominant.b } }));
}

export interface Frame {
  width: number;
  height: number;
}

/**
 * A word read on the image straightened by `degrees`, placed on the page before straightening:
 * its centre turned back about the images' centres, its width and height kept (the box of a
 * word stays the word's size, the text-height rules read it).
 */
export function unstraighten(word: TsvWord, degrees: number, straightened: Frame, original: Frame): TsvWord {
  const radians = (-degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const dx = word.left + word.width / 2 - straightened.width / 2;
  const dy = word.top + word.height / 2 - straightened.height / 2;
  const centreX = original.width / 2 + dx * cos - dy * sin;
  const centreY = original.height / 2 + dx * sin + dy * cos;
  return { ...word, left: centreX - word.width / 2, top: centreY - word.height / 2 };
}
