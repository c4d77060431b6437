/**
 * The line of a page where given words are (e.g. the matched word of a search hit): the first word
 * of the page equal to the first of them, ignoring case and surrounding punctuation, and the box
 * around every word of its line — the line a search passage was cut from. Pure.
 */
import type { PageBox } from '../pages/types.js';
import type { OcrPageResult } from '../session/types.js';

export interface PassageLine {
  box: PageBox;
  /** The line's words, as read, for the box's accessible name. */
  text: string;
}

const bare = (word: string) =>
  word
    .normalize('NFC')
    .toLocaleLowerCase()
    .replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '');

export function passageLine(ocr: OcrPageResult | null | undefined, words: string): PassageLine | null {
  const wanted = bare(words.trim().split(/\s+/)[0] ?? '');
  if (!ocr || !wanted) return null;
  const entities = ocr.entities;
  const found =
    entities.find((word) => bare(word.text) === wanted) ?? entities.find((word) => bare(word.text).includes(wanted));
  if (!found) return null;
  const line = typeof found.lineIndex === 'number' ? found.lineIndex : null;
  const lineWords = line === null ? [found] : entities.filter((word) => word.lineIndex === line && word.text.trim());
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const { boundingBox: b } of lineWords) {
    left = Math.min(left, b.x);
    top = Math.min(top, b.y);
    right = Math.max(right, b.x + b.width);
    bottom = Math.max(bottom, b.y + b.height);
  }
  return {
    box: { left, top, width: right - left, height: bottom - top },
    text: lineWords.map((word) => word.text).join(' '),
  };
}
