// What the neural model sees of each word of a page: numbers that describe the word's shape, where
// it sits, its neighbours' words and shapes, and how near it is to the printed labels of each field
// (the words people's labelled values follow or sit under). None of them names a position on one
// layout only: a word "after 'Invoice number:'" or "an amount at the bottom right" is described the
// same way on any invoice, which is what lets the model read layouts it was not trained on.
import { parseNumber } from '../documents/fields/parse-amount.js';
import { type Box, type LabelledValue, type TrainingDocument, tokenOf, type Word } from './template-model.js';

/** Words of the shared vocabulary (the most common printed words of the training pages). */
export const VOCABULARY_SIZE = 64;
/** Printed labels kept per field. */
const LABEL_WORDS_PER_FIELD = 10;
/** How far (in word heights) a printed label to the left on the line still counts. */
const LEFT_REACH = 30;
/** How far (in word heights) a printed label above still counts. */
const ABOVE_REACH = 5;

/** What training learns before the classifier: the vocabulary and each field's printed labels. */
export interface FeatureSpace {
  vocabulary: string[];
  /** Printed label tokens of each field, in the order of the model's fields. */
  labelWords: string[][];
}

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
}

/** The value of a word that reads as an amount with cents, currency marks aside; null otherwise. */
function amountOf(text: string): number | null {
  if (!AMOUNT.test(text)) return null;
  const parsed = parseNumber(text.replace(/^[-(]?[^\d\s-]{0,3}|[^\d]{0,3}$/gu, ''));
  return parsed ? Math.abs(parsed.value) : null;
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
  const amounts = words.map((w) => amountOf(w.text));
  const largest = Math.max(0, ...amounts.map((a) => a ?? 0));
  const tallest = Math.max(1e-6, ...words.map((w) => height(w.box)));
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
  };
}

