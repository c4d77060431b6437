// The layout rules' raw scores (rule prior × position × distance × reading quality × engine
// certainty) rank values well but are not probabilities. The guided pass sends reviewers to
// values under the workspace's thresholds, so the confidence must read as "how often such a value
// is right": the raw score goes through a monotone map fitted by isotonic regression
// (fit-calibration.ts) on half A of the extraction bench's documents and written to
// calibration-map.ts by `extraction.bench.ts --fit-calibration`. The bench's reliability table
// checks it on both halves; half B is never fitted on.
import type { Entity } from '../types.js';
import { CALIBRATION_MAP } from './calibration-map.js';
import { applyCalibration, type CalibrationKnots } from './fit-calibration.js';

/** A raw layout score in [0, 1] as the share of such values that are right. */
export function calibratedConfidence(raw: number, knots: CalibrationKnots = CALIBRATION_MAP.knots): number {
  return applyCalibration(knots, Math.min(1, Math.max(0, raw)));
}

/** The entity with its own and its values' raw scores read as calibrated confidences. */
export function calibratedEntity(entity: Entity, knots: CalibrationKnots = CALIBRATION_MAP.knots): Entity {
  return {
    ...entity,
    confidence:
      typeof entity.confidence === 'number' ? calibratedConfidence(entity.confidence, knots) : entity.confidence,
    keyValues: entity.keyValues.map((keyValue) => ({
      ...keyValue,
      confidence:
        typeof keyValue.confidence === 'number'
          ? calibratedConfidence(keyValue.confidence, knots)
          : keyValue.confidence,
    })),
  };
}
