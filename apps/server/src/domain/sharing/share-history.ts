// SdTaskShare/GetTaskShareHistoryDetails: every share of a task the caller reaches, newest first,
// as the contract's ShareRecord. The public key of a segment page is not part of it: the history
// says what was shared and how it went, the link itself went to the people it was meant for.
import { TaskSharesRepository } from '../../db/repositories/task-shares.js';
import type { TaskShareRow } from '../../db/schema.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { type TaskCaller, taskById } from '../tasks/task-access.js';
import { expireSegmentShares } from './segment-expiry.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toShareRecord(row: TaskShareRow) {
  return {
    id: row.id,
    createdOn: new Date(row.created_on).toISOString(),
    createdBy: row.created_by,
    modifiedOn: iso(row.modified_on),
    modifiedBy: row.modified_by,
    tenantId: row.tenant_id,
    workspaceId: row.workspace_id,
    taskId: row.task_id,
    requestId: row.request_id,
    shareType: row.share_type,
    shareStatus: row.share_status,
    inputConfig: row.input_config,
    outputConfig: row.output_config,
    expiresOn: iso(row.expires_on),
  };
}

export async function taskShareHistory(caller: TaskCaller, storage: BlobStorage, taskId: string, now = new Date()) {
  const task = await taskById(caller, taskId);
  const shares = new TaskSharesRepository(caller.db, caller.session.scope.tenantId);
  // A share whose time is up is shown, and from now on answered, as Expired (its file removed).
  await expireSegmentShares(caller.db, storage, now, { taskId: task.id });
  return (await shares.ofTask(task.id)).map(toShareRecord);
}
