/**
 * Pipeline scaling benchmark: do two workers do the work of one twice as fast when each has a core
 * of its own? The targets: two workers on two cores ≥ 1.8× one worker on one core, and two worker
 * processes on PostgreSQL ≥ 1.8× one such process (figures.ts: timing targets, reported but not
 * enforced under CI=true).
 *
 * "One worker" must mean "one core" for the ratio to say that: left alone, one worker spreads a
 * document's pages over every page thread of its process and its engines run in their own
 * processes, so it already keeps more than one core busy and two workers can gain little
 * (pipeline-throughput.bench.ts measured that ratio before; it now keeps its per-category
 * throughput only). Here every run is confined to as many cores as it has workers:
 *
 *  - threads (one process, PGlite, as WORKERS=n in the server): a fresh bench process per run,
 *    started under `taskset -c` on the first n CPUs (its threads, PGlite on its JavaScript thread,
 *    and the engines it starts inherit the affinity), PIPELINE_THREADS=n; 1 worker on CPU 0 vs 2
 *    workers on CPUs 0–1;
 *  - processes (PostgreSQL, a throwaway cluster of apps/server/test/support/postgres-cluster.ts):
 *    this process is the API server that imports (WORKERS=0); n worker processes
 *    (src/worker-main.ts, WORKERS=1, PIPELINE_THREADS=1) each pinned to a CPU of their own, and the
 *    database server pinned to the same n CPUs; 1 process vs 2. Its CPU is counted and printed.
 *
 * The same files in every run, per category (digital PDFs; scans, with OCR), largest first. The
 * clock runs from the moment the workers may claim until the last task rested (its
 * processing_finished_on; CPU is read when the bench's poll saw it, up to 100 ms later): in the threads
 * scenario the page threads are started and warm before it (as processWithWorkers does); in the
 * processes scenario the tasks are imported while their queue is held (a step-queue redirect to a
 * queue no worker reads), the worker processes start and settle, then the redirect goes and the
 * queue is notified — a process's start is printed apart, as it is paid once per process, not per
 * task. Full mode warms each configuration up on one file per category and worker first (not
 * counted: each page thread and worker process has then run the page code once) and
 * alternates 1 and 2 workers for --rounds rounds (default 2); --quick is one round on a few small
 * files without warm-up: a smoke, not a measurement.
 *
 * How to read a run on a shared machine. Each run prints, over its measured window and the CPUs
 * it was given: the cores its own processes kept busy (CPU seconds ÷ wall), the cores other jobs
 * on the machine took from those CPUs, the cores left idle, and the cores it wanted: busy, or
 * runnable and waiting for a CPU (its threads' run-queue time, /proc/…/schedstat, looked at every
 * 200 ms; a lower bound, as an engine call that starts and ends between two looks is not seen). A 2-worker run that
 * wanted 2 cores or more had work for both all along: what it lacked, other jobs took. Then
 *   ratio = (cores busy, 2 workers ÷ cores busy, 1 worker) × (CPU per page, 1 ÷ CPU per page, 2),
 * the first factor is where serialisation (one JavaScript thread, the database, a lock, waiting
 * for a wake-up) or other jobs show, the second is what running side by side costs per page. Idle
 * cores in the 2-worker run are the pipeline's own doing; cores taken by other jobs are not. The
 * summary prints the ratio the task sizes allow (the 1-worker run's task times dealt to two
 * workers in import order, as the queue deals them) and a load-free estimate (as if the others'
 * share of the given CPUs had been the run's). On a quiet machine the measured ratio is the figure.
 *
 * Run:  cd apps/server && pnpm exec tsx ../../tests/bench/pipeline-scaling.bench.ts [--quick]
 *   --scenarios=threads,processes   some scenarios only (default both; processes needs Debian's postgresql)
 *   --categories=digital,scans      some categories only (default both)
 *   --rounds=N                      1-vs-2 rounds, alternated (default 2, quick 1)
 *   --copies=N                      import each category's files N times (default 1): with a few large
 *                                   files the last one leaves a worker idle, and the summary's "task sizes
 *                                   allow" ceiling says how much; more copies raise it towards 2
 * Exit code 1 when a task does not reach ToReview, or a target is missed outside CI.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../../apps/server/src/config.js';
import type { TaskRow } from '../../apps/server/src/db/schema.js';
import { TASK_STATUS, taskStatusText } from '../../apps/server/src/domain/tasks/flags.js';
import { loadStages } from '../../apps/server/src/pipeline/worker/load-stages.js';
import type { Stage } from '../../apps/server/src/pipeline/worker/stage.js';
import { WORK_QUEUED_CHANNEL } from '../../apps/server/src/pipeline/worker/work-signal.js';
import { findPostgresBin } from '../../apps/server/test/support/postgres-cluster.js';
import { reportFigure } from './figures.ts';
import {
  ACME,
  allowedCpus,
  type BenchServer,
  commandOf,
  cpuTicks,
  cpuUse,
  DIGITAL_FILES,
  importFixture,
  loadAverage,
  machine,
  movingStatuses,
  openBenchServer,
  parentPid,
  processTree,
  processWithWorkers,
  RunQueueSampler,
  SCAN_FILES,
  stopCluster,
  stopPageThreads,
  threadCpuSeconds,
  treeCpuSeconds,
  WORKSPACES,
  waitUntilRested,
  warmPageThreads,
} from './pipeline-bench-support.js';

const argv = process.argv.slice(2);
const QUICK = argv.includes('--quick');
const option = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const ROUNDS = Number(option('rounds') ?? (QUICK ? 1 : 2));
const COPIES = Number(option('copies') ?? 1);
/** A category's files as imported: the list `COPIES` times, largest first within each copy. */
const filesOf = (category: Category) => Array.from({ length: COPIES }, () => category.files).flat();
const SCENARIOS = (option('scenarios') ?? 'threads,processes').split(',') as ScenarioName[];
const ONLY = option('categories')?.split(',');
const SERVER_DIR = `${repoRoot}/apps/server`;
const THIS_FILE = fileURLToPath(import.meta.url);

