// The neural model's per-field fallback to the built-in detectors, learned by cross-validation on
// the training documents only (stacking done properly). The network already takes the detectors'
// readings as features, but on a layout unlike the ones it learned from its best candidate may be
// a weak guess (nothing at all for a total printed without cents, "Rs 1939") where the detectors'
// chosen value is right. So each field learns, from documents read by models that did not
// see them (the held-out folds of training), two things:
// - which kind of the detectors' chosen values (detector-evidence.ts EVIDENCE_KINDS) is most often
//   the field's labelled value — none for a field the detectors have no notion of (a carrier);
// - below which confidence of the model the detectors' choice is right more often than the model's.
// Reading, a field whose best candidate scores under its threshold takes the run the detectors chose
// instead (the model's best-scoring candidate within the chosen reading or holding it, so the
// value's ends are the model's). A field the held-out reads do not show a gain for keeps threshold
// 0: the model alone. Either way a field of a kind reads its value as the detectors read the same
// words ("Europa-Allee" that they read as the currency EUR; "Rs 1939" as 1939.00), so a value is
// right when its words or that reading are the labelled value.

/** A field's fallback: the detectors' kind it falls back to, and below which confidence. */
export interface FieldGate {
  /** Index into EVIDENCE_KINDS. */
  kind: number;
  /** The model's own pick is kept at this confidence or more. */
  threshold: number;
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

/** How many reads are right with a threshold: the fallback under it (where there is one), the model at or over it. */
function rightWith(observations: readonly GateObservation[], kind: number, threshold: number): number {
  let right = 0;
  for (const o of observations) {
    const fallback = o.fallbackRight[kind] ?? null;
    const useFallback = o.confidence < threshold && fallback !== null;
    if (useFallback ? fallback : modelRightAs(o, kind)) right += 1;
  }
  return right;
}

/**
 * The threshold that makes the most reads right: cuts halfway between the confidences seen (and
 * past the highest), the lowest of equally good ones — the model is trusted unless the held-out reads
 * show the detectors doing better — and none under `floor`.
 */
export function chooseThreshold(observations: readonly GateObservation[], kind: number, floor = 0): number {
  const confidences = [...new Set(observations.map((o) => o.confidence))].sort((a, b) => a - b);
  const cuts = [
    0,
    ...confidences.map((c, i) => (i + 1 < confidences.length ? (c + (confidences[i + 1] as number)) / 2 : c + 1e-6)),
  ];
  let best = floor;
  let bestRight = rightWith(observations, kind, floor);
  for (const cut of cuts.filter((c) => c > floor)) {
    const right = rightWith(observations, kind, cut);
    if (right > bestRight) [best, bestRight] = [cut, right];
  }
  return best;
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
 * Each field's gate from held-out reads: its kind and threshold (`floor` when the model's pick is as
 * good everywhere: the field still reads its values as that kind), null for a field of no kind.
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
    return { kind, threshold: chooseThreshold(mine, kind, floor) };
  });
}

/** Whether a read is right under the gates (the fallback taken under a field's threshold). */
export function gatedRight(observation: GateObservation, gates: ReadonlyArray<FieldGate | null>): boolean {
  const gate = gates[observation.field];
  if (!gate) return observation.modelRight;
  const fallback = observation.fallbackRight[gate.kind] ?? null;
  return observation.confidence < gate.threshold && fallback !== null ? fallback : modelRightAs(observation, gate.kind);
}
