// The neural custom model: a small neural network (one hidden layer, TensorFlow.js) that tells, for
// every candidate value of a page — a run of words next to each other on a line
// (neural-candidates.ts) — how likely it is each field's value, from the candidate's features
// (neural-features.ts: what it reads as, its characters, place, neighbours and nearness to each
// field's printed labels, and — stacked under the network — how the built-in invoice detectors
// read it, detector-evidence.ts). Unlike the template model it keeps no positions of one layout, so it
// also reads layouts it has not seen, as far as they print their values the way the labelled
// documents do.
//
// Learning. Every candidate of the labelled pages is a sample, marked with the fields whose
// labelled value is exactly its words. Candidates that are no value outnumber the others a thousand
// to one: the ones that share a word with a value (a value cut short or run on) are all kept, since
// they teach where a value ends; of the others a seeded sample (NEGATIVES_PER_VALUE per value), and
// values are repeated so they make a fixed share of what the network sees (class balance). A
// neural set may have 50,000 pages, so both kinds are sampled as the pages go by (reservoirs of a
// fixed size), and memory stays the same whatever the set's size.
// Reading. For each field the best-scoring candidate of the document is its value when its score
// passes READ_THRESHOLD; the confidence is that score. Under the field's gate (neural-gate.ts,
// learned from held-out reads of the training documents) the run the built-in detectors chose is
// taken instead.
// Evaluation. Held-out accuracy: documents read by a model learned without them (up to 3 folds;
// one fold of a fifth for large sets; whole layouts held out when there are several), values
// compared with what people labelled; the same reads choose the gates (trainNeural).

import { detectorEvidence, EVIDENCE_KINDS, type Reading, readsAs } from './detector-evidence.js';
import { type Candidate, candidateBox, candidatesOf, candidateTargets } from './neural-candidates.js';
import { type FeatureSpace, featureCount, featuresOf, learnFeatureSpace, type PageContext } from './neural-features.js';
import { chooseGates, type FieldGate, type GateObservation, gatedRight } from './neural-gate.js';
import { layoutOf, type PageLayout } from './page-layout.js';
import {
  type Evaluation,
  EvaluationTally,
  type ReadValue,
  sameText,
  type TrainingDocument,
  type Word,
} from './template-model.js';
import { tensorflow } from './tensorflow-runtime.js';
import { heldOutFolds } from './training-layouts.js';

export interface DenseLayer {
  inputs: number;
  units: number;
  activation: 'relu' | 'sigmoid';
  /** inputs × units, row by row. */
  kernel: number[];
  bias: number[];
}

/**
 * The neural model's format: 4 has a gate per field (3 had none and took the built-in detectors'
 * readings as features as 4 does; 2 scored runs
 * of words without them, 1 single words). A model of another format is not read: its features
 * are not these; its workspace trains a new version.
 */
export const NEURAL_MODEL_FORMAT = 4;

export interface NeuralModel {
  kind: 'neural';
  version: typeof NEURAL_MODEL_FORMAT;
  fieldIds: string[];
  space: FeatureSpace;
  layers: DenseLayer[];
  /** Per field (in fieldIds' order): its fallback to the detectors' choice, or null (neural-gate.ts). */
  gates: Array<FieldGate | null>;
}

const HIDDEN_UNITS = 64;
/** Candidates that are no value and share no word with one, kept per value. */
const NEGATIVES_PER_VALUE = 40;
const MIN_NEGATIVES = 4000;
/** Values learned from at most (a large set's are sampled). */
const MAX_POSITIVES = 3000;
/** Candidates overlapping a value (cut short or run on) learned from at most. */
const MAX_NEAR_MISSES = 20_000;
/** The share of values among the samples the network sees (values are repeated to reach it). */
const VALUE_SHARE = 0.3;
/** Samples seen per training run, spread over the epochs (so large sets take fewer passes). */
const SAMPLES_SEEN = 400_000;
const MAX_EPOCHS = 40;
const MIN_EPOCHS = 5;
const READ_THRESHOLD = 0.1;
/** Folds of a small set's held-out reads (each one a training run). */
const HELD_OUT_FOLDS = 3;

