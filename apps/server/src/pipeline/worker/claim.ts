// Claiming a task: the task status is the queue. One statement picks the oldest task of the
// highest priority waiting for any of the stages, locks it with `FOR UPDATE SKIP LOCKED` (so
// concurrent claimers in other processes skip it instead of waiting), stamps the claim and its
// lease and writes the StatusChanged event (TaskQueue.claimNext): a claim is one round trip to the
// database, and on PGlite one statement on the thread every worker of the process shares. On
// PGlite the dialect hands the single connection to one statement at a time, so two in-process
// workers claim one after the other and the second sees the first one's committed status. A worker
// reads the queues of its process (WORKER_QUEUES): a stage a workspace redirected to another queue
// is left to the workers reading that queue.

import { DEFAULT_QUEUE } from '../../config.js';
import type { Db } from '../../db/database.js';
import { type QueueStep, TaskQueue, type WorkerQueues } from '../../db/repositories/task-queue.js';
import type { TaskRow } from '../../db/schema.js';
import { statusChangeEvent } from '../../domain/tasks/events.js';
import type { Stage } from './stage.js';
import { sentenceCase, workerActor } from './stage-statuses.js';

export interface Claim {
  task: TaskRow;
  stage: Stage;
}

/** What claiming a task for `stage` does: its queued → in-progress statuses and the event saying so. */
export function claimStep(stage: Stage, workerId: string): QueueStep {
  return {
    queued: stage.queued,
    inProgress: stage.inProgress,
    event: statusChangeEvent(
      workerActor(workerId),
      stage.queued,
      stage.inProgress,
      `${sentenceCase(stage.name)} started`,
    ),
  };
}

/** The queues of WORKER_QUEUES as the queue's statements take them. */
export const workerQueues = (queues: readonly string[]): WorkerQueues => ({
  names: queues.filter((q) => q !== DEFAULT_QUEUE),
  readsDefault: queues.includes(DEFAULT_QUEUE),
});

export async function claimNext(
  db: Db,
  workerId: string,
  stages: readonly Stage[],
  leaseMs: number,
  now: () => Date = () => new Date(),
  queues: readonly string[] = [DEFAULT_QUEUE],
): Promise<Claim | null> {
  if (stages.length === 0) return null;
  const at = now();
  const claimed = await new TaskQueue(db).claimNext(
    stages.map((stage) => claimStep(stage, workerId)),
    workerQueues(queues),
    { workerId, leaseUntil: new Date(at.getTime() + leaseMs), at },
  );
  const stage = claimed && stages[claimed.step];
  return claimed && stage ? { task: claimed.task, stage } : null;
}
