// `npm run bench` (`-- --quick` for the smoke): runs every benchmark of tests/bench and
// apps/server/bench one after the other, each in its own process, then prints every figure with
// its baseline, ratio, target and load average, and exits 1 when a benchmark failed or missed an
// enforced target (see figures.ts: under CI=true timing targets are reported, not enforced).
//   node tests/bench/run.ts [--quick] [--only=viewer,task-list]
// A new `*.bench.ts` file is picked up without being listed here: it runs with tsx from
// apps/server and is handed `--quick` too, so every benchmark must accept it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatFigure, type ReportedFigure } from './figures.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const server = path.join(repo, 'apps/server');

interface Bench {
  /** Path from the repository root. */
  file: string;
  /** `node` (type stripping, from the root) or `tsx` (from apps/server, for the server's imports). */
  runner: 'node' | 'tsx';
}

/** Benchmarks with a runner of their own; every other `*.bench.ts` runs with tsx. */
const KNOWN: Bench[] = [{ file: 'tests/bench/viewer-bench.ts', runner: 'node' }];

function benchFiles(dir: string): string[] {
  if (!existsSync(path.join(repo, dir))) return [];
  return readdirSync(path.join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .sort();
}

function allBenches(): Bench[] {
  const found = [...benchFiles('tests/bench'), ...benchFiles('apps/server/bench')];
  return [
    ...KNOWN,
    ...found.filter((file) => !KNOWN.some((k) => k.file === file)).map((file) => ({ file, runner: 'tsx' as const })),
  ];
}

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const benches = allBenches().filter((b) => !only || only.some((o) => b.file.includes(o)));
const figuresDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-'));
const outcomes: Array<{ bench: Bench; status: number; seconds: number; loadBefore: string; loadAfter: string }> = [];

console.log(
  `benchmarks (${quick ? 'quick smoke' : 'full'}${process.env.CI === 'true' ? ', CI: timing targets reported only' : ''}): ${benches.map((b) => b.file).join(', ')}`,
);
for (const bench of benches) {
  const loadBefore = load();
  console.log(`\n━━ ${bench.file} (load average ${loadBefore})`);
  const started = performance.now();
  const figures = path.join(figuresDir, `${outcomes.length}.jsonl`);
  const benchArgs = quick ? ['--quick'] : [];
  const [command, commandArgs, cwd] =
    bench.runner === 'node'
      ? [process.execPath, [path.join(repo, bench.file), ...benchArgs], repo]
      : [path.join(server, 'node_modules/.bin/tsx'), [path.join(repo, bench.file), ...benchArgs], server];
  const result = spawnSync(command, commandArgs, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, RD_BENCH_FIGURES: figures },
  });
  outcomes.push({
    bench,
    status: result.error ? 1 : (result.status ?? 1),
    seconds: (performance.now() - started) / 1000,
    loadBefore,
    loadAfter: load(),
  });
  if (result.error) console.error(`  could not start: ${result.error.message}`);
}

console.log('\n━━ summary');
for (const [i, o] of outcomes.entries()) {
  console.log(
    `${o.status === 0 ? 'ok  ' : 'FAIL'} ${o.bench.file} — exit ${o.status}, ${o.seconds.toFixed(0)} s, load average ${o.loadBefore} → ${o.loadAfter}`,
  );
  const file = path.join(figuresDir, `${i}.jsonl`);
  if (!existsSync(file)) continue;
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean))
    console.log(`  ${formatFigure(JSON.parse(line) as ReportedFigure)}`);
}
rmSync(figuresDir, { recursive: true, force: true });
const failed = outcomes.filter((o) => o.status !== 0);
console.log(
  failed.length ? `\n${failed.length} benchmark(s) failed or missed a target` : '\nall benchmarks met their targets',
);
process.exitCode = failed.length ? 1 : 0;
