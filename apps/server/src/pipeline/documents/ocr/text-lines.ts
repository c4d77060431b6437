// The page's text lines measured from its ink alone, before any OCR: the angle they run at (a
// sheet fed askew into a scanner, a phone held crooked) and how many pixels high they are.
// Projection profiles: the dark pixels are summed along lines of each candidate angle; the angle
// whose sums are most concentrated (lines of text and blank space between them) is the one the
// text runs at. The same profile at that angle gives the height of the lines, from which the
// image's real resolution can be told (resolution.ts).
import sharp from 'sharp';
import { type RawImage, sharpOfRaw } from '../images/raw-image.js';

export interface TextLines {
  /**
   * Angle in degrees the text lines run at, clockwise on screen (y pointing down): +2 means each
   * line descends to the right. The page is straightened by turning it by minus this.
   */
  skewDegrees: number;
  /**
   * How much more concentrated the profile is at that angle than at 0 (1 = no better): a page
   * without lines of text gains nothing from any angle.
   */
  gain: number;
  /** Median height of the lines of text, in pixels of the image measured; null when too few. */
  lineHeight: number | null;
  /** Whether the lines run across the image (true) or down it (a page still on its side). */
  horizontal: boolean;
}

/** The longer side the page is analysed at: 0.06° is still a pixel across at this size. */
const ANALYSIS_SIZE = 1000;
/** Steeper than this is not a page fed askew: tesseract's orientation handles quarter turns. */
const MAX_SKEW = 8;
const COARSE_STEP = 0.5;
const FINE_STEP = 0.05;
/** Enough dark pixels for the profile to mean something; more are sampled. */
const MIN_INK = 500;
const MAX_INK = 80_000;
/** A page this dark is a photo or an inverted scan, not text on paper. */
const MAX_INK_SHARE = 0.4;
/** A line of the profile holds text when it has this share of the profile's fullest line's ink. */
const LINE_INK_SHARE = 0.08;

/** Measures the text lines of an image (any format sharp reads, or pixels); null when it shows none. */
export async function measureTextLines(image: Buffer | Uint8Array | RawImage): Promise<TextLines | null> {
  const source = 'channels' in image ? sharpOfRaw(image) : sharp(image);
  const { data, info } = await source
    .greyscale()
    .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fullWidth = 'channels' in image ? image.width : (await sharp(image).metadata()).width;
  const scale = (fullWidth ?? info.width) / info.width;
  const ink = darkPixels(data, info.width, info.height, info.channels);
  if (!ink) return null;
  // Coarse angles both ways first; only the direction the lines run in is refined.
  const across = coarseAngle(ink, 'across');
  const down = coarseAngle(ink, 'down');
  const horizontal = across.score >= down.score;
  const best = refineAngle(ink, horizontal ? across : down);
  const gain = best.score / Math.max(1, concentration(ink, 0, best.direction));
  const height = medianLineHeight(profile(ink, best.angle, best.direction));
  return {
    skewDegrees: round(best.angle, 2),
    gain: round(gain, 3),
    lineHeight: height === null ? null : height * scale,
    horizontal,
  };
}

interface Ink {
  xs: Int32Array;
  ys: Int32Array;
  width: number;
  height: number;
}

type Direction = 'across' | 'down';

/** Pixels darker than Otsu's threshold, sampled down to MAX_INK; null for a blank or dark page. */
function darkPixels(data: Buffer, width: number, height: number, channels: number): Ink | null {
  const histogram = new Float64Array(256);
  for (let index = 0; index < data.length; index += channels) {
    const grey = data[index] as number;
    histogram[grey] = (histogram[grey] as number) + 1;
  }
  let threshold = otsu(histogram, width * height);
  let count = darkerThan(histogram, threshold);
  // A photo of grey paper, or a page turned onto a white canvas, splits into white and grey
  // first: the ink is then the darkest part of the grey, found by splitting that part again.
  if (count > MAX_INK_SHARE * width * height) {
    threshold = otsu(histogram.subarray(0, threshold), count);
    count = darkerThan(histogram, threshold);
  }
  if (count < MIN_INK || count > MAX_INK_SHARE * width * height) return null;
  const stride = Math.max(1, Math.ceil(count / MAX_INK));
  const size = Math.ceil(count / stride);
  const xs = new Int32Array(size);
  const ys = new Int32Array(size);
  let seen = 0;
  let kept = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((data[(y * width + x) * channels] as number) >= threshold) continue;
      if (seen++ % stride !== 0 || kept >= size) continue;
      xs[kept] = x;
      ys[kept] = y;
      kept++;
    }
  }
  return { xs: xs.subarray(0, kept), ys: ys.subarray(0, kept), width, height };
}

