/**
 * Template model bench: field accuracy on held-out documents of the layout it was trained on, and
 * training time per 100 pages.
 *
 * Documents: one delivery-note layout made with varied values (order number, date, customer of one
 * to four words, total), each page moved by up to ±30 pt, scaled 0.9–1.1× and rotated up to ±1.5°
 * as a scan would be (apps/server/src/testing/delivery-notes.ts). No public set
 * has five or more labelled documents of one layout: fixtures/ holds two of one vendor at most
 * (coolblue1/2), too few to train on five and hold others out.
 * Accuracy: trained on 5 labelled documents, read 200 others (50 with --quick), 5 seeds; a value
 * counts when its text equals the labelled text (spacing and case aside). Target ≥ 95% for every
 * seed. Training time: learning plus the held-out evaluation of a version trained on 100 pages
 * (the worker's whole training step), median of 5 runs; product-spec §9 gives 1–5 minutes.
 *
 * Quick mode (--quick, the CI smoke): 2 seeds of 50 held-out documents and one timing run — every
 * figure, each on fewer documents or runs (about a second in all).
 *
 * Run: cd apps/server && pnpm exec tsx ../../tests/bench/template-model.bench.ts [--quick]
 */
import { performance } from 'node:perf_hooks';
import {
  evaluateTemplate,
  learnTemplate,
  readTemplate,
  sameText,
  type TrainingDocument,
} from '../../apps/server/src/pipeline/templates/template-model.js';
import { deliveryNotes } from '../../apps/server/src/testing/delivery-notes.js';
import { reportFigure } from './figures.ts';

const quick = process.argv.includes('--quick');
const BENCH = 'template-model';
const heldOut = quick ? 50 : 200;
const seeds = quick ? [1, 2] : [1, 2, 3, 4, 5];

function accuracy(train: TrainingDocument[], test: TrainingDocument[]) {
  const model = learnTemplate(train);
  let correct = 0;
  let total = 0;
  for (const doc of test) {
    const read = readTemplate(model, doc.pages);
    for (const label of doc.labels) {
      total += 1;
      if (read.some((v) => v.fieldId === label.fieldId && sameText(v.text, label.text))) correct += 1;
    }
  }
  return { correct, total };
}

const perSeed = seeds.map((seed) => accuracy(deliveryNotes(5, seed * 101), deliveryNotes(heldOut, seed * 7919)));
const worst = Math.min(...perSeed.map((r) => r.correct / r.total));
const pooled = perSeed.reduce((s, r) => s + r.correct, 0) / perSeed.reduce((s, r) => s + r.total, 0);
reportFigure({
  bench: BENCH,
  name: 'field accuracy, held-out documents of the trained layout (worst seed)',
  value: worst * 100,
  unit: '%',
  target: { of: 'value', min: 95 },
  kind: 'accuracy',
  note: `trained on 5, ${heldOut} held out per seed, ${seeds.length} seeds; pooled ${(pooled * 100).toFixed(2)}% of ${perSeed.reduce((s, r) => s + r.total, 0)} values`,
});
const other = accuracy(deliveryNotes(5, 17), deliveryNotes(heldOut, 23, 'b'));
reportFigure({
  bench: BENCH,
  name: 'field accuracy on another layout with the same printed words (must stay low)',
  value: (other.correct / other.total) * 100,
  unit: '%',
  target: { of: 'value', max: 30 },
  kind: 'accuracy',
});

const runs = quick ? 1 : 5;
const times: number[] = [];
const learnTimes: number[] = [];
for (let run = 0; run < runs; run++) {
  const docs = deliveryNotes(100, 500 + run);
  const start = performance.now();
  learnTemplate(docs);
  learnTimes.push(performance.now() - start);
  evaluateTemplate(docs);
  times.push(performance.now() - start);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
reportFigure({
  bench: BENCH,
  name: 'training time per 100 pages (learning + held-out evaluation)',
  value: median(times) / 1000,
  unit: 's',
  baseline: median(learnTimes) / 1000,
  target: { of: 'value', max: 300 },
  kind: 'timing',
  note: `median of ${runs}; baseline = learning alone; product-spec §9: template training 1–5 minutes`,
});
