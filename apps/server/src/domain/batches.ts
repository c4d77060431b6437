// Batches: groups of tasks inside a workspace (SdBatch). Create, list with totals, delete.
//
// Deleting a batch keeps its tasks. The specification lists every action that deletes tasks
// (one, many, from the history, a whole workspace) and deleting a batch is not among them, so a
// batch is only a grouping: its tasks stay in the workspace without a batch, each with a
// `RemovedFromBatch` event. (Deleting the tasks first, with Task.DeleteMany, then the batch, is
// how a user removes both.)

import { randomUUID } from 'node:crypto';
import { TaskErrorCode } from '../contract/generated/enums.js';
import type { Db } from '../db/database.js';
import { type BatchListRow, TaskQueries } from '../db/repositories/task-queries.js';
import { invalid, notFound } from './errors.js';
import type { Session } from './session.js';
import {
  BATCH_DEFAULT_SORT,
  BATCH_LIST_FIELDS,
  BATCH_TEXT_COLUMNS,
  pageMeta,
  parseListFilter,
  parsePaging,
} from './tasks/filters.js';
import { badList, workspaceAccess } from './tasks/lists.js';
import { ARCHIVE_STATUSES, DELETED_STATUSES, HISTORY_STATUSES } from './tasks/status-groups.js';

export const BATCH_TYPE = { Default: 10, SplitTask: 20 } as const;
/** Batch status codes (the contract does not name them): Open 10, Closed 20, as the demo data. */
export const BATCH_STATUS = { Open: 10, Closed: 20 } as const;
export const BATCH_LIMITS = { displayName: 256, description: 2000 } as const;

const TOTALS = { history: HISTORY_STATUSES, deleted: [...DELETED_STATUSES, ...ARCHIVE_STATUSES] };

export function toBatch(row: BatchListRow) {
  return {
    batchId: row.id,
    workspaceId: row.workspace_id,
    displayName: row.display_name,
    description: row.description,
    createdOn: new Date(row.created_on).toISOString(),
    totalTasks: row.total_tasks,
    totalTasksInHistory: row.total_tasks_in_history,
    isOpen: row.is_open,
    status: row.status,
    batchType: row.batch_type,
    anyBatchTaskId: row.any_batch_task_id,
  };
}

export interface BatchCreateInput {
  displayName: string;
  description?: string | null;
  workspaceId: string;
  isOpen?: boolean;
}

/** Checks the create request; returns the error text or null. Pure. */
export function batchInputProblem(input: BatchCreateInput): string | null {
  const name = input.displayName.trim();
  if (!name) return 'displayName must not be empty.';
  if (name.length > BATCH_LIMITS.displayName)
    return `displayName is longer than ${BATCH_LIMITS.displayName} characters.`;
  if ((input.description ?? '').length > BATCH_LIMITS.description) {
    return `description is longer than ${BATCH_LIMITS.description} characters.`;
  }
  return null;
}

/** SdBatch_Post: a Default batch in a workspace the caller may work in. */
export async function createBatch(db: Db, session: Session, input: BatchCreateInput) {
  const problem = batchInputProblem(input);
  if (problem) throw invalid(problem);
  const workspace = await workspaceAccess(db, session, input.workspaceId);
  const isOpen = input.isOpen ?? true;
  const id = randomUUID();
  const queries = new TaskQueries(db, session.membership.tenant_id);
  await queries.insertBatch({
    id,
    workspace_id: workspace.id,
    display_name: input.displayName.trim(),
    description: input.description?.trim() || null,
    is_open: isOpen,
    status: isOpen ? BATCH_STATUS.Open : BATCH_STATUS.Closed,
    batch_type: BATCH_TYPE.Default,
  });
  const row = await queries.batchWithTotals(workspace.id, id, TOTALS);
  if (!row) throw new Error('the new batch was not found');
  return toBatch(row);
}

/** SdBatch_GetWithPagination: batches with their totals; `isOpen` filters open or closed ones. */
export async function batchPage(
  db: Db,
  session: Session,
  workspaceId: string,
  body: { filter?: unknown; filters?: unknown; sort?: unknown; pageNumber?: unknown; pageSize?: unknown },
) {
  const workspace = await workspaceAccess(db, session, workspaceId);
  let paging: ReturnType<typeof parsePaging>;
  let filter: ReturnType<typeof parseListFilter>;
  try {
    paging = parsePaging(body);
    filter = parseListFilter(body, { fields: BATCH_LIST_FIELDS, defaultSort: BATCH_DEFAULT_SORT, idColumn: 'b.id' });
  } catch (error) {
    return badList(error);
  }
  const { rows, totalCount } = await new TaskQueries(db, session.membership.tenant_id).batchPage(
    workspace.id,
    filter,
    BATCH_TEXT_COLUMNS,
    paging,
    TOTALS,
  );
  return { ...pageMeta(paging, totalCount), items: rows.map(toBatch) };
}

/** SdBatch_DeleteById: 404 for a batch the caller cannot see (other tenant, or no workspace access). */
export async function deleteBatch(db: Db, session: Session, batchId: string): Promise<void> {
  const queries = new TaskQueries(db, session.membership.tenant_id);
  const batch = await queries.findBatch(batchId);
  const batchNotFound = () => notFound('The batch does not exist.', TaskErrorCode.NotFound);
  if (!batch) throw batchNotFound();
  try {
    await workspaceAccess(db, session, batch.workspace_id);
  } catch {
    throw batchNotFound();
  }
  await queries.deleteBatchKeepingTasks(batch.id, session.user.id, batch.display_name);
}