const DATE = /^(\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}\.?)$/u;
const AMOUNT = /^[-(]?[^\d\s]{0,3}\d{1,3}([ ,.'’]?\d{3})*([.,]\d{2})[^\d]{0,3}$/u;
const MONTH =
  /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|janv|fév|mär|mai|juin|juil|août|déc|ene|abr|ago|dic|out|dez|okt)/iu;
const CURRENCY = /^[€$£¥₹]|^(eur|usd|gbp|chf|czk|pln|brl|inr|mxn|ars)$/iu;

/** Numbers for the look of a word, each between 0 and 1. */
export const SHAPE_FEATURES = 16;
function shape(text: string, out: number[]): void {
  const chars = [...text];
  const n = Math.max(chars.length, 1);
  const digits = chars.filter((c) => /\p{N}/u.test(c)).length;
  const letters = chars.filter((c) => /\p{L}/u.test(c)).length;
  const upper = chars.filter((c) => /\p{Lu}/u.test(c)).length;
  out.push(
    Math.min(chars.length, 20) / 20,
    digits / n,
    letters / n,
    letters ? upper / letters : 0,
    digits > 0 && letters > 0 ? 1 : 0,
    /[.,]/u.test(text) ? 1 : 0,
    /[/-]/u.test(text) ? 1 : 0,
    text.endsWith(':') ? 1 : 0,
    CURRENCY.test(text) ? 1 : 0,
    DATE.test(text) ? 1 : 0,
    AMOUNT.test(text) ? 1 : 0,
    MONTH.test(text) ? 1 : 0,
    /^\p{Lu}/u.test(text) ? 1 : 0,
    /^[#№]|^n[°º]/iu.test(text) ? 1 : 0,
    digits >= 4 && letters === 0 && !/[.,]\d{2}$/u.test(text) ? 1 : 0,
    /[&]|^(ltd|gmbh|inc|llc|sa|s\.a\.|sarl|bv|ag|sro|s\.r\.o\.|sp|ltda|kg|oy|ab|srl)\.?$/iu.test(text) ? 1 : 0,
  );
}
/** A neighbour's look, shorter: is it missing, an amount, a date, a label (ends with a colon), a word. */
const NEIGHBOUR_FEATURES = 6;
function neighbourShape(word: Word | undefined, out: number[]): void {
  if (!word) {
    out.push(1, 0, 0, 0, 0, 0);
    return;
  }
  const t = word.text;
  out.push(
    0,
    AMOUNT.test(t) ? 1 : 0,
    DATE.test(t) || MONTH.test(t) ? 1 : 0,
    t.endsWith(':') ? 1 : 0,
    /\p{L}{3}/u.test(t) ? 1 : 0,
    /\d/u.test(t) ? 1 : 0,
  );
}

/** The length of a word's feature vector in a feature space. */
export const featureCount = (space: FeatureSpace) =>
  SHAPE_FEATURES + 8 + 3 * NEIGHBOUR_FEATURES + 4 * space.vocabulary.length + 4 * space.labelWords.length;

/** The feature vector of word `i` of a page. */
export function featuresOf(space: FeatureSpace, page: PageLayout, i: number, vocabularyIndex: Map<string, number>) {
  const words = page.words;
  const word = words[i] as Word;
  const out: number[] = [];
  shape(word.text, out);
  const { extent, scale } = page;
  out.push(
    (midX(word.box) - extent.left) / Math.max(extent.right - extent.left, 1),
    (midY(word.box) - extent.top) / Math.max(extent.bottom - extent.top, 1),
    Math.min(height(word.box) / scale, 3) / 3,
    page.left[i] === -1 ? 1 : 0,
    page.above[i] === -1 ? 1 : 0,
    // The page's largest amount is most often its total; its largest letters its issuer's name.
    page.amountShare[i] as number,
    page.amountShare[i] === 1 ? 1 : 0,
    page.heightShare[i] as number,
  );
  neighbourShape(words[page.left[i] as number], out);
  neighbourShape(words[page.right[i] as number], out);
  neighbourShape(words[page.above[i] as number], out);
  // The words themselves: the word, the one before it, any before it on the line, the one above.
  const k = space.vocabulary.length;
  const slots = new Array<number>(4 * k).fill(0);
  const mark = (slot: number, w: Word | undefined, value = 1) => {
    const token = w ? tokenOf(w.text) : null;
    const index = token ? vocabularyIndex.get(token) : undefined;
    if (index !== undefined) slots[slot * k + index] = Math.max(slots[slot * k + index] as number, value);
  };
  mark(0, word);
  mark(1, words[page.left[i] as number]);
  for (const [rank, j] of (page.lineLeft[i] as number[]).entries()) mark(2, words[j], 1 / (1 + rank * 0.5));
  mark(3, words[page.above[i] as number]);
  out.push(...slots);
  // Printed labels of each field: right before, on the line to the left (nearer is more), above.
  for (const labels of space.labelWords) {
    const set = new Set(labels);
    const isLabel = (j: number) => {
      const token = j >= 0 ? tokenOf((words[j] as Word).text) : null;
      return token !== null && set.has(token);
    };
    let leftNear = 0;
    for (const j of page.lineLeft[i] as number[]) {
      if (!isLabel(j)) continue;
      const gap = (word.box.left - (words[j] as Word).box.right) / scale;
      leftNear = Math.exp(-Math.max(gap, 0) / 8);
      break;
    }
    let aboveNear = 0;
    const a = page.above[i] as number;
    if (isLabel(a)) aboveNear = Math.exp(-Math.max(word.box.top - (words[a] as Word).box.bottom, 0) / scale / 3);
    out.push(isLabel(page.left[i] as number) ? 1 : 0, leftNear, aboveNear, isLabel(i) ? 1 : 0);
  }
  return out;
}

const centreInside = (w: Word, b: Box) => {
  const x = midX(w.box);
  const y = midY(w.box);
  return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;
};

/** Which of a page's words lie in a labelled value of each field (by the word's centre). */
export function targetsOf(words: Word[], labels: LabelledValue[], fieldIds: readonly string[]): boolean[][] {
  return words.map((w) => fieldIds.map((id) => labels.some((l) => l.fieldId === id && centreInside(w, l.box))));
}

/**
 * Learns the feature space from the training documents: the vocabulary (printed words on most
 * pages, labelled values left out) and each field's printed labels (words that most often stand
 * before or above its values across the documents).
 */
export function learnFeatureSpace(documents: TrainingDocument[], fieldIds: readonly string[]): FeatureSpace {
  const pageCount = new Map<string, number>();
  const asLabel = fieldIds.map(() => new Map<string, number>());
  for (const doc of documents) {
    const seenInDoc = new Set<string>();
    const labelSeen = fieldIds.map(() => new Set<string>());
    doc.pages.forEach((words, p) => {
      const labels = doc.labels.filter((l) => l.page === p + 1);
      const inValue = (w: Word) => labels.some((l) => centreInside(w, l.box));
      for (const w of words) {
        const token = tokenOf(w.text);
        if (token && !inValue(w)) seenInDoc.add(token);
      }
      if (labels.length === 0) return;
      const layout = layoutOf(words);
      words.forEach((w, i) => {
        fieldIds.forEach((id, f) => {
          if (!labels.some((l) => l.fieldId === id && centreInside(w, l.box))) return;
          const near = [...(layout.lineLeft[i] as number[]).slice(0, 4), layout.above[i] as number];
          for (const j of near) {
            const other = words[j];
            if (!other || inValue(other)) continue;
            const token = tokenOf(other.text);
            if (token) labelSeen[f]?.add(token);
          }
        });
      });
    });
    for (const token of seenInDoc) pageCount.set(token, (pageCount.get(token) ?? 0) + 1);
    labelSeen.forEach((tokens, f) => {
      for (const token of tokens) asLabel[f]?.set(token, (asLabel[f]?.get(token) ?? 0) + 1);
    });
  }
  const minDocs = documents.length >= 4 ? 2 : 1;
  const vocabulary = [...pageCount]
    .filter(([, n]) => n >= minDocs)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, VOCABULARY_SIZE)
    .map(([token]) => token);
  const labelWords = asLabel.map((counts) =>
    [...counts]
      .filter(([, n]) => n >= minDocs)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, LABEL_WORDS_PER_FIELD)
      .map(([token]) => token),
  );
  return { vocabulary, labelWords };
}
