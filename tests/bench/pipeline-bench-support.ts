/**
 * What the pipeline benchmarks (pipeline-throughput.bench.ts, pipeline-accuracy.bench.ts) share:
 * a throwaway server on a fresh database with the demo data (PGlite in memory, or a database in a
 * throwaway PostgreSQL cluster), imports of fixture files through the API (POST /SdTask/Import,
 * contract-bound, with a tenant API secret's token, as an integration imports), and the real stages run by startWorkers until
 * every imported task rests (ToReview, a failure, …).
 *
 * The server is built with WORKERS=0 so the benchmark starts the workers itself, after the
 * imports: the time measured is the processing, not the uploads.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildServer, type Server } from '../../apps/server/src/app.js';
import { loadConfig, repoRoot, type ServerConfig } from '../../apps/server/src/config.js';
import { openDatabase, pgliteDirOf } from '../../apps/server/src/db/database.js';
import type { TaskRow } from '../../apps/server/src/db/schema.js';
import { demoId } from '../../apps/server/src/domain/demo-data.js';
import { TASK_STATUS } from '../../apps/server/src/domain/tasks/flags.js';
import { type PageThreads, startPageThreads } from '../../apps/server/src/pipeline/threads/page-threads.js';
import { loadStages } from '../../apps/server/src/pipeline/worker/load-stages.js';
import type { Stage } from '../../apps/server/src/pipeline/worker/stage.js';
import { IN_PROGRESS } from '../../apps/server/src/pipeline/worker/stage-statuses.js';
import { startWorkers } from '../../apps/server/src/pipeline/worker/workers.js';
import { blobStorageFor } from '../../apps/server/src/storage/blob-storage.js';
// Type-only: task-import.ts brings in harness.ts, which reads the server suite's provided values
// (postgresUrl); this declares them for the tests project's type check. Nothing is loaded at run time.
import type {} from '../../apps/server/test/support/global-setup.js';
import type { TestServer } from '../../apps/server/test/support/harness.js';
import {
  createDatabase,
  findPostgresBin,
  startThrowawayCluster,
} from '../../apps/server/test/support/postgres-cluster.js';
import { apiClientToken, multipart } from '../../apps/server/test/support/task-import.js';

export const FIXTURES = join(repoRoot, 'fixtures');
export const fixture = (path: string) => readFileSync(join(FIXTURES, path));

/**
 * The digital PDFs the throughput benchmarks read (13 files, 44 pages): text layers, tables and a
 * QR code among them.
 */
export const DIGITAL_FILES = [
  'pdfs/multipage/WARN-Report-2015-2016.pdf',
  'pdfs/multipage/federal-register-2020-17221.pdf',
  'invoices/AmazonWebServices.pdf',
  'invoices/AzureInterior.pdf',
  'invoices/FlipkartInvoice.pdf',
  'invoices/NetpresseInvoice.pdf',
  'invoices/QualityHosting.pdf',
  'invoices/SammyMaystoneLinesTest.pdf',
  'invoices/coolblue1.pdf',
  'invoices/coolblue2.pdf',
  'invoices/free_fiber.pdf',
  'invoices/oyo.pdf',
  'invoices/saeco.pdf',
];

/** The scans the pipeline benchmarks time: image-only PDFs (German, turned 90° and 180°) and PNG renders. */
export const SCAN_FILES = [
  'pdfs/scanned/image_only_german_pdf.pdf',
  'images/invoice2data/oyo.png',
  'images/invoice2data/AmazonWebServices.png',
  'images/invoice2data/FlipkartInvoice.png',
  'images/invoice2data/SammyMaystoneLinesTest.png',
  'pdfs/scanned/docling_ocr_test.pdf',
  'pdfs/scanned/ocr_test_rotated_90.pdf',
  'pdfs/scanned/ocr_test_rotated_180.pdf',
];

export const WORKSPACES = {
  invoices: demoId('workspace:Supplier invoices'),
  recordings: demoId('workspace:Meeting recordings'),
} as const;

export const ACME = demoId('tenant:acme');

export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
export const machine = () => `${cpus().length} CPUs, load average ${loadAverage()} (1, 5, 15 min)`;

export interface BenchServer {
  server: Server;
  config: ServerConfig;
  databaseKind: string;
  close(): Promise<void>;
}

/** One PostgreSQL cluster for the whole run (each server gets its own database in it). */
let cluster: Awaited<ReturnType<typeof startThrowawayCluster>> | undefined;

export async function stopCluster(): Promise<void> {
  await cluster?.stop();
  cluster = undefined;
}

/**
 * A server on a fresh database with the demo data and no workers of its own. PGlite runs in memory
 * unless `pgliteOnDisk` puts it in the data folder as the server keeps it (then its memory is the
 * server's working set, not every row it holds).
 */
