/**
 * The 2,000-page import (product-spec §5's maximum; issue "Processing throughput": "a 2,000-page PDF
 * goes from import to ToReview in a time you report, with the server's memory bounded"): a digital
 * PDF of that many pages is made in the run from real fixture pages (qpdf: the multipage government
 * PDFs and the invoices of fixtures/invoices, over and over), imported through the server's import
 * call (POST /SdTask/Import with a tenant API secret's token, as an integration imports) into the
 * demo workspace "Supplier invoices", and processed by one worker, as WORKERS=1 does, until it rests.
 *
 * Reports the time from the import call to ToReview (and each stage's share, per page), the CPU
 * seconds of the process and its engines, and the peak resident memory of the server's process
 * (the kernel's high-water mark, reset just before the import, and the resident size sampled every
 * 200 ms to show which stage holds it). The server runs in this process with its database as it
 * keeps it by default (PGlite in the data folder, or a PostgreSQL server with --postgres), so the
 * memory is the server's working set, not every row it stores. What grows with the page count shows
 * when the per-page figures of the quick run (200 pages) and the full run (2,000) are compared.
 *
 * Run:  cd apps/server && pnpm exec tsx ../../tests/bench/large-import.bench.ts [--quick] [--pages=N] [--postgres]
 *   --quick     200 pages (a smoke of about a minute)
 *   --pages=N   N pages instead (at most 2,000: more is refused by the server)
 *   --postgres  a throwaway PostgreSQL cluster instead of PGlite (its memory is not the server's)
 * Exit code 1 when the task does not reach ToReview.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskRow } from '../../apps/server/src/db/schema.js';
import { TASK_STATUS as S, taskStatusText } from '../../apps/server/src/domain/tasks/flags.js';
import { reportFigure } from './figures.ts';
import {
  cpuSeconds,
  DIGITAL_FILES,
  FIXTURES,
  importFile,
  loadAverage,
  machine,
  openBenchServer,
  startBenchWorkers,
  stopCluster,
  stopPageThreads,
  WORKSPACES,
  waitUntilRested,
} from './pipeline-bench-support.js';

const QUICK = process.argv.includes('--quick');
const POSTGRES = process.argv.includes('--postgres');
const PAGES = Number(
  process.argv.find((arg) => arg.startsWith('--pages='))?.slice('--pages='.length) ?? (QUICK ? 200 : 2000),
);

/** Digital pages with text layers, tables and a QR code among them: the files the throughput bench reads. */
const SOURCE_FILES = DIGITAL_FILES;

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