type ScenarioName = 'threads' | 'processes';
type CategoryName = 'digital' | 'scans';

interface Category {
  name: CategoryName;
  label: string;
  /** Largest first, so two workers end close together. */
  files: string[];
  warmUp: string;
}

const ALL_CATEGORIES: Category[] = [
  {
    name: 'digital',
    label: 'digital PDFs (text layer)',
    files: QUICK
      ? ['invoices/AmazonWebServices.pdf', 'invoices/QualityHosting.pdf', 'invoices/coolblue1.pdf', 'invoices/oyo.pdf']
      : DIGITAL_FILES,
    warmUp: 'invoices/oyo.pdf',
  },
  {
    name: 'scans',
    label: 'scans (image-only PDFs, PNG)',
    files: QUICK ? ['images/invoice2data/oyo.png', 'images/invoice2data/AmazonWebServices.png'] : SCAN_FILES,
    warmUp: 'pdfs/scanned/docling_ocr_test.pdf',
  },
];
// The quick smoke measures digital PDFs only (scans add ~40 s of OCR to a run of ~1.5 minutes).
const CATEGORIES = ALL_CATEGORIES.filter((category) =>
  ONLY ? ONLY.includes(category.name) : !QUICK || category.name === 'digital',
);

/** One measured run: one category processed by `workers` workers on as many CPUs. */
interface Run {
  scenario: ScenarioName;
  category: CategoryName;
  workers: number;
  cpus: number[];
  round: number;
  files: number;
  pages: number;
  wallMs: number;
  /** CPU seconds of the workers' processes, threads and engines (PGlite included in the threads scenario). */
  cpuSeconds: number;
  /** CPU seconds of the PostgreSQL server (processes scenario; 0 otherwise). */
  databaseCpuSeconds: number;
  /** CPU seconds of each worker process's JavaScript thread (orchestration, and PGlite in the threads scenario). */
  jsThreadSeconds: number[];
  /**
   * Seconds the run's threads spent runnable but waiting for a CPU (a lower bound: engine calls
   * that start and end within the window are not seen).
   */
  waitedSeconds: number;
  /** Core-seconds of the given CPUs used by anyone, and left idle, over the window. */
  busySeconds: number;
  idleSeconds: number;
  /** Each task's processing time (finished − started), in import order. */
  taskSeconds: number[];
  failures: string[];
  loadBefore: string;
  loadAfter: string;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const perMinute = (pages: number, ms: number) => (ms > 0 ? (pages * 60_000) / ms : Number.NaN);
const wallSeconds = (run: Run) => run.wallMs / 1000;
/** The run's own CPU (workers, engines, database) ÷ wall. */
const ownCores = (run: Run) => (run.cpuSeconds + run.databaseCpuSeconds) / wallSeconds(run);
/** What other jobs on the machine took of the run's CPUs, in cores. */
const othersCores = (run: Run) =>
  Math.max(0, run.busySeconds - run.cpuSeconds - run.databaseCpuSeconds) / wallSeconds(run);
const idleCores = (run: Run) => run.idleSeconds / wallSeconds(run);
/** Cores the run could have used: busy, or runnable and waiting for a CPU (a lower bound). */
const wantedCores = (run: Run) => ownCores(run) + run.waitedSeconds / wallSeconds(run);
const cpuPerPage = (run: Run) => (run.cpuSeconds + run.databaseCpuSeconds) / Math.max(run.pages, 1);

function resultOf(tasks: TaskRow[], taskIds: string[]) {
  const rested = tasks.filter((task) => task.status !== TASK_STATUS.SplitProcessed);
  const done = rested.filter((task) => task.status === TASK_STATUS.ToReview);
  const order = new Map(taskIds.map((id, index) => [id, index]));
  const indexOf = (task: TaskRow) => order.get(task.split_source_id ?? task.id) ?? order.size;
  return {
    /** When the last task rested, as the workers stamped it (the poll that saw it may come up to 100 ms later). */
    lastFinished: Math.max(...rested.map((task) => task.processing_finished_on?.getTime() ?? 0)),
    pages: done.reduce((sum, task) => sum + task.total_pages, 0),
    taskSeconds: [...done]
      .sort((a, b) => indexOf(a) - indexOf(b))
      .map(
        (task) => ((task.processing_finished_on?.getTime() ?? 0) - (task.processing_started_on?.getTime() ?? 0)) / 1000,
      ),
    failures: rested
      .filter((task) => task.status !== TASK_STATUS.ToReview)
      .map(
        (task) =>
          `${task.display_name}: ${taskStatusText(task.status)} (${task.status}) — ${task.last_error ?? 'no reason recorded'}`,
      ),
  };
}

// ─── threads: one process, n workers, n CPUs ───────────────────────────────────────────────────

interface ThreadsJob {
  workers: number;
  cpus: number[];
  round: number;
  categories: CategoryName[];
  warmUp: boolean;
}

/** In the process started under taskset: the measured runs of one configuration, one per category. */
async function threadsChild(job: ThreadsJob): Promise<Run[]> {
  const bench = await openBenchServer({ postgres: false });
  const runs: Run[] = [];
  try {
    const categories = CATEGORIES.filter((c) => job.categories.includes(c.name));
    await warmPageThreads(bench);
    if (job.warmUp) {
      // One file per category and worker, so every page thread has run the page code once (a
      // thread that has not pays its first compile in the measured run), not counted.
      const ids = [];
      for (const category of categories)
        for (let i = 0; i < job.workers; i++)
          ids.push(await importFixture(bench, WORKSPACES.invoices, category.warmUp));
      await processWithWorkers(bench, ids, job.workers);
    }
    for (const category of categories) {
      const ids: string[] = [];
      for (const file of filesOf(category)) ids.push(await importFixture(bench, WORKSPACES.invoices, file));
      const ticksBefore = cpuTicks();
      const jsBefore = threadCpuSeconds(process.pid);
      const waits = new RunQueueSampler([process.pid]);
      waits.start();
      const releasedAt = Date.now();
      const run = await processWithWorkers(bench, ids, job.workers);
      const use = cpuUse(ticksBefore, cpuTicks(), job.cpus);
      const waited = waits.stop();
      const { lastFinished, ...result } = resultOf(run.tasks, ids);
      runs.push({
        scenario: 'threads',
        category: category.name,
        workers: job.workers,
        cpus: job.cpus,
        round: job.round,
        files: filesOf(category).length,
        wallMs: lastFinished - releasedAt,
        cpuSeconds: run.cpuSeconds,
        databaseCpuSeconds: 0,
        jsThreadSeconds: [threadCpuSeconds(process.pid) - jsBefore],
        waitedSeconds: waited,
        ...use,
        ...result,
        loadBefore: run.loadBefore,
        loadAfter: run.loadAfter,
      });
    }
  } finally {
    await bench.close();
    await stopPageThreads();
  }
  return runs;
}

const RESULT_PREFIX = 'SCALING-RESULT ';

/** Runs one configuration of the threads scenario in a fresh process pinned to `cpus`. */
async function threadsRun(workers: number, cpus: number[], round: number): Promise<Run[]> {
  const job: ThreadsJob = { workers, cpus, round, categories: CATEGORIES.map((c) => c.name), warmUp: !QUICK };
  const child = spawn(
    'taskset',
    [
      '-c',
      cpus.join(','),
      process.execPath,
      '--import',
      'tsx',
      THIS_FILE,
      `--child=${JSON.stringify(job)}`,
      `--copies=${COPIES}`,
      ...(QUICK ? ['--quick'] : []),
    ],
    {
      cwd: SERVER_DIR,
      env: { ...process.env, PIPELINE_THREADS: String(workers), RD_BENCH_FIGURES: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  const line = output.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
  if (code !== 0 || !line) throw new Error(`the ${workers}-worker run failed (exit ${code}):\n${output}`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as Run[];
}

// ─── processes: n worker processes on PostgreSQL, one CPU each ────────────────────────────────

const HELD_QUEUE = 'bench-scaling-held';

/** Holds the workspace's tasks back from every worker: each stage's queue redirected to a queue none reads. */
async function holdQueue(bench: BenchServer, stages: readonly Stage[]): Promise<void> {
  const pipelineId = randomUUID();
  await bench.server.database.db
    .insertInto('step_queue_redirects')
    .values(
      stages.map((stage) => ({
        tenant_id: ACME,
        workspace_id: WORKSPACES.invoices,
        pipeline_id: pipelineId,
        step_id: `bench-held-${stage.name}`,
        queued_status: stage.queued,
        queue_name: HELD_QUEUE,
      })),
    )
    .execute();
}

/** Lets the workers have the held tasks, and tells them (no status changed, so no trigger fired). */
async function releaseQueue(bench: BenchServer, stages: readonly Stage[]): Promise<void> {
  const db = bench.server.database.db;
  await db.deleteFrom('step_queue_redirects').where('queue_name', '=', HELD_QUEUE).execute();
  for (const stage of stages) {
    await db
      .selectNoFrom((eb) => eb.fn('pg_notify', [eb.val(WORK_QUEUED_CHANNEL), eb.val(String(stage.queued))]).as('sent'))
      .execute();
  }
}

interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  startSeconds: number;
}

/** Starts src/worker-main.ts pinned to one CPU; resolves once it listens for work and its start has settled. */
async function startWorkerProcess(bench: BenchServer, cpu: number): Promise<WorkerProcess> {
  const started = performance.now();
  const child = spawn('taskset', ['-c', String(cpu), process.execPath, '--import', 'tsx', 'src/worker-main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: bench.config.databaseUrl ?? '',
      DATA_DIR: bench.config.dataDir,
      WORKERS: '1',
      PIPELINE_THREADS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid as number;
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/reviewdesk worker: .* (listening|polling) for work/.test(output)) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`worker process exited (${code}) before it was ready:\n${output}`)));
  });
  await ready;
  // The page thread loads its modules in the background after the start: wait until the process is quiet.
  for (let i = 0, last = treeCpuSeconds(pid); i < 60; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = treeCpuSeconds(pid);
    if (now - last < 0.03) break;
    last = now;
  }
  return { child, pid, startSeconds: (performance.now() - started) / 1000 };
}

