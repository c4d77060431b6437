/**
 * Where a page's CPU goes: the digital PDFs of pipeline-throughput.bench.ts (or with
 * `--categories=scans` its scans) processed by one worker (after a warm-up file), with
 *  - the CPU time of every thread of this process (/proc/self/task/<tid>/stat) and of the child
 *    processes (cutime + cstime) over the measured run;
 *  - a CPU profile of the JavaScript thread (an inspector session, started and stopped around the
 *    run) and of each pipeline thread (`--cpu-prof` given to the threads, which `--cpu-prof` on the
 *    process does not reach), their samples cut to the measured run;
 *  - the wall time of each stage run, per stage;
 *  - the SQL statements the stages ran (a Kysely plugin on the workers' connection, so on PGlite and
 *    PostgreSQL alike): how many, by kind and table, with the time from sending each to its answer
 *    (transactions' begin and commit are not statements a plugin sees).
 * The profiles' self time is summed by where the code lives (pdf.js, PGlite, the detectors, …) and by
 * function, the pipeline threads' also by step of their jobs (text layer, stored form, fields,
 * tables, QR regions and finder patterns, …: STEPS), and the .cpuprofile files are kept for a closer
 * look (Chrome DevTools, speedscope). The child processes' CPU is split into the tool launchers' own
 * and their tools'.
 *
 *  - with `--timeline`, a timeline of the run (pipeline-timeline.ts): per task, each stage's span and
 *    what ran meanwhile on the JavaScript thread, each pipeline thread and in child processes, as a
 *    text Gantt, and per stage how long two cores, one or none were busy.
 *
 *  - with `--workers=N`, N workers share the process's page threads (PIPELINE_THREADS, default one a
 *    core), as the scaling bench's two workers in one process do; the warm-up still runs with them.
 *
 * Run:  cd apps/server && pnpm exec tsx ../../tests/bench/pipeline-profile.ts [--postgres] [--keep=DIR] [--categories=scans] [--timeline] [--workers=N]
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { TASK_STATUS } from '../../apps/server/src/domain/tasks/flags.js';
import { type PageThreads, startPageThreads } from '../../apps/server/src/pipeline/threads/page-threads.js';
import { loadStages } from '../../apps/server/src/pipeline/worker/load-stages.js';
import type { Stage } from '../../apps/server/src/pipeline/worker/stage.js';
import { IN_PROGRESS } from '../../apps/server/src/pipeline/worker/stage-statuses.js';
import { startWorkers } from '../../apps/server/src/pipeline/worker/workers.js';
import { blobStorageFor } from '../../apps/server/src/storage/blob-storage.js';
import {
  DIGITAL_FILES,
  importFixture,
  liveChildTicks,
  loadAverage,
  openBenchServer,
  SCAN_FILES,
  stopCluster,
  WORKSPACES,
} from './pipeline-bench-support.js';
import { laneOf, nowMicros, printTimeline, type Span, startProcessPoller } from './pipeline-timeline.js';

const POSTGRES = process.argv.includes('--postgres');
/**
 * `--timeline`: also the timeline of the run (pipeline-timeline.ts). Its poller process costs CPU
 * of its own (counted with the child processes), so the CPU figures are read without it.
 */
const TIMELINE = process.argv.includes('--timeline');
const KEEP = process.argv.find((arg) => arg.startsWith('--keep='))?.slice('--keep='.length);

/** `--categories=scans`: the scans of pipeline-throughput.bench.ts; otherwise its digital PDFs (13 files, 44 pages). */
const SCANS = process.argv.includes('--categories=scans');
/** `--workers=N`: N workers in the process (default 1), each splitting a document for its share of the threads. */
const WORKERS = Number(process.argv.find((arg) => arg.startsWith('--workers='))?.slice('--workers='.length) ?? 1);
const FILES = SCANS ? SCAN_FILES : DIGITAL_FILES;
/** One small file of the same kind, processed before anything is measured (engines loaded, code compiled). */
const WARM_UP = SCANS ? 'pdfs/scanned/docling_ocr_test.pdf' : 'invoices/oyo.pdf';

