import { describe, expect, it } from 'vitest';
import { applyCalibration, fitCalibration, type LabelledScore, MIN_STEP_VALUES } from './fit-calibration.js';

/** `total` values at `raw`, of which `right` are right. */
const at = (raw: number, right: number, total: number): LabelledScore[] =>
  Array.from({ length: total }, (_, index) => ({ raw, right: index < right }));

describe('fitCalibration', () => {
  it('reads back the share of right values where each score has many values', () => {
    const samples = [0.2, 0.4, 0.6, 0.8].flatMap((raw) => at(raw, Math.round(raw * 100), 100));
    const knots = fitCalibration(samples);
    for (const raw of [0.2, 0.4, 0.6, 0.8]) expect(applyCalibration(knots, raw)).toBeCloseTo(raw, 1);
  });

  it('never lets the confidence fall as the raw score rises (pools the violators)', () => {
    const samples = [...at(0.3, 8, 10), ...at(0.5, 2, 10), ...at(0.9, 10, 10)];
    const knots = fitCalibration(samples);
    // 0.3 and 0.5 are one step: ten right of twenty, shrunk to 11/22.
    expect(applyCalibration(knots, 0.3)).toBeCloseTo(0.5, 3);
    expect(applyCalibration(knots, 0.5)).toBeCloseTo(0.5, 3);
    expect(applyCalibration(knots, 0.9)).toBeCloseTo(11 / 12, 3);
    for (let i = 1; i < knots.length; i++) expect(knots[i]?.[1]).toBeGreaterThanOrEqual(knots[i - 1]?.[1] ?? 0);
  });

  it('does not let a few values make a step of their own, nor read three of three as certain', () => {
    const samples = [...at(0.2, 0, 2), ...at(0.3, 2, 3), ...at(0.9, 40, 40)];
    const knots = fitCalibration(samples);
    // The five low values are one step (two right of five, shrunk to 3/7), not "wrong" and "2 in 3".
    expect(applyCalibration(knots, 0.2)).toBeCloseTo(3 / 7, 3);
    expect(applyCalibration(knots, 0.3)).toBeCloseTo(3 / 7, 3);
    expect(applyCalibration(knots, 0.9)).toBeCloseTo(41 / 42, 3);
    expect(MIN_STEP_VALUES).toBe(5);
  });

  it('falls to 0 below the lowest score seen and stays at the last share above the highest', () => {
    const knots = fitCalibration([...at(0.4, 4, 5), ...at(0.8, 9, 10)]);
    expect(applyCalibration(knots, 0)).toBe(0);
    expect(applyCalibration(knots, 0.2)).toBeCloseTo(applyCalibration(knots, 0.4) / 2, 2);
    expect(applyCalibration(knots, 1)).toBe(applyCalibration(knots, 0.8));
  });

  it('needs at least one value', () => {
    expect(() => fitCalibration([])).toThrow();
  });
});
