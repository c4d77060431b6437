import { describe, expect, it } from 'vitest';
import {
  chooseCuts,
  chooseGates,
  chooseThreshold,
  fallbackKind,
  type GateObservation,
  gatedRight,
  MAX_CUTS,
} from './neural-gate.js';

const KINDS = 3;
/** A held-out read of field 0; `fallback` is whether kind 1's chosen value is right (null: none). */
const read = (confidence: number, modelRight: boolean, fallback: boolean | null, field = 0): GateObservation => ({
  field,
  confidence,
  modelRight,
  fallbackRight: [null, fallback, false],
});

describe('neural gate', () => {
  it('falls back under the confidences where the detectors were right and the model was not', () => {
    const reads = [
      read(0.05, false, true),
      read(0.3, false, true),
      read(0.6, true, true),
      read(0.9, true, false),
      read(0.95, true, true),
    ];
    const threshold = chooseThreshold(reads, 1);
    // Halfway between the highest miss the fallback mends (0.3) and the next confidence (0.6).
    expect(threshold).toBeCloseTo(0.45);
    expect(reads.filter((r) => gatedRight(r, [{ kind: 1, threshold }])).length).toBe(5);
  });

  it('keeps the model when the held-out reads show no gain from the detectors', () => {
    const reads = [read(0.2, true, false), read(0.5, true, true), read(0.8, true, true)];
    expect(chooseThreshold(reads, 1)).toBe(0);
    // The field is still of the kind its values are: it reads them as that kind, and never falls back.
    expect(chooseGates(reads, 1, KINDS)).toEqual([{ kind: 1, threshold: 0 }]);
  });

  it('falls back to every read when the detectors were always at least as right', () => {
    const reads = [read(0.7, false, true), read(0.8, true, true), read(0.99, false, true)];
    expect(chooseThreshold(reads, 1)).toBeGreaterThan(0.99);
  });

  it('falls back only to a kind right on at least half the field’s reads, judged on enough of them', () => {
    const often = [read(0.1, false, true), read(0.2, false, true), read(0.9, true, false), read(0.9, true, null)];
    expect(fallbackKind(often, KINDS)).toBe(1);
    const seldom = [read(0.1, false, true), read(0.2, false, false), read(0.9, true, false), read(0.9, true, null)];
    expect(fallbackKind(seldom, KINDS)).toBeNull();
    // Two reads are too few to trust a kind, however right it was.
    expect(fallbackKind(often.slice(0, 2), KINDS)).toBeNull();
  });

  it('chooses each field’s gate from its own reads, and none for a field the detectors never read', () => {
    const reads = [
      read(0.1, false, true),
      read(0.2, false, true),
      read(0.9, true, true),
      // Field 1: a field of the user's own, that no kind of detector reads.
      read(0.1, false, null, 1),
      read(0.9, true, null, 1),
      read(0.8, true, null, 1),
    ];
    const [first, second] = chooseGates(reads, 2, KINDS);
    expect(first?.kind).toBe(1);
    expect(first?.threshold).toBeGreaterThan(0.2);
    expect(first?.threshold).toBeLessThan(0.9);
    expect(second).toBeNull();
  });

  it('judges the model’s pick of a field of a kind by the value the detectors read of its words', () => {
    // The model's words are not the label's, but the detectors read them as the labelled value.
    const reads = [
      { ...read(0.3, false, true), modelRightAs: [false, true, false] },
      read(0.2, false, true),
      read(0.9, true, true),
      read(0.95, true, false),
      read(0.97, true, false),
    ];
    expect(gatedRight(reads[0] as GateObservation, [{ kind: 1, threshold: 0 }])).toBe(true);
    expect(gatedRight(reads[0] as GateObservation, [null])).toBe(false);
    // Only the second read gains from falling back; the first is right either way, so the
    // threshold may sit under or over it, but under the reads where the detectors are wrong.
    const threshold = chooseThreshold(reads, 1);
    expect(threshold).toBeGreaterThan(0.2);
    expect(threshold).toBeLessThan(0.95);
    expect(reads.every((r) => gatedRight(r, [{ kind: 1, threshold }]))).toBe(true);
  });

  it('keeps the model’s pick under the threshold when the detectors chose nothing', () => {
    const gate = { kind: 1, threshold: 0.5 };
    expect(gatedRight(read(0.2, true, null), [gate])).toBe(true);
    expect(gatedRight(read(0.2, true, false), [gate])).toBe(false);
    expect(gatedRight(read(0.7, true, false), [gate])).toBe(true);
    expect(gatedRight(read(0.2, true, false), [null])).toBe(true);
  });

  it('falls back where the model reads nothing, a floor the held-out reads cannot argue against', () => {
    // The model was right wherever it read a value; under the floor it reads nothing.
    const reads = [read(0.05, false, true), read(0.6, true, true), read(0.9, true, false)];
    expect(chooseThreshold(reads, 1)).toBeGreaterThan(0.05);
    const quiet = [read(0.6, true, false), read(0.9, true, true), read(0.8, true, true)];
    expect(chooseThreshold(quiet, 1)).toBe(0);
    expect(chooseThreshold(quiet, 1, 0.1)).toBe(0.1);
    expect(chooseGates(quiet, 1, KINDS, 0.1)).toEqual([{ kind: 1, threshold: 0.1 }]);
  });

  it('falls back where the model’s pick scores little over the detectors’ choice, however sure it is', () => {
    // A sure network: its wrong picks score as high as its right ones, but only just over the
    // detectors' (right) choice; where it is right, far over it or it is their choice itself.
    const margin = (confidence: number, modelRight: boolean, fallbackScore: number): GateObservation => ({
      ...read(confidence, modelRight, !modelRight || fallbackScore === confidence),
      fallbackScore: [null, fallbackScore, null],
    });
    const reads = [
      margin(0.7, false, 0.65),
      margin(0.9, false, 0.8),
      margin(0.8, true, 0.1),
      margin(0.95, true, 0.3),
      margin(0.85, true, 0.85),
    ];
    // The confidence alone cannot part them: the best threshold mends one miss of the two.
    expect(reads.filter((r) => gatedRight(r, [{ kind: 1, threshold: chooseThreshold(reads, 1) }])).length).toBe(4);
    const cuts = chooseCuts(reads, 1);
    expect(cuts.margin).toBeGreaterThan(0.1);
    expect(cuts.margin).toBeLessThan(0.5);
    const [gate] = chooseGates(reads, 1, KINDS);
    expect(gate).toEqual({ kind: 1, threshold: 0, margin: cuts.margin });
    expect(reads.every((r) => gatedRight(r, [gate ?? null]))).toBe(true);
    // A gate without a margin (a model stored before margins) looks at the confidence only.
    expect(gatedRight(reads[0] as GateObservation, [{ kind: 1, threshold: 0 }])).toBe(false);
    // The margin is never looked at where the detectors chose nothing.
    expect(
      gatedRight({ ...margin(0.7, true, 0.65), fallbackRight: [null, null, null] }, [
        { kind: 1, threshold: 0, margin: 1 },
      ]),
    ).toBe(true);
  });

  it('looks at no more than MAX_CUTS cuts of each kind on a large set, and still finds the margin', () => {
    const reads = Array.from({ length: 600 }, (_, i): GateObservation => {
      const wrong = i % 3 === 0;
      const confidence = 0.5 + (i % 50) / 100;
      return {
        ...read(confidence, !wrong, wrong),
        fallbackScore: [null, confidence - (wrong ? 0.02 + (i % 7) / 100 : 0.3 + (i % 11) / 100), null],
      };
    });
    const started = performance.now();
    const { margin } = chooseCuts(reads, 1);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(margin).toBeGreaterThan(0.08);
    expect(margin).toBeLessThanOrEqual(0.3);
    expect(reads.every((r) => gatedRight(r, [{ kind: 1, threshold: 0, margin }]))).toBe(true);
    expect(MAX_CUTS).toBeLessThan(600);
  });

  it('of equally good thresholds takes the middle of their interval, not its lowest end', () => {
    // A sure network: no held-out read shows the detectors right where the network was wrong, nor
    // the reverse under 0.8, so every threshold from the floor to halfway to 0.8 is as good.
    const reads = [
      read(0.25, true, true),
      read(0.5, true, true),
      read(0.8, true, false),
      read(0.9, true, true),
      read(0.95, false, false),
    ];
    const threshold = chooseThreshold(reads, 1, 0.1);
    // The equally good cuts run from the floor 0.1 through 0.375 to 0.65: the one nearest their middle.
    expect(threshold).toBeCloseTo(0.375);
    expect(reads.filter((r) => gatedRight(r, [{ kind: 1, threshold }])).length).toBe(
      reads.filter((r) => gatedRight(r, [{ kind: 1, threshold: 0.1 }])).length,
    );
    // A low-confidence miss of a kind the held-out reads never showed now falls back to the detectors.
    expect(gatedRight(read(0.3, false, true), [{ kind: 1, threshold }])).toBe(true);
    expect(gatedRight(read(0.3, false, true), [{ kind: 1, threshold: 0.1 }])).toBe(false);
    // Never past the reads' evidence: the read the network got right and the detectors wrong stays the network's.
    expect(gatedRight(read(0.8, true, false), [{ kind: 1, threshold }])).toBe(true);
  });

  it('of equally good margins takes the middle of their interval too', () => {
    const margin = (confidence: number, modelRight: boolean, fallbackRight: boolean, fallbackScore: number) => ({
      ...read(confidence, modelRight, fallbackRight),
      fallbackScore: [null, fallbackScore, null],
    });
    // Margins seen: 0 (the two agree), 0.2 and 0.4 (the network wrong, the detectors right: below
    // any margin that mends them), 0.8 (the network right, the detectors not).
    const reads = [
      margin(0.9, true, true, 0.9),
      margin(0.9, false, true, 0.7),
      margin(0.95, false, true, 0.55),
      margin(0.9, true, false, 0.1),
    ];
    const cuts = chooseCuts(reads, 1, 0.1);
    // Every margin over 0.4 and under 0.8 mends both: the cuts there are 0.6 (between 0.4 and 0.8) only.
    expect(cuts.margin).toBeCloseTo(0.6);
    expect(reads.every((r) => gatedRight(r, [{ kind: 1, ...cuts }]))).toBe(true);
    // With the reads spread wider, the margin sits in the middle of the equally good ones.
    const wide = [...reads, margin(0.9, true, true, 0.3), margin(0.9, true, true, 0.2)];
    const spread = chooseCuts(wide, 1, 0.1);
    // Equally good margins: 0.5 (between 0.4 and 0.6), 0.65, 0.75 (between 0.7 and 0.8): nearest the middle 0.625.
    expect(spread.margin).toBeCloseTo(0.65);
    expect(wide.every((r) => gatedRight(r, [{ kind: 1, ...spread }]))).toBe(true);
  });
});
