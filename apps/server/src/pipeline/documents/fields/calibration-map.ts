// Written by tests/bench/extraction/extraction.bench.ts --fit-calibration; do not edit by hand.
// Isotonic fit (fit-calibration.ts) of the layout rules' raw scores on half A of the bench's
// documents as shipped; half B is only reported.
export const CALIBRATION_MAP = {
  fittedOn: 'half A of tests/bench/extraction',
  values: 103,
  right: 99,
  knots: [
    [0, 0],
    [0.3, 0.625],
    [0.374, 0.625],
    [0.4, 0.917],
    [0.6, 0.917],
    [0.608, 0.941],
    [0.804, 0.941],
    [0.814, 0.978],
    [0.95, 0.978],
  ] as ReadonlyArray<readonly [number, number]>,
};