export interface LearnOptions {
  seed?: number;
  /**
   * Samples the network sees in a run (SAMPLES_SEEN unless given): fewer train faster and a little
   * less well, and may make fewer epochs than the product's floor (the benchmarks' quick smoke).
   */
  samplesSeen?: number;
  /**
   * Folds of the held-out reads that choose the gates and give the evaluation (HELD_OUT_FOLDS unless
   * given): fewer train faster, with fewer reads to choose on (the benchmarks' quick smoke).
   */
  heldOutFolds?: number;
  /** Share of training done (0–1), after each epoch. */
  onProgress?: (done: number) => void | Promise<void>;
}

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fields labelled in the documents, in the order they first occur. */
export function labelledFields(documents: TrainingDocument[]): string[] {
  return [...new Set(documents.flatMap((d) => d.labels.map((l) => l.fieldId)))];
}

const indexOf = (space: FeatureSpace) => new Map(space.vocabulary.map((token, i) => [token, i]));

/** Learns the neural model from labelled documents (any layouts). */
export async function learnNeural(documents: TrainingDocument[], options: LearnOptions = {}): Promise<NeuralModel> {
  const tf = await tensorflow();
  const { layers, sequential, initializers, regularizers } = await import('@tensorflow/tfjs-layers');
  const fieldIds = labelledFields(documents);
  const space = learnFeatureSpace(documents, fieldIds);
  const vocabularyIndex = indexOf(space);
  const rand = random(options.seed ?? 1);
  // Features are made only for the samples kept: most candidates are left out.
  type Sample = { context: PageContext; candidate: Candidate; y: number[] };
  const positives = reservoir<Sample>(MAX_POSITIVES, rand);
  const nearMisses = reservoir<Sample>(MAX_NEAR_MISSES, rand);
  const negatives = reservoir<Sample>(MAX_POSITIVES * NEGATIVES_PER_VALUE, rand);
  for (const doc of documents) {
    const evidence = detectorEvidence(doc.pages);
    doc.pages.forEach((words, p) => {
      if (words.length === 0) return;
      const labels = doc.labels.filter((l) => l.page === p + 1);
      const layout = layoutOf(words);
      const context: PageContext = { layout, page: p, pages: doc.pages.length, evidence: evidence[p] ?? [] };
      const candidates = candidatesOf(layout, space.maxWords);
      const targets = candidateTargets(layout, candidates, labels, fieldIds);
      const inValue = new Set<number>();
      candidates.forEach((c, i) => {
        if ((targets[i] as boolean[]).some(Boolean)) for (const w of c.words) inValue.add(w);
      });
      candidates.forEach((candidate, i) => {
        const y = (targets[i] as boolean[]).map((t) => (t ? 1 : 0));
        const sample = { context, candidate, y };
        if (y.some((v) => v === 1)) positives.offer(sample);
        else if (candidate.words.some((w) => inValue.has(w))) nearMisses.offer(sample);
        else negatives.offer(sample);
      });
    });
  }
  const keepNegatives = Math.max(MIN_NEGATIVES, positives.items.length * NEGATIVES_PER_VALUE);
  shuffle(negatives.items, rand);
  const others = [...nearMisses.items, ...negatives.items.slice(0, keepNegatives)];
  // Class balance: values repeated until they are VALUE_SHARE of the samples.
  const repeats = Math.max(
    1,
    Math.round((VALUE_SHARE * others.length) / ((1 - VALUE_SHARE) * Math.max(positives.items.length, 1))),
  );
  const featured = (s: Sample) => ({ x: featuresOf(space, s.context, s.candidate, vocabularyIndex), y: s.y });
  const values = positives.items.map(featured);
  const samples = [...others.map(featured), ...Array.from({ length: repeats }, () => values).flat()];
  shuffle(samples, rand);
  const inputs = featureCount(space);
  const network = sequential({
    layers: [
      layers.dense({
        inputShape: [inputs],
        units: HIDDEN_UNITS,
        activation: 'relu',
        kernelInitializer: initializers.glorotUniform({ seed: options.seed ?? 1 }),
        kernelRegularizer: regularizers.l2({ l2: 1e-4 }),
      }),
      layers.dropout({ rate: 0.2, seed: (options.seed ?? 1) + 2 }),
      layers.dense({
        units: fieldIds.length,
        activation: 'sigmoid',
        kernelInitializer: initializers.glorotUniform({ seed: (options.seed ?? 1) + 1 }),
      }),
    ],
  });
  network.compile({ optimizer: tf.train.adam(0.002), loss: 'binaryCrossentropy' });
  // A smaller budget asked for on purpose (a quick run) may go under the product's floor of epochs.
  const fewestEpochs = options.samplesSeen === undefined ? MIN_EPOCHS : 1;
  const epochs = Math.max(
    fewestEpochs,
    Math.min(MAX_EPOCHS, Math.round((options.samplesSeen ?? SAMPLES_SEEN) / Math.max(samples.length, 1))),
  );
  const x = tf.tensor2d(
    samples.map((s) => s.x),
    [samples.length, inputs],
  );
  const y = tf.tensor2d(
    samples.map((s) => s.y),
    [samples.length, fieldIds.length],
  );
  try {
    await network.fit(x, y, {
      epochs,
      batchSize: 256,
      shuffle: false,
      verbose: 0,
      callbacks: { onEpochEnd: async (epoch) => options.onProgress?.((epoch + 1) / epochs) },
    });
    const weights = network.getWeights();
    const dense = async (kernel: number, units: number, rows: number, activation: DenseLayer['activation']) => ({
      inputs: rows,
      units,
      activation,
      kernel: Array.from(await (weights[kernel] as ReturnType<typeof tf.tensor>).data()),
      bias: Array.from(await (weights[kernel + 1] as ReturnType<typeof tf.tensor>).data()),
    });
    return {
      kind: 'neural',
      version: NEURAL_MODEL_FORMAT,
      fieldIds,
      space,
      layers: [await dense(0, HIDDEN_UNITS, inputs, 'relu'), await dense(2, fieldIds.length, HIDDEN_UNITS, 'sigmoid')],
      // Chosen on held-out reads by trainNeural; a model learned on its own keeps the network's picks.
      gates: fieldIds.map(() => null),
    };
  } finally {
    x.dispose();
    y.dispose();
    network.dispose();
  }
}

