// The template-based custom model: for one document layout, where each field's value sits relative
// to the layout's anchor words (its printed labels and headings), learned from labelled pages.
//
// Learning. A word is an anchor of a page of the layout when it occurs once on that page in most of
// the labelled documents and is never part of a labelled value. For every field and anchor, the
// offset of the field's box from the anchor is measured in units of the anchor's height — so a
// page shifted or printed at another scale gives the same offsets — and the anchors whose offset
// varies least across the documents (and lie closest) are kept, with that offset.
// Reading. On a new page the model finds the anchors it knows, lets each predict the field's box,
// takes the median box (a misread or moved anchor is outvoted; a small rotation moves near anchors
// little) and reads the words whose centres fall inside it. The confidence is the share of the
// field's anchors found times how well their predictions agree.
// Tables. A DynamicTable field's columns are placed like fields (their first row), its rows read
// down from there (table-model.ts).
// Evaluation. Held-out accuracy: each document in turn is read by a model learned from the others
// (leave-one-out, or 5 folds for larger sets; whole layouts held out when there are several) and its
// values compared with what people labelled.

import { heldOutFolds } from './training-layouts.js';
import { median, tokenOf, uniqueWords } from './word-tokens.js';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Word {
  text: string;
  box: Box;
}

/** A value a person labelled: the field, the page (1-based), its box and its text. */
export interface LabelledValue {
  fieldId: string;
  page: number;
  box: Box;
  text: string;
}

/** A table a person labelled for a DynamicTable field: its cells' texts, row by row. */
export interface LabelledTable {
  fieldId: string;
  /** Column keys, in order. */
  columns: string[];
  /** Cell texts by row, one per column ('' for an empty cell). */
  rows: string[][];
  /** The page the table starts on (1-based). */
  page: number;
  /** Where the person put the table, when known. */
  bounds?: Box | null;
}

export interface TrainingDocument {
  /** Words of each page, page 1 first. */
  pages: Word[][];
  labels: LabelledValue[];
  tables?: LabelledTable[];
}

export interface AnchorOffset {
  token: string;
  /** Offsets of the field's box edges from the anchor's top-left corner, in anchor heights. */
  dx: number;
  dy: number;
  w: number;
  h: number;
  /** How much the offset varied across the labelled documents (anchor heights). */
  spread: number;
}

export interface FieldModel {
  fieldId: string;
  page: number;
  anchors: AnchorOffset[];
  /** The most lines a labelled value of the field took (an address, a wrapped name); absent: 1. */
  lines?: number;
}

export interface TemplateModel {
  kind: 'template';
  version: 1;
  fields: FieldModel[];
}

export interface ReadValue {
  fieldId: string;
  page: number;
  box: Box;
  text: string;
  /**
   * The value as its type reads it (an ISO date, an amount with decimals, a currency's ISO code),
   * where the reader knows it: the neural model gives the built-in detectors' reading of the same
   * words when the field is of one of their kinds.
   */
  normalized?: string;
  confidence: number;
}

/** Anchors kept per field. */
const MAX_ANCHORS = 8;
/** Anchors whose predictions are combined (the best found ones). */
const VOTING_ANCHORS = 3;
/** Share of the documents a word must be unique on its page in to be an anchor. */
const ANCHOR_SHARE = 0.6;

export { tokenOf } from './word-tokens.js';

/** Text compared as people read it: trimmed, one space between words, case ignored. */
export const sameText = (a: string, b: string) => normalise(a) === normalise(b);
const normalise = (text: string) => text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

const height = (b: Box) => Math.max(b.bottom - b.top, 1e-6);
const centre = (b: Box) => ({ x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 });
const inside = (x: number, y: number, b: Box) => x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The anchor tokens of one page number across the documents. */
function anchorTokens(documents: TrainingDocument[], page: number): Set<string> {
  const counts = new Map<string, number>();
  const values = new Set<string>();
  let pages = 0;
  for (const doc of documents) {
    const words = doc.pages[page - 1];
    if (!words) continue;
    pages += 1;
    for (const token of uniqueWords(words).keys()) counts.set(token, (counts.get(token) ?? 0) + 1);
    // Words inside a labelled value change from document to document: never anchors.
    for (const label of doc.labels.filter((l) => l.page === page)) {
      for (const word of words) {
        const token = tokenOf(word.text);
        if (token && overlaps(word.box, label.box)) values.add(token);
      }
    }
  }
  const needed = Math.max(1, Math.ceil(pages * ANCHOR_SHARE));
  return new Set([...counts].filter(([token, n]) => n >= needed && !values.has(token)).map(([token]) => token));
}

