// The neural model's per-field fallback to the built-in detectors, learned by cross-validation on
// the training documents only (stacking done properly). The network already takes the detectors'
// readings as features, but on a layout unlike the ones it learned from its best candidate may be
// a weak guess (nothing at all for a total printed without cents, "Rs 1939") where the detectors'
// chosen value is right. So each field learns, from documents read by models that did not
// see them (the held-out folds of training), two things:
// - which kind of the detectors' chosen values (detector-evidence.ts EVIDENCE_KINDS) is most often
//   the field's labelled value — none for a field the detectors have no notion of (a carrier);
// - below which confidence of the model the detectors' choice is right more often than the model's,
//   and below which margin: how far the model's pick scores over its best candidate within the
//   detectors' choice. The margin separates right from wrong reads better than the confidence
//   alone: a network trained longer is sure of itself everywhere (a wrong "115,45" at 0.22 next to
//   the right "17,115.45" at 0.2), but where it is wrong the detectors' choice scores close behind.
// Reading, a field whose best candidate scores under its threshold takes the run the detectors chose
// instead (the model's best-scoring candidate within the chosen reading or holding it, so the
// value's ends are the model's). Where the held-out reads cannot tell cuts apart, the middle of the
// equally good ones (max margin), not the end that trusts the model with every doubtful read: a
// sure network's rare mistakes of a kind the reads never showed fall in between. Either way a field of a kind reads its value as the detectors read the same
// words ("Europa-Allee" that they read as the currency EUR; "Rs 1939" as 1939.00), so a value is
// right when its words or that reading are the labelled value.

/** A field's fallback: the detectors' kind it falls back to, and below which confidence. */
export interface FieldGate {
  /** Index into EVIDENCE_KINDS. */
  kind: number;
  /** The model's own pick is kept at this confidence or more. */
  threshold: number;
  /**
   * And only when it scores at least this much over the model's best candidate within the
   * detectors' choice (0 or absent: the margin is not looked at; a model stored before it had none).
   */
  margin?: number;
}

/** How one labelled value of a held-out document was read. */
export interface GateObservation {
  /** Index of the field in the model's fields. */
  field: number;
  /** The model's best score for the field on the document (0 when it has no candidate). */
  confidence: number;
  /** Whether the model's own pick is the labelled value by its words (false when it would read nothing). */
  modelRight: boolean;
  /**
   * Per kind: whether the model's own pick is the labelled value, by its words or by the value the
   * detectors read of that kind from the same words (modelRight when not given).
   */
  modelRightAs?: boolean[];
  /** Per kind: whether the detectors' chosen value of that kind is right, null when there is none. */
  fallbackRight: Array<boolean | null>;
  /** Per kind: the model's best score within the detectors' chosen value, null when there is none. */
  fallbackScore?: Array<number | null>;
}

/** Whether the model's own pick is right for a field of a kind (or of none). */
const modelRightAs = (o: GateObservation, kind: number | null) =>
  kind === null ? o.modelRight : (o.modelRightAs?.[kind] ?? o.modelRight);

/**
 * A fallback kind is trusted only when its chosen values were the labelled value in at least this
 * share of the field's held-out reads: a kind right by chance now and then is no fallback.
 */
export const MIN_KIND_SHARE = 0.5;
/** Nor with fewer held-out values than this to judge it on. */
export const MIN_OBSERVATIONS = 3;

/** Whether a read takes the detectors' choice of a kind under a threshold and a margin. */
function fallsBack(o: GateObservation, kind: number, threshold: number, margin = 0): boolean {
  if ((o.fallbackRight[kind] ?? null) === null) return false;
  if (o.confidence < threshold) return true;
  const fallbackScore = o.fallbackScore?.[kind] ?? null;
  return margin > 0 && fallbackScore !== null && o.confidence - fallbackScore < margin;
}

/** How many reads are right with a threshold and a margin: the fallback under them, the model otherwise. */
function rightWith(observations: readonly GateObservation[], kind: number, threshold: number, margin = 0): number {
  let right = 0;
  for (const o of observations) {
    if (fallsBack(o, kind, threshold, margin) ? o.fallbackRight[kind] : modelRightAs(o, kind)) right += 1;
  }
  return right;
}

/**
 * Most cuts looked at per value (threshold or margin): past it, cuts at evenly spaced ranks, so a
 * large set's search stays quick (cuts × cuts × reads per field).
 */
export const MAX_CUTS = 48;

/** Cuts halfway between the values seen, and past the highest, after a first cut of 0 (at most MAX_CUTS). */
function cutsOf(values: readonly number[]): number[] {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const all = sorted.map((c, i) => (i + 1 < sorted.length ? (c + (sorted[i + 1] as number)) / 2 : c + 1e-6));
  const step = Math.max(1, Math.ceil(all.length / (MAX_CUTS - 1)));
  return [0, ...all.filter((_, i) => i % step === step - 1 || i === all.length - 1)];
}

