// Where a vitest run's time went, from its JSON reports: the seconds of each suite (a package, the
// server, the stories, e2e…), when each suite ran and how many of its files at once, a minute-by-minute
// timeline of the files running and the cores busy, and the slowest files — printed at the end of
// `npm test`, so every run's log says what to look at when the suite grows slow.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { relative } from 'node:path';

/** The suite a test file belongs to, by where it lives (as vitest.config.ts's projects divide them). */
export function suiteOf(file) {
  if (/\.stories\.tsx?$/.test(file)) return 'stories';
  const [top, second] = file.split('/');
  if (top === 'tests') return second === 'e2e' || second === 'embed' ? `tests/${second}` : 'tests';
  if (top === 'packages' || top === 'apps' || top === 'tools') return `${top}/${second}`;
  return top;
}

/** Vitest's JSON reports at `paths` (one per vitest process), read once for every summary of them. */
export function readReports(paths) {
  return paths.map((path) => JSON.parse(readFileSync(path, 'utf8')));
}

/** The test files of parsed JSON reports (see `readReports`), relative to `root`. */
export function reportedFiles(reports, root) {
  return reports.flatMap((report) =>
    report.testResults.map((result) => ({
      file: relative(root, result.name),
      start: result.startTime,
      end: Math.max(result.startTime, result.endTime),
    })),
  );
}

const seconds = (ms) => ms / 1000;

/** Seconds each suite's files ran, and from when to when (seconds after `origin`) the suite ran. */
function suites(files, origin) {
  const bySuite = new Map();
  for (const { file, start, end } of files) {
    const name = suiteOf(file);
    const suite = bySuite.get(name) ?? { seconds: 0, files: 0, first: Infinity, last: -Infinity };
    suite.seconds += seconds(end - start);
    suite.files += 1;
    suite.first = Math.min(suite.first, seconds(start - origin));
    suite.last = Math.max(suite.last, seconds(end - origin));
    bySuite.set(name, suite);
  }
  return [...bySuite].sort((a, b) => b[1].seconds - a[1].seconds);
}

/**
 * Cores busy between two /proc/stat samples (see `sampleCpu`), over the whole machine: other
 * processes' work counts too, which is what decides how fast the run can go.
 */
function coresBusy(from, to) {
  const total = to.total - from.total;
  return total > 0 ? ((to.busy - from.busy) / total) * to.cores : undefined;
}

/** One sample of the machine's CPU counters (Linux only; undefined elsewhere). */
export function sampleCpu() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    const idle = fields[3] + (fields[4] ?? 0); // idle and iowait
    return { at: Date.now(), busy: total - idle, total, cores: cpus().length };
  } catch {
    return undefined;
  }
}

/**
 * Lines summarising parsed JSON reports (see `readReports`; one per vitest process), test files
 * relative to `root`; `cpuSamples`, when given, are `sampleCpu()` results taken during the run.
 */
export function timingSummary(reports, root, { slowest = 12, cpuSamples = [], bucket = 60 } = {}) {
  const files = reportedFiles(reports, root);
  if (files.length === 0) return ['No test file reported.'];
  const origin = Math.min(...files.map(({ start }) => start));
  const finish = Math.max(...files.map(({ end }) => end));
  const lines = [
    'Time by suite (seconds the files ran; when the suite ran, in seconds from the first file; files at once):',
  ];
  for (const [name, suite] of suites(files, origin)) {
    const span = suite.last - suite.first;
    lines.push(
      `  ${suite.seconds.toFixed(0).padStart(6)} s  ${String(suite.files).padStart(4)} files  ${name.padEnd(28)}` +
        `${suite.first.toFixed(0).padStart(5)}–${suite.last.toFixed(0).padEnd(5)} ${span > 0 ? (suite.seconds / span).toFixed(1) : '–'}`,
    );
  }

  lines.push(
    `Timeline (every ${bucket} s: test files running their tests on average, by suite — a file's start-up ` +
      '(process, imports, environment) not counted; cores busy on the whole machine):',
  );
  for (let from = origin; from < finish; from += bucket * 1000) {
    const to = Math.min(finish, from + bucket * 1000);
    const running = new Map();
    for (const { file, start, end } of files) {
      const overlap = Math.min(end, to) - Math.max(start, from);
      if (overlap > 0) running.set(suiteOf(file), (running.get(suiteOf(file)) ?? 0) + overlap / (to - from));
    }
    const total = [...running.values()].reduce((sum, value) => sum + value, 0);
    const inside = cpuSamples.filter(({ at }) => at >= from && at <= to);
    const busy = inside.length > 1 ? coresBusy(inside[0], inside.at(-1)) : undefined;
    const bySuite = [...running]
      .sort((a, b) => b[1] - a[1])
      .map(([name, count]) => `${name} ${count.toFixed(1)}`)
      .join(', ');
    lines.push(
      `  ${seconds(from - origin)
        .toFixed(0)
        .padStart(5)} s  files ${total.toFixed(1)}  cores ${busy === undefined ? '–  ' : busy.toFixed(1)}  ${bySuite}`,
    );
  }

  lines.push(`Slowest ${slowest} files:`);
  for (const { file, start, end } of files.sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, slowest))
    lines.push(
      `  ${seconds(end - start)
        .toFixed(1)
        .padStart(6)} s  ${file}`,
    );
  return lines;
}