async function stopWorkerProcess(worker: WorkerProcess): Promise<void> {
  if (worker.child.exitCode !== null) return;
  worker.child.kill('SIGTERM');
  await Promise.race([once(worker.child, 'exit'), new Promise((resolve) => setTimeout(resolve, 20_000))]);
  if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
}

/** The PostgreSQL server this process started: a descendant named postgres whose parent is not. */
function postmasterPid(): number | undefined {
  return processTree(process.pid).find(
    (pid) => commandOf(pid) === 'postgres' && commandOf(parentPid(pid) ?? 0) !== 'postgres',
  );
}

/** Pins the database server (the postmaster and every backend; new backends inherit it) to `cpus`. */
function pinTree(root: number, cpus: readonly number[]): void {
  for (const pid of processTree(root))
    spawnSync('taskset', ['-a', '-p', '-c', cpus.join(','), String(pid)], { stdio: 'ignore' });
}

async function processesRun(count: number, cpus: number[], round: number, stages: Stage[]): Promise<Run[]> {
  const bench = await openBenchServer({ postgres: true });
  const runs: Run[] = [];
  const workers: WorkerProcess[] = [];
  try {
    const postmaster = postmasterPid();
    if (postmaster === undefined) throw new Error('the PostgreSQL server of the throwaway cluster was not found');
    await holdQueue(bench, stages);
    // Started side by side, each on its own CPU, as a deployment starts them.
    const started = await Promise.allSettled(cpus.slice(0, count).map((cpu) => startWorkerProcess(bench, cpu)));
    for (const result of started) if (result.status === 'fulfilled') workers.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    pinTree(postmaster, cpus);
    console.log(
      `  ${count} worker process(es) started: ${workers.map((w) => `${w.startSeconds.toFixed(1)} s (pid ${w.pid}, CPU ${cpus[workers.indexOf(w)]})`).join(', ')} from spawn to listening and settled; not counted below`,
    );
    if (!QUICK) {
      // One file per category and process, not counted: each process has loaded its engines.
      const ids = [];
      for (const category of CATEGORIES)
        for (let i = 0; i < count; i++) ids.push(await importFixture(bench, WORKSPACES.invoices, category.warmUp));
      await releaseQueue(bench, stages);
      await waitUntilRested(bench, { moving: movingStatuses(stages) }, ids);
      await holdQueue(bench, stages);
    }
    for (const category of CATEGORIES) {
      const ids: string[] = [];
      for (const file of filesOf(category)) ids.push(await importFixture(bench, WORKSPACES.invoices, file));
      const treeBefore = workers.map((w) => treeCpuSeconds(w.pid));
      const jsBefore = workers.map((w) => threadCpuSeconds(w.pid));
      const databaseBefore = treeCpuSeconds(postmaster);
      const ticksBefore = cpuTicks();
      const roots = [...workers.map((w) => w.pid), postmaster];
      const waits = new RunQueueSampler(roots);
      waits.start();
      const loadBefore = loadAverage();
      const releasedAt = Date.now();
      await releaseQueue(bench, stages);
      const tasks = await waitUntilRested(bench, { moving: movingStatuses(stages) }, ids);
      const use = cpuUse(ticksBefore, cpuTicks(), cpus);
      const waited = waits.stop();
      const { lastFinished, ...result } = resultOf(tasks, ids);
      runs.push({
        scenario: 'processes',
        category: category.name,
        workers: count,
        cpus,
        round,
        files: filesOf(category).length,
        wallMs: lastFinished - releasedAt,
        cpuSeconds: workers.reduce((sum, w, i) => sum + treeCpuSeconds(w.pid) - (treeBefore[i] as number), 0),
        databaseCpuSeconds: treeCpuSeconds(postmaster) - databaseBefore,
        jsThreadSeconds: workers.map((w, i) => threadCpuSeconds(w.pid) - (jsBefore[i] as number)),
        waitedSeconds: waited,
        ...use,
        ...result,
        loadBefore,
        loadAfter: loadAverage(),
      });
      await holdQueue(bench, stages);
    }
  } finally {
    await Promise.all(workers.map(stopWorkerProcess));
    await bench.close();
  }
  return runs;
}

