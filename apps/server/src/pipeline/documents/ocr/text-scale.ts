// The resolution tesseract reads best at, judged from the text itself rather than from the
// image's stored resolution (scanners write 72 or 98 dpi into 300 dpi scans, and a page saved at
// 750 pixels wide says nothing at all). Tesseract's LSTM models are trained on text whose capital
// letters are about 30 pixels high; much smaller text loses its separators ("11/02/2019" read as
// "1102/2019"). From a first pass's word boxes, the factor to enlarge the image by.

import type { TsvWord } from './parse-tsv.js';

/** Word boxes (capitals and descenders) lower than this are too small for tesseract. */
const SMALL_TEXT_HEIGHT = 20;
/** The word-box height enlarged text is brought to. */
const TARGET_TEXT_HEIGHT = 32;
/** Enlarging more than this only blows up noise (and costs four times the pixels per step). */
const MAX_FACTOR = 4;
/** Below this factor the second pass is not worth its time. */
const MIN_FACTOR = 1.3;
/** Words the first pass was at least this sure of say how high the text is. */
const SURE_WORD = 0.5;

/** The median height of the words the first pass read with some certainty; null with too few. */
export function medianTextHeight(words: readonly TsvWord[]): number | null {
  const heights = words
    .filter((word) => word.confidence >= SURE_WORD && /[\p{L}\p{N}].*[\p{L}\p{N}]/u.test(word.text))
    .map((word) => word.height)
    .sort((a, b) => a - b);
  if (heights.length < 5) return null;
  return heights[Math.floor(heights.length / 2)] as number;
}

/** How much to enlarge the image before reading it again: 1 when its text is big enough. */
export function upscaleFactor(words: readonly TsvWord[]): number {
  const height = medianTextHeight(words);
  if (height === null || height >= SMALL_TEXT_HEIGHT) return 1;
  const factor = Math.min(MAX_FACTOR, TARGET_TEXT_HEIGHT / Math.max(height, 1));
  // Whole and half steps keep the resampling kernel's result steady from page to page.
  const stepped = Math.round(factor * 2) / 2;
  return stepped >= MIN_FACTOR ? stepped : 1;
}

/**
 * Word boxes are taller than the text lines measured from the ink alone (text-lines.ts), by about
 * this much: on the fixture scans words ran 1.0–1.35 times the measured line height.
 */
const WORD_TO_LINE_HEIGHT = 1.2;
/**
 * Enlarged before any reading only when clearly needed: text that small reads better enlarged
 * whatever the image, while a blurred photo of somewhat larger text may read no better (the
 * later pass, kept only when surer, judges those).
 */
const MIN_EARLY_FACTOR = 2.5;

/**
 * How much to enlarge the image before its first pass, from the height of its text lines measured
 * before any OCR (text-lines.ts): 1 unless the text is so small that the first pass would only be
 * read again enlarged (upscaleFactor), with the same steps.
 */
export function upscaleFactorOfLines(lineHeight: number | null): number {
  if (lineHeight === null || lineHeight <= 0) return 1;
  const wordHeight = lineHeight * WORD_TO_LINE_HEIGHT;
  if (wordHeight >= SMALL_TEXT_HEIGHT) return 1;
  const factor = Math.min(MAX_FACTOR, TARGET_TEXT_HEIGHT / wordHeight);
  const stepped = Math.round(factor * 2) / 2;
  return stepped >= MIN_EARLY_FACTOR ? stepped : 1;
}
