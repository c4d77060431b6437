// Claiming a task: the task status is the queue. One transaction picks the oldest task of the
// highest priority waiting for any of the stages, locks it with `FOR UPDATE SKIP LOCKED` (so
// concurrent claimers in other processes skip it instead of waiting), stamps the claim and its
// lease and writes the StatusChanged event. On PGlite the dialect hands the single connection to
// one transaction at a time, so two in-process workers claim one after the other and the second
// sees the first one's committed status. A worker reads the queues of its process (WORKER_QUEUES):
// a stage a workspace redirected to another queue is left to the workers reading that queue.

import { DEFAULT_QUEUE } from '../../config.js';
import type { Db } from '../../db/database.js';
import { TaskQueue } from '../../db/repositories/task-queue.js';
import type { TaskRow } from '../../db/schema.js';
import { recordStatusChange } from '../../domain/tasks/events.js';
import type { Stage } from './stage.js';
import { sentenceCase, workerActor } from './stage-statuses.js';

export interface Claim {
  task: TaskRow;
  stage: Stage;
}

export async function claimNext(
  db: Db,
  workerId: string,
  stages: readonly Stage[],
  leaseMs: number,
  now: () => Date = () => new Date(),
  queues: readonly string[] = [DEFAULT_QUEUE],
): Promise<Claim | null> {
  if (stages.length === 0) return null;
  const readsDefault = queues.includes(DEFAULT_QUEUE);
  const names = queues.filter((q) => q !== DEFAULT_QUEUE);
  return new TaskQueue(db).transaction(async (queue) => {
    const next = await queue.lockNextQueued(
      stages.map((s) => s.queued),
      { names, readsDefault },
    );
    if (!next) return null;
    const stage = stages.find((s) => s.queued === next.status);
    if (!stage) return null;
    const at = now();
    const task = await queue.claim(next.id, {
      status: stage.inProgress,
      workerId,
      leaseUntil: new Date(at.getTime() + leaseMs),
      at,
    });
    await recordStatusChange(
      queue.tasksOf(next.tenant_id),
      workerActor(workerId),
      task.id,
      stage.queued,
      stage.inProgress,
      `${sentenceCase(stage.name)} started`,
    );
    return { task, stage };
  });
}