// ─── report ───────────────────────────────────────────────────────────────────────────────────

function printRun(run: Run): void {
  const label = ALL_CATEGORIES.find((c) => c.name === run.category)?.label ?? run.category;
  const js = run.jsThreadSeconds.map((s) => (s / wallSeconds(run)).toFixed(2)).join(' + ');
  // Split so a change in CPU per page shows where it is: orchestration and PGlite, or the page threads and engines.
  const jsPerPage = run.jsThreadSeconds.reduce((sum, s) => sum + s, 0) / Math.max(run.pages, 1);
  const database =
    run.scenario === 'processes' ? `, database ${(run.databaseCpuSeconds / wallSeconds(run)).toFixed(2)} of it` : '';
  console.log(
    `  ${label.padEnd(29)} ${run.workers} worker(s) on CPU ${run.cpus.join(',')}: ${run.taskSeconds.length}/${run.files} ToReview, ${run.pages} pages in ${seconds(run.wallMs)} s = ${perMinute(run.pages, run.wallMs).toFixed(1)} pages/min; CPU ${(run.cpuSeconds + run.databaseCpuSeconds).toFixed(1)} s = ${cpuPerPage(run).toFixed(3)} CPU s/page (JavaScript thread(s) ${jsPerPage.toFixed(3)}, the rest ${(cpuPerPage(run) - jsPerPage).toFixed(3)}); cores: own ${ownCores(run).toFixed(2)}${database}, other jobs ${othersCores(run).toFixed(2)}, idle ${idleCores(run).toFixed(2)} of ${run.cpus.length}, wanted ≥ ${wantedCores(run).toFixed(2)} (busy or waiting for a CPU); JavaScript thread(s) busy ${js}; load ${run.loadBefore} → ${run.loadAfter}`,
  );
  for (const failure of run.failures) console.log(`    NOT ToReview: ${failure}`);
}