/** Learns the template from labelled documents of one layout. */
export function learnTemplate(documents: TrainingDocument[]): TemplateModel {
  const keys = new Map<string, { fieldId: string; page: number }>();
  for (const doc of documents) for (const l of doc.labels) keys.set(`${l.fieldId}@${l.page}`, l);
  const anchorsByPage = new Map<number, Set<string>>();
  const fields: FieldModel[] = [];
  for (const { fieldId, page } of keys.values()) {
    let anchors = anchorsByPage.get(page);
    if (!anchors) {
      anchors = anchorTokens(documents, page);
      anchorsByPage.set(page, anchors);
    }
    const samples = new Map<string, Array<{ dx: number; dy: number; w: number; h: number }>>();
    for (const doc of documents) {
      const label = doc.labels.find((l) => l.fieldId === fieldId && l.page === page);
      const words = doc.pages[page - 1];
      if (!label || !words) continue;
      for (const [token, word] of uniqueWords(words)) {
        if (!anchors.has(token)) continue;
        const s = height(word.box);
        const list = samples.get(token) ?? [];
        list.push({
          dx: (label.box.left - word.box.left) / s,
          dy: (label.box.top - word.box.top) / s,
          w: (label.box.right - label.box.left) / s,
          h: (label.box.bottom - label.box.top) / s,
        });
        samples.set(token, list);
      }
    }
    const labelled = documents.filter((d) => d.labels.some((l) => l.fieldId === fieldId && l.page === page)).length;
    const support = Math.max(1, Math.ceil(labelled * 0.5));
    const ranked = [...samples]
      .filter(([, list]) => list.length >= support)
      .map(([token, list]) => {
        const dx = median(list.map((o) => o.dx));
        const dy = median(list.map((o) => o.dy));
        const spread = median(list.map((o) => Math.hypot(o.dx - dx, o.dy - dy)));
        const distance = Math.hypot(dx, dy);
        return {
          offset: {
            token,
            dx,
            dy,
            w: median(list.map((o) => o.w)),
            h: median(list.map((o) => o.h)),
            spread,
          },
          // Steady first; among steady anchors the near ones (rotation and scale errors grow with distance).
          score: spread + distance * 0.01 + (labelled - list.length) * 0.5,
        };
      })
      .sort((a, b) => a.score - b.score)
      .slice(0, MAX_ANCHORS)
      .map((r) => r.offset);
    const lines = Math.max(
      1,
      ...documents.flatMap((doc) => {
        const label = doc.labels.find((l) => l.fieldId === fieldId && l.page === page);
        const words = doc.pages[page - 1];
        return label && words
          ? [lineCount(words.filter((w) => inside(centre(w.box).x, centre(w.box).y, label.box)))]
          : [];
      }),
    );
    fields.push({ fieldId, page, anchors: ranked, ...(lines > 1 ? { lines } : {}) });
  }
  return { kind: 'template', version: 1, fields };
}

/** Where a learned field lies on a page, from the anchors found there. */
export interface Placement {
  box: Box;
  /** Height of the anchors that placed it (the page's scale). */
  scale: number;
  /** Share of the field's anchors found times how well their predictions agree. */
  confidence: number;
}

