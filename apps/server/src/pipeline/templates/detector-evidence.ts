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
import type { Edges } from '../documents/geometry.js';
import { buildPageText, type PageText, wordsInSpan } from '../documents/text/page-text.js';
import type { Word } from './template-model.js';

/** The kinds of value the built-in detectors read, in feature order. */
const KINDS = [
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
const kindIndex = new Map<string, number>(KINDS.map((kind, i) => [kind, i]));

/** Per kind: read exactly these words, read overlapping them, chosen by the built-in extractor. */
export const EVIDENCE_FEATURES = 3 * KINDS.length;

/** A reading of the rules on a page: its kind, the page's words it covers, its score. */
export interface Reading {
  kind: number;
  words: number[];
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
  const add = (kind: string, pageNumber: number, offset: number, length: number, score: number, chosen: boolean) => {
    const k = kindIndex.get(kind);
    const page = texts[pageNumber - 1];
    const index = indexOf[pageNumber - 1];
    if (k === undefined || !page || !index) return;
    const words = wordsInSpan(page, offset, length).flatMap((w) => index.get(w.edges) ?? []);
    if (words.length > 0) evidence[pageNumber - 1]?.push({ kind: k, words, score, chosen });
  };
  for (const value of scoredInvoiceValues(texts)) {
    add(value.field, value.pageNumber, value.offset, value.length, value.score, false);
  }
  for (const entity of detectInvoiceFields(texts)) {
    const keyValue = entity.keyValues[0];
    const span = keyValue?.spans?.[0];
    if (!span) continue;
    add(entity.category, entity.pageNumber, span.offset, span.length, entity.confidence ?? 0.5, true);
  }
  cache.set(pages, evidence);
  return evidence;
}

/** The evidence features of a run of words (indices of its page's words). */
export function evidenceFeatures(evidence: PageEvidence, run: readonly number[], out: number[]): void {
  const slots = new Array<number>(EVIDENCE_FEATURES).fill(0);
  const inRun = new Set(run);
  for (const reading of evidence) {
    const common = reading.words.filter((w) => inRun.has(w)).length;
    if (common === 0) continue;
    const exact = common === run.length && common === reading.words.length;
    // Overlap as a share of both (a value cut short or run on scores less than the value itself).
    const share = common / (run.length + reading.words.length - common);
    const at = reading.kind * 3;
    if (exact) slots[at] = Math.max(slots[at] as number, reading.score);
    slots[at + 1] = Math.max(slots[at + 1] as number, share * reading.score);
    if (reading.chosen) slots[at + 2] = Math.max(slots[at + 2] as number, exact ? 1 : share * 0.5);
  }
  out.push(...slots);
}
