// What the neural model sees of each candidate value of a page: a run of one or more words next to
// each other on a line (neural-candidates.ts), described by numbers — its characters, what it reads
// as (a date, an amount, a currency, an id), where it sits, its neighbours' words and shapes, and how
// near it is to the printed labels of each field (the words people's labelled values follow or sit
// under). None of them names a position on one layout only: a value "after 'Invoice number:'" or
// "an amount at the bottom right" is described the same way on any invoice, which is what lets the
// model read layouts it was not trained on.
import { CURRENCY_MARKERS, findAmounts, spacedAmount } from '../documents/fields/parse-amount.js';
import { findCompactDate, findDates } from '../documents/fields/parse-date.js';
import { EVIDENCE_FEATURES, evidenceFeatures, type PageEvidence } from './detector-evidence.js';
import { type Candidate, wordsInLabel } from './neural-candidates.js';
import { layoutOf, type PageLayout, spanBox } from './page-layout.js';
import { type TrainingDocument, tokenOf, type Word } from './template-model.js';

/** Words of the shared vocabulary (the most common printed words of the training pages). */
export const VOCABULARY_SIZE = 64;
/** Printed labels kept per field. */
const LABEL_WORDS_PER_FIELD = 12;
/** The longest value (in words) a model reads, whatever the labels. */
export const LONGEST_VALUE = 8;

/** What training learns before the classifier: the vocabulary and each field's printed labels. */
export interface FeatureSpace {
  vocabulary: string[];
  /** Printed label tokens of each field, in the order of the model's fields. */
  labelWords: string[][];
  /** The most words a value is read from (the longest labelled value, up to LONGEST_VALUE). */
  maxWords: number;
}

/** A page as the features see it: its words and neighbours, and where it is in the document. */
export interface PageContext {
  layout: PageLayout;
  /** 0-based page number and the document's page count. */
  page: number;
  pages: number;
  /** The built-in detectors' readings of the page (detector-evidence.ts). */
  evidence: PageEvidence;
}

const height = (top: number, bottom: number) => Math.max(bottom - top, 1e-6);