/** Places a field on a page by its anchors (`unique`: the page's words that occur once on it). */
export function placeField(field: FieldModel, unique: Map<string, Word>): Placement | null {
  const predictions: Array<{ box: Box; scale: number }> = [];
  let found = 0;
  let steadiest: number | null = null;
  for (const anchor of field.anchors) {
    const word = unique.get(anchor.token);
    if (!word) continue;
    found += 1;
    // The steadiest, nearest anchors decide (they come first); one that varied much more than the
    // steadiest found (a far one, which rotation moves) only counts as found.
    steadiest ??= anchor.spread;
    if (predictions.length >= VOTING_ANCHORS || anchor.spread > Math.max(steadiest * 2, steadiest + 0.05)) continue;
    const s = height(word.box);
    const left = word.box.left + anchor.dx * s;
    const top = word.box.top + anchor.dy * s;
    predictions.push({ box: { left, top, right: left + anchor.w * s, bottom: top + anchor.h * s }, scale: s });
  }
  if (predictions.length === 0) return null;
  const box: Box = {
    left: median(predictions.map((p) => p.box.left)),
    top: median(predictions.map((p) => p.box.top)),
    right: median(predictions.map((p) => p.box.right)),
    bottom: median(predictions.map((p) => p.box.bottom)),
  };
  const scale = median(predictions.map((p) => p.scale));
  const c = centre(box);
  const disagreement = median(predictions.map((p) => Math.hypot(centre(p.box).x - c.x, centre(p.box).y - c.y))) / scale;
  return { box, scale, confidence: round(Math.min(1, found / field.anchors.length) / (1 + disagreement)) };
}

/** Words of a page by token, only those that occur once on it (the words anchors are looked for in). */
export const anchorWords = (words: Word[]) => uniqueWords(words);

/** Reads the fields of a document (words of each page) with a learned template. */
export function readTemplate(model: TemplateModel, pages: Word[][]): ReadValue[] {
  const out: ReadValue[] = [];
  const byPage = new Map<number, Map<string, Word>>();
  for (const field of model.fields) {
    const words = pages[field.page - 1];
    if (!words || field.anchors.length === 0) continue;
    let unique = byPage.get(field.page);
    if (!unique) {
      unique = uniqueWords(words);
      byPage.set(field.page, unique);
    }
    const placed = placeField(field, unique);
    if (!placed) continue;
    const { box, scale } = placed;
    // A little margin: a box drawn tight round one document's value still takes a longer value.
    const reach: Box = {
      left: box.left - scale * 0.3,
      right: box.right + scale * 0.3,
      top: box.top - scale * 0.35,
      bottom: box.bottom + scale * 0.35,
    };
    const inBox = continueLines(
      words,
      words.filter((w) => {
        const m = centre(w.box);
        return inside(m.x, m.y, reach);
      }),
      scale,
    );
    // A value that took more lines on some labelled page may wrap further here than the box reaches.
    const taken = continueBelow(words, inBox, scale, field.lines ?? 1).sort((a, b) => lineOrder(a, b, scale));
    out.push({
      fieldId: field.fieldId,
      page: field.page,
      box: taken.length > 0 ? enclosing(taken.map((w) => w.box)) : box,
      text: taken.map((w) => w.text).join(' '),
      confidence: placed.confidence,
    });
  }
  return out;
}

/**
 * A value longer than the labelled ones runs on past the box: words that continue a taken word's
 * line (the gap no wider than a word space or two) belong to the value too.
 */
function continueLines(words: Word[], taken: Word[], scale: number): Word[] {
  const chosen = new Set(taken);
  let grew = true;
  while (grew) {
    grew = false;
    for (const word of words) {
      if (chosen.has(word)) continue;
      const joins = [...chosen].some((t) => {
        const sameLine = Math.abs(centre(t.box).y - centre(word.box).y) < scale * 0.4;
        const gap = word.box.left - t.box.right;
        return sameLine && gap >= -scale * 0.2 && gap < scale * 1.2;
      });
      if (joins) {
        chosen.add(word);
        grew = true;
      }
    }
  }
  return [...chosen];
}

/** How many lines the words stand on (words within half a line of each other are one line). */
function lineCount(words: Word[]): number {
  const sorted = [...words].sort((a, b) => centre(a.box).y - centre(b.box).y);
  let lines = 0;
  let last: Word | null = null;
  for (const word of sorted) {
    if (!last || centre(word.box).y - centre(last.box).y > height(word.box) * 0.5) lines += 1;
    last = word;
  }
  return lines;
}

