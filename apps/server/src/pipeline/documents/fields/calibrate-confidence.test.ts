import { describe, expect, it } from 'vitest';
import { calibratedConfidence } from './calibrate-confidence.js';

describe('calibratedConfidence', () => {
  it('is increasing, stays in [0, 1] and keeps certainty at 1', () => {
    let previous = -1;
    for (let raw = 0; raw <= 1.0001; raw += 0.01) {
      const calibrated = calibratedConfidence(raw);
      expect(calibrated).toBeGreaterThanOrEqual(previous);
      expect(calibrated).toBeGreaterThanOrEqual(0);
      expect(calibrated).toBeLessThanOrEqual(1);
      previous = calibrated;
    }
    expect(calibratedConfidence(1)).toBe(1);
    expect(calibratedConfidence(1.2)).toBe(1);
    expect(calibratedConfidence(-0.1)).toBe(0.1);
  });

  it('raises the middle scores the rules give values that are mostly right', () => {
    expect(calibratedConfidence(0.3)).toBeLessThan(0.5);
    expect(calibratedConfidence(0.45)).toBeGreaterThan(0.6);
    expect(calibratedConfidence(0.45)).toBeLessThan(0.8);
    expect(calibratedConfidence(0.6)).toBeGreaterThan(0.8);
  });
});
