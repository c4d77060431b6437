// Layouts of a training set found from the pages alone, and the held-out folds that follow: with
// two layouts a version's held-out accuracy is what a layout it has not seen gets.
import { describe, expect, it } from 'vitest';
import { deliveryNotes } from '../../testing/delivery-notes.js';
import { evaluateTemplate, learnTemplate, readTemplate, sameText } from './template-model.js';
import { groupByLayout, heldOutFolds } from './training-layouts.js';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('layouts of a training set', () => {
  it('keeps one layout together however its pages are moved, scaled and turned', () => {
    expect(groupByLayout(deliveryNotes(12, 3))).toEqual([range(0, 12)]);
  });

  it('tells layouts apart, also one that prints the same words in other places', () => {
    const docs = [...deliveryNotes(6, 3), ...deliveryNotes(6, 4, 'b'), ...deliveryNotes(4, 5, 'c')];
    expect(groupByLayout(docs)).toEqual([range(0, 6), range(6, 6), range(12, 4)]);
    // Interleaved, each still joins its own.
    const mixed = docs.map((_, i) => docs[(i % 2) * 6 + (i >> 1)]).filter((d) => d !== undefined);
    expect(groupByLayout(mixed.slice(0, 12))).toEqual([
      [0, 2, 4, 6, 8, 10],
      [1, 3, 5, 7, 9, 11],
    ]);
  });
});

describe('held-out folds', () => {
  it('holds out whole layouts when there are two', () => {
    const docs = [...deliveryNotes(5, 3), ...deliveryNotes(4, 4, 'b')];
    const { folds, byLayout } = heldOutFolds(docs, 5);
    expect(byLayout).toBe(true);
    expect(folds).toEqual([range(0, 5), range(5, 4)]);
  });

  it('falls back to single documents for one layout', () => {
    const { folds, byLayout } = heldOutFolds(deliveryNotes(6, 3), 3);
    expect(byLayout).toBe(false);
    expect(folds).toEqual([
      [0, 3],
      [1, 4],
      [2, 5],
    ]);
  });

  it("makes a template version's held-out accuracy what a new layout gets", () => {
    // One layout: each document read by a template of its own layout.
    expect(evaluateTemplate(deliveryNotes(6, 11)).accuracy).toBeGreaterThanOrEqual(0.95);
    // Six notes of one layout and two printing the same words in other places. Read by templates
    // learned from all the other documents, most values are right (the six's layout dominates);
    // held out by layout, each is read by a template of the other layout, as a document of a layout
    // the version never saw would be.
    const docs = [...deliveryNotes(6, 11), ...deliveryNotes(2, 12, 'b')];
    let right = 0;
    let values = 0;
    docs.forEach((doc, i) => {
      const read = readTemplate(learnTemplate(docs.filter((_, j) => j !== i)), doc.pages);
      for (const label of doc.labels) {
        values += 1;
        if (read.some((v) => v.fieldId === label.fieldId && sameText(v.text, label.text))) right += 1;
      }
    });
    expect(right / values).toBeGreaterThan(0.6);
    const byLayout = evaluateTemplate(docs);
    expect(byLayout.values).toBe(32);
    expect(byLayout.accuracy).toBeLessThan(0.3);
  });
});
