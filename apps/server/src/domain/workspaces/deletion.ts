// Whether a workspace can be soft-deleted (SdWorkspace/CheckWorkspaceCanBeDeleted). Refusals
// (WorkspaceSoftDeleteRefusal): a labelling-and-training workspace (1); the tenant's default
// workspace while other workspaces remain (2) — make another one the default first.
// SdTask/history/DeleteWorkSpaceAndTasksAsync applies the same check, then deletes every task of the
// workspace (an event each) and soft-deletes the workspace, in one transaction.

import { WorkspaceSoftDeleteRefusal } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import { inTransaction } from '../../db/repositories/tenant-repository.js';
import { WorkspaceScope } from '../../db/repositories/workspace-scope.js';
import type { WorkspaceRow } from '../../db/schema.js';
import { invalid } from '../errors.js';
import type { Session } from '../session.js';
import { markDeleted } from '../tasks/deletion.js';
import { DELETED_STATUSES } from '../tasks/flags.js';
import { openWorkspace } from './access.js';
import { WORKSPACE_TYPE } from './task-type-catalogue.js';

/** `liveWorkspaces`: the tenant's workspaces that are not deleted (the workspace itself included). */
export function canBeDeleted(workspace: WorkspaceRow, liveWorkspaces: WorkspaceRow[]) {
  const refusals: number[] = [];
  if (workspace.workspace_type === WORKSPACE_TYPE.LabelingAndTraining) {
    refusals.push(WorkspaceSoftDeleteRefusal.SoftDeleteIsLabelingAndTraining);
  }
  if (workspace.is_default && liveWorkspaces.some((w) => w.id !== workspace.id)) {
    refusals.push(WorkspaceSoftDeleteRefusal.SoftDeleteIsDefaultWorkspaceAndNotLastWorkspace);
  }
  return { canBeDeleted: refusals.length === 0, refusals };
}

const REFUSAL_TEXT: Record<number, string> = {
  [WorkspaceSoftDeleteRefusal.SoftDeleteIsLabelingAndTraining]: 'a labelling-and-training workspace cannot be deleted',
  [WorkspaceSoftDeleteRefusal.SoftDeleteIsDefaultWorkspaceAndNotLastWorkspace]:
    'it is the default workspace and others remain; make another workspace the default first',
};

/** Soft-deletes the workspace and deletes all its tasks; refused (400, WorkspaceSoftDeleteRefusal code) as above. */
export async function deleteWorkspaceAndTasks(db: Db, session: Session, workspaceId: string): Promise<void> {
  const { scope, row } = await openWorkspace(db, session, workspaceId);
  const check = canBeDeleted(row, await scope.list());
  const refusal = check.refusals[0];
  if (refusal !== undefined) {
    throw invalid(`The workspace cannot be deleted: ${REFUSAL_TEXT[refusal]}.`, refusal);
  }
  const tenantId = session.membership.tenant_id;
  await inTransaction(db, async (trx) => {
    const tasks = new TasksRepository(trx, tenantId);
    const live = (await tasks.inWorkspace(workspaceId).execute()).filter((t) => !DELETED_STATUSES.has(t.status));
    for (const task of live) await markDeleted(tasks, session, task);
    await new WorkspaceScope(trx, tenantId).softDelete(workspaceId);
  });
}