/** A uniform sample of at most `size` of the items offered, however many are (reservoir sampling). */
function reservoir<T>(size: number, rand: () => number) {
  const items: T[] = [];
  let seen = 0;
  return {
    items,
    offer(item: T) {
      seen += 1;
      if (items.length < size) items.push(item);
      else {
        const at = Math.floor(rand() * seen);
        if (at < size) items[at] = item;
      }
    },
  };
}

function shuffle<T>(items: T[], rand: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
}

/** Scores of every candidate of a page for every field (candidates × fields). */
async function scoresOf(model: NeuralModel, context: PageContext, candidates: Candidate[]): Promise<Float32Array> {
  const tf = await tensorflow();
  const vocabularyIndex = indexOf(model.space);
  return tf.tidy(() => {
    let activations = tf.tensor2d(
      candidates.map((c) => featuresOf(model.space, context, c, vocabularyIndex)),
      [candidates.length, featureCount(model.space)],
    );
    for (const layer of model.layers) {
      const z = tf.add<ReturnType<typeof tf.tensor2d>>(
        tf.matMul(activations, tf.tensor2d(layer.kernel, [layer.inputs, layer.units])),
        tf.tensor1d(layer.bias),
      );
      activations = layer.activation === 'relu' ? tf.relu(z) : tf.sigmoid(z);
    }
    return activations.dataSync() as Float32Array;
  });
}

/** A candidate chosen for a field: its score, page and words. */
interface FieldPick {
  score: number;
  page: number;
  layout: PageLayout;
  candidate: Candidate;
}

/**
 * For each field, the best-scoring candidate of the document, and for each kind of the detectors'
 * readings the best-scoring candidate among those within that kind's chosen value or holding it
 * (what the field's gate falls back to).
 */
async function picksOf(
  model: NeuralModel,
  pages: Word[][],
): Promise<Array<{ best: FieldPick | null; byKind: Array<FieldPick | null> }>> {
  const f = model.fieldIds.length;
  const picks = model.fieldIds.map(() => ({
    best: null as FieldPick | null,
    byKind: EVIDENCE_KINDS.map(() => null as FieldPick | null),
  }));
  const better = (current: FieldPick | null, score: number) => current === null || score > current.score;
  const evidence = detectorEvidence(pages);
  for (const [p, words] of pages.entries()) {
    if (words.length === 0) continue;
    const layout = layoutOf(words);
    const candidates = candidatesOf(layout, model.space.maxWords);
    const context = { layout, page: p, pages: pages.length, evidence: evidence[p] ?? [] };
    const chosen = context.evidence.filter((r) => r.chosen).map((r) => ({ kind: r.kind, words: new Set(r.words) }));
    const scores = await scoresOf(model, context, candidates);
    candidates.forEach((candidate, i) => {
      // Runs within a chosen reading or holding it whole: the value's ends may differ, not the value.
      const kinds = chosen
        .filter(
          (r) => candidate.words.every((w) => r.words.has(w)) || [...r.words].every((w) => candidate.words.includes(w)),
        )
        .map((r) => r.kind);
      for (let k = 0; k < f; k++) {
        const score = scores[i * f + k] as number;
        const pick = picks[k] as (typeof picks)[number];
        if (better(pick.best, score)) pick.best = { score, page: p, layout, candidate };
        for (const kind of kinds) {
          if (better(pick.byKind[kind] ?? null, score)) pick.byKind[kind] = { score, page: p, layout, candidate };
        }
      }
    });
  }
  return picks;
}

