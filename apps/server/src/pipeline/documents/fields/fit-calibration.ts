// Fits the map from the layout rules' raw scores to "how often such a value is right": isotonic
// regression (pool adjacent violators) on (raw score, right or wrong) pairs of a labelled set.
// The raw score already multiplies the rule's features (label prior, position, distance, reading
// quality, engine certainty), so one monotone map over it keeps their ranking and only fixes the
// scale. Two guards for small sets: a step must stand on enough values to say anything, and each
// step's share is shrunk towards the middle by one right and one wrong pseudo-value, so three
// right values out of three read "probably right", not "certain". Between steps the map is a
// straight line; above the highest score seen it stays at the last step's share.

export interface LabelledScore {
  raw: number;
  right: boolean;
}

/** (raw, calibrated) knots in increasing raw order; straight lines in between, flat outside. */
export type CalibrationKnots = ReadonlyArray<readonly [number, number]>;

interface Step {
  low: number;
  high: number;
  right: number;
  total: number;
}

/** A step holds at least this many values; smaller ones join the neighbour nearest in share. */
export const MIN_STEP_VALUES = 5;

const shareOf = (step: Step) => step.right / step.total;
const smoothedShareOf = (step: Step) => (step.right + 1) / (step.total + 2);

function join(a: Step, b: Step): Step {
  return { low: a.low, high: b.high, right: a.right + b.right, total: a.total + b.total };
}

/** Pool adjacent violators: merge neighbours until the shares never fall as the raw score rises. */
function poolAdjacentViolators(steps: Step[], share: (step: Step) => number): Step[] {
  const out: Step[] = [];
  for (const step of steps) {
    let current = step;
    while (out.length > 0 && share(out[out.length - 1] as Step) >= share(current)) {
      current = join(out.pop() as Step, current);
    }
    out.push(current);
  }
  return out;
}

function mergeSmallSteps(steps: Step[], minValues: number): Step[] {
  const out = [...steps];
  for (;;) {
    const index = out.findIndex((step) => step.total < minValues);
    if (index < 0 || out.length === 1) return out;
    const step = out[index] as Step;
    const before = out[index - 1];
    const after = out[index + 1];
    const intoBefore =
      after === undefined ||
      (before !== undefined && Math.abs(shareOf(before) - shareOf(step)) <= Math.abs(shareOf(after) - shareOf(step)));
    if (intoBefore) out.splice(index - 1, 2, join(before as Step, step));
    else out.splice(index, 2, join(step, after as Step));
  }
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The calibration knots fitted on `samples` (at least one). */
export function fitCalibration(samples: readonly LabelledScore[], minValues = MIN_STEP_VALUES): CalibrationKnots {
  if (samples.length === 0) throw new Error('fitCalibration needs at least one labelled score');
  const sorted = [...samples].sort((a, b) => a.raw - b.raw);
  // Values with the same raw score cannot be told apart: they start as one step.
  const steps: Step[] = [];
  for (const sample of sorted) {
    const last = steps[steps.length - 1];
    const right = sample.right ? 1 : 0;
    if (last && last.high === sample.raw) {
      last.right += right;
      last.total += 1;
    } else steps.push({ low: sample.raw, high: sample.raw, right, total: 1 });
  }
  const pooled = mergeSmallSteps(poolAdjacentViolators(steps, shareOf), minValues);
  // Shrinking can make a small step's share cross its neighbour's: pool again on the shrunk shares.
  const monotone = poolAdjacentViolators(pooled, smoothedShareOf);
  // Below the lowest score seen there is no evidence: rather than keep the lowest step's share
  // for any weaker value (a word OCR was barely sure of), confidence falls in a line to 0 at 0.
  const knots: [number, number][] = [[0, 0]];
  for (const step of monotone) {
    const value = round3(smoothedShareOf(step));
    if (step.low > 0) knots.push([round3(step.low), value]);
    if (step.high > step.low) knots.push([round3(step.high), value]);
  }
  return knots;
}

/** A raw score read through the knots: flat beyond the ends, straight lines between knots. */
export function applyCalibration(knots: CalibrationKnots, raw: number): number {
  const first = knots[0];
  const last = knots[knots.length - 1];
  if (!first || !last) return raw;
  if (raw <= first[0]) return first[1];
  if (raw >= last[0]) return last[1];
  for (let i = 1; i < knots.length; i++) {
    const [x1, y1] = knots[i] as readonly [number, number];
    const [x0, y0] = knots[i - 1] as readonly [number, number];
    if (raw <= x1) return round3(x1 === x0 ? y1 : y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0));
  }
  return last[1];
}