function qpdf(args: string[]): void {
  const result = spawnSync('qpdf', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  // 3: finished with warnings (the fixtures' small defects, repaired in the output).
  if (result.status !== 0 && result.status !== 3) {
    throw new Error(`qpdf ${args.slice(0, 3).join(' ')} … failed (${result.status}): ${result.stderr}`);
  }
}

const pageCount = (path: string) =>
  Number(/Pages:\s+(\d+)/.exec(spawnSync('pdfinfo', [path]).stdout.toString())?.[1] ?? 0);

/**
 * A `pages`-page PDF of the source files' pages in turn, repeated (qpdf keeps one copy of what
 * repeated pages share, as a long document shares its fonts), cut to exactly `pages`.
 */
function buildLongPdf(directory: string, pages: number): Buffer {
  const unit = join(directory, 'unit.pdf');
  qpdf(['--empty', '--pages', ...SOURCE_FILES.map((file) => join(FIXTURES, file)), '--', unit]);
  const perUnit = pageCount(unit);
  const whole = Math.floor(pages / perUnit);
  const rest = pages % perUnit;
  const output = join(directory, `${pages}-pages.pdf`);
  qpdf([
    '--empty',
    '--pages',
    ...Array.from({ length: whole }, () => unit),
    ...(rest > 0 ? [unit, `1-${rest}`] : []),
    '--',
    output,
  ]);
  const made = pageCount(output);
  if (made !== pages) throw new Error(`the generated PDF has ${made} pages, not ${pages}`);
  return readFileSync(output);
}

/** The kernel's peak resident size of this process (VmHWM), in bytes; null where /proc lacks it. */
function peakResident(): number | null {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  return kb ? Number(kb) * 1024 : null;
}

/** Resets VmHWM to the present resident size (Linux ≥ 4.0); false where that is not allowed. */
function resetPeakResident(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** The stages a digital PDF passes, by the status that starts each, in order. */
const STAGES = [
  { name: 'import call', from: null },
  { name: 'queued for pre-processing', from: S.QueuedForPreProcessing },
  { name: 'pre-processing', from: S.PreProcessingInProgress },
  { name: 'queued for recognition', from: S.QueuedForRecognizing },
  { name: 'recognition', from: S.RecognizingInProgress },
  { name: 'queued for post-processing', from: S.QueuedForPostProcessing },
  { name: 'post-processing', from: S.PostProcessingInProgress },
] as const;

interface StageSpan {
  name: string;
  startMs: number;
  endMs: number;
  peakRss: number;
  /** The main thread's JavaScript heap and the memory outside it (Buffers, ArrayBuffers) at their peaks. */
  peakHeap: number;
  peakExternal: number;
}

/** Which stage a status belongs to (the queued and succeeded statuses count with the wait before the next). */
function stageOf(status: number | null): string {
  if (status === null) return 'import call';
  const stage = [...STAGES].reverse().find((s) => s.from !== null && status >= s.from);
  return stage?.name ?? 'import call';
}

async function main(): Promise<number> {
  console.log(
    `Large import · ${PAGES} pages · ${POSTGRES ? 'PostgreSQL (throwaway cluster)' : 'PGlite (in the data folder)'} · ${machine()}`,
  );
  const directory = mkdtempSync(join(tmpdir(), 'rd-large-import-'));
  const madeAt = performance.now();
  const pdf = buildLongPdf(directory, PAGES);
  console.log(
    `  made a ${PAGES}-page PDF of ${mb(pdf.length)} from ${SOURCE_FILES.length} fixture files in ${((performance.now() - madeAt) / 1000).toFixed(1)} s`,
  );
  const bench = await openBenchServer({ postgres: POSTGRES, pgliteOnDisk: true });
  let task: TaskRow | undefined;
  try {
    const workers = await startBenchWorkers(bench, 1);
    try {
      // Settle what start-up left behind, then measure from here.
      global.gc?.();
      const rssBefore = process.memoryUsage.rss();
      const hwmReset = resetPeakResident();
      let status: number | null = null;
      const spans: StageSpan[] = [];
      let sampledPeak = rssBefore;
      const started = performance.now();
      const cpuBefore = cpuSeconds();
      const loadBefore = loadAverage();
      const enter = (name: string) => {
        const now = performance.now() - started;
        const last = spans.at(-1);
        if (last?.name === name) return;
        if (last) last.endMs = now;
        const memory = process.memoryUsage();
        spans.push({
          name,
          startMs: now,
          endMs: now,
          peakRss: memory.rss,
          peakHeap: memory.heapUsed,
          peakExternal: memory.external,
        });
      };
      enter('import call');
      const sampler = setInterval(() => {
        const memory = process.memoryUsage();
        sampledPeak = Math.max(sampledPeak, memory.rss);
        const span = spans.at(-1);
        if (!span) return;
        span.peakRss = Math.max(span.peakRss, memory.rss);
        span.peakHeap = Math.max(span.peakHeap, memory.heapUsed);
        span.peakExternal = Math.max(span.peakExternal, memory.external);
      }, 200);
      try {
        const taskId = await importFile(bench, WORKSPACES.invoices, `long-document-${PAGES}.pdf`, pdf);
        const rows = await waitUntilRested(bench, workers, [taskId], {
          timeoutMs: 3 * 60 * 60_000,
          onPoll: (polled) => {
            status = polled[0]?.status ?? null;
            enter(stageOf(status));
          },
        });
        task = rows.find((row) => row.id === taskId);
      } finally {
        clearInterval(sampler);
      }
      const wallMs = performance.now() - started;
      const cpu = cpuSeconds() - cpuBefore;
      const last = spans.at(-1);
      if (last) last.endMs = wallMs;
      const peak = hwmReset ? (peakResident() ?? sampledPeak) : sampledPeak;

      const reached = task?.status === S.ToReview;
      console.log(
        `  ${reached ? 'ToReview' : `NOT ToReview: ${task ? `${taskStatusText(task.status)} — ${task.last_error ?? 'no reason recorded'}` : 'task missing'}`} after ${(wallMs / 1000).toFixed(1)} s: ${((PAGES * 60_000) / wallMs).toFixed(1)} pages/min, ${(wallMs / PAGES).toFixed(0)} ms/page, CPU ${cpu.toFixed(1)} s = ${(cpu / PAGES).toFixed(3)} CPU s/page; load ${loadBefore} → ${loadAverage()}`,
      );
      console.log(
        `  resident memory of the server process: ${mb(rssBefore)} before the import, peak ${mb(peak)} (${hwmReset ? 'kernel high-water mark' : 'sampled every 200 ms'}; sampled peak ${mb(sampledPeak)}), +${mb(peak - rssBefore)} while it ran`,
      );
      console.log(
        '  stage                          time      ms/page   peak resident   main thread: JS heap, external (peaks, sampled)',
      );
      for (const span of spans) {
        const ms = span.endMs - span.startMs;
        console.log(
          `  ${span.name.padEnd(30)} ${`${(ms / 1000).toFixed(1)} s`.padEnd(9)} ${(ms / PAGES).toFixed(1).padStart(7)}   ${mb(span.peakRss).padEnd(15)} ${mb(span.peakHeap)}, ${mb(span.peakExternal)}`,
        );
      }
      const figureBench = `large import (${PAGES} pages)`;
      reportFigure({
        bench: figureBench,
        name: 'import → ToReview, 1 worker',
        value: wallMs / 1000,
        unit: 's',
        kind: 'timing',
        note: `${((PAGES * 60_000) / wallMs).toFixed(1)} pages/min, ${(cpu / PAGES).toFixed(3)} CPU s/page`,
      });
      reportFigure({
        bench: figureBench,
        name: 'peak resident memory of the server process',
        value: peak / MB,
        baseline: rssBefore / MB,
        unit: 'MB',
        kind: 'structural',
        note: 'baseline = resident size just before the import',
      });
      reportFigure({
        bench: figureBench,
        name: 'the task reaches ToReview',
        value: reached ? 1 : 0,
        unit: 'task',
        target: { of: 'value', min: 1 },
        kind: 'structural',
      });
      return reached ? 0 : 1;
    } finally {
      await workers.stop();
    }
  } finally {
    await bench.close();
    await stopCluster();
    await stopPageThreads();
    rmSync(directory, { recursive: true, force: true });
  }
}

const failed = await main();
if (failed) process.exitCode = failed;