interface ThreadTicks {
  name: string;
  ticks: number;
}

/** CPU ticks (1/100 s) of each thread of this process, by thread id. */
function threadTicks(): Map<string, ThreadTicks> {
  const result = new Map<string, ThreadTicks>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      result.set(tid, { name, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return result;
}

/** CPU ticks of the child processes: the finished ones (cutime + cstime) and the running tool launchers. */
function childTicks(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[13]) + Number(fields[14]) + liveChildTicks();
}

/** CPU ticks of the running tool launchers themselves (utime + stime), without the tools they started. */
const launcherTicks = () => liveChildTicks({ ownOnly: true });

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives, in words. */
function areaOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(program)') return '(program: native, outside JavaScript)';
    return `(native) ${functionName}`;
  }
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  const own = /apps\/server\/src\/(.*)\/[^/]+$/.exec(url)?.[1];
  if (own) return `server: ${own}`;
  if (url.startsWith('node:')) {
    if (/child_process|internal\/process|spawn/.test(url)) return 'node: child processes';
    if (/worker|message/.test(url)) return 'node: thread messages';
    if (/fs/.test(url)) return 'node: files';
    return `node: ${url.replace(/^node:(internal\/)?/, '').split('/')[0]}`;
  }
  return url.replace(/^file:\/\/.*\/(tests\/)/, '$1');
}

interface Breakdown {
  totalMs: number;
  byArea: Map<string, number>;
  byFunction: Map<string, number>;
  /** By the step of a page's processing on the stack (STEPS), the outermost one. */
  byStep: Map<string, number>;
}

/**
 * The steps of the page threads' jobs (threads/page-work.ts), told by a function on the stack or
 * the file it lives in (a callback, or code resumed after an await, has no caller of its step on
 * the stack). The outermost match names a sample's step.
 */
const STEPS: Array<[RegExp, string]> = [
  [/^separatePdfBatch$|separate-pages\.ts$/, 'pages cut into files (PDFium)'],
  [
    /^(readPopplerTextLayers|readPopplerPageRanges|parseBboxPages)$|poppler-text\.ts$/,
    'text layer: pdftotext run, output read',
  ],
  [/^assessTextLayer$/, 'text layer: quality check'],
  [/^toRecognizedPage$|to-ocr-result\.ts$/, 'text layer: stored form (JSON)'],
  [/^(extractPdfText|recognizePageFile)$/, 'text layer by pdf.js, OCR'],
  [/^pageTextFromStoredOcr$/, 'stored pages parsed'],
  [/^detectInvoiceFields$/, 'invoice fields'],
  [/^detectTables$/, 'tables'],
  [/^detectPii$/, 'personal data'],
  [/^qrRegionsOfPdfPage$|qr-regions\.ts$/, 'QR: regions of a page (PDFium)'],
  [/^renderGreyRect$|pdfium-render\.ts$/, 'QR: regions rendered grey (PDFium)'],
  [/^mayHoldQrCode$/, 'QR: finder patterns'],
  [/^(readGreyMap|greyToRgba|decodeGrey|toGreyMap)$/, 'QR: page images read, PGMs for zbar written'],
  [/^detectQrCodes$/, 'QR: codes placed (jsQR)'],
  [/^runTool$|tool-launcher\.ts$/, 'tools started, answers read'],
];

/**
 * The steps of a page's OCR (documents/ocr), told by the innermost match: they nest in one another
 * (ocrImage calls the others) and in the page job (recognizePageFile).
 */
const OCR_STEPS: Array<[RegExp, string]> = [
  [/^renderPageImages$|render-page-images\.ts$/, 'OCR: pages rendered (pdftoppm), images decoded'],
  [/^decodeUpright$|decode-image\.ts$/, 'OCR: image decoded upright (sharp)'],
  [/^measureTextLines$|text-lines\.ts$/, 'OCR: text lines measured (skew, line height)'],
  [/^straighten$|deskew\.ts$/, 'OCR: page straightened'],
  [/^(recognise|detectOrientation)$/, 'OCR: tesseract run, TSV read'],
  [/^ocrImage$|tesseract\.ts$/, 'OCR: the rest of a page'],
];

