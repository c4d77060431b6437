// Summaries of a tenant's tasks (task_summaries): one row per task, replaced by a new request, and
// the queue the summarising workers take them from. A worker claims the oldest summary in
// Processing with `FOR UPDATE SKIP LOCKED` and a lease; a summary whose worker died (its lease ran
// out) is claimed again. What the worker then writes goes through the summary's own tenant.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { StoredKeyFrame, TaskMediaRow, TaskRow, TaskSummaryRow, WorkspaceRow } from '../schema.js';
import { type Executor, TenantRepository } from './tenant-repository.js';

export interface SummaryRequestRow {
  taskId: string;
  workspaceId: string;
  style: number;
  length: number;
  includedFrames: number;
  requestedBy: string | null;
  creditsSpent: number;
  state: number;
}

export interface SummaryUpdate {
  state?: number;
  progress?: number;
  method?: string | null;
  model_name?: string | null;
  summary?: string | null;
  disclaimer?: string | null;
  failure_message?: string | null;
  key_frames?: StoredKeyFrame[];
  credits_spent?: number;
  claimed_by?: string | null;
  lease_until?: Date | null;
}

export class SummariesRepository extends TenantRepository {
  find(taskId: string): Promise<TaskSummaryRow | undefined> {
    return this.rowsOfTask('task_summaries', taskId).selectAll().executeTakeFirst();
  }

  task(taskId: string): Promise<TaskRow | undefined> {
    return this.rowById('tasks', taskId).selectAll().executeTakeFirst();
  }

  workspace(workspaceId: string): Promise<WorkspaceRow | undefined> {
    return this.rowById('workspaces', workspaceId).selectAll().executeTakeFirst();
  }

  media(taskId: string): Promise<Pick<TaskMediaRow, 'transcript' | 'duration_ms' | 'info'> | undefined> {
    return this.rowsOfTask('task_media', taskId).select(['transcript', 'duration_ms', 'info']).executeTakeFirst();
  }

  /**
   * The task's summary replaced by a new request (a new id, so a worker still busy with the old
   * one writes nothing over it); returns the new row and the key frames of the old one to remove.
   */
  async replace(request: SummaryRequestRow): Promise<{ row: TaskSummaryRow; oldFrames: StoredKeyFrame[] }> {
    return this.transaction(async (repo) => {
      const old = await repo.db
        .selectFrom('task_summaries')
        .select(['key_frames'])
        .where('tenant_id', '=', repo.tenantId)
        .where('task_id', '=', request.taskId)
        .forUpdate()
        .executeTakeFirst();
      await repo.deleteRows('task_summaries').where('task_id', '=', request.taskId).execute();
      const row = await repo.db
        .insertInto('task_summaries')
        .values({
          id: randomUUID(),
          tenant_id: repo.tenantId,
          workspace_id: request.workspaceId,
          task_id: request.taskId,
          state: request.state,
          summary_style: request.style,
          summary_length: request.length,
          included_frames: request.includedFrames,
          credits_spent: request.creditsSpent,
          requested_by: request.requestedBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row, oldFrames: old?.key_frames ?? [] };
    });
  }

  /** Writes the worker's progress or outcome on this very summary (a replaced one is left alone). */
  async update(summaryId: string, changes: SummaryUpdate): Promise<TaskSummaryRow | undefined> {
    const { key_frames, ...rest } = changes;
    return this.updateRows('task_summaries')
      .set({
        ...rest,
        ...(key_frames ? { key_frames: JSON.stringify(key_frames) } : {}),
        last_update_time: new Date(),
      })
      .where('id', '=', summaryId)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Ends this summary in `state` only while it is still in `processing` (a worker finishing at the
   * same moment wins or loses as one statement); undefined when it was no longer processing.
   */
  async stopProcessing(
    summaryId: string,
    processing: number,
    state: number,
    message: string,
  ): Promise<TaskSummaryRow | undefined> {
    return this.updateRows('task_summaries')
      .set({
        state,
        failure_message: message,
        progress: 100,
        claimed_by: null,
        lease_until: null,
        last_update_time: new Date(),
      })
      .where('id', '=', summaryId)
      .where('state', '=', processing)
      .returningAll()
      .executeTakeFirst();
  }

  /** The storage key of a blob of the tenant. */
  async blobKey(blobId: string): Promise<string | undefined> {
    const row = await this.rowById('blobs', blobId).select(['storage_key']).executeTakeFirst();
    return row?.storage_key;
  }

  /** Removes blob rows (key frames of a replaced summary); returns the storage keys to remove. */
  async deleteBlobs(blobIds: readonly string[]): Promise<string[]> {
    if (blobIds.length === 0) return [];
    const rows = await this.deleteRows('blobs')
      .where('id', 'in', [...blobIds])
      .returning('storage_key')
      .execute();
    return rows.map((row) => row.storage_key);
  }

  /** Extends the lease of a summary the worker still holds; false when it lost it. */
  async renewLease(summaryId: string, workerId: string, until: Date): Promise<boolean> {
    const result = await this.updateRows('task_summaries')
      .set({ lease_until: until })
      .where('id', '=', summaryId)
      .where('claimed_by', '=', workerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

export class SummaryQueue {
  constructor(private readonly db: Executor) {}

  summariesOf(tenantId: string): SummariesRepository {
    return new SummariesRepository(this.db, tenantId);
  }

  /** Claims the oldest summary waiting in `processing` (unclaimed, or its lease ran out). */
  async claim(processing: number, workerId: string, leaseMs: number): Promise<TaskSummaryRow | undefined> {
    const now = new Date();
    const result = await sql<TaskSummaryRow>`
      with next as (
        select id from task_summaries
        where state = ${processing} and (lease_until is null or lease_until < ${now})
        order by created_on, id
        for update skip locked
        limit 1
      )
      update task_summaries s set claimed_by = ${workerId}, lease_until = ${new Date(now.getTime() + leaseMs)}
      from next where s.id = next.id
      returning s.*`.execute(this.db);
    return result.rows[0];
  }
}
