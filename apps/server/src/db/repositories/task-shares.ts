// The share records of one tenant's tasks (migration 0020): written when a task is shared, read by
// the share history (newest first, as the history shows them), and the queue of media segments the
// workers cut.

import { sql } from 'kysely';
import { ShareType } from '../../contract/generated/enums.js';
import type { TaskShareRow } from '../schema.js';
import type { Executor } from './tenant-repository.js';
import { TenantRepository } from './tenant-repository.js';

/**
 * The share whose public page has this key, in whatever tenant: the key is the permission (a
 * random secret handed out with the link), so this is the one lookup that is not tenant-scoped.
 */
export function shareByAccessKey(db: Executor, accessKey: string): Promise<TaskShareRow | undefined> {
  return db.selectFrom('task_shares').selectAll().where('access_key', '=', accessKey).executeTakeFirst();
}

export interface NewTaskShare {
  id: string;
  workspaceId: string;
  taskId: string;
  shareType: number;
  shareStatus: number;
  requestId?: string | null;
  accessKey?: string | null;
  inputConfig: Record<string, unknown>;
  outputConfig?: Record<string, unknown> | null;
  expiresOn?: Date | null;
  createdBy: string | null;
}

export class TaskSharesRepository extends TenantRepository {
  async insert(share: NewTaskShare): Promise<TaskShareRow> {
    return this.db
      .insertInto('task_shares')
      .values({
        id: share.id,
        tenant_id: this.tenantId,
        workspace_id: share.workspaceId,
        task_id: share.taskId,
        share_type: share.shareType,
        share_status: share.shareStatus,
        request_id: share.requestId ?? null,
        access_key: share.accessKey ?? null,
        input_config: JSON.stringify(share.inputConfig),
        output_config: share.outputConfig ? JSON.stringify(share.outputConfig) : null,
        expires_on: share.expiresOn ?? null,
        created_by: share.createdBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Every share of the task, newest first. */
  ofTask(taskId: string): Promise<TaskShareRow[]> {
    return this.rowsOfTask('task_shares', taskId).selectAll().orderBy('created_on', 'desc').orderBy('id').execute();
  }

  /** The share of a rendering request (the render events name it). */
  byRequestId(requestId: string): Promise<TaskShareRow | undefined> {
    return this.rows('task_shares').selectAll().where('request_id', '=', requestId).executeTakeFirst();
  }

  /** Records how a share stands now; `output` replaces the output location when given. */
  async setStatus(
    id: string,
    change: { status: number; output?: Record<string, unknown> | null; errorMessage?: string | null; by: string },
  ): Promise<void> {
    await this.updateRows('task_shares')
      .set({
        share_status: change.status,
        ...(change.output === undefined ? {} : { output_config: change.output ? JSON.stringify(change.output) : null }),
        ...(change.errorMessage === undefined ? {} : { error_message: change.errorMessage }),
        modified_on: new Date(),
        modified_by: change.by,
      })
      .where('id', '=', id)
      .execute();
  }
}

/**
 * Media-segment renders across tenants (a worker serves them all): a share in Generating waits to
 * be cut. Each claim and expiry takes one row under `FOR UPDATE SKIP LOCKED`, so several workers
 * and schedulers never take the same share; every other write goes through the share's tenant.
 */
export class SegmentRenderQueue {
  constructor(private readonly db: Executor) {}

  /**
   * Claims the oldest segment waiting to be cut (unclaimed, or its worker's lease ran out) whose
   * share has not expired, and counts the attempt.
   */
  async claim(
    generating: number,
    workerId: string,
    leaseMs: number,
    now = new Date(),
  ): Promise<TaskShareRow | undefined> {
    const result = await sql<TaskShareRow>`
      with next as (
        select id from task_shares
        where share_type = ${ShareType.MediaSegment} and share_status = ${generating}
          and (lease_until is null or lease_until < ${now})
          and (expires_on is null or expires_on > ${now})
        order by created_on, id
        for update skip locked
        limit 1
      )
      update task_shares s
      set claimed_by = ${workerId}, lease_until = ${new Date(now.getTime() + leaseMs)},
          render_attempts = s.render_attempts + 1
      from next where s.id = next.id
      returning s.*`.execute(this.db);
    return result.rows[0];
  }

  /** Extends the lease of a render the worker still holds; false when it lost it. */
  async renewLease(shareId: string, workerId: string, until: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('task_shares')
      .set({ lease_until: until })
      .where('id', '=', shareId)
      .where('claimed_by', '=', workerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * True when the worker still holds the claim of a share that is still waiting for its cut; the
   * row stays locked until the caller's transaction ends, so neither another worker's claim nor
   * the expiry sweep can come in between this answer and what the caller writes.
   */
  async holdsClaim(shareId: string, workerId: string, generating: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('task_shares')
      .select('id')
      .where('id', '=', shareId)
      .where('claimed_by', '=', workerId)
      .where('share_status', '=', generating)
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Marks the next segment share in one of `statuses` whose date has passed as Expired,
   * clearing where its file was; answers the share as it was, with that location, or undefined when
   * none is due.
   */
  async expireNext(
    statuses: readonly number[],
    expired: number,
    now = new Date(),
    only: { taskId?: string } = {},
  ): Promise<TaskShareRow | undefined> {
    const ofTask = only.taskId ? sql`and task_id = ${only.taskId}` : sql``;
    const result = await sql<TaskShareRow>`
      with due as (
        select id, output_config from task_shares
        where share_type = ${ShareType.MediaSegment} and share_status in (${sql.join(statuses)})
          and expires_on <= ${now} ${ofTask}
        order by expires_on, id
        for update skip locked
        limit 1
      )
      update task_shares s
      set share_status = ${expired}, output_config = null, claimed_by = null, lease_until = null,
          modified_on = ${now}, modified_by = 'expiry'
      from due where s.id = due.id
      returning s.id, s.tenant_id, s.task_id, s.expires_on, due.output_config`.execute(this.db);
    return result.rows[0];
  }
}
