import { describe, expect, it } from 'vitest';
import type { Entity } from '../types.js';
import { calibratedConfidence, calibratedEntity } from './calibrate-confidence.js';
import { CALIBRATION_MAP } from './calibration-map.js';

describe('calibratedConfidence', () => {
  it('is increasing and stays in [0, 1]', () => {
    let previous = -1;
    for (let raw = -0.1; raw <= 1.2; raw += 0.01) {
      const calibrated = calibratedConfidence(raw);
      expect(calibrated).toBeGreaterThanOrEqual(previous);
      expect(calibrated).toBeGreaterThanOrEqual(0);
      expect(calibrated).toBeLessThanOrEqual(1);
      previous = calibrated;
    }
  });

  it('uses the map fitted on the bench, which says a sure reading is more often right than a guess', () => {
    expect(CALIBRATION_MAP.values).toBeGreaterThan(50);
    expect(calibratedConfidence(0)).toBe(0);
    expect(calibratedConfidence(0.95)).toBeGreaterThan(calibratedConfidence(0.3));
  });

  it('reads through the knots it is given', () => {
    const knots = [
      [0, 0],
      [0.5, 0.8],
      [1, 0.9],
    ] as const;
    expect(calibratedConfidence(0.25, knots)).toBeCloseTo(0.4, 5);
    expect(calibratedConfidence(0.75, knots)).toBeCloseTo(0.85, 5);
    expect(calibratedConfidence(2, knots)).toBe(0.9);
  });
});

describe('calibratedEntity', () => {
  it('calibrates the entity and its values, leaves values without a confidence, and keeps the input', () => {
    const entity = {
      category: 'InvoiceId',
      confidence: 0.5,
      keyValues: [{ confidence: 0.5 }, { confidence: null }],
    } as unknown as Entity;
    const knots = [
      [0, 0],
      [1, 0.5],
    ] as const;
    const calibrated = calibratedEntity(entity, knots);
    expect(calibrated.confidence).toBe(0.25);
    expect(calibrated.keyValues.map((keyValue) => keyValue.confidence)).toEqual([0.25, null]);
    expect(entity.confidence).toBe(0.5);
    expect(entity.keyValues[0]?.confidence).toBe(0.5);
  });
});