function stepOf(frames: readonly ProfileNode['callFrame'][]): string {
  for (const frame of [...frames].reverse()) {
    for (const [pattern, step] of OCR_STEPS) {
      if (pattern.test(frame.functionName) || pattern.test(frame.url)) return step;
    }
  }
  for (const frame of frames) {
    for (const [pattern, step] of STEPS) {
      if (pattern.test(frame.functionName) || pattern.test(frame.url)) return step;
    }
  }
  return frames[frames.length - 1]?.functionName === '(garbage collector)' ? 'garbage collection' : 'other';
}

/** Self time of the samples between `from` and `to` (µs), by area and by function. */
function breakDown(profile: Profile, from: number, to: number): Breakdown {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  /** A node's frames, outermost first. */
  const stack = (id: number): ProfileNode['callFrame'][] => {
    const frames: ProfileNode['callFrame'][] = [];
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const node = nodes.get(at);
      if (node) frames.push(node.callFrame);
    }
    return frames.reverse();
  };
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byStep = new Map<string, number>();
  let totalMs = 0;
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (time < from || time > to) continue;
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[index + 1] ?? delta) / 1000;
    const node = nodes.get(profile.samples[index] as number);
    if (!node) continue;
    const area = areaOf(node.callFrame);
    if (area === '(idle)') continue;
    totalMs += ms;
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
    const where = node.callFrame.url
      ? `${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`
      : '';
    const name = `${node.callFrame.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    const step = stepOf(stack(node.id));
    byStep.set(step, (byStep.get(step) ?? 0) + ms);
  }
  return { totalMs, byArea, byFunction, byStep };
}

function printBreakdown(title: string, breakdown: Breakdown, pages: number): void {
  const perPage = (ms: number) => `${(ms / pages).toFixed(1)} ms/page`;
  console.log(`\n${title}: ${(breakdown.totalMs / 1000).toFixed(2)} s busy = ${perPage(breakdown.totalMs)}`);
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .filter(([, ms]) => ms >= 1);
  for (const [area, ms] of top(breakdown.byArea, 14)) {
    console.log(
      `  ${area.padEnd(48)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${perPage(ms).padStart(14)}  ${((100 * ms) / breakdown.totalMs).toFixed(1).padStart(5)}%`,
    );
  }
  console.log('  top functions (self time):');
  for (const [name, ms] of top(breakdown.byFunction, 12)) {
    console.log(`    ${(ms / 1000).toFixed(2).padStart(6)} s  ${name}`);
  }
}

/** The pipeline threads' time by step of the jobs, all threads together (profiled: slower than unprofiled). */
function printSteps(steps: Map<string, number>, pages: number): void {
  const total = [...steps.values()].reduce((sum, ms) => sum + ms, 0);
  console.log(
    `\npipeline threads by step: ${(total / 1000).toFixed(2)} s busy = ${(total / pages).toFixed(1)} ms/page`,
  );
  for (const [step, ms] of [...steps.entries()].sort((a, b) => b[1] - a[1])) {
    console.log(
      `  ${step.padEnd(48)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${`${(ms / pages).toFixed(1)} ms/page`.padStart(14)}  ${((100 * ms) / total).toFixed(1).padStart(5)}%`,
    );
  }
}

/** The table a statement starts from, as far as its node says (raw SQL: the first word after from/into/update). */
function tableOf(node: RootOperationNode): string {
  const named = (value: OperationNode | undefined): string | undefined => {
    if (!value) return undefined;
    const table = value as { kind: string; table?: { identifier?: { name?: string } }; node?: OperationNode };
    if (table.kind === 'TableNode') return table.table?.identifier?.name;
    if (table.kind === 'AliasNode') return named(table.node);
    return undefined;
  };
  const query = node as {
    from?: { froms?: OperationNode[] };
    into?: OperationNode;
    table?: OperationNode;
    sqlFragments?: readonly string[];
  };
  const table = named(query.from?.froms?.[0]) ?? named(query.into) ?? named(query.table);
  if (table) return table;
  const raw = query.sqlFragments?.join(' ') ?? '';
  return /\b(?:from|into|update)\s+"?(\w+)/i.exec(raw)?.[1] ?? '?';
}

/** Counts and times the statements run through the connection it is plugged into, by kind and table. */
class StatementTally implements KyselyPlugin {
  readonly byKind = new Map<string, { count: number; ms: number }>();
  #started = new WeakMap<object, { key: string; at: number }>();
  counting = false;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.counting) {
      const kind = args.node.kind.replace(/QueryNode$|Node$/, '').toLowerCase();
      this.#started.set(args.queryId, { key: `${kind} ${tableOf(args.node)}`, at: performance.now() });
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const started = this.#started.get(args.queryId);
    if (started) {
      const entry = this.byKind.get(started.key) ?? { count: 0, ms: 0 };
      entry.count++;
      entry.ms += performance.now() - started.at;
      this.byKind.set(started.key, entry);
    }
    return args.result;
  }
}

/** The task whose stage runs now, so its thread jobs are told apart from another task's. */
const runningTask = new AsyncLocalStorage<string>();

/** The stages, each run timed (wall ms per stage name) and kept as a span of the timeline. */
function timed(stages: readonly Stage[], times: Map<string, number[]>, spans: Span[]): Stage[] {
  return stages.map((stage) => ({
    ...stage,
    async run(context) {
      const started = performance.now();
      const start = nowMicros();
      try {
        return await runningTask.run(context.task.id, () => stage.run(context));
      } finally {
        const list = times.get(stage.name) ?? [];
        list.push(performance.now() - started);
        times.set(stage.name, list);
        spans.push({ name: stage.name, start, end: nowMicros(), taskId: context.task.id });
      }
    },
  }));
}

/** `threads` with each job kept as a span (from its call to its answer: queued time included). */
function tracedThreads(threads: PageThreads, spans: Span[]): PageThreads {
  const traced = { ...threads } as Record<string, unknown>;
  for (const job of [
    'recognizePage',
    'readTextLayers',
    'readFileTextLayers',
    'separatePdfBatch',
    'readPdfLayout',
    'embeddedXmlFiles',
    'readQrCodes',
    'detectStoredPages',
  ] as const) {
    traced[job] = async (input: never) => {
      const start = nowMicros();
      const taskId = runningTask.getStore();
      try {
        return await (threads[job] as (input: never) => Promise<unknown>)(input);
      } finally {
        spans.push({ name: job, start, end: nowMicros(), ...(taskId ? { taskId } : {}) });
      }
    };
  }
  return Object.defineProperties(traced, { size: { get: () => threads.size } }) as unknown as PageThreads;
}

/** What the JavaScript thread ran, in a few words: where the innermost frame lives. */
function mainStep(frames: readonly ProfileNode['callFrame'][]): string {
  const leaf = frames[frames.length - 1];
  if (!leaf) return 'other';
  const area = areaOf(leaf);
  // On this thread the only WebAssembly is PGlite's (PDFium runs in the page threads).
  if (/pglite|kysely|^pg$|postgres|^wasm:/i.test(area)) return 'main: database (PGlite, kysely)';
  if (area === 'garbage collection') return 'garbage collection';
  if (area === 'pdfjs-dist') return 'main: pdf.js';
  if (area === 'fast-xml-parser') return 'main: XML';
  if (area.startsWith('server: ')) return 'main: server code';
  return 'main: node, native, other';
}

/** The Gantt's letters: the page threads' steps (STEPS) and the JavaScript thread's (mainStep). */
const LETTERS: Record<string, string> = {
  'pages cut into files (PDFium)': 's',
  'text layer: pdftotext run, output read': 't',
  'text layer: quality check': 'q',
  'text layer: stored form (JSON)': 'j',
  'text layer by pdf.js, OCR': 'o',
  'stored pages parsed': 'p',
  'invoice fields': 'f',
  tables: 'b',
  'personal data': 'i',
  'QR: regions of a page (PDFium)': 'r',
  'QR: finder patterns': 'z',
  'QR: page images read': 'm',
  'QR: codes placed (jsQR)': 'c',
  'tools started, answers read': 'l',
  'garbage collection': 'g',
  other: '.',
  'main: database (PGlite, kysely)': 'd',
  'main: pdf.js': 'k',
  'main: XML': 'x',
  'main: server code': 'v',
  'main: node, native, other': 'n',
};

async function main(): Promise<void> {
  const directory = KEEP ?? (await mkdtemp(join(tmpdir(), 'rd-pipeline-profile-')));
  mkdirSync(directory, { recursive: true });
  console.log(
    `Pipeline profile · ${SCANS ? 'scans' : 'digital PDFs'} · ${POSTGRES ? 'PostgreSQL' : 'PGlite'} · ${WORKERS} worker(s) · profiles in ${directory}`,
  );
  const bench = await openBenchServer({ postgres: POSTGRES });
  const threads = startPageThreads(bench.config.pipelineThreads, {
    execArgv: ['--cpu-prof', `--cpu-prof-dir=${directory}`],
  });
  const times = new Map<string, number[]>();
  const stageSpans: Span[] = [];
  const jobSpans: Span[] = [];
  const stages = timed(await loadStages(), times, stageSpans);
  const moving = new Set<number>([...IN_PROGRESS, ...stages.flatMap((s) => [s.queued, s.inProgress, s.succeeded])]);
  const statements = new StatementTally();
  // The workers' connection counts its statements; the bench's own look at the tasks' statuses does not.
  const workersDb = bench.server.database.db.withPlugin(statements);
  const db = bench.server.database.db;
  const process = async (ids: string[]) => {
    const workers = startWorkers({
      db: workersDb,
      notifications: bench.server.database.notifications,
      threads: tracedThreads(threads, jobSpans),
      storage: blobStorageFor(bench.config),
      config: bench.config,
      stages,
      count: WORKERS,
    });
    try {
      for (;;) {
        const rows = await db.selectFrom('tasks').select(['status', 'total_pages']).where('id', 'in', ids).execute();
        if (rows.every((row) => !moving.has(row.status))) return rows;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await workers.stop();
    }
  };
  const session = new Session();
  try {
    await process([await importFixture(bench, WORKSPACES.invoices, WARM_UP)]);
    times.clear();
    stageSpans.length = 0;
    jobSpans.length = 0;
    const ids: string[] = [];
    for (const file of FILES) ids.push(await importFixture(bench, WORKSPACES.invoices, file));

    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    const loadBefore = loadAverage();
    const threadsBefore = threadTicks();
    const childrenBefore = childTicks();
    const launchersBefore = launcherTicks();
    const from = nowMicros();
    await session.post('Profiler.start');
    const poller = TIMELINE ? startProcessPoller() : null;
    const started = performance.now();
    statements.counting = true;
    const rows = await process(ids);
    statements.counting = false;
    const toolSpans = (await poller?.stop()) ?? [];
    const wallMs = performance.now() - started;
    const { profile } = await session.post('Profiler.stop');
    const to = nowMicros();
    const threadsAfter = threadTicks();
    const childrenCpu = (childTicks() - childrenBefore) / 100;
    const launchersCpu = (launcherTicks() - launchersBefore) / 100;
    const pages = rows.reduce((sum, row) => sum + row.total_pages, 0);
    const done = rows.filter((row) => row.status === TASK_STATUS.ToReview).length;
    writeFileSync(join(directory, 'main-thread.cpuprofile'), JSON.stringify(profile));

    console.log(
      `\n${done}/${rows.length} tasks ToReview, ${pages} pages in ${(wallMs / 1000).toFixed(1)} s (${((pages * 60_000) / wallMs).toFixed(1)} pages/min); load ${loadBefore} → ${loadAverage()}`,
    );
    console.log('\nCPU by thread of this process, and of the child processes:');
    let total = childrenCpu;
    const byName = new Map<string, number>();
    for (const [tid, after] of threadsAfter) {
      const seconds = (after.ticks - (threadsBefore.get(tid)?.ticks ?? 0)) / 100;
      if (seconds <= 0) continue;
      total += seconds;
      const label = tid === String(globalThis.process.pid) ? 'main (JavaScript thread)' : after.name;
      byName.set(label, (byName.get(label) ?? 0) + seconds);
    }
    for (const [label, seconds] of [...byName.entries()].sort((a, b) => b[1] - a[1])) {
      console.log(
        `  ${label.padEnd(30)} ${seconds.toFixed(2).padStart(6)} CPU s  ${((1000 * seconds) / pages).toFixed(1)} ms/page`,
      );
    }
    console.log(
      `  ${'child processes'.padEnd(30)} ${childrenCpu.toFixed(2).padStart(6)} CPU s  ${((1000 * childrenCpu) / pages).toFixed(1)} ms/page`,
    );
    console.log(
      `    ${'of which the tool launchers'.padEnd(28)} ${launchersCpu.toFixed(2).padStart(6)} CPU s  ${((1000 * launchersCpu) / pages).toFixed(1)} ms/page (the tools: the rest)`,
    );
    console.log(
      `  ${'total'.padEnd(30)} ${total.toFixed(2).padStart(6)} CPU s  ${((1000 * total) / pages).toFixed(1)} ms/page`,
    );

    console.log('\nWall time per stage run (ms): count, sum, median, max');
    for (const [name, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      const sum = list.reduce((a, b) => a + b, 0);
      console.log(
        `  ${name.padEnd(18)} ${String(list.length).padStart(3)}  ${sum.toFixed(0).padStart(7)}  ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0).padStart(6)}  ${(sorted.at(-1) ?? 0).toFixed(0).padStart(6)}`,
      );
    }
    const tally = [...statements.byKind.entries()].sort((a, b) => b[1].ms - a[1].ms);
    const count = tally.reduce((sum, [, entry]) => sum + entry.count, 0);
    const ms = tally.reduce((sum, [, entry]) => sum + entry.ms, 0);
    console.log(
      `\nSQL statements of the stages and the worker runtime: ${count} (${(count / rows.length).toFixed(1)} a task), ${ms.toFixed(0)} ms from sending to answer; by kind and table:`,
    );
    for (const [key, entry] of tally) {
      console.log(`  ${key.padEnd(40)} ${String(entry.count).padStart(5)}  ${entry.ms.toFixed(0).padStart(6)} ms`);
    }
    printBreakdown('JavaScript thread (main)', breakDown(profile as Profile, from, to), pages);
    await threads.close();
    const threadSteps = new Map<string, number>();
    const threadFiles = readdirSync(directory).filter((name) => name.startsWith('CPU.'));
    for (const file of threadFiles) {
      const threadProfile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as Profile;
      const breakdown = breakDown(threadProfile, from, to);
      printBreakdown(`pipeline thread ${file}`, breakdown, pages);
      for (const [step, ms] of breakdown.byStep) threadSteps.set(step, (threadSteps.get(step) ?? 0) + ms);
    }
    printSteps(threadSteps, pages);
    if (TIMELINE)
      printTimeline({
        stages: stageSpans,
        jobs: jobSpans,
        tools: toolSpans,
        lanes: [
          laneOf('main', profile as Profile, mainStep),
          ...threadFiles.map((file, index) => laneOf(`thread ${index + 1}`, join(directory, file), stepOf)),
        ],
        letters: LETTERS,
      });
  } finally {
    session.disconnect();
    await threads.close();
    await bench.close();
    await stopCluster();
  }
}

await main();