const DATE = /^(\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}\.?)$/u;
const AMOUNT = /^[-(]?[^\d\s]{0,3}\d{1,3}([ ,.'’]?\d{3})*([.,]\d{2})[^\d]{0,3}$/u;
const MONTH =
  /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|janv|fév|mär|mai|juin|juil|août|déc|ene|abr|ago|dic|out|dez|okt)/iu;
const CURRENCY = /^[€$£¥₹]|^(eur|usd|gbp|chf|czk|pln|brl|inr|mxn|ars)$/iu;
const LEGAL_FORM =
  /^(ltd|gmbh|inc|llc|sa|s\.a\.|sarl|bv|b\.v\.|ag|sro|s\.r\.o\.|sp|ltda|kg|oy|ab|srl|sc|plc|co)\.?,?$/iu;

/** Numbers for the look of a text, each between 0 and 1. */
export const SHAPE_FEATURES = 16;
export function shape(text: string, out: number[]): void {
  const chars = [...text];
  const n = Math.max(chars.length, 1);
  const digits = chars.filter((c) => /\p{N}/u.test(c)).length;
  const letters = chars.filter((c) => /\p{L}/u.test(c)).length;
  const upper = chars.filter((c) => /\p{Lu}/u.test(c)).length;
  out.push(
    Math.min(chars.length, 30) / 30,
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
    /[&]/u.test(text) || text.split(/\s+/).some((w) => LEGAL_FORM.test(w)) ? 1 : 0,
  );
}

/**
 * What a text reads as, each between 0 and 1: a date (all of it, or part), an amount (all of it,
 * with a currency, with decimals, negative), a currency alone, an id (one run of letters and digits
 * holding a digit), a name (every word capitalised, no digits).
 */
export const READING_FEATURES = 16;
export function reading(text: string, out: number[]): void {
  const trimmed = text.trim();
  const length = Math.max(trimmed.length, 1);
  const dates = findDates(trimmed);
  const date = dates[0];
  const compact = findCompactDate(trimmed);
  const amounts = findAmounts(trimmed);
  const amount = amounts[0];
  // "1 210,00" is one amount, though findAmounts reads 1 and 210,00.
  const spaced = spacedAmount(trimmed) !== null;
  const wholeAmount = spaced || (amounts.length === 1 && amount !== undefined && amount.length >= length - 1);
  const words = trimmed.split(/\s+/);
  const compactText = trimmed.replace(/^[#№:]+|[:.,;]+$/gu, '');
  const isCode = words.length === 1 && /\p{N}/u.test(compactText) && /^[\p{L}\p{N}/_.-]{3,}$/u.test(compactText);
  out.push(
    date ? 1 : 0,
    date && date.length >= length - 2 ? 1 : 0,
    compact && compact.length >= length - 1 ? 1 : 0,
    amount ? 1 : 0,
    wholeAmount ? 1 : 0,
    wholeAmount && amount?.currency ? 1 : 0,
    wholeAmount && (spaced ? /[.,]\d{1,2}\D*$/u.test(trimmed) : amount?.hasDecimals) ? 1 : 0,
    wholeAmount && !spaced && (amount?.value ?? 0) < 0 ? 1 : 0,
    amounts.some((a) => a.currency !== null) ? 1 : 0,
    CURRENCY_MARKERS[trimmed.toLowerCase()] !== undefined || /^[A-Z]{3}$/u.test(trimmed) ? 1 : 0,
    isCode ? 1 : 0,
    isCode && !wholeAmount && !date ? 1 : 0,
    words.every((w) => /^[\p{Lu}&]/u.test(w)) && !/\p{N}/u.test(trimmed) ? 1 : 0,
    Math.min(words.length, 6) / 6,
    // Very short and very long codes (a line number, a bank reference) are seldom a document's id.
    compactText.length <= 2 ? 1 : 0,
    compactText.length > 16 ? 1 : 0,
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

/**
 * Buckets of a word's letter trigrams (hashed): words of the same root in other languages share
 * most of them ("factura", "faktura", "facture"; "nummer", "numéro", "number"), so a label the
 * training documents print in one language still counts in another.
 */
export const TRIGRAM_BUCKETS = 32;
export function trigrams(text: string | undefined, out: number[]): void {
  const slots = new Array<number>(TRIGRAM_BUCKETS).fill(0);
  const letters = (text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');
  if (letters.length >= 2) {
    const padded = `^${letters}$`;
    const count = padded.length - 2;
    for (let i = 0; i < count; i++) {
      let hash = 2166136261;
      for (let k = i; k < i + 3; k++) hash = Math.imul(hash ^ padded.charCodeAt(k), 16777619);
      const bucket = (hash >>> 0) % TRIGRAM_BUCKETS;
      slots[bucket] = (slots[bucket] as number) + 1 / count;
    }
  }
  out.push(...slots);
}

/** Numbers for where a candidate sits on its page and in its document. */
const PLACE_FEATURES = 14;
/** Numbers for the gaps around a candidate and inside it. */
const GAP_FEATURES = 4;
/** Per field: the label right before, nearness of one on the line to the left, above, inside, above-left. */
const LABEL_FEATURES = 5;

/** The length of a candidate's feature vector in a feature space. */
export const featureCount = (space: FeatureSpace) =>
  SHAPE_FEATURES +
  READING_FEATURES +
  PLACE_FEATURES +
  GAP_FEATURES +
  3 * NEIGHBOUR_FEATURES +
  5 * space.vocabulary.length +
  3 * TRIGRAM_BUCKETS +
  EVIDENCE_FEATURES +
  LABEL_FEATURES * space.labelWords.length;

const nearness = (distance: number, reach: number) => Math.exp(-Math.max(distance, 0) / reach);

/** The feature vector of a candidate value of a page. */
export function featuresOf(
  space: FeatureSpace,
  context: PageContext,
  candidate: Candidate,
  vocabularyIndex: Map<string, number>,
): number[] {
  const { layout } = context;
  const { words, extent, scale } = layout;
  const first = candidate.words[0] as number;
  const last = candidate.words.at(-1) as number;
  const firstWord = words[first] as Word;
  const box = spanBox(layout, candidate.words);
  const out: number[] = [];
  shape(candidate.text, out);
  reading(candidate.text, out);
  const width = Math.max(extent.right - extent.left, 1);
  const tall = Math.max(extent.bottom - extent.top, 1);
  const amount = Math.max(...candidate.words.map((i) => layout.amountShare[i] as number));
  out.push(
    (box.left - extent.left) / width,
    ((box.left + box.right) / 2 - extent.left) / width,
    (box.right - extent.left) / width,
    ((box.top + box.bottom) / 2 - extent.top) / tall,
    Math.min(height(box.top, box.bottom) / scale, 3) / 3,
    Math.max(...candidate.words.map((i) => layout.heightShare[i] as number)),
    context.page === 0 ? 1 : 0,
    context.page === context.pages - 1 ? 1 : 0,
    // The page's largest amount is most often its total; its largest letters its issuer's name.
    amount,
    amount === 1 ? 1 : 0,
    layout.above[first] === -1 ? 1 : 0,
    // A value printed more than once on the page (a number in a header and a footer).
    Math.min(layout.repeats[first] as number, 3) / 3,
    layout.lineRank[first] === 0 ? 1 : 0,
    Math.min(layout.lineRank[first] as number, 8) / 8,
  );
  // The gaps: to the word before and after (a whole value stands apart from its neighbours) and
  // the widest one inside it.
  const before = layout.left[first] as number;
  const after = layout.right[last] as number;
  const gapBefore = before >= 0 ? (firstWord.box.left - (words[before] as Word).box.right) / scale : 20;
  const gapAfter = after >= 0 ? ((words[after] as Word).box.left - (words[last] as Word).box.right) / scale : 20;
  let inner = 0;
  for (let k = 1; k < candidate.words.length; k++) {
    const a = words[candidate.words[k - 1] as number] as Word;
    const b = words[candidate.words[k] as number] as Word;
    inner = Math.max(inner, (b.box.left - a.box.right) / scale);
  }
  out.push(nearness(gapBefore, 1), nearness(gapAfter, 1), nearness(inner, 1), Math.min(Math.max(inner, 0), 4) / 4);
  neighbourShape(words[before], out);
  neighbourShape(words[after], out);
  neighbourShape(words[layout.above[first] as number], out);
  // The words themselves: the candidate's first and last, the one before it, any before it on the
  // line (nearer is more), the one above.
  const k = space.vocabulary.length;
  const slots = new Array<number>(5 * k).fill(0);
  const mark = (slot: number, w: Word | undefined, value = 1) => {
    const token = w ? tokenOf(w.text) : null;
    const index = token ? vocabularyIndex.get(token) : undefined;
    if (index !== undefined) slots[slot * k + index] = Math.max(slots[slot * k + index] as number, value);
  };
  mark(0, firstWord);
  mark(1, words[last]);
  mark(2, words[before]);
  for (const [rank, j] of (layout.lineLeft[first] as number[]).entries()) mark(3, words[j], 1 / (1 + rank * 0.5));
  mark(4, words[layout.above[first] as number]);
  out.push(...slots);
  // The letters of the word before, the line's first word (where labels stand) and the word above.
  const lineStart = (layout.lineLeft[first] as number[]).at(-1);
  trigrams(words[before]?.text, out);
  trigrams(lineStart === undefined ? undefined : words[lineStart]?.text, out);
  trigrams(words[layout.above[first] as number]?.text, out);
  evidenceFeatures(context.evidence, candidate.words, candidate.text, out);
  // Printed labels of each field: right before, on the line to the left (nearer is more), above,
  // inside the candidate, above and to the left (a label over a column of label–value pairs).
  for (const labels of space.labelWords) {
    const set = new Set(labels);
    const isLabel = (j: number) => {
      const token = j >= 0 ? tokenOf((words[j] as Word).text) : null;
      return token !== null && set.has(token);
    };
    let leftNear = 0;
    for (const j of layout.lineLeft[first] as number[]) {
      if (!isLabel(j)) continue;
      leftNear = nearness((firstWord.box.left - (words[j] as Word).box.right) / scale, 8);
      break;
    }
    let aboveNear = 0;
    let aboveLeft = 0;
    for (let j = layout.above[first] as number, steps = 0; j >= 0 && steps < 3; steps++) {
      const distance = (firstWord.box.top - (words[j] as Word).box.bottom) / scale;
      if (isLabel(j)) {
        aboveNear = nearness(distance, 3);
        break;
      }
      const beside = (layout.lineLeft[j] as number[]).slice(0, 3).find(isLabel);
      if (beside !== undefined && aboveLeft === 0) aboveLeft = nearness(distance, 3);
      j = layout.above[j] as number;
    }
    out.push(isLabel(before) ? 1 : 0, leftNear, aboveNear, candidate.words.some(isLabel) ? 1 : 0, aboveLeft);
  }
  return out;
}

/**
 * Learns the feature space from the training documents: the vocabulary (printed words on most
 * pages, labelled values left out), each field's printed labels (words that most often stand
 * before or above its values across the documents) and the longest value in words.
 */
export function learnFeatureSpace(documents: TrainingDocument[], fieldIds: readonly string[]): FeatureSpace {
  const pageCount = new Map<string, number>();
  const asLabel = fieldIds.map(() => new Map<string, number>());
  let maxWords = 1;
  for (const doc of documents) {
    const seenInDoc = new Set<string>();
    const labelSeen = fieldIds.map(() => new Set<string>());
    doc.pages.forEach((words, p) => {
      const labels = doc.labels.filter((l) => l.page === p + 1);
      if (words.length === 0) return;
      const layout = layoutOf(words);
      const inValues = new Set(labels.flatMap((l) => wordsInLabel(layout, l)));
      words.forEach((w, i) => {
        const token = tokenOf(w.text);
        if (token && !inValues.has(i)) seenInDoc.add(token);
      });
      for (const label of labels) {
        const f = fieldIds.indexOf(label.fieldId);
        const inside = wordsInLabel(layout, label);
        if (f < 0 || inside.length === 0) continue;
        maxWords = Math.max(maxWords, Math.min(inside.length, LONGEST_VALUE));
        const firstOf = firstInReadingOrder(layout, inside);
        const near = [...(layout.lineLeft[firstOf] as number[]).slice(0, 4), layout.above[firstOf] as number];
        for (const j of near) {
          const other = words[j];
          if (!other || inValues.has(j)) continue;
          const token = tokenOf(other.text);
          if (token) labelSeen[f]?.add(token);
        }
      }
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
  return { vocabulary, labelWords, maxWords };
}

/** The word of a value that is read first: the top line's leftmost. */
function firstInReadingOrder(layout: PageLayout, indices: number[]): number {
  return indices.reduce((a, b) => {
    const wa = (layout.words[a] as Word).box;
    const wb = (layout.words[b] as Word).box;
    if (Math.abs(wa.top - wb.top) > layout.scale * 0.5) return wa.top < wb.top ? a : b;
    return wa.left <= wb.left ? a : b;
  });
}
