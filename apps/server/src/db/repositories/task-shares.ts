// The share records of one tenant's tasks (migration 0020): written when a task is shared, read by
// the share history. Newest first, as the history shows them.
import type { TaskShareRow } from '../schema.js';
import { TenantRepository } from './tenant-repository.js';

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
}
