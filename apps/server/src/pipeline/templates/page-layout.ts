// A page's words with their neighbours found once, for the neural model's candidates and
// features: the nearest word left and right on its line, the one above, every word to the left on
// the line, and a few page-wide figures (typical word height, the extent of the printed area, each
// amount's share of the largest, each word's height over the tallest, repeated words).
import { parseNumber } from '../documents/fields/parse-amount.js';
import type { Box, Word } from './template-model.js';

/** How far (in word heights) a printed label to the left on the line still counts. */
const LEFT_REACH = 30;
/** How far (in word heights) a printed label above still counts. */
const ABOVE_REACH = 5;
// With cents, or whole with a dash for them ("12.100,-").
const AMOUNT = /^[-(]?[^\d\s]{0,3}\d{1,3}([ ,.'’]?\d{3})*([.,]\d{2}|[.,]-)[^\d]{0,3}$/u;

const height = (b: Box) => Math.max(b.bottom - b.top, 1e-6);
const midY = (b: Box) => (b.top + b.bottom) / 2;
const midX = (b: Box) => (b.left + b.right) / 2;

/** The page's words with their neighbours found once: left and right on the line, the one above. */
export interface PageLayout {
  words: Word[];
  /** Index of the nearest word to the left on the same line, or -1. */
  left: number[];
  right: number[];
  /** Index of the nearest word above whose columns overlap, or -1. */
  above: number[];
  /** Indices of the words to the left on the same line, nearest first. */
  lineLeft: number[][];
  /** Typical word height of the page. */
  scale: number;
  extent: Box;
  /** An amount's value over the page's largest amount (0 for a word that is no amount). */
  amountShare: number[];
  /** The word's height over the page's tallest word. */
  heightShare: number[];
  /** How many other words of the page read the same (a number printed in a header and a footer). */
  repeats: number[];
  /** How many words stand before the word on its line (0 for the first). */
  lineRank: number[];
}

/** The value of a word that reads as an amount with cents (or a dash for them), currency marks aside; null otherwise. */
function amountOf(text: string): number | null {
  if (!AMOUNT.test(text)) return null;
  const parsed = parseNumber(text.replace(/^[-(]?[^\d\s-]{0,3}|[^\d]{0,3}$/gu, ''));
  return parsed ? Math.abs(parsed.value) : null;
}

/** A leading group of digits of an amount printed with spaces between its thousands ("1", "17", "€ 1"). */
const LEADING_GROUP = /^[-(]?[^\d\s]{0,3}\d{1,3}$/u;
const MIDDLE_GROUP = /^\d{3}$/u;
/** Thousands groups are set apart by a thin space: at most this share of a word height. */
const GROUP_GAP = 0.8;

/**
 * Each word's amount, reading the thousands groups printed as words of their own with it: "1 210,00"
 * is two words on the page, "1" and "210,00", and is 1,210 — every word of it gets that value, so
 * the page's largest amount is not taken for its largest last group.
 */
function groupedAmounts(words: Word[], left: number[], scale: number): Array<number | null> {
  const amounts = words.map((w) => amountOf(w.text));
  words.forEach((word, i) => {
    if (amounts[i] === null) return;
    const group = [i];
    let text = word.text;
    for (let j = left[i] as number; j >= 0 && group.length < 5; j = left[j] as number) {
      const other = words[j] as Word;
      const gap = (words[group.at(-1) as number] as Word).box.left - other.box.right;
      if (gap > scale * GROUP_GAP || !(MIDDLE_GROUP.test(other.text) || LEADING_GROUP.test(other.text))) break;
      group.push(j);
      text = `${other.text}${text}`;
      if (!MIDDLE_GROUP.test(other.text)) break;
    }
    if (group.length === 1) return;
    const value = amountOf(text);
    if (value === null) return;
    for (const j of group) amounts[j] = value;
  });
  return amounts;
}

const sameLine = (a: Box, b: Box) => Math.abs(midY(a) - midY(b)) < Math.min(height(a), height(b)) * 0.6;

export function layoutOf(words: Word[]): PageLayout {
  const n = words.length;
  const left = new Array<number>(n).fill(-1);
  const right = new Array<number>(n).fill(-1);
  const above = new Array<number>(n).fill(-1);
  const lineLeft: number[][] = Array.from({ length: n }, () => []);
  const heights = words.map((w) => height(w.box)).sort((a, b) => a - b);
  const scale = heights[heights.length >> 1] ?? 10;
  // Sorted by top so the search for lines and words above looks only at nearby rows.
  const order = words.map((_, i) => i).sort((a, b) => (words[a] as Word).box.top - (words[b] as Word).box.top);
  for (let oi = 0; oi < n; oi++) {
    const i = order[oi] as number;
    const w = (words[i] as Word).box;
    const leftOnLine: Array<{ j: number; gap: number }> = [];
    let bestRight = Number.POSITIVE_INFINITY;
    let bestAbove = Number.POSITIVE_INFINITY;
    for (let oj = oi - 1; oj >= 0; oj--) {
      const j = order[oj] as number;
      const v = (words[j] as Word).box;
      if (w.top - v.top > scale * (ABOVE_REACH + 2)) break;
      considerPair(i, j, w, v);
    }
    for (let oj = oi + 1; oj < n; oj++) {
      const j = order[oj] as number;
      const v = (words[j] as Word).box;
      if (v.top - w.top > scale * 2) break;
      considerPair(i, j, w, v);
    }
    leftOnLine.sort((a, b) => a.gap - b.gap);
    lineLeft[i] = leftOnLine.map((l) => l.j);
    left[i] = leftOnLine[0]?.j ?? -1;

    function considerPair(i: number, j: number, w: Box, v: Box) {
      if (sameLine(w, v)) {
        const gap = w.left - v.right;
        if (midX(v) < midX(w) && gap > -height(w)) {
          if (gap < scale * LEFT_REACH) leftOnLine.push({ j, gap });
        } else if (midX(v) > midX(w)) {
          const g = v.left - w.right;
          if (g > -height(w) && g < bestRight) {
            bestRight = g;
            right[i] = j;
          }
        }
        return;
      }
      const dy = w.top - v.bottom;
      const overlapsColumns = v.left < w.right + scale && w.left < v.right + scale;
      if (midY(v) < midY(w) && overlapsColumns && dy > -height(w) * 0.5 && dy < scale * ABOVE_REACH && dy < bestAbove) {
        bestAbove = dy;
        above[i] = j;
      }
    }
  }
  const extent: Box = {
    left: Math.min(...words.map((w) => w.box.left)),
    top: Math.min(...words.map((w) => w.box.top)),
    right: Math.max(...words.map((w) => w.box.right)),
    bottom: Math.max(...words.map((w) => w.box.bottom)),
  };
  const amounts = groupedAmounts(words, left, scale);
  const largest = Math.max(0, ...amounts.map((a) => a ?? 0));
  const tallest = Math.max(1e-6, ...words.map((w) => height(w.box)));
  const tokenCounts = new Map<string, number>();
  for (const w of words) tokenCounts.set(w.text.toLowerCase(), (tokenCounts.get(w.text.toLowerCase()) ?? 0) + 1);
  return {
    words,
    left,
    right,
    above,
    lineLeft,
    scale,
    extent,
    amountShare: amounts.map((a) => (a !== null && largest > 0 ? a / largest : 0)),
    heightShare: words.map((w) => height(w.box) / tallest),
    repeats: words.map((w) => (tokenCounts.get(w.text.toLowerCase()) ?? 1) - 1),
    lineRank: lineLeft.map((l) => l.length),
  };
}

/** The box around some words of a page. */
export function spanBox(layout: PageLayout, indices: readonly number[]): Box {
  const boxes = indices.map((i) => (layout.words[i] as Word).box);
  return {
    left: Math.min(...boxes.map((b) => b.left)),
    top: Math.min(...boxes.map((b) => b.top)),
    right: Math.max(...boxes.map((b) => b.right)),
    bottom: Math.max(...boxes.map((b) => b.bottom)),
  };
}
