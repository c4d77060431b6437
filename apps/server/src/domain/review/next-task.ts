// SdTask/GetNextTask: the next task the caller may review in a workspace (or one of its batches),
// as a TaskLookupResult; none → 204. The choice is ReviewStore.nextTask: ToReview (or InReview whose
// checkout ran out or is the caller's), nobody else holding it, unassigned or assigned so that the
// caller may review now; highest priority first, then the oldest. A workspace the caller does not
// reach is 403 NoWorkspaceAccess (25): the contract lists no 404 for this call.

import { TaskErrorCode } from '../../contract/generated/enums.js';
import { WorkspaceScope } from '../../db/repositories/workspace-scope.js';
import { forbidden } from '../errors.js';
import { canAccessWorkspace } from '../workspaces/access.js';
import { nowOf, type ReviewCaller, storeOf, userOf } from './context.js';

export async function nextTask(caller: ReviewCaller, workspaceId: string, batchId: string | null) {
  if (!(await canAccessWorkspace(caller.db, caller.session, workspaceId))) {
    throw forbidden('You have no access to this workspace.', TaskErrorCode.NoWorkspaceAccess);
  }
  const workspace = await new WorkspaceScope(caller.db, caller.session.membership.tenant_id).find(workspaceId);
  if (!workspace) {
    throw forbidden('You have no access to this workspace.', TaskErrorCode.NoWorkspaceAccess);
  }
  const task = await storeOf(caller).nextTask(workspaceId, batchId, userOf(caller), nowOf(caller));
  if (!task) return undefined;
  return {
    taskId: task.id,
    displayName: task.display_name,
    externalId: task.external_id,
    workspaceId: task.workspace_id,
    tenantId: task.tenant_id,
    taskType: workspace.task_type,
    status: task.status,
    fromHistory: false,
  };
}
