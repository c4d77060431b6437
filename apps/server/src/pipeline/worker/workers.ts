// The worker pool of one process: `count` loops that claim a task, run its stage and claim the
// next, sleeping while nothing is queued; plus the scheduler. Given the database's notifications,
// idle workers wake the moment a task is queued for them, by any process (work-signal.ts), and
// poll only as a slow safety net (config.workerPollMs); without them they poll 250 ms → 2 s. A
// task that moves on to another stage's queue wakes the idle workers at once. `stop()` lets each
// worker finish its task (or release it after the grace period) and resolves when all are done.
// A worker finishing a stage takes the task's next stage in the same statement when it would claim
// that task next anyway (transitions.ts, finishStageTakingNext), and runs it without a claim.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Notifications } from '../../db/notifications.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { type PageThreads, startPageThreads } from '../threads/page-threads.js';
import { sharedThreads } from '../threads/thread-share.js';
import { type Claim, claimNext } from './claim.js';
import { type RunResult, runStage } from './run-stage.js';
import { startScheduler } from './scheduler.js';
import type { Stage } from './stage.js';
import { releaseTask } from './transitions.js';
import { wakeOnQueuedWork } from './work-signal.js';

export interface WorkerOptions {
  db: Db;
  storage: BlobStorage;
  config: ServerConfig;
  stages: readonly Stage[];
  count: number;
  /** The database's LISTEN/NOTIFY: wake on queued work instead of polling (DatabaseHandle.notifications). */
  notifications?: Notifications;
  /** Threads for the stages' page work; started with config.pipelineThreads (and stopped with the workers) when omitted. */
  threads?: PageThreads;
  /** Defaults to config.workerLeaseMs. */
  leaseMs?: number;
  /** The pause between polls while idle, doubling from min to max (defaults above). */
  idleMs?: { min: number; max: number };
  /** How long a stopping worker lets its stage finish before releasing the task (default 10 s). */
  graceMs?: number;
  /** Run the scheduler in this process too (default true); its interval defaults to config.schedulerIntervalMs. */
  scheduler?: boolean | { intervalMs: number };
  log?: (message: string, error?: unknown) => void;
  /** Called after every task a worker handled (tests and measurements). */
  onResult?: (result: RunResult, taskId: string, workerId: string) => void;
}

export interface Workers {
  ids: readonly string[];
  /** Wakes idle workers now (a task was queued). */
  wake(): void;
  /** True once the workers listen for queued work; false when they only poll. */
  listening: Promise<boolean>;
  stop(): Promise<void>;
}

/** Worker ids are unique across processes and restarts: host, pid, a random part and the number. */
export function workerIdPrefix(): string {
  return `${hostname().split('.')[0]}-${process.pid}-${randomBytes(2).toString('hex')}`;
}

const defaultLog = (message: string, error?: unknown) => {
  console.error(`[workers] ${message}`, ...(error === undefined ? [] : [error]));
};

export function startWorkers(options: WorkerOptions): Workers {
  const leaseMs = options.leaseMs ?? options.config.workerLeaseMs;
  const pollMs = options.config.workerPollMs;
  const idle = options.idleMs ?? (options.notifications ? { min: pollMs, max: pollMs } : { min: 250, max: 2000 });
  const log = options.log ?? defaultLog;
  const shutdown = new AbortController();
  const sleepers = new Set<() => void>();
  // Counts wakes, so a worker that was woken while it was claiming (and found nothing, as the new
  // task was not committed yet when it looked) does not go to sleep on it.
  let wakes = 0;
  const wake = () => {
    wakes++;
    for (const resume of [...sleepers]) resume();
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const resume = () => {
        clearTimeout(timer);
        sleepers.delete(resume);
        resolve();
      };
      const timer = setTimeout(resume, ms);
      sleepers.add(resume);
    });

  // Workers running a stage now: each splits a document's work for its share of the threads.
  let busy = 0;

  const prefix = workerIdPrefix();
  const ids = Array.from({ length: options.count }, (_, i) => `${prefix}-${i + 1}`);

  async function loop(workerId: string) {
    let wait = idle.min;
    // The task's next stage, claimed by the statement that finished its last one (runStage's takeNext).
    let handed: Claim | null = null;
    while (!shutdown.signal.aborted) {
      const wakesBefore = wakes;
      let claim: Claim | null = handed;
      handed = null;
      if (!claim) {
        try {
          claim = await claimNext(
            options.db,
            workerId,
            options.stages,
            leaseMs,
            undefined,
            options.config.workerQueues,
          );
        } catch (error) {
          // The database is away (restart, network): keep trying, slowly.
          log(`worker ${workerId}: claiming failed`, error);
          claim = null;
        }
      }
      if (!claim) {
        if (wakes !== wakesBefore) continue;
        await pause(wait);
        wait = Math.min(wait * 2, idle.max);
        continue;
      }
      wait = idle.min;
      let result: RunResult;
      busy++;
      try {
        result = await runStage(claim, {
          db: options.db,
          storage: options.storage,
          config: options.config,
          threads: share,
          workerId,
          leaseMs,
          shutdown: shutdown.signal,
          graceMs: options.graceMs ?? 10_000,
          log,
          takeNext: { stages: options.stages, queues: options.config.workerQueues },
        });
      } catch (error) {
        // Writing the outcome failed (database away): the lease runs out and the scheduler requeues it.
        log(`worker ${workerId}: recording the outcome of task ${claim.task.id} failed`, error);
        continue;
      } finally {
        busy--;
      }
      // A task moved on to another queue wakes the idle workers; one this worker took on does not.
      if (result.kind === 'succeeded') {
        if (result.claimed) handed = result.claimed;
        else wake();
      }
      options.onResult?.(result, claim.task.id, workerId);
    }
    // Stopped between taking the next stage and running it: back to its queue, as a stop does.
    if (handed) {
      try {
        await releaseTask(options.db, handed, workerId);
      } catch (error) {
        log(`worker ${workerId}: releasing task ${handed.task.id} failed`, error);
      }
    }
  }

  const listener = options.notifications
    ? wakeOnQueuedWork(options.notifications, options.stages, wake, log)
    : Promise.resolve(undefined);
  const threads = options.threads ?? startPageThreads(options.config.pipelineThreads);
  const share = sharedThreads(threads, () => busy);
  const loops = ids.map((id) => loop(id));
  const scheduler =
    options.scheduler === false
      ? undefined
      : startScheduler({
          db: options.db,
          storage: options.storage,
          stages: options.stages,
          log,
          intervalMs:
            typeof options.scheduler === 'object' ? options.scheduler.intervalMs : options.config.schedulerIntervalMs,
        });

  let stopping: Promise<void> | undefined;
  return {
    ids,
    wake,
    listening: listener.then((stop) => stop !== undefined),
    stop() {
      stopping ??= (async () => {
        shutdown.abort(new Error('The worker is stopping.'));
        wake();
        await Promise.all(loops);
        await scheduler?.stop();
        await (await listener)?.();
        if (!options.threads) await threads.close();
      })();
      return stopping;
    },
  };
}