/** Wall time of the task times dealt in order to `workers` workers, each taking the next when free. */
function listSchedule(taskSeconds: readonly number[], workers: number): number {
  const free = new Array<number>(workers).fill(0);
  for (const time of taskSeconds) {
    const next = free.indexOf(Math.min(...free));
    free[next] = (free[next] as number) + time;
  }
  return Math.max(...free);
}

/** Σ over runs: the rounds of one configuration taken together. */
function pooled(runs: Run[]) {
  const sum = (f: (r: Run) => number) => runs.reduce((total, r) => total + f(r), 0);
  return {
    pages: sum((r) => r.pages),
    wallMs: sum((r) => r.wallMs),
    ownCpu: sum((r) => r.cpuSeconds + r.databaseCpuSeconds),
    others: sum((r) => Math.max(0, r.busySeconds - r.cpuSeconds - r.databaseCpuSeconds)),
    idle: sum((r) => r.idleSeconds),
    waited: sum((r) => r.waitedSeconds),
    /** The busiest JavaScript thread of each run (each process has one). */
    jsSeconds: sum((r) => Math.max(...r.jsThreadSeconds)),
    taskSeconds: runs.flatMap((r) => r.taskSeconds),
    sets: runs.map((r) => r.taskSeconds),
  };
}

function summarise(scenario: ScenarioName, runs: Run[]): void {
  const title =
    scenario === 'threads'
      ? 'two workers on two cores vs one worker on one core (one process, PGlite)'
      : 'two worker processes vs one (PostgreSQL, one CPU each, database on the same CPUs)';
  console.log(`\n${title}:`);
  for (const category of CATEGORIES) {
    const one = pooled(runs.filter((r) => r.category === category.name && r.workers === 1));
    const two = pooled(runs.filter((r) => r.category === category.name && r.workers === 2));
    if (one.wallMs === 0 || two.wallMs === 0) continue;
    const ppm1 = perMinute(one.pages, one.wallMs);
    const ppm2 = perMinute(two.pages, two.wallMs);
    const cores1 = one.ownCpu / (one.wallMs / 1000);
    const cores2 = two.ownCpu / (two.wallMs / 1000);
    const cpuPage1 = one.ownCpu / Math.max(one.pages, 1);
    const cpuPage2 = two.ownCpu / Math.max(two.pages, 1);
    // What the task sizes allow: the 1-worker run's task times dealt to two workers in import order.
    const serial = one.sets.reduce((sum, set) => sum + set.reduce((a, b) => a + b, 0), 0);
    const balance = serial / one.sets.reduce((sum, set) => sum + listSchedule(set, 2), 0);
    // As if the other jobs' share of the given CPUs had been the run's (an upper estimate).
    const loadFree =
      ((cores2 + two.others / (two.wallMs / 1000)) / (cores1 + one.others / (one.wallMs / 1000))) *
      (cpuPage1 / cpuPage2);
    console.log(
      `  ${category.label}: 1 worker ${ppm1.toFixed(1)} pages/min, 2 workers ${ppm2.toFixed(1)} pages/min → ${(ppm2 / ppm1).toFixed(2)}×
    = cores busy ${cores2.toFixed(2)} ÷ ${cores1.toFixed(2)} (${(cores2 / cores1).toFixed(2)}) × CPU per page ${cpuPage1.toFixed(3)} ÷ ${cpuPage2.toFixed(3)} (${(cpuPage1 / cpuPage2).toFixed(2)})
    cores taken by other jobs: ${(one.others / (one.wallMs / 1000)).toFixed(2)} of 1 / ${(two.others / (two.wallMs / 1000)).toFixed(2)} of 2; left idle: ${(one.idle / (one.wallMs / 1000)).toFixed(2)} / ${(two.idle / (two.wallMs / 1000)).toFixed(2)}
    cores wanted (busy or waiting for a CPU, at least): ${((one.ownCpu + one.waited) / (one.wallMs / 1000)).toFixed(2)} / ${((two.ownCpu + two.waited) / (two.wallMs / 1000)).toFixed(2)}; a JavaScript thread's share of the CPU per page ${(one.jsSeconds / one.ownCpu).toFixed(2)} / ${(two.jsSeconds / (two.ownCpu / (scenario === 'processes' ? 2 : 1))).toFixed(2)} (a process stops scaling at ${(one.ownCpu / Math.max(one.jsSeconds, 0.01)).toFixed(1)} cores, when its JavaScript thread is full)
    ceilings: the task sizes allow ${balance.toFixed(2)}×; load-free estimate ${loadFree.toFixed(2)}× (other jobs' share counted as the run's)`,
    );
    reportFigure({
      bench: 'pipeline scaling',
      name:
        scenario === 'threads'
          ? `${category.name}: 2 workers on 2 cores vs 1 worker on 1 core (pages/min, PGlite)`
          : `${category.name}: 2 worker processes vs 1 (pages/min, PostgreSQL)`,
      value: ppm2,
      baseline: ppm1,
      unit: 'pages/min',
      target: { of: 'ratio', min: 1.8 },
      kind: 'timing',
      note: `cores busy ${cores1.toFixed(2)} → ${cores2.toFixed(2)}, taken by other jobs ${(one.others / (one.wallMs / 1000)).toFixed(2)} → ${(two.others / (two.wallMs / 1000)).toFixed(2)}; task sizes allow ${balance.toFixed(2)}×, load-free estimate ${loadFree.toFixed(2)}×; ${runs.length / 2 / CATEGORIES.length} round(s)`,
    });
  }
}

