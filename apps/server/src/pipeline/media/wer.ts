// Word error rate, for the speech benchmark and engine regression tests.
// Normalisation (applied to reference and hypothesis alike), so that formatting differences are
// not counted as recognition errors:
// 1. lowercase (Unicode-aware);
// 2. punctuation removed — except an apostrophe inside a word (`don't`); hyphens split words;
// 3. numbers: every digit string is read digit by digit (`10001` → `one zero zero zero one`), the
//    way ZIP codes and phone numbers are spoken; the spoken digit `oh` counts as `zero`. Numbers
//    read as quantities (`twenty one`) are not converted in either direction.

const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** Normalises text into the word list WER compares (see the rules above). */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\d/g, (d) => ` ${DIGITS[Number(d)]} `)
    .replace(/[‘’]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean)
    .map((w) => (w === 'oh' ? 'zero' : w));
}

export interface WerResult {
  /** (substitutions + deletions + insertions) / reference words; can exceed 1. */
  wer: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  referenceWords: number;
}

/** Word error rate of `hypothesis` against `reference` after normaliseWords. */
export function wordErrorRate(reference: string, hypothesis: string): WerResult {
  const ref = normaliseWords(reference);
  const hyp = normaliseWords(hypothesis);
  // Levenshtein over words, keeping the operation counts of the best path.
  type Cell = { cost: number; s: number; d: number; i: number };
  let previous: Cell[] = Array.from({ length: hyp.length + 1 }, (_, j) => ({ cost: j, s: 0, d: 0, i: j }));
  for (let r = 1; r <= ref.length; r++) {
    const current: Cell[] = [{ cost: r, s: 0, d: r, i: 0 }];
    for (let h = 1; h <= hyp.length; h++) {
      const diagonal = previous[h - 1] as Cell;
      const up = previous[h] as Cell;
      const left = current[h - 1] as Cell;
      const same = ref[r - 1] === hyp[h - 1];
      const options: Cell[] = [
        { ...diagonal, cost: diagonal.cost + (same ? 0 : 1), s: diagonal.s + (same ? 0 : 1) },
        { ...up, cost: up.cost + 1, d: up.d + 1 },
        { ...left, cost: left.cost + 1, i: left.i + 1 },
      ];
      current.push(options.reduce((best, o) => (o.cost < best.cost ? o : best)));
    }
    previous = current;
  }
  const last = previous[hyp.length] as Cell;
  return {
    wer: ref.length === 0 ? (hyp.length === 0 ? 0 : 1) : last.cost / ref.length,
    substitutions: last.s,
    deletions: last.d,
    insertions: last.i,
    referenceWords: ref.length,
  };
}
