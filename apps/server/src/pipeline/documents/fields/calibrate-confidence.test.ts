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
    // The largest amount when no total is labelled: right about half the time.
    expect(calibratedConfidence(0.3)).toBeLessThan(0.5);
    // A letterhead's title block as the issuer: about two times in three.
    expect(calibratedConfidence(0.35)).toBeGreaterThan(0.5);
    expect(calibratedConfidence(0.35)).toBeLessThan(0.75);
    // Labelled values with a weak reading, and sure ones, above the usual review thresholds.
    expect(calibratedConfidence(0.45)).toBeGreaterThan(0.8);
    expect(calibratedConfidence(0.6)).toBeGreaterThan(calibratedConfidence(0.45));
  });
});