async function main(): Promise<number> {
  const cpus = allowedCpus();
  console.log(
    `Pipeline scaling · ${QUICK ? 'quick' : 'full'} run · ${ROUNDS} round(s) · ${COPIES} cop${COPIES === 1 ? 'y' : 'ies'} of the files · ${machine()}`,
  );
  if (cpus.length < 2) {
    console.log(`only ${cpus.length} CPU may be used here (${cpus.join(',')}): nothing to compare`);
    return 1;
  }
  const runs: Run[] = [];
  if (SCENARIOS.includes('threads')) {
    console.log('\nthreads: one process (PGlite), PIPELINE_THREADS = workers, pinned to as many CPUs');
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternated, and the order flipped every round, so both configurations meet the same load.
      for (const workers of round % 2 ? [1, 2] : [2, 1]) {
        const measured = await threadsRun(workers, cpus.slice(0, workers), round);
        for (const run of measured) printRun(run);
        runs.push(...measured);
      }
    }
  }
  if (SCENARIOS.includes('processes')) {
    if (!findPostgresBin()) {
      console.log('\nprocesses: skipped, no PostgreSQL binaries (install postgresql or set PG_BIN)');
    } else {
      console.log(
        '\nprocesses: worker-main.ts processes (WORKERS=1, PIPELINE_THREADS=1) on a throwaway PostgreSQL cluster',
      );
      const stages = await loadStages();
      try {
        for (let round = 1; round <= ROUNDS; round++) {
          for (const count of round % 2 ? [1, 2] : [2, 1]) {
            const measured = await processesRun(count, cpus.slice(0, count), round, stages);
            for (const run of measured) printRun(run);
            runs.push(...measured);
          }
        }
      } finally {
        await stopCluster();
      }
    }
  }
  console.log(`\nSummary (${QUICK ? 'quick' : 'full'} run; ${machine()})`);
  for (const scenario of SCENARIOS)
    summarise(
      scenario,
      runs.filter((r) => r.scenario === scenario),
    );
  console.log(`load average at the end: ${loadAverage()}`);
  return runs.some((r) => r.failures.length > 0) ? 1 : 0;
}

const childJob = option('child');
if (childJob) {
  const runs = await threadsChild(JSON.parse(childJob) as ThreadsJob);
  console.log(`${RESULT_PREFIX}${JSON.stringify(runs)}`);
  // Threads and handles of the server may linger; the parent has what it needs.
  process.exit(0);
} else {
  // A missed target reported by figures.ts has set the exit code already; a failed task sets it too.
  const failed = await main();
  if (failed) process.exitCode = failed;
}