/**
 * The threshold that makes the most reads right: cuts halfway between the confidences seen (and
 * past the highest), the middle of equally good ones (chooseCuts), and none under `floor`.
 */
export function chooseThreshold(observations: readonly GateObservation[], kind: number, floor = 0): number {
  return chooseCuts(observations, kind, floor, false).threshold;
}

/**
 * Of equally good cuts (`tied`, a subset of the ascending `cuts`), the tied cut nearest the middle
 * of the run of tied cuts that starts at the lowest one: the max-margin choice. The held-out reads
 * cannot tell those cuts apart, so the one as far as they allow from both ends of the interval —
 * a read just past either end the reads happened to show still falls on the side they favour,
 * where the lowest end would give every doubtful read to the model.
 */
function pickTied(cuts: readonly number[], tied: ReadonlySet<number>): number {
  const start = cuts.findIndex((c) => tied.has(c));
  let end = start;
  while (end + 1 < cuts.length && tied.has(cuts[end + 1] as number)) end += 1;
  const lo = cuts[start] as number;
  const hi = cuts[end] as number;
  const centre = (lo + hi) / 2;
  let best = lo;
  for (let i = start; i <= end; i++) {
    const c = cuts[i] as number;
    if (Math.abs(c - centre) < Math.abs(best - centre)) best = c;
  }
  return best;
}

/**
 * The threshold and margin that make the most reads right together (margins of the reads that have
 * the kind's choice). Of equally good ones, the middle of the best interval of margins, then of
 * thresholds at it (`pickTied`): a read the held-out reads show right only from the model keeps
 * the model, one right only from the detectors falls back, and in between, where the reads cannot
 * tell, the cut sits as far from both as they allow — not at the end that trusts the model with
 * every doubtful read (a sure network's rare mistakes of a kind the reads never showed fall there).
 * Without `withMargin`, the threshold alone.
 */
export function chooseCuts(
  observations: readonly GateObservation[],
  kind: number,
  floor = 0,
  withMargin = true,
): { threshold: number; margin: number } {
  const thresholds = [floor, ...cutsOf(observations.map((o) => o.confidence)).filter((c) => c > floor)];
  const margins = withMargin
    ? cutsOf(
        observations.flatMap((o) => {
          const score = o.fallbackScore?.[kind] ?? null;
          return score === null ? [] : [o.confidence - score];
        }),
      )
    : [0];
  const counts = margins.map((margin) =>
    thresholds.map((threshold) => rightWith(observations, kind, threshold, margin)),
  );
  const bestRight = Math.max(...counts.flat());
  const tiedMargins = new Set(margins.filter((_, i) => (counts[i] as number[]).includes(bestRight)));
  const margin = pickTied(margins, tiedMargins);
  const atMargin = counts[margins.indexOf(margin)] as number[];
  const tiedThresholds = new Set(thresholds.filter((_, i) => atMargin[i] === bestRight));
  return { threshold: pickTied(thresholds, tiedThresholds), margin };
}

/** The kind whose chosen values are most often a field's labelled value, if often enough. */
export function fallbackKind(observations: readonly GateObservation[], kinds: number): number | null {
  if (observations.length < MIN_OBSERVATIONS) return null;
  let best: number | null = null;
  let bestRight = 0;
  for (let kind = 0; kind < kinds; kind++) {
    const right = observations.filter((o) => o.fallbackRight[kind] === true).length;
    if (right > bestRight) [best, bestRight] = [kind, right];
  }
  return best !== null && bestRight >= MIN_KIND_SHARE * observations.length ? best : null;
}

/**
 * Each field's gate from held-out reads: its kind and threshold (at least `floor`; the field reads
 * its values as that kind whatever the threshold), null for a field of no kind.
 * The floor is where the model reads nothing: a labelled value read as nothing is missed whatever
 * the threshold, so the held-out reads cannot tell a threshold under it from one at it, and a
 * field of a kind takes the detectors' choice rather than nothing — as the built-in extractor
 * would (its cost, a value read where none is printed, is the built-in's too).
 */
export function chooseGates(
  observations: readonly GateObservation[],
  fields: number,
  kinds: number,
  floor = 0,
): Array<FieldGate | null> {
  return Array.from({ length: fields }, (_, field) => {
    const mine = observations.filter((o) => o.field === field);
    const kind = fallbackKind(mine, kinds);
    if (kind === null) return null;
    const { threshold, margin } = chooseCuts(mine, kind, floor);
    return margin > 0 ? { kind, threshold, margin } : { kind, threshold };
  });
}

/** Whether a read is right under the gates (the fallback taken under a field's threshold). */
export function gatedRight(observation: GateObservation, gates: ReadonlyArray<FieldGate | null>): boolean {
  const gate = gates[observation.field];
  if (!gate) return observation.modelRight;
  return fallsBack(observation, gate.kind, gate.threshold, gate.margin)
    ? (observation.fallbackRight[gate.kind] as boolean)
    : modelRightAs(observation, gate.kind);
}