/**
 * A value that wraps goes on at the start of the next line, right under its last line's first
 * word: while the value has fewer lines than the field's labelled values took, the line that starts
 * there (its left edge within a word height, less than a line below) is taken too, as far as the
 * line runs on.
 */
function continueBelow(words: Word[], taken: Word[], scale: number, lines: number): Word[] {
  const chosen = [...taken];
  for (let count = lineCount(chosen); chosen.length > 0 && count < lines; count += 1) {
    const lastTop = Math.max(...chosen.map((w) => centre(w.box).y));
    const lastLine = chosen.filter((w) => lastTop - centre(w.box).y < scale * 0.5);
    const first = lastLine.reduce((a, b) => (b.box.left < a.box.left ? b : a));
    const bottom = Math.max(...lastLine.map((w) => w.box.bottom));
    const next = words
      .filter(
        (w) =>
          !chosen.includes(w) &&
          w.box.top >= bottom - scale * 0.2 &&
          w.box.top - bottom <= scale * 0.8 &&
          Math.abs(w.box.left - first.box.left) <= scale,
      )
      .sort((a, b) => a.box.top - b.box.top)[0];
    if (!next) break;
    for (const word of continueLines(words, [next], scale)) if (!chosen.includes(word)) chosen.push(word);
  }
  return chosen;
}

/** Reading order: lines top to bottom (words within half a line are one line), then left to right. */
function lineOrder(a: Word, b: Word, scale: number): number {
  const dy = centre(a.box).y - centre(b.box).y;
  return Math.abs(dy) > scale * 0.5 ? dy : a.box.left - b.box.left;
}

/** The smallest box holding all the boxes. */
export const enclosing = (boxes: Box[]): Box => ({
  left: Math.min(...boxes.map((b) => b.left)),
  top: Math.min(...boxes.map((b) => b.top)),
  right: Math.max(...boxes.map((b) => b.right)),
  bottom: Math.max(...boxes.map((b) => b.bottom)),
});

const round = (value: number) => Math.round(value * 1000) / 1000;

export interface Evaluation {
  /** Labelled values read exactly, over all labelled values of the held-out documents (0–1). */
  accuracy: number;
  values: number;
  correct: number;
  /** Accuracy per field id. */
  byField: Record<string, number>;
}

/** Counts right and wrong labelled values, in all and per field, as a model reads held-out documents. */
export class EvaluationTally {
  private values = 0;
  private correct = 0;
  private readonly perField = new Map<string, { values: number; correct: number }>();

  add(fieldId: string, right: boolean): void {
    this.values += 1;
    if (right) this.correct += 1;
    const field = this.perField.get(fieldId) ?? { values: 0, correct: 0 };
    field.values += 1;
    if (right) field.correct += 1;
    this.perField.set(fieldId, field);
  }

  evaluation(): Evaluation {
    return {
      accuracy: this.values === 0 ? 0 : this.correct / this.values,
      values: this.values,
      correct: this.correct,
      byField: Object.fromEntries([...this.perField].map(([id, t]) => [id, t.correct / t.values])),
    };
  }
}

/**
 * Held-out accuracy: every document read by a model learned without it — and, when the documents
 * are of several layouts, without any document of its layout (training-layouts.ts), so the figure
 * says what a new layout gets; one layout: leave-one-out, or 5 folds for larger sets.
 */
export function evaluateTemplate(documents: TrainingDocument[]): Evaluation {
  const tally = new EvaluationTally();
  if (documents.length < 2) return { accuracy: 0, values: 0, correct: 0, byField: {} };
  const { folds } = heldOutFolds(documents, documents.length <= 20 ? documents.length : 5);
  for (const fold of folds) {
    const heldOut = new Set(fold);
    const model = learnTemplate(documents.filter((_, i) => !heldOut.has(i)));
    for (const doc of fold.map((i) => documents[i] as TrainingDocument)) {
      const read = readTemplate(model, doc.pages);
      for (const label of doc.labels) {
        const value = read.find((r) => r.fieldId === label.fieldId && r.page === label.page);
        const ok = value !== undefined && sameText(value.text, label.text);
        tally.add(label.fieldId, ok);
      }
    }
  }
  return tally.evaluation();
}
