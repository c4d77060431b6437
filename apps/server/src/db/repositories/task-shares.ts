// The share records of one tenant's tasks (migration 0020): written when a task is shared, read by
// the share history. Newest first, as the history shows them.

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

  /** Marks the shares of a task whose time is up as Expired (40); answers how many changed. */
  async expireDue(taskId: string, now: Date, expired: number): Promise<number> {
    const result = await this.updateRows('task_shares')
      .set({ share_status: expired, modified_on: now, modified_by: 'expiry' })
      .where('task_id', '=', taskId)
      .where('expires_on', '<=', now)
      .where('share_status', '<>', expired)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
