// The neural custom model: a small neural network (one hidden layer, TensorFlow.js) that tells, for
// every word of a page, how likely it is part of each field's value, from the word's features
// (neural-features.ts: its shape, place, neighbours and nearness to each field's printed labels).
// Unlike the template model it keeps no positions of one layout, so it also reads layouts it has
// not seen, as far as they print their values the way the labelled documents do.
//
// Learning. Every word of the labelled pages is a sample, marked with the fields whose labelled box
// holds its centre (a word may be in two: "€24.99" is the total and the currency). Words in no value
// outnumber the others a hundred to one, so a seeded sample of them is kept (NEGATIVES_PER_VALUE);
// a neural set may have 50,000 pages, so both kinds are sampled as the pages go by (reservoirs of
// a fixed size), and memory stays the same whatever the set's size.
// Reading. For each field the most likely word of the document is taken when its score passes
// READ_THRESHOLD (low: words in no value were sampled down, so scores run high), with the words beside it on its line that score as part of the same value; the
// confidence is their score.
// Evaluation. Held-out accuracy: documents read by a model learned without them (up to 3 folds;
// one fold of a fifth for large sets), values compared with what people labelled.
import {
  type FeatureSpace,
  featureCount,
  featuresOf,
  layoutOf,
  learnFeatureSpace,
  type PageLayout,
  targetsOf,
} from './neural-features.js';
import {
  type Evaluation,
  EvaluationTally,
  enclosing,
  type ReadValue,
  sameText,
  type TrainingDocument,
  type Word,
} from './template-model.js';
import { tensorflow } from './tensorflow-runtime.js';

export interface DenseLayer {
  inputs: number;
  units: number;
  activation: 'relu' | 'sigmoid';
  /** inputs × units, row by row. */
  kernel: number[];
  bias: number[];
}

export interface NeuralModel {
  kind: 'neural';
  version: 1;
  fieldIds: string[];
  space: FeatureSpace;
  layers: DenseLayer[];
}

const HIDDEN_UNITS = 48;
/** Words in no value kept per word in a value (and at least MIN_NEGATIVES when there are). */
const NEGATIVES_PER_VALUE = 12;
const MIN_NEGATIVES = 3000;
/** Words in a value learned from at most (a large set's are sampled). */
const MAX_POSITIVES = 3000;
/** Samples seen per training run, spread over the epochs (so large sets take fewer passes). */
const SAMPLES_SEEN = 200_000;
const READ_THRESHOLD = 0.2;
/** A word beside the chosen one on its line joins the value at this score. */
const JOIN_THRESHOLD = 0.15;

export interface LearnOptions {
  seed?: number;
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
  // Features are made only for the samples kept: most words in no value are left out.
  type Sample = { layout: PageLayout; word: number; y: number[] };
  const positives = reservoir<Sample>(MAX_POSITIVES, rand);
  const negatives = reservoir<Sample>(MAX_POSITIVES * NEGATIVES_PER_VALUE, rand);
  for (const doc of documents) {
    doc.pages.forEach((words, p) => {
      if (words.length === 0) return;
      const layout = layoutOf(words);
      const targets = targetsOf(
        words,
        doc.labels.filter((l) => l.page === p + 1),
        fieldIds,
      );
      words.forEach((_, word) => {
        const y = (targets[word] as boolean[]).map((t) => (t ? 1 : 0));
        (y.some((v) => v === 1) ? positives : negatives).offer({ layout, word, y });
      });
    });
  }
  const keepNegatives = Math.max(MIN_NEGATIVES, positives.items.length * NEGATIVES_PER_VALUE);
  shuffle(negatives.items, rand);
  const kept = [...positives.items, ...negatives.items.slice(0, keepNegatives)];
  shuffle(kept, rand);
  const samples = kept.map((s) => ({ x: featuresOf(space, s.layout, s.word, vocabularyIndex), y: s.y }));
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
      layers.dense({
        units: fieldIds.length,
        activation: 'sigmoid',
        kernelInitializer: initializers.glorotUniform({ seed: (options.seed ?? 1) + 1 }),
      }),
    ],
  });
  network.compile({ optimizer: tf.train.adam(0.003), loss: 'binaryCrossentropy' });
  const epochs = Math.max(5, Math.min(40, Math.round(SAMPLES_SEEN / Math.max(samples.length, 1))));
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
      batchSize: 128,
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
      version: 1,
      fieldIds,
      space,
      layers: [await dense(0, HIDDEN_UNITS, inputs, 'relu'), await dense(2, fieldIds.length, HIDDEN_UNITS, 'sigmoid')],
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

