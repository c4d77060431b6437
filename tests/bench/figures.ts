// One way for every benchmark to report a figure: its value, the baseline measured in the same
// run, the ratio, the target and the machine's load average on one line, and a JSON line in the
// file named by RD_BENCH_FIGURES so `npm run bench` (tests/bench/run.ts) can summarise the run.
// A missed target sets the exit code to 1, except a timing target under CI=true: shared CI
// machines are too noisy to fail a build on time, so there it is reported and not enforced.
// Accuracy and structural targets (e.g. 0 re-renders) are enforced everywhere.
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export type FigureKind = 'timing' | 'accuracy' | 'structural';

export interface Target {
  /** Which number the target bounds: the value itself or value ÷ baseline. */
  of: 'value' | 'ratio';
  max?: number;
  min?: number;
}

export interface Figure {
  /** The benchmark (file) and scenario the figure belongs to. */
  bench: string;
  name: string;
  value: number;
  unit: string;
  /** The same measurement on the baseline, in the same run and unit. */
  baseline?: number;
  target?: Target;
  kind: FigureKind;
  /** Anything a reader needs to read the figure (samples, runs). */
  note?: string;
}

export type Verdict = 'PASS' | 'FAIL' | 'MISS (not enforced in CI)' | 'reported';

export interface ReportedFigure extends Figure {
  ratio?: number;
  verdict: Verdict;
  load: number[];
}

/** True when a missed target of this kind fails the run. */
export function enforced(kind: FigureKind, env: NodeJS.ProcessEnv = process.env): boolean {
  return !(kind === 'timing' && env.CI === 'true');
}

export function judge(figure: Figure, env: NodeJS.ProcessEnv = process.env): { ratio?: number; verdict: Verdict } {
  const ratio = figure.baseline ? figure.value / figure.baseline : undefined;
  if (!figure.target) return { ratio, verdict: 'reported' };
  const checked = figure.target.of === 'ratio' ? ratio : figure.value;
  const { max, min } = figure.target;
  const met =
    checked !== undefined &&
    Number.isFinite(checked) &&
    (max === undefined || checked <= max) &&
    (min === undefined || checked >= min);
  if (met) return { ratio, verdict: 'PASS' };
  return { ratio, verdict: enforced(figure.kind, env) ? 'FAIL' : 'MISS (not enforced in CI)' };
}

const round = (n: number) =>
  Number.isInteger(n) ? String(n) : Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);

export function describeTarget(target: Target | undefined, unit: string): string {
  if (!target) return 'no target';
  const suffix = target.of === 'ratio' ? '×' : ` ${unit}`;
  const subject = target.of === 'ratio' ? 'ratio' : 'value';
  const bounds = [
    target.min !== undefined ? `≥ ${target.min}${suffix}` : '',
    target.max !== undefined ? `≤ ${target.max}${suffix}` : '',
  ].filter(Boolean);
  return `${subject} ${bounds.join(' and ')}`;
}

export function formatFigure(f: ReportedFigure): string {
  return [
    `${f.bench} · ${f.name}: ${round(f.value)} ${f.unit}`,
    f.baseline !== undefined ? `baseline ${round(f.baseline)} ${f.unit}` : 'no baseline',
    f.ratio !== undefined ? `ratio ${round(f.ratio)}×` : '',
    `target ${describeTarget(f.target, f.unit)}`,
    f.verdict,
    `load ${f.load.map((l) => l.toFixed(2)).join(' ')}`,
    f.note ?? '',
  ]
    .filter(Boolean)
    .join(' | ');
}

/** Prints the figure, records it for the runner, and fails the process on an enforced miss. */
export function reportFigure(figure: Figure): ReportedFigure {
  const reported: ReportedFigure = { ...figure, ...judge(figure), load: loadavg() };
  console.log(formatFigure(reported));
  const file = process.env.RD_BENCH_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify(reported)}\n`);
  if (reported.verdict === 'FAIL') process.exitCode = 1;
  return reported;
}
