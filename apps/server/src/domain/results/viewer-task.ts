// Which task a viewer read names: `TaskId` or `ExternalId` (one of them), in `WorkspaceId`, from
// the main table or the history (`FromHistory`). A task the caller does not reach, a deleted task,
// or one in the other list answers 404 like an unknown id, so nothing leaks about it.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { TaskRow } from '../../db/schema.js';
import { invalid } from '../errors.js';
import { apiClientOf } from '../tasks/callers.js';
import { DELETED_STATUSES, HISTORY_STATUSES, REVIEWABLE_STATUSES, TASK_STATUS } from '../tasks/flags.js';
import { type TaskCaller, taskById, taskNotFound } from '../tasks/task-access.js';
import { canAccessWorkspace } from '../workspaces/access.js';

export const resultError = (code: number, message: string) => invalid(message, code);

export const notReadyYet = (what = 'The task has no result yet: it is still being processed.') =>
  resultError(TaskErrorCode.NotReadyYet, what);

/** Statuses in which a task has a recognised (and possibly reviewed) result to show or export. */
export function hasResult(status: number): boolean {
  // ExportInProgress counts too: the export stage reads the result while the task is in it.
  return REVIEWABLE_STATUSES.has(status) || HISTORY_STATUSES.has(status) || status === TASK_STATUS.ExportInProgress;
}

export interface ViewerTaskQuery {
  taskId?: unknown;
  externalId?: unknown;
  workspaceId: string;
  /** true/false: only the history / only the main table; 'either' for calls without FromHistory. */
  fromHistory?: unknown;
}

const inList = (task: TaskRow, fromHistory: boolean | 'either') =>
  !DELETED_STATUSES.has(task.status) && (fromHistory === 'either' || HISTORY_STATUSES.has(task.status) === fromHistory);

export async function resolveViewerTask(caller: TaskCaller, query: ViewerTaskQuery): Promise<TaskRow> {
  const fromHistory =
    query.fromHistory === 'either' ? 'either' : query.fromHistory === true || query.fromHistory === 'true';
  const people = apiClientOf(caller.session) === null;
  if (typeof query.taskId === 'string' && query.taskId) {
    const task = await taskById(caller, query.taskId);
    if (task.workspace_id !== query.workspaceId) {
      throw resultError(TaskErrorCode.WorkspacesDontMatch, 'The task does not belong to the given workspace.');
    }
    if (!inList(task, fromHistory)) throw taskNotFound();
    return task;
  }
  if (typeof query.externalId === 'string' && query.externalId) {
    if (people && !(await canAccessWorkspace(caller.db, caller.session, query.workspaceId))) throw taskNotFound();
    const rows = (
      await caller.repo.inWorkspace(query.workspaceId).where('external_id', '=', query.externalId).limit(100).execute()
    ).filter((task) => inList(task, fromHistory));
    if (rows.length > 1) {
      throw resultError(
        TaskErrorCode.MultipleExternalIdMatches,
        `Several tasks have the external id '${query.externalId}'; use TaskId.`,
      );
    }
    if (!rows[0]) throw taskNotFound();
    return rows[0];
  }
  throw invalid("One of the parameters 'TaskId' or 'ExternalId' must be defined.");
}
