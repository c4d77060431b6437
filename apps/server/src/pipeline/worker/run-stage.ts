// Runs one claimed task through its stage: a heartbeat keeps the lease while the stage works, notes
// become events, and the outcome becomes the task's next status. Nothing a stage throws escapes:
// a TaskFailure moves the task to the status it names, anything else to the stage's failed status
// with the error's message (the stack goes to the log, never to the user), and the worker goes on
// with the next task.
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import type { PageThreads } from '../threads/page-threads.js';
import type { Claim } from './claim.js';
import { type Stage, type StageContext, type StageOutcome, TaskFailure } from './stage.js';
import { sentenceCase, workerActor } from './stage-statuses.js';
import {
  failStage,
  finishStage,
  finishStageTakingNext,
  isKnownStatus,
  processingNote,
  releaseTask,
  renewLease,
} from './transitions.js';

/** How a run ended, for the worker's log and the tests. */
export type RunResult =
  /** `claimed`: the task's next stage, claimed by the same statement (finishStageTakingNext); run it next. */
  | { kind: 'succeeded'; next: number; claimed?: Claim }
  | { kind: 'failed'; status: number; reason: string }
  | { kind: 'released' }
  /** The claim was lost (requeued by the scheduler, or the task left the status): nothing was written. */
  | { kind: 'lost' };

export interface RunOptions {
  db: Db;
  storage: BlobStorage;
  config: ServerConfig;
  threads: PageThreads;
  workerId: string;
  leaseMs: number;
  /** Aborted when the worker is asked to stop. */
  shutdown: AbortSignal;
  /** After a stop, how long the stage may still finish before the task is released anyway. */
  graceMs?: number;
  log?: (message: string, error?: unknown) => void;
  /**
   * The stages and queues of the worker: given, a success may claim the task's next stage at once
   * (finishStageTakingNext) — never once the worker is stopping.
   */
  takeNext?: { stages: readonly Stage[]; queues: readonly string[] };
}

class ClaimLost extends Error {
  constructor(workerId: string) {
    super(`Worker ${workerId} no longer holds the task.`);
    this.name = 'ClaimLost';
  }
}

/** The message of anything thrown, without its stack. */
const messageOf = (error: unknown) =>
  error instanceof Error ? error.message || error.name : typeof error === 'string' ? error : 'Unknown error';

export async function runStage(claim: Claim, options: RunOptions): Promise<RunResult> {
  const { db, workerId, leaseMs } = options;
  const { stage, task } = claim;
  const log = options.log ?? (() => undefined);
  const controller = new AbortController();
  let lost = false;

  // Stages call the heartbeat between pages; a 2,000-page file must not cost 2,000 renewals, so a
  // renewal closer than this to the last one is skipped (a lost claim is still seen within it).
  const minRenewalGapMs = Math.min(1000, Math.floor(leaseMs / 10));
  let renewedAt = Date.now();
  const heartbeat = async () => {
    if (lost) throw new ClaimLost(workerId);
    if (Date.now() - renewedAt < minRenewalGapMs) return;
    if (!(await renewLease(db, claim, workerId, leaseMs))) {
      lost = true;
      controller.abort(new ClaimLost(workerId));
      throw new ClaimLost(workerId);
    }
    renewedAt = Date.now();
  };
  // Renew at a third of the lease, so one slow renewal still leaves time for the next.
  const timer = setInterval(() => heartbeat().catch(() => undefined), Math.max(1000, Math.floor(leaseMs / 3)));
  const onShutdown = () => controller.abort(options.shutdown.reason ?? new Error('The worker is stopping.'));
  if (options.shutdown.aborted) onShutdown();
  else options.shutdown.addEventListener('abort', onShutdown, { once: true });

  const repo = new TasksRepository(db, task.tenant_id);
  const context: StageContext = {
    db,
    storage: options.storage,
    config: options.config,
    threads: options.threads,
    task,
    workerId,
    signal: controller.signal,
    heartbeat,
    async note(description, payload = {}) {
      // A worker that lost the task has no more to say about it.
      if (lost) throw new ClaimLost(workerId);
      await repo.addEvent({
        taskId: task.id,
        ...processingNote(workerActor(workerId), stage.name, { description, payload }),
      });
    },
  };

  let settled: { ok: true; outcome: StageOutcome } | { ok: false; error: unknown } | { ok: false; timedOut: true };
  const grace = graceAfter(options.shutdown, options.graceMs ?? 10_000);
  try {
    const running = Promise.resolve()
      .then(() => stage.run(context))
      .then(
        (outcome) => ({ ok: true as const, outcome }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    settled = await Promise.race([running, grace.expired]);
  } finally {
    clearInterval(timer);
    grace.cancel();
    options.shutdown.removeEventListener('abort', onShutdown);
  }

  if (lost) return { kind: 'lost' };
  if ('timedOut' in settled) return released();
  if (settled.ok) {
    const { outcome } = settled;
    if (!outcome || !isKnownStatus(outcome.next) || typeof outcome.reason !== 'string') {
      return failed(stage.failed, `${sentenceCase(stage.name)} failed: the step answered no valid next status.`);
    }
    if (!options.takeNext || options.shutdown.aborted) {
      return (await finishStage(db, claim, workerId, outcome)) ? { kind: 'succeeded', next: outcome.next } : lostNow();
    }
    const finished = await finishStageTakingNext(db, claim, workerId, outcome, { ...options.takeNext, leaseMs });
    if (!finished) return lostNow();
    return finished.claimed
      ? { kind: 'succeeded', next: outcome.next, claimed: finished.claimed }
      : { kind: 'succeeded', next: outcome.next };
  }
  const { error } = settled;
  if (error instanceof ClaimLost) return { kind: 'lost' };
  if (error instanceof TaskFailure && isKnownStatus(error.status)) return failed(error.status, error.message);
  // Stopping aborted the step: it did not fail, it was interrupted.
  if (options.shutdown.aborted) return released();
  log(`worker ${workerId}: ${stage.name} of task ${task.id} failed`, error);
  return failed(stage.failed, `${sentenceCase(stage.name)} failed: ${messageOf(error)}`);

  async function failed(status: number, reason: string): Promise<RunResult> {
    return (await failStage(db, claim, workerId, status, reason)) ? { kind: 'failed', status, reason } : lostNow();
  }
  async function released(): Promise<RunResult> {
    return (await releaseTask(db, claim, workerId)) ? { kind: 'released' } : lostNow();
  }
  function lostNow(): RunResult {
    log(`worker ${workerId}: lost the claim on task ${task.id} before writing its outcome`);
    return { kind: 'lost' };
  }
}

/** `expired` resolves `graceMs` after the shutdown signal fires (never, if it does not); `cancel` forgets it. */
function graceAfter(shutdown: AbortSignal, graceMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let resolveExpired: (value: { ok: false; timedOut: true }) => void = () => undefined;
  const expired = new Promise<{ ok: false; timedOut: true }>((resolve) => {
    resolveExpired = resolve;
  });
  const start = () => {
    timer = setTimeout(() => resolveExpired({ ok: false, timedOut: true }), graceMs);
  };
  if (shutdown.aborted) start();
  else shutdown.addEventListener('abort', start, { once: true });
  return {
    expired,
    cancel() {
      shutdown.removeEventListener('abort', start);
      if (timer) clearTimeout(timer);
    },
  };
}
