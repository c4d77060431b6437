// Which labelled documents share a layout, and the held-out folds that follow from it. A model
// version's held-out accuracy should say what a document of a layout it has not seen will get, so
// documents of one layout are held out together: a model that saw a layout's other documents reads
// it far better than a new layout, and document folds would report that instead.
//
// A layout is what stays put from document to document: the printed words (labels, headings) at the
// same places, while the values change. Two documents share a layout when most of the words that
// occur once on their first pages are the same words at the same places, once one page is moved and
// scaled onto the other (scans shift, print at another size and turn a little). Nothing else is used
// (no file names, no issuer): documents with the same words in other places are other layouts.
import type { Box, TrainingDocument, Word } from './template-model.js';
import { median, uniqueWords } from './word-tokens.js';

/** Share of the smaller page's single words that must be the same words at the same places. */
const SAME_LAYOUT = 0.4;
/** Words common to both pages needed before the places are compared at all. */
const MIN_COMMON = 3;
/** How far a word may lie from its place on the other page, as a share of the printed area's size. */
const PLACE_TOLERANCE = 0.03;

type Point = { x: number; y: number };

/** A page reduced to its single words (token → centre, in shares of the printed area). */
type Signature = Map<string, Point>;

function signatureOf(doc: TrainingDocument): Signature {
  const words = doc.pages.find((page) => page.length > 0) ?? [];
  const extent = extentOf(words);
  const size = Math.max(extent.right - extent.left, extent.bottom - extent.top, 1e-6);
  // A word printed twice has no single place: it says nothing about the layout.
  return new Map(
    [...uniqueWords(words)].map(([token, word]) => [
      token,
      {
        x: ((word.box.left + word.box.right) / 2 - extent.left) / size,
        y: ((word.box.top + word.box.bottom) / 2 - extent.top) / size,
      },
    ]),
  );
}

function extentOf(words: Word[]): Box {
  if (words.length === 0) return { left: 0, top: 0, right: 1, bottom: 1 };
  return {
    left: Math.min(...words.map((w) => w.box.left)),
    top: Math.min(...words.map((w) => w.box.top)),
    right: Math.max(...words.map((w) => w.box.right)),
    bottom: Math.max(...words.map((w) => w.box.bottom)),
  };
}

/**
 * The share of the smaller page's single words found at the same place on the other page, after
 * moving and scaling one onto the other (scale from the distances between common words, shift from
 * their places; medians, so the words that moved do not pull the fit).
 */
export function layoutSimilarity(a: Signature, b: Signature): number {
  const common = [...a.keys()].filter((token) => b.has(token)).sort();
  if (common.length < MIN_COMMON) return 0;
  const pa = common.map((t) => a.get(t) as Point);
  const pb = common.map((t) => b.get(t) as Point);
  const half = Math.max(1, common.length >> 1);
  const ratios: number[] = [];
  for (let i = 0; i < common.length; i++) {
    const j = (i + half) % common.length;
    const da = Math.hypot((pa[i] as Point).x - (pa[j] as Point).x, (pa[i] as Point).y - (pa[j] as Point).y);
    const db = Math.hypot((pb[i] as Point).x - (pb[j] as Point).x, (pb[i] as Point).y - (pb[j] as Point).y);
    if (da > 0.01) ratios.push(db / da);
  }
  const scale = ratios.length > 0 ? median(ratios) : 1;
  const dx = median(pa.map((p, i) => (pb[i] as Point).x - scale * p.x));
  const dy = median(pa.map((p, i) => (pb[i] as Point).y - scale * p.y));
  const agreeing = pa.filter(
    (p, i) =>
      Math.hypot((pb[i] as Point).x - (scale * p.x + dx), (pb[i] as Point).y - (scale * p.y + dy)) <= PLACE_TOLERANCE,
  ).length;
  return agreeing / Math.min(a.size, b.size);
}

/**
 * The documents grouped by layout (indices into `documents`, in their order). Each document joins
 * the first group whose first document it shares a layout with, else starts one: a set holds few
 * layouts, so this stays near one comparison per document even for large sets.
 */
export function groupByLayout(documents: TrainingDocument[]): number[][] {
  const groups: Array<{ signature: Signature; members: number[] }> = [];
  documents.forEach((doc, index) => {
    const signature = signatureOf(doc);
    const group = groups.find((g) => layoutSimilarity(g.signature, signature) >= SAME_LAYOUT);
    if (group) group.members.push(index);
    else groups.push({ signature, members: [index] });
  });
  return groups.map((g) => g.members);
}

export interface HeldOutFolds {
  /** Indices of the documents held out in each fold. */
  folds: number[][];
  /** Whether the folds are whole layouts (else single documents, for a set of one layout). */
  byLayout: boolean;
}

/**
 * Up to `count` held-out folds. With several layouts each fold holds whole layouts (the largest
 * dealt first, each to the fold with fewest documents), so no model is evaluated on a layout it
 * learned; with one layout, documents are dealt in turn.
 */
export function heldOutFolds(documents: TrainingDocument[], count: number): HeldOutFolds {
  const layouts = groupByLayout(documents);
  if (layouts.length < 2) {
    const n = Math.max(1, Math.min(count, documents.length));
    const folds = Array.from({ length: n }, (_, fold) => documents.flatMap((_, i) => (i % n === fold ? [i] : [])));
    return { folds, byLayout: false };
  }
  const folds: number[][] = Array.from({ length: Math.min(count, layouts.length) }, () => []);
  for (const layout of [...layouts].sort((a, b) => b.length - a.length || (a[0] ?? 0) - (b[0] ?? 0))) {
    const smallest = folds.reduce((best, fold) => (fold.length < best.length ? fold : best));
    smallest.push(...layout);
  }
  for (const fold of folds) fold.sort((a, b) => a - b);
  return { folds, byLayout: true };
}