/** Scores of every word of a page for every field (words × fields). */
async function scoresOf(model: NeuralModel, layout: PageLayout): Promise<Float32Array> {
  const tf = await tensorflow();
  const vocabularyIndex = indexOf(model.space);
  return tf.tidy(() => {
    let activations = tf.tensor2d(
      layout.words.map((_, i) => featuresOf(model.space, layout, i, vocabularyIndex)),
      [layout.words.length, featureCount(model.space)],
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

/** Reads the fields of a document (words of each page) with a learned neural model. */
export async function readNeural(model: NeuralModel, pages: Word[][]): Promise<ReadValue[]> {
  const f = model.fieldIds.length;
  const best = model.fieldIds.map(() => ({ score: 0, page: -1, word: -1 }));
  const pageScores: Array<{ layout: PageLayout; scores: Float32Array } | null> = [];
  for (const [p, words] of pages.entries()) {
    if (words.length === 0) {
      pageScores.push(null);
      continue;
    }
    const layout = layoutOf(words);
    const scores = await scoresOf(model, layout);
    pageScores.push({ layout, scores });
    for (let i = 0; i < words.length; i++) {
      for (let k = 0; k < f; k++) {
        const s = scores[i * f + k] as number;
        const b = best[k] as { score: number; page: number; word: number };
        if (s > b.score) Object.assign(b, { score: s, page: p, word: i });
      }
    }
  }
  const out: ReadValue[] = [];
  model.fieldIds.forEach((fieldId, k) => {
    const b = best[k] as { score: number; page: number; word: number };
    const scored = pageScores[b.page];
    if (b.score < READ_THRESHOLD || !scored) return;
    const { layout, scores } = scored;
    const score = (i: number) => scores[i * f + k] as number;
    const near = (a: number, c: number) => {
      const left = layout.words[Math.min(a, c)] as Word;
      const right = layout.words[Math.max(a, c)] as Word;
      return Math.abs(right.box.left - left.box.right) < layout.scale * 1.5;
    };
    const taken = [b.word];
    for (let i = layout.left[b.word] as number; i >= 0 && score(i) >= JOIN_THRESHOLD && near(i, taken[0] as number); ) {
      taken.unshift(i);
      i = layout.left[i] as number;
    }
    for (
      let i = layout.right[b.word] as number;
      i >= 0 && score(i) >= JOIN_THRESHOLD && near(taken.at(-1) as number, i);
    ) {
      taken.push(i);
      i = layout.right[i] as number;
    }
    const words = taken.map((i) => layout.words[i] as Word);
    out.push({
      fieldId,
      page: b.page + 1,
      box: enclosing(words.map((w) => w.box)),
      text: words.map((w) => w.text).join(' '),
      confidence: Math.round((taken.reduce((s, i) => s + score(i), 0) / taken.length) * 1000) / 1000,
    });
  });
  return out;
}

/** The folds of the held-out evaluation: up to 3 (each one a training run); one fifth held out of large sets. */
const foldsOf = (documents: number) => (documents > 100 ? 1 : Math.min(3, documents));

/** Held-out accuracy: every document (or a fifth of a large set) read by a model learned without it. */
export async function evaluateNeural(documents: TrainingDocument[], options: LearnOptions = {}): Promise<Evaluation> {
  if (documents.length < 2) return { accuracy: 0, values: 0, correct: 0, byField: {} };
  const folds = foldsOf(documents.length);
  const split = documents.length > 100 ? 5 : folds;
  const tally = new EvaluationTally();
  for (let fold = 0; fold < folds; fold++) {
    const model = await learnNeural(
      documents.filter((_, i) => i % split !== fold),
      {
        seed: options.seed,
        onProgress: (done) => options.onProgress?.((fold + done) / folds),
      },
    );
    for (const doc of documents.filter((_, i) => i % split === fold)) {
      const read = await readNeural(model, doc.pages);
      for (const label of doc.labels) {
        const ok = read.some((v) => v.fieldId === label.fieldId && sameText(v.text, label.text));
        tally.add(label.fieldId, ok);
      }
    }
  }
  return tally.evaluation();
}
