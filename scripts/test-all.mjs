#!/usr/bin/env node
// `npm test` (root script test:all): the contract lint and the build first — the suites test what
// was built — then every vitest project in two vitest processes side by side and, beside them, the
// static checks (type checks, Biome, the package checks, the size budget, the API reports, the
// Storybook build).
//
// Root script test:unit runs vitest with one worker per core (`--maxWorkers=100%`): vitest's own
// default for `run` is one core fewer, which on a 2-core machine is one worker, every file one after
// another. (A `maxWorkers` in the root vitest.config.ts would not do: projects do not inherit it.)
//
// Why two vitest processes: the suites that drive one browser run one file at a time (e2e and embed
// share one server and one browser, the stories one page), and in a single `vitest run` such
// projects wait until every parallel project has finished. Together they take several minutes one
// file after another; started at once beside the others, they overlap with them instead of
// following them. Each project still runs as `pnpm exec vitest run --project <name>` runs it.
//
// Why the static checks beside: they need no test to have run, and the tests leave CPU idle now and
// then (e2e files wait on a browser and a server). The checks run at a lower priority (`nice`), so
// they take only what the tests leave. The output of the one-at-a-time suites and of the checks is
// kept and printed after the other tests', one section each, so the log reads as if they had run in
// order. Exits non-zero when anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { failureSummary } from './test-failures.mjs';
import { readReports, sampleCpu, timingSummary } from './test-timings.mjs';

const CHECKS = ['typecheck', 'lint', 'packages:check', 'size', 'api:check', 'storybook:build'];

/** The projects that run one file at a time (`fileParallelism: false`): the second vitest process. */
const ONE_AT_A_TIME = ['e2e', 'embed', 'storybook*'];

const niceAvailable = process.platform !== 'win32' && spawnSync('nice', ['true']).status === 0;

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(0)} s`;
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Runs `pnpm run <script> [args]`, streaming its output, and resolves with its exit code. */
function runStreaming(script, args = []) {
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['run', script, ...args], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Runs `pnpm run <script> [args]`, at a lower priority when `nice`, keeping its output for later. */
function runQuietly(script, { args = [], nice = true } = {}) {
  return new Promise((resolve) => {
    const pnpm = ['pnpm', 'run', script, ...args];
    const [command, ...commandArgs] = nice && niceAvailable ? ['nice', '-n', '10', ...pnpm] : pnpm;
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output).toString() }));
  });
}

async function staticChecks() {
  const results = [];
  for (const script of CHECKS) {
    const started = Date.now();
    const { code, output } = await runQuietly(script);
    results.push({ script, code, output, took: seconds(started) });
    if (code !== 0) break; // as `&&` would: the first failure ends the chain
  }
  return results;
}

const started = Date.now();
const loadAtStart = loadAverage();
for (const script of ['contract:lint', 'build']) {
  const code = await runStreaming(script);
  if (code !== 0) process.exit(code);
}
const built = Date.now();

// Vitest's usual output, and a JSON report of each vitest process for the timings printed at the end
// (kept in TEST_REPORT_DIR when it is set, to look at the run's timeline further).
const keptReportDir = process.env.TEST_REPORT_DIR;
if (keptReportDir) mkdirSync(keptReportDir, { recursive: true });
const reportDir = keptReportDir ?? mkdtempSync(join(tmpdir(), 'reviewdesk-test-report-'));
const reports = { parallel: join(reportDir, 'parallel.json'), oneAtATime: join(reportDir, 'one-at-a-time.json') };
const reporterArgs = (report) => ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
const cpuSamples = [sampleCpu()];
const sampling = setInterval(() => cpuSamples.push(sampleCpu()), 5000);
const timed = async (promise) => {
  const result = await promise;
  return { result, took: seconds(built) };
};
const [parallel, oneAtATime, checks] = await Promise.all([
  timed(
    runStreaming('test:unit', [
      ...reporterArgs(reports.parallel),
      ...ONE_AT_A_TIME.map((project) => `--project=!${project}`),
    ]),
  ),
  timed(
    runQuietly('test:unit', {
      args: [...reporterArgs(reports.oneAtATime), ...ONE_AT_A_TIME.map((project) => `--project=${project}`)],
      nice: false,
    }),
  ),
  staticChecks(),
]);
clearInterval(sampling);
cpuSamples.push(sampleCpu());

console.log(
  `\n──── vitest ${ONE_AT_A_TIME.join(', ')}, beside the above (${oneAtATime.result.code === 0 ? 'passed' : `failed, exit ${oneAtATime.result.code}`}, ${oneAtATime.took}) ────`,
);
process.stdout.write(oneAtATime.result.output);
for (const { script, code, output, took } of checks) {
  console.log(`\n──── pnpm run ${script} (${code === 0 ? 'passed' : `failed, exit ${code}`}, ${took}) ────`);
  process.stdout.write(output);
}
const reported = readReports(Object.values(reports).filter((report) => existsSync(report)));
if (reported.length) {
  console.log(`\n${timingSummary(reported, process.cwd(), { cpuSamples: cpuSamples.filter(Boolean) }).join('\n')}`);
  const failures = failureSummary(reported, process.cwd());
  if (failures.length) console.log(`\n${failures.join('\n')}`);
}
if (!keptReportDir) rmSync(reportDir, { recursive: true, force: true });
const testsCode = parallel.result !== 0 ? parallel.result : oneAtATime.result.code;
console.log(
  `\nnpm test: build ${((built - started) / 1000).toFixed(0)} s; ` +
    `vitest ${parallel.result === 0 ? 'passed' : 'FAILED'} in ${parallel.took} and, beside it, ` +
    `${oneAtATime.result.code === 0 ? 'passed' : 'FAILED'} in ${oneAtATime.took}; ` +
    `static checks ${checks.map(({ script, code, took }) => `${script} ${code === 0 ? took : 'FAILED'}`).join(', ')}; ` +
    `${seconds(started)} in all; load average ${loadAtStart} at the start, ${loadAverage()} at the end`,
);
const failedCheck = checks.find(({ code }) => code !== 0);
process.exit(testsCode !== 0 ? testsCode : failedCheck ? failedCheck.code : checks.length === CHECKS.length ? 0 : 1);
