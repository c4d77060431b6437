// pdf.js reports one width per text run, not per glyph. To place words and characters inside a run
// we share its width out by Helvetica's advance widths (AFM, 1/1000 em): far closer for proportional
// fonts than an equal share per character, and harmless for monospaced ones.

// Printable ASCII from 0x20 (space) to 0x7e (~).
const HELVETICA_ASCII = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
const DEFAULT_WIDTH = 556;

export function glyphWeight(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x20 && code <= 0x7e) return HELVETICA_ASCII[code - 0x20] as number;
  // Accented Latin letters: take the base letter's width.
  const base = char.normalize('NFD').charAt(0);
  if (base !== char && base.length === 1) return glyphWeight(base);
  return DEFAULT_WIDTH;
}

/** Start offset of every character of `text` (as a share 0..1 of the run), plus 1 at the end. */
export function cumulativeShares(chars: readonly string[]): number[] {
  const weights = chars.map(glyphWeight);
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  const shares = [0];
  let running = 0;
  for (const weight of weights) {
    running += weight;
    shares.push(running / total);
  }
  return shares;
}
