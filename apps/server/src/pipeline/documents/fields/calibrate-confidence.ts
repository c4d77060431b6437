// The layout rules' raw scores (rule prior × position × distance × reading quality × engine
// certainty) rank values well but are not probabilities: on the development half of the extraction
// bench, raw 0.4–0.55 values were right about three times in four and raw 0.55–0.7 values nineteen
// times in twenty, while values under 0.4 were right about half the time. The guided pass sends
// reviewers to values under the workspace's thresholds, so the score must read as "how often such a
// value is right". This monotone piecewise-linear map (fitted on that half, rounded, and checked on
// the other) turns a raw score into one; the reliability table of tests/bench/extraction checks it.

/** (raw, calibrated) knots in increasing order; straight lines in between. */
const KNOTS: ReadonlyArray<readonly [number, number]> = [
  [0, 0.1],
  [0.39, 0.5],
  [0.41, 0.62],
  [0.55, 0.79],
  [0.56, 0.81],
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
