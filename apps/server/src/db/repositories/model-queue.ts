// The training queue: a custom model version's training status is the queue, across all tenants.
// A trainer claims the oldest queued version of the kinds it can train with `FOR UPDATE SKIP LOCKED`
// (trainers in other processes skip it), and takes back a version left in progress longer than the
// stale time (its trainer died). What the trainer then records goes through the model's own tenant.
import { sql } from 'kysely';
import type { CustomModelRow } from '../schema.js';
import { TemplatesRepository } from './templates.js';
import type { Executor } from './tenant-repository.js';

export class ModelQueue {
  constructor(private readonly db: Executor) {}

  /** The templates of a tenant on the queue's connection. */
  templatesOf(tenantId: string): TemplatesRepository {
    return new TemplatesRepository(this.db, tenantId);
  }

  /**
   * Moves the next version to `inProgress` and returns it as it was before (so its old status can be
   * told), or undefined when none waits.
   */
  async claim(options: {
    templateTypes: number[];
    queued: number;
    inProgress: number;
    restartable: number[];
    staleAfterMs: number;
  }): Promise<CustomModelRow | undefined> {
    const staleBefore = new Date(Date.now() - options.staleAfterMs);
    const result = await sql<CustomModelRow>`
      with next as (
        select id, training_status from custom_models
        where template_type in (${sql.join(options.templateTypes)})
          and (training_status = ${options.queued}
            or (training_status in (${sql.join(options.restartable)}) and status_changed_on < ${staleBefore}))
        order by created_on, id
        for update skip locked
        limit 1
      )
      update custom_models m set training_status = ${options.inProgress}, status_changed_on = now()
      from next where m.id = next.id
      returning m.*, next.training_status as previous_status`.execute(this.db);
    const row = result.rows[0] as (CustomModelRow & { previous_status: number }) | undefined;
    if (!row) return undefined;
    const { previous_status, ...model } = row;
    return { ...model, training_status: previous_status };
  }
}