/**
 * Reads the fields of a document (words of each page) with a learned neural model: for each field
 * the best-scoring candidate, its score as the confidence — unless the score is under the field's
 * gate (neural-gate.ts), where the run the built-in detectors chose for the field's kind is taken.
 * A model of an older format reads nothing (its features are not these); its workspace says it
 * needs a new version (custom-model-fields.ts).
 */
export async function readNeural(model: NeuralModel, pages: Word[][]): Promise<ReadValue[]> {
  if (model.version !== NEURAL_MODEL_FORMAT) return [];
  const picks = await picksOf(model, pages);
  const evidence = detectorEvidence(pages);
  const out: ReadValue[] = [];
  model.fieldIds.forEach((fieldId, k) => {
    const { best, byKind } = picks[k] as (typeof picks)[number];
    const gate = model.gates[k] ?? null;
    const fallback = gate ? (byKind[gate.kind] ?? null) : null;
    const confidence = best?.score ?? 0;
    // Under the gate's threshold, or not far enough over the model's score for the detectors' choice.
    const falling =
      gate !== null &&
      fallback !== null &&
      (confidence < gate.threshold || confidence - fallback.score < (gate.margin ?? 0));
    const pick = falling ? fallback : best && best.score >= READ_THRESHOLD ? best : null;
    if (!pick) return;
    const reading = gate ? readingOf(evidence[pick.page] ?? [], gate.kind, pick.candidate.words) : null;
    out.push({
      fieldId,
      page: pick.page + 1,
      box: candidateBox(pick.layout, pick.candidate),
      text: pick.candidate.text,
      ...(reading?.value ? { normalized: reading.value } : {}),
      // A value the detectors chose: their confidence in it, not the model's low score.
      confidence: Math.round(Math.min(falling ? (reading?.score ?? pick.score) : pick.score, 1) * 1000) / 1000,
    });
  });
  return out;
}

/**
 * The detectors' chosen reading of a kind that holds a run's words or lies within them: the value
 * those words read as for that kind.
 */
function readingOf(readings: readonly Reading[], kind: number, words: readonly number[]): Reading | null {
  return (
    readings.find(
      (r) =>
        r.chosen &&
        r.kind === kind &&
        (words.every((w) => r.words.includes(w)) || r.words.every((w) => words.includes(w))),
    ) ?? null
  );
}

/** How every labelled value of a held-out document was read (the gates' evidence). */
async function observe(model: NeuralModel, doc: TrainingDocument): Promise<GateObservation[]> {
  const picks = await picksOf(model, doc.pages);
  const evidence = detectorEvidence(doc.pages);
  const out: GateObservation[] = [];
  const sameWords = (pick: FieldPick | null, text: string) => pick !== null && sameText(pick.candidate.text, text);
  // Right for a field of a kind: by its words, or by the value the detectors read of those words.
  const rightAs = (pick: FieldPick | null, kind: number, text: string) => {
    if (pick === null) return false;
    const reading = readingOf(evidence[pick.page] ?? [], kind, pick.candidate.words);
    return sameWords(pick, text) || (reading?.value != null && readsAs(kind, text, reading.value));
  };
  for (const label of doc.labels) {
    const field = model.fieldIds.indexOf(label.fieldId);
    const pick = picks[field];
    if (!pick) continue;
    const confidence = pick.best?.score ?? 0;
    const reads = confidence >= READ_THRESHOLD;
    out.push({
      field,
      confidence,
      modelRight: reads && sameWords(pick.best, label.text),
      modelRightAs: EVIDENCE_KINDS.map((_, kind) => reads && rightAs(pick.best, kind, label.text)),
      fallbackRight: pick.byKind.map((p, kind) => (p === null ? null : rightAs(p, kind, label.text))),
      fallbackScore: pick.byKind.map((p) => p?.score ?? null),
    });
  }
  return out;
}

