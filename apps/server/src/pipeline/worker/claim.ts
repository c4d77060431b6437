// Claiming a task: the task status is the queue. One transaction picks the oldest task of the
// highest priority waiting for any of the stages, locks it with `FOR UPDATE SKIP LOCKED` (so
// concurrent claimers in other processes skip it instead of waiting), stamps the claim and its
// lease and writes the StatusChanged event. On PGlite the dialect hands the single connection to
// one transaction at a time, so two in-process workers claim one after the other and the second
// sees the first one's committed status.

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
): Promise<Claim | null> {
  if (stages.length === 0) return null;
  return new TaskQueue(db).transaction(async (queue) => {
    const next = await queue.lockNextQueued(stages.map((s) => s.queued));
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