function darkerThan(histogram: Float64Array, threshold: number): number {
  let count = 0;
  for (let value = 0; value < threshold; value++) count += histogram[value] as number;
  return count;
}

/** Otsu's threshold: the grey level that best splits the histogram into ink and paper. */
function otsu(histogram: Float64Array, total: number): number {
  const levels = histogram.length;
  let sum = 0;
  for (let value = 0; value < levels; value++) sum += value * (histogram[value] as number);
  let backgroundSum = 0;
  let backgroundCount = 0;
  let best = 0;
  let threshold = Math.floor(levels / 2);
  for (let value = 0; value < levels; value++) {
    backgroundCount += histogram[value] as number;
    if (backgroundCount === 0) continue;
    const foregroundCount = total - backgroundCount;
    if (foregroundCount === 0) break;
    backgroundSum += value * (histogram[value] as number);
    const meanBack = backgroundSum / backgroundCount;
    const meanFore = (sum - backgroundSum) / foregroundCount;
    const between = backgroundCount * foregroundCount * (meanBack - meanFore) ** 2;
    if (between > best) {
      best = between;
      threshold = value + 1;
    }
  }
  return threshold;
}

/**
 * Ink summed along lines at `angle`: for lines across the page, pixels with the same
 * y − x·tan(angle) lie on one line; for lines down the page (turned a quarter), x + y·tan(angle).
 */
function profile(ink: Ink, angle: number, direction: Direction): Int32Array {
  const tan = Math.tan((angle * Math.PI) / 180);
  const along = direction === 'across' ? ink.width : ink.height;
  const across = direction === 'across' ? ink.height : ink.width;
  const offset = Math.ceil(Math.abs(tan) * along);
  const bins = new Int32Array(across + 2 * offset + 1);
  const { xs, ys } = ink;
  for (let index = 0; index < xs.length; index++) {
    const x = xs[index] as number;
    const y = ys[index] as number;
    const bin = direction === 'across' ? y - x * tan : x + y * tan;
    const at = (bin + offset + 0.5) | 0;
    bins[at] = (bins[at] as number) + 1;
  }
  return bins;
}

/** Sum of squares of the profile: largest when the ink falls into few, full lines. */
function concentration(ink: Ink, angle: number, direction: Direction): number {
  let sum = 0;
  for (const count of profile(ink, angle, direction)) sum += count * count;
  return sum;
}

interface Candidate {
  angle: number;
  score: number;
  direction: Direction;
}

function coarseAngle(ink: Ink, direction: Direction): Candidate {
  let angle = 0;
  let score = concentration(ink, 0, direction);
  for (let candidate = -MAX_SKEW; candidate <= MAX_SKEW; candidate += COARSE_STEP) {
    const value = concentration(ink, candidate, direction);
    if (value > score) [angle, score] = [candidate, value];
  }
  return { angle, score, direction };
}

function refineAngle(ink: Ink, coarse: Candidate): Candidate {
  let { angle, score } = coarse;
  for (let candidate = coarse.angle - COARSE_STEP; candidate <= coarse.angle + COARSE_STEP; candidate += FINE_STEP) {
    const value = concentration(ink, candidate, coarse.direction);
    if (value > score) [angle, score] = [candidate, value];
  }
  return { angle, score, direction: coarse.direction };
}

/** The median height of the runs of the profile that hold text (a line's ascenders to descenders). */
function medianLineHeight(bins: Int32Array): number | null {
  let fullest = 0;
  for (const count of bins) fullest = Math.max(fullest, count);
  const floor = fullest * LINE_INK_SHARE;
  const heights: number[] = [];
  let run = 0;
  for (const count of bins) {
    if (count > floor) run++;
    else if (run > 0) {
      // A run of one or two rows is a rule or a speck, not a line of text.
      if (run >= 3) heights.push(run);
      run = 0;
    }
  }
  if (run >= 3) heights.push(run);
  if (heights.length < 3) return null;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] as number;
}

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;
