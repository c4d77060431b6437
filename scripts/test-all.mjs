#!/usr/bin/env node
// `npm test` (root script test:all): the contract lint and the build first — the suites test what
// was built — then every vitest project and, beside it, the static checks (type checks, Biome, the
// package checks, the size budget, the API reports, the Storybook build).
//
// Why beside: the static checks need no test to have run, and the test run leaves CPU idle (e2e
// files run one after another and wait on a browser and a server). The checks run at a lower
// priority (`nice`), so they take only what the tests leave and the tests' timings stay as they
// were. Their output is kept and printed after the tests', one section per check, so the log reads
// as if they had run in order. Exits non-zero when anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timingSummary } from './test-timings.mjs';

const CHECKS = ['typecheck', 'lint', 'packages:check', 'size', 'api:check', 'storybook:build'];

const niceAvailable = process.platform !== 'win32' && spawnSync('nice', ['true']).status === 0;

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(0)} s`;
}

/** Runs `pnpm run <script> [args]`, streaming its output, and resolves with its exit code. */
function runStreaming(script, args = []) {
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['run', script, ...args], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Runs `pnpm run <script>` at a lower priority, keeping its output for later. */
function runQuietly(script) {
  return new Promise((resolve) => {
    const [command, args] = niceAvailable ? ['nice', ['-n', '10', 'pnpm', 'run', script]] : ['pnpm', ['run', script]];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
for (const script of ['contract:lint', 'build']) {
  const code = await runStreaming(script);
  if (code !== 0) process.exit(code);
}
const built = Date.now();

// Vitest's usual output, and a JSON report of the same run for the timings printed at the end.
const reportDir = mkdtempSync(join(tmpdir(), 'reviewdesk-test-report-'));
const report = join(reportDir, 'vitest.json');
const [testsCode, checks] = await Promise.all([
  runStreaming('test:unit', ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`]),
  staticChecks(),
]);
const testsTook = seconds(built);

for (const { script, code, output, took } of checks) {
  console.log(`\n──── pnpm run ${script} (${code === 0 ? 'passed' : `failed, exit ${code}`}, ${took}) ────`);
  process.stdout.write(output);
}
if (existsSync(report)) console.log(`\n${timingSummary(report, process.cwd()).join('\n')}`);
rmSync(reportDir, { recursive: true, force: true });
console.log(
  `\nnpm test: build ${((built - started) / 1000).toFixed(0)} s; vitest ${testsCode === 0 ? 'passed' : 'FAILED'} in ${testsTook}; ` +
    `static checks ${checks.map(({ script, code, took }) => `${script} ${code === 0 ? took : 'FAILED'}`).join(', ')}; ` +
    `${seconds(started)} in all`,
);
const failedCheck = checks.find(({ code }) => code !== 0);
process.exit(testsCode !== 0 ? testsCode : failedCheck ? failedCheck.code : checks.length === CHECKS.length ? 0 : 1);