export async function openBenchServer(options: { postgres: boolean; pgliteOnDisk?: boolean }): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'reviewdesk-pipeline-bench-'));
  let databaseUrl: string | undefined;
  if (options.postgres) {
    if (!cluster) {
      const bin = findPostgresBin();
      if (!bin) throw new Error('--postgres: no PostgreSQL binaries found (install postgresql or set PG_BIN)');
      cluster = await startThrowawayCluster(bin);
    }
    databaseUrl = await createDatabase(cluster.url, `reviewdesk_bench_${randomBytes(6).toString('hex')}`);
  }
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO_DATA: 'true',
    SEED_DEMO_TASKS: 'false',
    WORKERS: '0',
    SMTP_URL: '',
  });
  // PGlite in memory (as the API tests run it), so no disk flushes of the embedded database are timed.
  const database = await openDatabase({
    databaseUrl,
    ...(options.pgliteOnDisk && !databaseUrl ? { pgliteDir: pgliteDirOf(dataDir) } : {}),
  });
  const server = await buildServer(config, { database, logger: false });
  return {
    server,
    config,
    databaseKind: database.kind,
    async close() {
      await server.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST /SdTask/Import of one fixture file; returns the task id (throws with the answer otherwise). */
export function importFixture(
  bench: BenchServer,
  workspaceId: string,
  path: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  return importFile(bench, workspaceId, basename(path), fixture(path), fields);
}

/** POST /SdTask/Import of a file's bytes under a name; returns the task id (throws with the answer otherwise). */
export async function importFile(
  bench: BenchServer,
  workspaceId: string,
  fileName: string,
  content: Buffer,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const { body, contentType } = multipart({ workspaceId, ...fields }, { fileName, content });
  // A tenant API secret's client-credentials token, as an integration imports; a new one per file,
  // since these tokens live 10 minutes and a full run is longer.
  const { token } = await apiClientToken({ server: bench.server, config: bench.config } as TestServer, ACME);
  const response = await bench.server.app.inject({
    method: 'POST',
    url: '/api/v1/SdTask/Import',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload: body,
  });
  const answer = JSON.parse(response.body) as { result?: { taskId: string } };
  if (response.statusCode !== 200 || !answer.result) {
    throw new Error(`import of ${fileName} failed: ${response.statusCode} ${response.body}`);
  }
  return answer.result.taskId;
}

/** Changes settings of a workspace's configuration (the benchmark's own database only). */
export async function setWorkspaceConfig(bench: BenchServer, workspaceId: string, changes: Record<string, unknown>) {
  const db = bench.server.database.db;
  const row = await db
    .selectFrom('workspaces')
    .select('configuration')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('workspaces')
    .set({ configuration: JSON.stringify({ ...(row.configuration as object), ...changes }) })
    .where('id', '=', workspaceId)
    .execute();
}

/**
 * CPU seconds of this process and of its finished child processes (tesseract, poppler, ffmpeg,
 * pocketsphinx are waited for by libuv, so their time lands in cutime/cstime), from /proc. Less
 * sensitive to other jobs on the machine than wall time; 0 where /proc is missing. PGlite runs in
 * this process and is counted; a PostgreSQL server (--postgres) is not.
 */
export function cpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return (ticks + liveChildTicks()) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/**
 * CPU ticks of this process's children that are still running, with their own finished children:
 * the engines' tools are started by long-lived tool launchers (documents/process/tool-launcher.ts),
 * whose CPU and their tools' reach this process's cutime only when a launcher ends. `ownOnly`: the
 * children's own ticks (utime + stime), without the tools they started.
 */
export function liveChildTicks({ ownOnly = false }: { ownOnly?: boolean } = {}): number {
  const counted = ownOnly ? [11, 12] : [11, 12, 13, 14];
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Field 4 (index 1 here) is the parent's pid.
      if (Number(fields[1]) !== process.pid) continue;
      ticks += counted.reduce((sum, i) => sum + Number(fields[i]), 0);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
}

export interface ProcessingRun {
  /** From startWorkers until the last task rested. */
  wallMs: number;
  /** CPU seconds spent meanwhile by this process and its engines (cpuSeconds()). */
  cpuSeconds: number;
  /** The tasks as they rested (a split source's chunks instead of the source). */
  tasks: TaskRow[];
  /** Load average when the workers started and when the last task rested. */
  loadBefore: string;
  loadAfter: string;
}

let stagesOnce: Promise<Stage[]> | undefined;
/**
 * The process's pipeline threads, started once and kept across runs as a server keeps them for its
 * life, so a run does not pay for starting them (the warm-up run does).
 */
let threadsOnce: PageThreads | undefined;

/**
 * Starts the process's pipeline threads now and waits until each has loaded its modules (one empty
 * job each, all at once), so a measured run does not pay for their start.
 */
export async function warmPageThreads(bench: BenchServer): Promise<void> {
  threadsOnce ??= startPageThreads(bench.config.pipelineThreads);
  const threads = threadsOnce;
  await Promise.all(
    Array.from({ length: threads.size }, () =>
      threads.detectStoredPages({ pages: [], fields: null, tables: false, pii: false, languages: [] }),
    ),
  );
}

/** Stops the pipeline threads (at the end of a bench). */
export async function stopPageThreads(): Promise<void> {
  await threadsOnce?.close();
  threadsOnce = undefined;
}

/** Workers of the real stages started by a bench, and the statuses a task moves through in them. */
export interface BenchWorkers {
  /** The stages' queued, in-progress and succeeded statuses: a task in one has not rested yet. */
  moving: Set<number>;
  stop(): Promise<void>;
}

/**
 * Starts `count` workers with the real stages on the bench server's database and the process's
 * pipeline threads, as the server's WORKERS=n does.
 */
export async function startBenchWorkers(bench: BenchServer, count: number): Promise<BenchWorkers> {
  stagesOnce ??= loadStages();
  const stages = await stagesOnce;
  threadsOnce ??= startPageThreads(bench.config.pipelineThreads);
  const workers = startWorkers({
    db: bench.server.database.db,
    // Idle workers wake on the database's notification of queued work, as in the server.
    notifications: bench.server.database.notifications,
    threads: threadsOnce,
    storage: blobStorageFor(bench.config),
    config: bench.config,
    stages,
    count,
    log: (message, error) => console.error(`  [workers] ${message}`, ...(error === undefined ? [] : [error])),
  });
  return { moving: movingStatuses(stages), stop: () => workers.stop() };
}

/** The stages' queued, in-progress and succeeded statuses: a task in one has not rested yet. */
export function movingStatuses(stages: readonly Stage[]): Set<number> {
  return new Set<number>([...IN_PROGRESS, ...stages.flatMap((s) => [s.queued, s.inProgress, s.succeeded])]);
}

/**
 * Waits until every task of `taskIds` (and every chunk split from one) is out of the stages'
 * queued and in-progress statuses; `onPoll` sees the rows at every look (every 100 ms).
 */
export async function waitUntilRested(
  bench: BenchServer,
  workers: Pick<BenchWorkers, 'moving'>,
  taskIds: string[],
  options: { timeoutMs?: number; onPoll?: (rows: TaskRow[]) => void } = {},
): Promise<TaskRow[]> {
  const timeoutMs = options.timeoutMs ?? 60 * 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await bench.server.database.db
      .selectFrom('tasks')
      .selectAll()
      .where((eb) => eb.or([eb('id', 'in', taskIds), eb('split_source_id', 'in', taskIds)]))
      .execute();
    options.onPoll?.(rows);
    if (rows.every((row) => !workers.moving.has(row.status))) return rows;
    if (Date.now() > deadline) throw new Error(`tasks still moving after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts `count` workers with the real stages, waits until every task of `taskIds` (and every
 * chunk split from one) is out of the stages' queued and in-progress statuses, stops the workers.
 */
export async function processWithWorkers(
  bench: BenchServer,
  taskIds: string[],
  count: number,
  options: { timeoutMs?: number } = {},
): Promise<ProcessingRun> {
  // The stages load before the clock starts (as before the workers of a server start).
  stagesOnce ??= loadStages();
  await stagesOnce;
  const loadBefore = loadAverage();
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const workers = await startBenchWorkers(bench, count);
  let rows: TaskRow[] = [];
  let wallMs = 0;
  let cpuAfter = 0;
  try {
    rows = await waitUntilRested(bench, workers, taskIds, options);
    wallMs = performance.now() - started;
    cpuAfter = cpuSeconds();
  } finally {
    await workers.stop();
  }
  return {
    wallMs,
    cpuSeconds: cpuAfter - cpuBefore,
    tasks: rows.filter((row) => row.status !== TASK_STATUS.SplitProcessed),
    loadBefore,
    loadAfter: loadAverage(),
  };
}

/** The fields of /proc/<pid>/stat after the command name (field 3 is index 0), or undefined when it is gone. */
function statFields(path: string): string[] | undefined {
  try {
    const stat = readFileSync(path, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The command name of a process (/proc/<pid>/stat field 2), or '' when it is gone. */
export function commandOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  } catch {
    return '';
  }
}

/** A live process's parent. */
export function parentPid(pid: number): number | undefined {
  const fields = statFields(`/proc/${pid}/stat`);
  return fields ? Number(fields[1]) : undefined;
}

/** Every live process's parent, by pid. */
function parents(): Map<number, number> {
  const result = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(`/proc/${entry}/stat`);
    if (fields) result.set(Number(entry), Number(fields[1]));
  }
  return result;
}

/** A process and its live descendants, the root first. */
export function processTree(root: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const [pid, parent] of parents()) byParent.set(parent, [...(byParent.get(parent) ?? []), pid]);
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of byParent.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

/**
 * CPU seconds of a process tree: each live process's own time and that of its finished children
 * (utime + stime + cutime + cstime). A live child's time reaches its parent's cutime only once it
 * ended and was waited for, so nothing is counted twice.
 */
export function treeCpuSeconds(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    const fields = statFields(`/proc/${pid}/stat`);
    if (fields) ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  }
  return ticks / 100;
}

/** CPU seconds of one thread (`tid` = pid for a process's JavaScript thread). */
export function threadCpuSeconds(pid: number, tid: number = pid): number {
  const fields = statFields(`/proc/${pid}/task/${tid}/stat`);
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : 0;
}

/** The CPUs this process may run on (its affinity), e.g. [0, 1]. */
export function allowedCpus(): number[] {
  const line = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '';
  return line.split(',').flatMap((range) => {
    const [from = Number.NaN, to = from] = range.split('-').map(Number);
    return Number.isNaN(from) ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/** Busy and total ticks of each CPU since boot (/proc/stat); idle and I/O wait are not busy. */
export interface CpuTicks {
  busy: number;
  total: number;
}

export function cpuTicks(): Map<number, CpuTicks> {
  const result = new Map<number, CpuTicks>();
  for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
    const match = /^cpu(\d+)\s+(.*)$/.exec(line);
    if (!match) continue;
    // user nice system idle iowait irq softirq steal (guest time is within user already).
    const values = (match[2] as string).split(/\s+/).slice(0, 8).map(Number);
    const total = values.reduce((sum, v) => sum + v, 0);
    result.set(Number(match[1]), { busy: total - (values[3] ?? 0) - (values[4] ?? 0), total });
  }
  return result;
}

/**
 * How the given CPUs were used between two cpuTicks() readings, in core-seconds: busy (by anyone)
 * and idle. With the processes of a run pinned to these CPUs, busy − the run's own CPU seconds is
 * what other jobs on the machine took from it, and idle is what the run left unused.
 */
export function cpuUse(before: Map<number, CpuTicks>, after: Map<number, CpuTicks>, cpus: readonly number[]) {
  let busy = 0;
  let total = 0;
  for (const cpu of cpus) {
    const a = before.get(cpu);
    const b = after.get(cpu);
    if (!a || !b) continue;
    busy += b.busy - a.busy;
    total += b.total - a.total;
  }
  return { busySeconds: busy / 100, idleSeconds: (total - busy) / 100 };
}

/** The threads of a process, or none when it is gone. */
function threadsOf(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

/** A process and its live descendants, read through /proc/<pid>/task/<tid>/children (no scan of /proc). */
function descendantsOf(root: number): number[] {
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const tid of threadsOf(tree[i] as number)) {
      try {
        const children = readFileSync(`/proc/${tree[i]}/task/${tid}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(' ').map(Number));
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return tree;
}

/**
 * Time the threads of some process trees spent runnable but waiting for a CPU
 * (/proc/<pid>/task/<tid>/schedstat, second field), from `start()` to `stop()`. The trees are
 * looked at every `intervalMs`, so an engine process that lives a few hundred milliseconds is
 * seen; one that starts and ends between two looks is not, and a thread's wait after its last
 * look is lost: the figure is a lower bound. Reading ~20 small files a look costs well under a
 * millisecond.
 */
export class RunQueueSampler {
  readonly #roots: readonly number[];
  readonly #intervalMs: number;
  readonly #first = new Map<string, number>();
  readonly #last = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;

  constructor(roots: readonly number[], intervalMs = 200) {
    this.#roots = roots;
    this.#intervalMs = intervalMs;
  }

  start(): void {
    this.#look(true);
    this.#timer = setInterval(() => this.#look(false), this.#intervalMs);
  }

  /** Seconds waited for a CPU since start(), summed over the threads. */
  stop(): number {
    clearInterval(this.#timer);
    this.#look(false);
    let ns = 0;
    for (const [thread, wait] of this.#last) ns += wait - (this.#first.get(thread) ?? 0);
    return ns / 1e9;
  }

  #look(baseline: boolean): void {
    for (const pid of this.#roots.flatMap(descendantsOf)) {
      for (const tid of threadsOf(pid)) {
        try {
          const wait = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
          const key = `${pid}/${tid}`;
          // A thread first seen after the start began waiting within the window.
          if (!this.#first.has(key)) this.#first.set(key, baseline ? wait : 0);
          this.#last.set(key, wait);
        } catch {
          // The thread ended meanwhile.
        }
      }
    }
  }
}
