// The neural model on delivery notes made with varied values, each page moved, scaled and slightly
// rotated: learned from labelled notes of two layouts, it must read a third layout it was never
// shown (better than the template model, which keeps the places of the layouts it saw), and its held-out
// accuracy is measured on documents left out of training.
import { describe, expect, it } from 'vitest';
import { DELIVERY_NOTE_FIELDS, deliveryNotes } from '../../testing/delivery-notes.js';
import { EVIDENCE_KINDS } from './detector-evidence.js';
import { learnFeatureSpace } from './neural-features.js';
import { evaluateNeural, learnNeural, readNeural, trainNeural } from './neural-model.js';
import { layoutOf } from './page-layout.js';
import { learnTemplate, readTemplate, sameText, type TrainingDocument } from './template-model.js';

async function accuracyOn(
  read: (doc: TrainingDocument) => Promise<Array<{ fieldId: string; text: string }>>,
  docs: TrainingDocument[],
) {
  let correct = 0;
  let total = 0;
  for (const doc of docs) {
    const values = await read(doc);
    for (const label of doc.labels) {
      total += 1;
      if (values.some((v) => v.fieldId === label.fieldId && sameText(v.text, label.text))) correct += 1;
    }
  }
  return correct / total;
}

describe('neural model', () => {
  it('finds the printed labels each field follows and the words beside every word', () => {
    const docs = deliveryNotes(4, 11);
    const space = learnFeatureSpace(docs, DELIVERY_NOTE_FIELDS);
    expect(space.labelWords[DELIVERY_NOTE_FIELDS.indexOf('order')]).toEqual(
      expect.arrayContaining(['order', 'number']),
    );
    expect(space.labelWords[DELIVERY_NOTE_FIELDS.indexOf('total')]).toEqual(expect.arrayContaining(['amount', 'due']));
    // The longest value is the customer's name, up to four words.
    expect(space.maxWords).toBeGreaterThanOrEqual(2);
    // Values change from note to note: none of them is in the vocabulary.
    for (const doc of docs)
      for (const label of doc.labels) expect(space.vocabulary).not.toContain(label.text.toLowerCase());
    const words = docs[0]?.pages[0] ?? [];
    const layout = layoutOf(words);
    const due = words.findIndex((w) => w.text === 'due');
    expect(words[layout.right[due] as number]?.text).toMatch(/^\d+\.\d{2}$/);
    const customer = words.findIndex(
      (w) => w.text === docs[0]?.labels.find((l) => l.fieldId === 'customer')?.text.split(' ')[0],
    );
    expect(words[layout.above[customer] as number]?.text).toMatch(/^(Ship|to)$/);
  });

  it('reads a layout it was not trained on, better than the template model', { timeout: 120_000 }, async () => {
    const training = [...deliveryNotes(5, 3), ...deliveryNotes(5, 4, 'c')];
    const unseen = deliveryNotes(30, 99, 'd');
    const neural = await learnNeural(training);
    expect(neural.fieldIds).toEqual([...DELIVERY_NOTE_FIELDS]);
    const neuralAccuracy = await accuracyOn((doc) => readNeural(neural, doc.pages), unseen);
    expect(neuralAccuracy).toBeGreaterThanOrEqual(0.9);
    const template = learnTemplate(training);
    const templateAccuracy = await accuracyOn(async (doc) => readTemplate(template, doc.pages), unseen);
    expect(neuralAccuracy).toBeGreaterThan(templateAccuracy);
    // Each value with its box on the page and a confidence.
    const [value] = await readNeural(neural, unseen[0]?.pages ?? []);
    expect(value?.confidence).toBeGreaterThan(0.5);
    expect(value?.box.right).toBeGreaterThan(value?.box.left ?? Number.POSITIVE_INFINITY);
    // A multi-word value is read whole: the total with its currency, a name of several words.
    const totals = await Promise.all(unseen.slice(0, 5).map((doc) => readNeural(neural, doc.pages)));
    for (const read of totals) expect(read.find((v) => v.fieldId === 'total')?.text).toMatch(/^\d+\.\d{2} EUR$/);
    // A field of a kind the detectors read takes their reading of the same words as its value,
    // and under its gate's threshold the run they chose: here every read falls back.
    const total = DELIVERY_NOTE_FIELDS.indexOf('total');
    const kind = EVIDENCE_KINDS.indexOf('InvoiceTotal');
    const own = (await readNeural(neural, unseen[0]?.pages ?? [])).find((v) => v.fieldId === 'total');
    expect(own?.normalized).toBeUndefined();
    const gates = (threshold: number, margin?: number) =>
      neural.fieldIds.map((_, k) =>
        k === total ? { kind, threshold, ...(margin === undefined ? {} : { margin }) } : null,
      );
    // Under a threshold over any confidence, or a margin over any lead of the model's pick.
    for (const [threshold, margin] of [[0], [2], [0, 2]] as Array<[number, number?]>) {
      const gated = (await readNeural({ ...neural, gates: gates(threshold, margin) }, unseen[0]?.pages ?? [])).find(
        (v) => v.fieldId === 'total',
      );
      expect(gated?.normalized).toBe(own?.text.replace(' EUR', ''));
      expect(gated?.text).toContain(gated?.normalized);
      // The model's confidence while it keeps its pick, the detectors' when it falls back.
      if (threshold === 0 && margin === undefined) expect(gated?.confidence).toBe(own?.confidence);
    }
    // A model of a former format (single words; runs without the detectors' readings; no gates)
    // reads nothing rather than misreading.
    for (const version of [1, 2, 3]) {
      expect(await readNeural({ ...neural, version } as unknown as typeof neural, unseen[0]?.pages ?? [])).toEqual([]);
    }
  });

  it('measures its held-out accuracy on documents left out of training', { timeout: 120_000 }, async () => {
    const docs = [...deliveryNotes(2, 5), ...deliveryNotes(1, 6, 'c')];
    const evaluation = await evaluateNeural(docs);
    // Every value of every document was read by a model that had not seen it.
    expect(evaluation.values).toBe(12);
    expect(Object.keys(evaluation.byField).sort()).toEqual([...DELIVERY_NOTE_FIELDS].sort());
    expect(evaluation.accuracy).toBeGreaterThan(0);
    expect(evaluation.accuracy).toBeLessThanOrEqual(1);
    // A single document leaves nothing to hold out.
    expect((await evaluateNeural(docs.slice(0, 1))).values).toBe(0);
  });

  it('chooses each field’s gate from held-out reads of the training documents', { timeout: 180_000 }, async () => {
    const docs = [...deliveryNotes(3, 5), ...deliveryNotes(3, 6, 'c')];
    // Two folds of held-out reads (as the quick bench): every value is still read once, held out.
    const { model, evaluation } = await trainNeural(docs, { samplesSeen: 20_000, heldOutFolds: 2 });
    expect(evaluation?.values).toBe(24);
    expect(model.gates).toHaveLength(model.fieldIds.length);
    // The customer is no kind the detectors choose on these notes; a gate, where there is one, says
    // its kind and a threshold no higher than the highest confidence it could fall back under.
    for (const gate of model.gates) {
      if (gate === null) continue;
      expect(EVIDENCE_KINDS[gate.kind]).toBeDefined();
      expect(gate.threshold).toBeGreaterThanOrEqual(0);
      expect(gate.threshold).toBeLessThanOrEqual(1 + 1e-6);
      // A margin, where the held-out reads chose one, is a lead of one score over another.
      expect(gate.margin ?? 0).toBeGreaterThanOrEqual(0);
      expect(gate.margin ?? 0).toBeLessThanOrEqual(1 + 1e-6);
    }
    // One document: nothing to hold out, no evaluation, and no field falls back.
    const single = await trainNeural(docs.slice(0, 1), { samplesSeen: 5_000 });
    expect(single.evaluation).toBeNull();
    expect(single.model.gates.every((g) => g === null)).toBe(true);
  });
});
