// The candidate values of a page for the neural model: every run of one to `maxWords` words that
// follow each other on a line with no wide gap between them, and such a run that goes on at the
// start of the next line. A value of any field is one of them (a date "26 Oct 2023", an amount
// "€ 1 950,00", a name "Société Hôtelière du Pacano", an address over two lines), so the model
// scores whole values instead of single words and need not guess where one ends.
import { type PageLayout, spanBox } from './page-layout.js';
import type { Box, LabelledValue, Word } from './template-model.js';

/** A gap between two words (in word heights) that ends a run: wider ones part columns. */
export const WIDEST_GAP = 3;

export interface Candidate {
  /** Indices of the page's words, left to right. */
  words: number[];
  text: string;
}

/**
 * Every run of one to `maxWords` neighbouring words on a line of the page, and every value that
 * continues on the next line (an address, an issuer's name or a description that wraps): a run that
 * ends its line's block followed by the run that starts right under its first word, as many words
 * in all as `maxWords`.
 */
export function candidatesOf(layout: PageLayout, maxWords: number): Candidate[] {
  const out: Candidate[] = [];
  const { words } = layout;
  const below = wordsBelow(layout);
  for (let start = 0; start < words.length; start++) {
    const run = [start];
    let text = (words[start] as Word).text;
    out.push({ words: [...run], text });
    for (let at = start; run.length < maxWords; ) {
      const next = nextOnLine(layout, at, run);
      if (next < 0) break;
      run.push(next);
      text = `${text} ${(words[next] as Word).text}`;
      out.push({ words: [...run], text });
      at = next;
    }
  }
  // Runs that end their block (a wide gap or the line's end after them) and have a word right
  // under their first one: the value may go on there.
  const lineRuns = out.length;
  for (let c = 0; c < lineRuns; c++) {
    const first = out[c] as Candidate;
    const under = below[first.words[0] as number] as number;
    if (under < 0 || first.words.length >= maxWords) continue;
    if (nextOnLine(layout, first.words.at(-1) as number, first.words) >= 0) continue;
    const run = [...first.words, under];
    let text = `${first.text} ${(words[under] as Word).text}`;
    for (let at = under; ; ) {
      const next = nextOnLine(layout, at, run);
      // Only the whole second line of the block, so a wrapped value is one candidate, not many.
      if (next < 0) {
        out.push({ words: run, text });
        break;
      }
      if (run.length >= maxWords) break;
      run.push(next);
      text = `${text} ${(words[next] as Word).text}`;
      at = next;
    }
  }
  return out;
}

/** The next word of a run on its line, or -1 when the line ends or a wide gap parts a column. */
function nextOnLine(layout: PageLayout, at: number, run: readonly number[]): number {
  const next = layout.right[at] as number;
  if (next < 0 || run.includes(next)) return -1;
  const gap = ((layout.words[next] as Word).box.left - (layout.words[at] as Word).box.right) / layout.scale;
  return gap > WIDEST_GAP ? -1 : next;
}

/**
 * For each word, the first word of the next line that starts right under it (its left edges within
 * a word height, the lines less than a line apart), or -1: where a wrapped value goes on.
 */
function wordsBelow(layout: PageLayout): number[] {
  const { words, scale } = layout;
  const below = new Array<number>(words.length).fill(-1);
  // Sorted by top so each word looks only at the few rows just under it.
  const order = words.map((_, i) => i).sort((a, b) => (words[a] as Word).box.top - (words[b] as Word).box.top);
  for (const [at, i] of order.entries()) {
    const upper = (words[i] as Word).box;
    for (let k = at + 1; k < order.length; k++) {
      const j = order[k] as number;
      const lower = (words[j] as Word).box;
      if (lower.top - upper.bottom > scale * 0.8) break;
      // On a lower line (not the same one), starting where the upper word starts.
      if (lower.top < upper.bottom - scale * 0.2 || Math.abs(lower.left - upper.left) > scale) continue;
      below[i] = j;
      break;
    }
  }
  return below;
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
 * the label's box holds). A label no candidate matches (over three lines, say) teaches nothing.
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
