// Claiming a task: the task status is the queue. One transaction picks the oldest task of the
// highest priority waiting for any of the stages, locks it with `FOR UPDATE SKIP LOCKED` (so
// concurrent claimers in other processes skip it instead of waiting), stamps the claim and its
// lease and writes the StatusChanged event. On PGlite the dialect hands the single connection to
// one transaction at a time, so two in-process workers claim one after the other and the second
// sees the first one's committed status.

import type { Db } from '../../db/database.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
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
  return db.transaction().execute(async (trx) => {
    const next = await trx
      .selectFrom('tasks')
      .select(['id', 'status', 'tenant_id'])
      .where(
        'status',
        'in',
        stages.map((s) => s.queued),
      )
      .where('deleted_on', 'is', null)
      .orderBy('priority', (o) => o.desc().nullsLast())
      .orderBy('created_on')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!next) return null;
    const stage = stages.find((s) => s.queued === next.status);
    if (!stage) return null;
    const at = now();
    const task = await trx
      .updateTable('tasks')
      .set((eb) => ({
        status: stage.inProgress,
        claimed_by: workerId,
        lease_until: new Date(at.getTime() + leaseMs),
        status_changed_on: at,
        processing_started_on: eb.fn.coalesce('processing_started_on', eb.val(at)),
        modified_on: at,
      }))
      .where('id', '=', next.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordStatusChange(
      new TasksRepository(trx as unknown as Db, next.tenant_id),
      workerActor(workerId),
      task.id,
      stage.queued,
      stage.inProgress,
      `${sentenceCase(stage.name)} started`,
    );
    return { task, stage };
  });
}