/**
 * Held-out reads: every document (or a fifth of a large set) read by a model learned without it
 * — and, when the documents are of several layouts, without any document of its layout
 * (training-layouts.ts), so the figures say what a layout the model has not seen will get. Up to 3
 * folds (each one a training run); of a large set, one fold of five.
 */
async function heldOutReads(documents: TrainingDocument[], options: LearnOptions): Promise<GateObservation[][]> {
  if (documents.length < 2) return [];
  const large = documents.length > 100;
  const { folds: all } = heldOutFolds(documents, large ? 5 : (options.heldOutFolds ?? HELD_OUT_FOLDS));
  const folds = large ? all.slice(0, 1) : all;
  const fieldIds = labelledFields(documents);
  const reads: GateObservation[][] = [];
  for (const [f, fold] of folds.entries()) {
    const heldOut = new Set(fold);
    const model = await learnNeural(
      documents.filter((_, i) => !heldOut.has(i)),
      {
        seed: options.seed,
        samplesSeen: options.samplesSeen,
        onProgress: (done) => options.onProgress?.((f + done) / folds.length),
      },
    );
    const observations: GateObservation[] = [];
    for (const doc of fold.map((i) => documents[i] as TrainingDocument)) {
      // The fold's model may not know a field only the held-out documents label: read as missed.
      for (const o of await observe(model, doc)) {
        observations.push({ ...o, field: fieldIds.indexOf(model.fieldIds[o.field] as string) });
      }
      for (const label of doc.labels) {
        if (!model.fieldIds.includes(label.fieldId)) {
          observations.push({
            field: fieldIds.indexOf(label.fieldId),
            confidence: 0,
            modelRight: false,
            fallbackRight: EVIDENCE_KINDS.map(() => null),
          });
        }
      }
    }
    reads.push(observations);
  }
  return reads;
}

/**
 * The held-out accuracy of the gated model, cross-fitted: each fold's reads are judged with gates
 * chosen on the other folds' reads, so no read is judged by a gate chosen on it. With one fold (a
 * large set) there is nothing to choose its gates on, and it is judged without them.
 */
function gatedEvaluation(fieldIds: string[], reads: GateObservation[][]): Evaluation {
  const tally = new EvaluationTally();
  for (const [f, observations] of reads.entries()) {
    const others = reads.filter((_, i) => i !== f).flat();
    const gates = others.length > 0 ? chooseGates(others, fieldIds.length, EVIDENCE_KINDS.length, READ_THRESHOLD) : [];
    for (const o of observations) tally.add(fieldIds[o.field] as string, gatedRight(o, gates));
  }
  return tally.evaluation();
}

/** Held-out accuracy (heldOutReads), with the fields' gates cross-fitted (gatedEvaluation). */
export async function evaluateNeural(documents: TrainingDocument[], options: LearnOptions = {}): Promise<Evaluation> {
  if (documents.length < 2) return { accuracy: 0, values: 0, correct: 0, byField: {} };
  return gatedEvaluation(labelledFields(documents), await heldOutReads(documents, options));
}

/**
 * The worker's neural training: the held-out reads (heldOutReads) give both the evaluation and
 * each field's gate (chosen on all of them), then the model is learned from every document and
 * takes the gates. The held-out runs are the training's only extra cost, as before the gates.
 */
export async function trainNeural(
  documents: TrainingDocument[],
  options: LearnOptions = {},
): Promise<{ model: NeuralModel; evaluation: Evaluation | null }> {
  const fieldIds = labelledFields(documents);
  const evaluating = documents.length >= 2;
  const progress = (from: number, share: number) => (done: number) => options.onProgress?.(from + done * share);
  const reads = evaluating
    ? await heldOutReads(documents, { ...options, onProgress: progress(0, HELD_OUT_SHARE) })
    : [];
  const model = await learnNeural(documents, {
    ...options,
    onProgress: progress(evaluating ? HELD_OUT_SHARE : 0, evaluating ? 1 - HELD_OUT_SHARE : 1),
  });
  model.gates = chooseGates(reads.flat(), fieldIds.length, EVIDENCE_KINDS.length, READ_THRESHOLD);
  return { model, evaluation: evaluating ? gatedEvaluation(fieldIds, reads) : null };
}

/** The share of a neural training's progress the held-out runs take (up to 3 runs, then the final one). */
const HELD_OUT_SHARE = 0.8;
