// The template model on pages of one delivery-note layout made with varied values, each page moved,
// scaled and slightly rotated as a scan would be: learned from 5 labelled documents, it must read
// at least 95% of the values of 40 documents it has not seen, and fail on another layout.
import { describe, expect, it } from 'vitest';
import { deliveryNotes } from '../../testing/delivery-notes.js';
import {
  evaluateTemplate,
  learnTemplate,
  readTemplate,
  sameText,
  type TrainingDocument,
  tokenOf,
} from './template-model.js';

function accuracyOn(model: ReturnType<typeof learnTemplate>, docs: TrainingDocument[]) {
  let correct = 0;
  let total = 0;
  for (const doc of docs) {
    const read = readTemplate(model, doc.pages);
    for (const label of doc.labels) {
      total += 1;
      if (read.some((v) => v.fieldId === label.fieldId && sameText(v.text, label.text))) correct += 1;
    }
  }
  return correct / total;
}

describe('template model', () => {
  it('tokens ignore case and punctuation and need a letter', () => {
    expect(tokenOf('Order')).toBe('order');
    expect(tokenOf('number:')).toBe('number');
    expect(tokenOf('2026')).toBeNull();
    expect(tokenOf('a')).toBeNull();
  });

  it('learns the layout from 5 labelled documents and reads ≥ 95% of the values of 40 unseen ones', () => {
    const model = learnTemplate(deliveryNotes(5, 7));
    expect(model.fields.map((f) => f.fieldId).sort()).toEqual(['customer', 'date', 'order', 'total']);
    for (const field of model.fields) expect(field.anchors.length).toBeGreaterThan(0);
    // Values are never anchors: they change from document to document.
    const tokens = model.fields.flatMap((f) => f.anchors.map((a) => a.token));
    expect(tokens.some((t) => t.startsWith('po'))).toBe(false);
    const accuracy = accuracyOn(model, deliveryNotes(40, 99));
    if (process.env.PRINT_ACCURACY)
      console.log(`template model: ${(accuracy * 100).toFixed(1)}% of 160 held-out values`);
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('gives confidences that are high on its layout and boxes round the values', () => {
    const model = learnTemplate(deliveryNotes(5, 3));
    const [doc] = deliveryNotes(1, 1234);
    const read = readTemplate(model, (doc as TrainingDocument).pages);
    for (const value of read) {
      expect(value.confidence).toBeGreaterThan(0.5);
      const label = doc?.labels.find((l) => l.fieldId === value.fieldId) as TrainingDocument['labels'][number];
      expect(Math.abs(value.box.left - label.box.left)).toBeLessThan(2);
      expect(Math.abs(value.box.top - label.box.top)).toBeLessThan(2);
    }
  });

  it('fails on another layout with the same printed words', () => {
    const model = learnTemplate(deliveryNotes(5, 7, 'a'));
    expect(accuracyOn(model, deliveryNotes(20, 5, 'b'))).toBeLessThan(0.3);
  });

  it('reports its held-out accuracy by reading each labelled document with a model learned from the others', () => {
    const evaluation = evaluateTemplate(deliveryNotes(6, 11));
    expect(evaluation.values).toBe(24);
    expect(evaluation.accuracy).toBeGreaterThanOrEqual(0.95);
    expect(Object.keys(evaluation.byField).sort()).toEqual(['customer', 'date', 'order', 'total']);
    expect(evaluateTemplate(deliveryNotes(1, 11)).values).toBe(0);
  });
});
