// The reliability table of the extraction bench: per confidence band, how many values fall in it
// and what share of them is right, against the target "within 10 points of the band". A band
// holding few values (under FEW_VALUES) cannot show much either way, so its verdict says so and
// also gives the Wilson score interval (95%) of its share: "yes (few values)" when the share is in
// the target range, "undecided (few values)" when it is not but the interval still meets the range,
// "no" when the whole interval lies outside it.
import { BANDS, bandOf } from './scoring.js';

/** Bands with fewer values than this are judged by their Wilson interval, not their share alone. */
export const FEW_VALUES = 10;
/** How far (in share) a band's right values may stand from the band. */
export const TOLERANCE = 0.1;
const Z95 = 1.96;

export interface Outcome {
  confidence: number;
  right: boolean;
}

export interface BandRow {
  start: number;
  end: number;
  values: number;
  right: number;
  meanConfidence: number | null;
  wilson: readonly [number, number] | null;
  verdict: 'yes' | 'no' | 'yes (few values)' | 'undecided (few values)' | '';
}

/** Wilson score interval of `right` successes out of `total` at 95%. */
export function wilsonInterval(right: number, total: number): readonly [number, number] {
  if (total === 0) return [0, 1];
  const p = right / total;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * total)) / (1 + z2 / total);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / (1 + z2 / total);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export function reliabilityTable(outcomes: readonly Outcome[]): BandRow[] {
  return BANDS.map((start, index) => {
    const end = BANDS[index + 1] ?? 1;
    const inBand = outcomes.filter((outcome) => bandOf(outcome.confidence) === index);
    const right = inBand.filter((outcome) => outcome.right).length;
    const values = inBand.length;
    const low = start - TOLERANCE;
    const high = end + TOLERANCE;
    const wilson = values > 0 ? wilsonInterval(right, values) : null;
    let verdict: BandRow['verdict'] = '';
    if (wilson) {
      const share = right / values;
      const inTarget = share >= low - 1e-9 && share <= high + 1e-9;
      if (values >= FEW_VALUES) verdict = inTarget ? 'yes' : 'no';
      else if (inTarget) verdict = 'yes (few values)';
      else verdict = wilson[1] >= low && wilson[0] <= high ? 'undecided (few values)' : 'no';
    }
    const meanConfidence = values ? inBand.reduce((sum, outcome) => sum + outcome.confidence, 0) / values : null;
    return { start, end, values, right, meanConfidence, wilson, verdict };
  });
}

const percent = (value: number) => `${(100 * value).toFixed(0)}%`;

export function printReliabilityTable(title: string, outcomes: readonly Outcome[]): void {
  console.log(`  ${title}`);
  console.log(
    `    ${'band'.padEnd(9)} ${'values'.padStart(6)} ${'right'.padStart(7)} ${'mean conf.'.padStart(10)} ${'Wilson 95%'.padStart(12)}  in target?`,
  );
  for (const row of reliabilityTable(outcomes)) {
    const share = row.values ? `${((100 * row.right) / row.values).toFixed(1)}%` : '–';
    console.log(
      `    ${`${row.start.toFixed(1)}–${row.end.toFixed(1)}`.padEnd(9)} ${String(row.values).padStart(6)} ${share.padStart(7)} ${(row.meanConfidence?.toFixed(2) ?? '–').padStart(10)} ${(row.wilson ? `${percent(row.wilson[0])}–${percent(row.wilson[1])}` : '–').padStart(12)}  ${row.verdict}`,
    );
  }
}
