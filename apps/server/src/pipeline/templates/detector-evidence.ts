// Stacking: the built-in invoice detectors' readings as inputs of the neural model. The label rules
// (documents/fields) read each general kind of value — an invoice number, a date, an amount, a
// party's name, a currency, a tax id — with a score; every run of words of a page gets, for each
// kind, how strongly the rules read it (exactly its words, or overlapping them) and whether it was
// the value the built-in extractor finally chose. The network learns which kinds, if any, a custom
// field's values are: a field "Invoice no." leans on the id readings, a delivery note's "Carrier"
// on none of them and on the model's own features (labels, place, shape). The rules are never the
// model's answer: they are features it weighs like any other, learned per field from the labelled
// documents.
import { detectInvoiceFields, scoredInvoiceValues } from '../documents/fields/detect-invoice-fields.js';
import { CURRENCY_MARKERS, findAmounts, spacedAmount } from '../documents/fields/parse-amount.js';
import { findCompactDate, findDates } from '../documents/fields/parse-date.js';
import type { Edges } from '../documents/geometry.js';
import { buildPageText, type PageText, wordsInSpan } from '../documents/text/page-text.js';
import type { Word } from './template-model.js';

/** The kinds of value the built-in detectors read, in feature order. */
export const EVIDENCE_KINDS = [
  'InvoiceId',
  'InvoiceDate',
  'DueDate',
  'VendorName',
  'CustomerName',
  'SubTotal',
  'TotalTax',
  'InvoiceTotal',
  'AmountPaid',
  'Currency',
  'VendorTaxId',
] as const;
const KINDS = EVIDENCE_KINDS;
type Kind = (typeof KINDS)[number];
const AMOUNT_KINDS = new Set<Kind>(['SubTotal', 'TotalTax', 'InvoiceTotal', 'AmountPaid']);
const DATE_KINDS = new Set<Kind>(['InvoiceDate', 'DueDate']);
const plain = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Whether a run's text reads as a value the rules read for a kind: the same amount, day, currency
 * or text.
 */
export function readsAs(kindIndex: number, text: string, value: string): boolean {
  const kind = KINDS[kindIndex] as Kind;
  if (AMOUNT_KINDS.has(kind)) {
    // Thousands set apart by spaces ("1 210,00") are one amount when the run is nothing else.
    return findAmounts(text).some((amount) => amount.normalized === value) || spacedAmount(text) === Number(value);
  }
  if (DATE_KINDS.has(kind)) {
    const days = [...findDates(text, 'dmy'), ...findDates(text, 'mdy')].map((d) => d.iso);
    return days.includes(value) || findCompactDate(text.trim())?.iso === value;
  }
  // A currency printed as its sign or name ("€", "Kč") or beside an amount is its ISO code.
  if (kind === 'Currency') {
    const marked = CURRENCY_MARKERS[text.trim().toLowerCase()] ?? findAmounts(text).find((a) => a.currency)?.currency;
    if (marked === value) return true;
  }
  return plain(text) !== '' && plain(text) === plain(value);
}
const kindIndex = new Map<string, number>(KINDS.map((kind, i) => [kind, i]));

/**
 * Per kind: read exactly these words, the run is part of a reading, the run holds a reading and
 * more, overlap with the value the built-in extractor chose, the run reads as a reading's value.
 */
export const PER_KIND = 5;
export const EVIDENCE_FEATURES = PER_KIND * KINDS.length;

/** A reading of the rules on a page: its kind, the page's words it covers, its score. */
export interface Reading {
  kind: number;
  words: number[];
  /** The value the rule read (normalized: an ISO date, an amount with decimals), if it says. */
  value: string | null;
  score: number;
  chosen: boolean;
}

/** The rules' readings of one page of a document. */
export type PageEvidence = Reading[];

/** A document's evidence is computed once however many times training and evaluation read it. */
const cache = new WeakMap<Word[][], PageEvidence[]>();

/** The pages as the detectors read them (lines, spans), each positioned word traced to its page word. */
function pageTexts(pages: Word[][]): { texts: PageText[]; indexOf: Map<Edges, number>[] } {
  const indexOf: Map<Edges, number>[] = [];
  const texts = pages.map((words, p) => {
    const index = new Map<Edges, number>();
    const raw = words.map((word, i) => {
      const edges: Edges = { ...word.box };
      index.set(edges, i);
      return { text: word.text, edges, confidence: 1 };
    });
    indexOf.push(index);
    const width = Math.max(1, ...words.map((w) => w.box.right));
    const height = Math.max(1, ...words.map((w) => w.box.bottom));
    return buildPageText(raw, {
      pageNumber: p + 1,
      pageSize: { width, height, unit: 'point' },
      orientation: 0,
      engine: 'pdfminer',
      elapsedMs: 0,
    });
  });
  return { texts, indexOf };
}

/** The built-in detectors' readings of every page of a document (the document read as a whole). */
export function detectorEvidence(pages: Word[][]): PageEvidence[] {
  const known = cache.get(pages);
  if (known) return known;
  const { texts, indexOf } = pageTexts(pages);
  const evidence: PageEvidence[] = pages.map(() => []);
  const add = (
    kind: string,
    pageNumber: number,
    offset: number,
    length: number,
    value: string | null,
    score: number,
    chosen: boolean,
  ) => {
    const k = kindIndex.get(kind);
    const page = texts[pageNumber - 1];
    const index = indexOf[pageNumber - 1];
    if (k === undefined || !page || !index) return;
    const words = wordsInSpan(page, offset, length).flatMap((w) => index.get(w.edges) ?? []);
    if (words.length > 0) evidence[pageNumber - 1]?.push({ kind: k, words, value, score, chosen });
  };
  for (const value of scoredInvoiceValues(texts)) {
    add(value.field, value.pageNumber, value.offset, value.length, value.normalized, value.score, false);
  }
  for (const entity of detectInvoiceFields(texts)) {
    const keyValue = entity.keyValues[0];
    const span = keyValue?.spans?.[0];
    if (!span) continue;
    const value = keyValue.contentNormalized ?? null;
    add(entity.category, entity.pageNumber, span.offset, span.length, value, entity.confidence ?? 0.5, true);
  }
  cache.set(pages, evidence);
  return evidence;
}

/** The evidence features of a run of words (indices of its page's words, and its text). */
export function evidenceFeatures(evidence: PageEvidence, run: readonly number[], text: string, out: number[]): void {
  const slots = new Array<number>(EVIDENCE_FEATURES).fill(0);
  const inRun = new Set(run);
  const keep = (at: number, value: number) => {
    slots[at] = Math.max(slots[at] as number, value);
  };
  for (const reading of evidence) {
    const common = reading.words.filter((w) => inRun.has(w)).length;
    if (common === 0) continue;
    const at = reading.kind * PER_KIND;
    const within = common === run.length;
    const covers = common === reading.words.length;
    if (within && covers) keep(at, reading.score);
    // Part of a reading ("210,00" of "Kč 1 210,00 Kč"): the more of it, the likelier the value.
    if (within) keep(at + 1, (common / reading.words.length) * reading.score);
    // A reading and more words around it (the value run on).
    if (covers) keep(at + 2, (common / run.length) * reading.score);
    if (reading.chosen) keep(at + 3, (common / (run.length + reading.words.length - common)) * (within ? 1 : 0.5));
    // The run says the same value as the reading, whatever words either takes ("1 210,00" of
    // "Kč 1 210,00 Kč"; "210,00" alone says another amount).
    if (reading.value !== null && readsAs(reading.kind, text, reading.value)) {
      keep(at + 4, reading.score);
    }
  }
  out.push(...slots);
}
