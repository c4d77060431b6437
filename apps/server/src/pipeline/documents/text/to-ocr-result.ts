// Contract shape of a page's OCR layer (OcrPageResult) from the engines' PageText.
import { type CharBox, charRightsOf, type EdgesBox, toStoredOcr } from '../../../domain/results/stored-ocr.js';
import { type Edges, toBoundingBox } from '../geometry.js';
import type { OcrPageResult } from '../types.js';
import type { PageText } from './page-text.js';

/** What a page's OCR layer says of the page itself, in both its contract and its stored form. */
function pageFields(page: PageText) {
  return {
    pageSize: page.pageSize,
    pageOrientation: page.orientation,
    status: 'succeeded' as const,
    elapsedTime: Math.round(page.elapsedMs),
    ocrEngine: page.engine,
    ocrEngineConfig: { name: page.engine, useWordDetection: true, useCharDetection: true },
  };
}

export function toOcrPageResult(page: PageText): OcrPageResult {
  return {
    ...pageFields(page),
    entities: page.words.map((word) => ({
      text: word.text,
      boundingBox: toBoundingBox(word.edges),
      confidence: round3(word.confidence),
      lineIndex: word.lineIndex,
      chars: word.chars.map((char) => ({ char: char.char, boundingBox: toBoundingBox(char.edges) })),
    })),
  };
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * The page as task_pages.ocr keeps it — the same as toStoredOcr(toOcrPageResult(page)) — built
 * directly: each word's box goes straight to its edges and each character to its charBoxes entry
 * (or its right edge) instead of a BoundingBox object of eight numbers made to be taken apart
 * again, a third of the cost of a text-layer page's stored form (the rest is JSON.stringify). A page with an edge that is not a number of a page's size (NaN,
 * infinite), whose boxes toStoredOcr may keep as they are, is made the long way.
 */
export function toStoredOcrPage(page: PageText): StoredOcrPageResult {
  const entities: StoredOcrWord[] = [];
  for (const word of page.words) {
    if (!finiteEdges(word.edges)) return toStoredOcr(toOcrPageResult(page));
    const boundingBox = toBoundingBox(word.edges);
    const charBoxes: CharBox[] = [];
    for (const { char, edges } of word.chars) {
      if (typeof char !== 'string' || !finiteEdges(edges)) return toStoredOcr(toOcrPageResult(page));
      // toBoundingBox's edges, without the rest of its box.
      const left = round2(edges.left);
      const top = round2(edges.top);
      const right = round2(Math.max(edges.right, edges.left));
      const bottom = round2(Math.max(edges.bottom, edges.top));
      charBoxes.push(
        top === boundingBox.top && bottom === boundingBox.bottom
          ? [char, left, right]
          : [char, left, top, right, bottom],
      );
    }
    // toBoundingBox's box is the canonical one stored-ocr.ts keeps as its edges.
    const box: EdgesBox = [boundingBox.left, boundingBox.top, boundingBox.right, boundingBox.bottom];
    const confidence = round3(word.confidence);
    const charRights = charRightsOf(word.text, boundingBox.left, charBoxes);
    entities.push(
      charRights
        ? { text: word.text, box, confidence, lineIndex: word.lineIndex, charRights }
        : { text: word.text, box, confidence, lineIndex: word.lineIndex, charBoxes },
    );
  }
  return { ...pageFields(page), entities };
}

/** A word as task_pages.ocr keeps it: the contract's word with its box as edges and its characters as charRights or charBoxes. */
type StoredOcrWord = { text: string; box: EdgesBox; confidence: number; lineIndex: number } & (
  | { charRights: number[] }
  | { charBoxes: CharBox[] }
);

/** OcrPageResult as task_pages.ocr keeps it (stored-ocr.ts). */
export type StoredOcrPageResult = Omit<OcrPageResult, 'entities'> & { entities: readonly object[] };

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Past this, an edge is no page's (and its rounding and differences may stop being finite numbers). */
const FAR_OUT = 1e15;
const withinReach = (value: number): boolean => Math.abs(value) < FAR_OUT;
const finiteEdges = (edges: Edges): boolean =>
  withinReach(edges.left) && withinReach(edges.top) && withinReach(edges.right) && withinReach(edges.bottom);
