// The candidate values of a page for the neural model: every run of one to `maxWords` words that
// follow each other on a line with no wide gap between them. A value of any field is one of them
// (a date "26 Oct 2023", an amount "€ 1 950,00", a name "Société Hôtelière du Pacano"), so the
// model scores whole values instead of single words and need not guess where one ends.
import { type PageLayout, spanBox } from './page-layout.js';
import type { Box, LabelledValue, Word } from './template-model.js';

/** A gap between two words (in word heights) that ends a run: wider ones part columns. */
export const WIDEST_GAP = 3;

export interface Candidate {
  /** Indices of the page's words, left to right. */
  words: number[];
  text: string;
}

/** Every run of one to `maxWords` neighbouring words on a line of the page. */
export function candidatesOf(layout: PageLayout, maxWords: number): Candidate[] {
  const out: Candidate[] = [];
  const { words, right, scale } = layout;
  for (let start = 0; start < words.length; start++) {
    const run = [start];
    let text = (words[start] as Word).text;
    out.push({ words: [...run], text });
    for (let at = start; run.length < maxWords; ) {
      const next = right[at] as number;
      if (next < 0 || run.includes(next)) break;
      const gap = ((words[next] as Word).box.left - (words[at] as Word).box.right) / scale;
      if (gap > WIDEST_GAP) break;
      run.push(next);
      text = `${text} ${(words[next] as Word).text}`;
      out.push({ words: [...run], text });
      at = next;
    }
  }
  return out;
}

const centreInside = (w: Word, b: Box) => {
  const x = (w.box.left + w.box.right) / 2;
  const y = (w.box.top + w.box.bottom) / 2;
  return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;
};

/** The page's words whose centre lies in a labelled value's box. */
export function wordsInLabel(layout: PageLayout, label: Pick<LabelledValue, 'box'>): number[] {
  const out: number[] = [];
  layout.words.forEach((w, i) => {
    if (centreInside(w, label.box)) out.push(i);
  });
  return out;
}

/**
 * For each candidate, whether it is exactly a labelled value of each field (the same words as
 * the label's box holds). A label no candidate matches (a value over two lines) teaches nothing.
 */
export function candidateTargets(
  layout: PageLayout,
  candidates: readonly Candidate[],
  labels: readonly LabelledValue[],
  fieldIds: readonly string[],
): boolean[][] {
  const keyOf = (indices: readonly number[]) => [...indices].sort((a, b) => a - b).join(',');
  const labelled = fieldIds.map(
    (id) => new Set(labels.filter((l) => l.fieldId === id).map((l) => keyOf(wordsInLabel(layout, l)))),
  );
  return candidates.map((c) => {
    const key = keyOf(c.words);
    return labelled.map((keys) => keys.has(key));
  });
}

/** The box of a candidate on its page. */
export const candidateBox = (layout: PageLayout, candidate: Candidate): Box => spanBox(layout, candidate.words);
