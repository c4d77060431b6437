// Commands on a selection of tasks (the contract's SelectionRequest): the listed ids, or every
// task of the main table or the history that matches the filters. Tasks that cannot be changed
// are skipped and reported; the others change in one transaction.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Schema } from '../../contract/types.js';
import type { TasksRepository } from '../../db/repositories/tasks.js';
import type { TaskRow } from '../../db/schema.js';
import type { Session } from '../session.js';
import { skippedResult } from './command-results.js';
import { deleteRefusal, markDeleted } from './deletion.js';
import { DELETED_STATUSES, HISTORY_STATUSES } from './flags.js';
import { markRestarted, restartRefusal } from './restart.js';

/** A selection of tasks (the contract's SelectionRequest). */
export type Selection = Schema<'SelectionRequest'>;

const MAIN_TABLE = 10;

/** Tasks of a selection: the listed ids, or every task of the list (main table or history) matching the filters. */
export async function selectedTasks(repo: TasksRepository, selection: Selection): Promise<TaskRow[]> {
  const listStatuses = (row: TaskRow) =>
    selection.type === MAIN_TABLE
      ? !DELETED_STATUSES.has(row.status) && !HISTORY_STATUSES.has(row.status)
      : HISTORY_STATUSES.has(row.status);
  if (!selection.allSelected) {
    return repo.inWorkspace(selection.workspaceId, { ids: selection.taskIdList ?? [] }).execute();
  }
  const rows = (await repo.inWorkspace(selection.workspaceId).execute()).filter(listStatuses);
  return rows.filter((row) => (selection.filters ?? []).every((f) => matchesFilter(row, f)));
}

/** The filters a selection can carry, on the task's own columns. Unknown fields do not narrow. */
function matchesFilter(row: TaskRow, filter: { field: string; operator: string; value?: unknown }): boolean {
  const column: Record<string, unknown> = {
    status: row.status,
    batchid: row.batch_id,
    displayname: row.display_name,
    externalid: row.external_id,
    createdon: row.created_on,
    sequentialbyworkspaceid: row.sequential_by_workspace_id,
  };
  const key = filter.field.toLowerCase();
  if (!(key in column)) return true;
  const actual = column[key];
  const value = filter.value;
  const cmp = (a: unknown, b: unknown) =>
    a instanceof Date ? a.getTime() - new Date(String(b)).getTime() : Number(a) - Number(b);
  switch (filter.operator.toLowerCase()) {
    case 'eq':
      return String(actual) === String(value);
    case 'neq':
      return String(actual) !== String(value);
    case 'in':
      return Array.isArray(value) && value.map(String).includes(String(actual));
    case 'contains':
      return String(actual ?? '')
        .toLowerCase()
        .includes(String(value ?? '').toLowerCase());
    case 'gt':
      return cmp(actual, value) > 0;
    case 'lt':
      return cmp(actual, value) < 0;
    default:
      return true;
  }
}

export async function deleteMany(repo: TasksRepository, session: Session, selection: Selection) {
  const tasks = await selectedTasks(repo, selection);
  const deletable = tasks.filter((t) => deleteRefusal(t, session.user.id) === null);
  await repo.transaction(async (tx) => {
    for (const task of deletable) await markDeleted(tx, session, task);
  });
  return skippedResult(tasks.length, deletable.length, 'deleted');
}

export async function restartMany(
  repo: TasksRepository,
  session: Session,
  selection: Selection,
  maxRestartCount: number,
) {
  const tasks = await selectedTasks(repo, selection);
  const refused = tasks
    .map((t) => ({ task: t, refusal: restartRefusal(t, maxRestartCount, session.user.id) }))
    .filter((r) => r.refusal !== null);
  const restartable = tasks.filter((t) => !refused.some((r) => r.task.id === t.id));
  await repo.transaction(async (tx) => {
    for (const task of restartable) await markRestarted(tx, session, task);
  });
  return {
    succeeded: refused.length === 0,
    result: restartable.length > 0,
    errors: refused.map((r) => ({
      code: r.refusal?.code ?? TaskErrorCode.ProcessTaskError,
      message: `Task #${r.task.sequential_by_workspace_id} '${r.task.display_name}': ${r.refusal?.message ?? ''}`,
    })),
  };
}
