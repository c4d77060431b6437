// Where a vitest run's time went, from its JSON report: the seconds of each suite (a package, the
// server, the stories, e2e…) and the slowest files — printed at the end of `npm test`, so every run's
// log says what to look at when the suite grows slow.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The suite a test file belongs to, by where it lives (as vitest.config.ts's projects divide them). */
export function suiteOf(file) {
  if (/\.stories\.tsx?$/.test(file)) return 'stories';
  const [top, second] = file.split('/');
  if (top === 'tests') return second === 'e2e' || second === 'embed' ? `tests/${second}` : 'tests';
  if (top === 'packages' || top === 'apps' || top === 'tools') return `${top}/${second}`;
  return top;
}

/** Lines summarising the report at `path`, test files relative to `root`. */
export function timingSummary(path, root, slowest = 12) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const files = report.testResults.map((result) => ({
    file: relative(root, result.name),
    seconds: Math.max(0, (result.endTime - result.startTime) / 1000),
  }));
  const suites = new Map();
  for (const { file, seconds } of files) {
    const suite = suites.get(suiteOf(file)) ?? { seconds: 0, files: 0 };
    suite.seconds += seconds;
    suite.files += 1;
    suites.set(suiteOf(file), suite);
  }
  const lines = ['Time by suite (seconds the files ran, one after another per worker):'];
  for (const [name, { seconds, files: count }] of [...suites].sort((a, b) => b[1].seconds - a[1].seconds))
    lines.push(`  ${seconds.toFixed(0).padStart(6)} s  ${String(count).padStart(4)} files  ${name}`);
  lines.push(`Slowest ${slowest} files:`);
  for (const { file, seconds } of files.sort((a, b) => b.seconds - a.seconds).slice(0, slowest))
    lines.push(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  return lines;
}
