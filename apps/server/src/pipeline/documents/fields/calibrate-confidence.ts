// The layout rules' raw scores (rule prior × position × distance × reading quality × engine
// certainty) rank values well but are not probabilities. On the extraction bench (fixtures of
// tests/bench/extraction), after the rules on words with boxes: the largest amount taken when no
// total is labelled (raw 0.3) was right about half the time (two of three on the latest run), a letterhead's title block taken
// for the issuer (raw 0.35) about two times in three, the first date of a page (raw 0.4, less on
// OCR'd words) and labelled values with a weak reading (raw 0.4–0.55) nearly always, and labelled
// values above raw 0.55 more than nineteen times in twenty. The guided pass sends reviewers to
// values under the workspace's thresholds, so the score must read as "how often such a value is
// right": this monotone piecewise-linear map turns a raw score into that. The reliability table
// of the bench checks it on both halves.

/** (raw, calibrated) knots in increasing order; straight lines in between. */
const KNOTS: ReadonlyArray<readonly [number, number]> = [
  [0, 0.1],
  [0.3, 0.45],
  [0.35, 0.62],
  [0.385, 0.8],
  [0.4, 0.85],
  [0.56, 0.88],
  [1, 1],
];

/** A raw layout score in [0, 1] as the share of such values that are right. */
export function calibratedConfidence(raw: number): number {
  const x = Math.min(1, Math.max(0, raw));
  for (let i = 1; i < KNOTS.length; i++) {
    const [x1, y1] = KNOTS[i] as readonly [number, number];
    const [x0, y0] = KNOTS[i - 1] as readonly [number, number];
    if (x <= x1) return Math.round((y0 + ((x - x0) / (x1 - x0)) * (y1 - y0)) * 1000) / 1000;
  }
  return 1;
}
