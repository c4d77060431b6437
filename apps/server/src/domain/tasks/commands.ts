// Commands on one task or a selection of tasks: rename, delete (also from the history), restart
// processing, recover, assignment; and the reads that go with them (full task, status, events).
// Every state change writes an event. A task is reached only in the caller's tenant and, for people,
// in a workspace they reach (canAccessWorkspace); anything else answers 404 like an unknown id.

import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Schema } from '../../contract/types.js';
import type { Db } from '../../db/database.js';
import type { AssignmentUserRecord, StatusListFilter, TasksRepository } from '../../db/repositories/tasks.js';
import type { TaskRow } from '../../db/schema.js';
import { invalid, notFound } from '../errors.js';
import type { Session } from '../session.js';
import { canAccessWorkspace, workspaceScope } from '../workspaces/access.js';
import { validUsers } from '../workspaces/members.js';
import { actorOf, apiClientOf } from './callers.js';
import { recordEvent, recordStatusChange, TASK_EVENT, toAuditEvent } from './events.js';
import {
  ASSIGNMENT_ORDER,
  checkedOutByOther,
  DELETED_STATUSES,
  HISTORY_STATUSES,
  IN_PROGRESS_STATUSES,
  RECOVERABLE_STATUSES,
  TASK_STATUS,
  taskStatusText,
} from './flags.js';
import type { AssignmentUserView } from './mappers.js';
import { toTask, toTaskStatusSummary, toTaskStatusSummaryWithAssignment } from './mappers.js';

const fail = (code: number, message: string) => invalid(message, code);
const ok = (result: boolean) => ({ succeeded: true, errors: [], result });

export const taskNotFound = () => notFound('The task does not exist.', TaskErrorCode.NotFound);

/** Who asks: the repository of their tenant, the database and the session (for the workspace rule). */
export interface TaskCaller {
  repo: TasksRepository;
  db: Db;
  session: Session;
}

/** API clients act for their whole tenant; people only in the workspaces they reach. */
async function reaches(caller: TaskCaller, task: TaskRow): Promise<boolean> {
  if (apiClientOf(caller.session) !== null) return true;
  return canAccessWorkspace(caller.db, caller.session, task.workspace_id);
}

/** A task the caller reaches, by id, else 404 (the same answer as for an id that does not exist). */
export async function taskById(caller: TaskCaller, id: string) {
  const row = await caller.repo.byId(id);
  if (!row || !(await reaches(caller, row))) throw taskNotFound();
  return row;
}

/** TaskId wins over ExternalId; an external id of several reachable tasks is MultipleExternalIdMatches (2). */
export async function resolveTask(caller: TaskCaller, taskId: unknown, externalId: unknown): Promise<TaskRow> {
  if (typeof taskId === 'string' && taskId) return taskById(caller, taskId);
  if (typeof externalId === 'string' && externalId) {
    const found = await caller.repo.byExternalId(externalId, 100);
    const rows: TaskRow[] = [];
    for (const row of found) if (await reaches(caller, row)) rows.push(row);
    if (rows.length > 1) {
      throw fail(
        TaskErrorCode.MultipleExternalIdMatches,
        `Several tasks have the external id '${externalId}'; use TaskId.`,
      );
    }
    if (!rows[0]) throw taskNotFound();
    return rows[0];
  }
  throw invalid("One of the parameters 'TaskId' or 'ExternalId' must be defined.");
}

/** AssignmentUser views of tasks (for the lists). */
export function assignmentViews(records: AssignmentUserRecord[] | undefined): AssignmentUserView[] {
  return (records ?? []).map((r) => ({
    userId: r.user_id,
    hasReviewed: r.has_reviewed,
    isValid: r.member_active,
    userName: r.user_name,
    profilePicture: r.profile_picture,
  }));
}

/**
 * Assignment users must be distinct valid assignees of the workspace (active members of the tenant
 * and the workspace whose role may review, as SdWorkspace/ValidUsersForTaskAssignment lists them);
 * anything else is InvalidAssignmentState (30).
 */
export async function validateAssignment(
  db: Db,
  session: Session,
  workspaceId: string,
  userIds: string[],
  order: number,
): Promise<void> {
  if (!Object.values(ASSIGNMENT_ORDER).includes(order as 10)) {
    throw fail(
      TaskErrorCode.InvalidAssignmentState,
      'The assignment order must be AnyUser (10), AnyOrder (20) or Sequence (30).',
    );
  }
  if (userIds.length === 0) throw fail(TaskErrorCode.InvalidAssignmentState, 'Choose at least one user to assign.');
  if (new Set(userIds).size !== userIds.length) {
    throw fail(TaskErrorCode.InvalidAssignmentState, 'A user is listed more than once.');
  }
  const valid = new Set(
    (await validUsers(db, session, workspaceScope(db, session), workspaceId, 'assignment'))
      .filter((u) => u.isValid)
      .map((u) => u.userId),
  );
  const invalid = userIds.filter((id) => !valid.has(id));
  if (invalid.length > 0) {
    throw fail(
      TaskErrorCode.InvalidAssignmentState,
      `${invalid.length} of the chosen users cannot review tasks of this workspace (not an active member who may review).`,
    );
  }
}

// --- reads ---

export async function getTask(caller: TaskCaller, id: string) {
  return toTask(await taskById(caller, id));
}

/**
 * The developer dashboard of a task (row action devdashboard): the reference app's trace page,
 * which shows the task's processing stages and their timings from its events. A deployment that
 * ships traces to a tracing system would answer that system's address for the task instead.
 */
export async function tracesDashboardUrl(caller: TaskCaller, taskId: string, origin: string): Promise<string> {
  const task = await taskById(caller, taskId);
  const url = new URL('/task/traces', origin);
  url.searchParams.set('taskId', task.id);
  url.searchParams.set('workspaceId', task.workspace_id);
  return url.toString();
}

export async function taskStatus(caller: TaskCaller, taskId: unknown, externalId: unknown) {
  const row = await resolveTask(caller, taskId, externalId);
  const users = (await caller.repo.assignmentUsers([row.id])).get(row.id) ?? [];
  return toTaskStatusSummaryWithAssignment(
    row,
    users.map((u) => u.user_id),
  );
}

export async function statusList(repo: TasksRepository, filter: StatusListFilter) {
  return (await repo.statusList(filter)).map(toTaskStatusSummary);
}

export async function statusListPage(repo: TasksRepository, filter: StatusListFilter, number: number, size: number) {
  const [rows, totalCount] = await Promise.all([repo.statusList(filter, { number, size }), repo.statusCount(filter)]);
  const totalPages = Math.ceil(totalCount / size);
  return {
    items: rows.map(toTaskStatusSummary),
    pageNumber: number,
    totalPages,
    totalCount,
    hasPreviousPage: number > 1,
    hasNextPage: number < totalPages,
  };
}

export async function taskEvents(caller: TaskCaller, taskId: string, eventType: string | undefined) {
  await taskById(caller, taskId);
  return (await caller.repo.events(taskId, eventType)).map(toAuditEvent);
}

// --- commands ---

export async function renameTask(caller: TaskCaller, taskId: string, displayName: string) {
  const name = displayName.trim();
  if (!name) throw fail(0, 'The display name must not be empty.');
  if (name.length > 255) throw fail(0, 'The display name must be at most 255 characters.');
  const task = await taskById(caller, taskId);
  if (task.display_name === name) return;
  const actor = actorOf(caller.session);
  await caller.repo.transaction(async (tx) => {
    await tx.update(taskId, { displayName: name }, actor.userId);
    await recordEvent(
      tx,
      actor,
      taskId,
      TASK_EVENT.Renamed,
      `Renamed from '${task.display_name}' to '${name}' by ${actor.label}.`,
      {
        from: task.display_name,
        to: name,
      },
    );
  });
}

/** Why a task cannot be deleted now, or null. */
function deleteRefusal(task: TaskRow, userId: string): string | null {
  if (DELETED_STATUSES.has(task.status)) return 'The task is already deleted.';
  if (IN_PROGRESS_STATUSES.has(task.status)) return 'The task is being processed; try again when the step is done.';
  if (
    checkedOutByOther(
      {
        status: task.status,
        restartCount: task.restart_count,
        lastCheckedOutBy: task.last_checked_out_by,
        lastCheckedOutUntil: task.last_checked_out_until,
        assignment: { order: null, users: [] },
      },
      userId,
    )
  ) {
    return 'Another user is reviewing the task.';
  }
  return null;
}

/** Deleting → Deleted, with both transitions in the events. Files stay until the history is purged. */
export async function markDeleted(tx: TasksRepository, session: Session, task: TaskRow) {
  const actor = actorOf(session);
  await tx.update(task.id, { status: TASK_STATUS.Deleting }, actor.userId);
  await recordStatusChange(
    tx,
    actor,
    task.id,
    task.status,
    TASK_STATUS.Deleting,
    'Deletion requested',
    TASK_EVENT.Deleted,
  );
  // A deleted task is nobody's to review: the checkout goes with it, so a recovered task is free.
  await tx.update(
    task.id,
    { status: TASK_STATUS.Deleted, deletedOn: new Date(), lastCheckedOutBy: null, lastCheckedOutUntil: null },
    actor.userId,
  );
  await recordStatusChange(
    tx,
    actor,
    task.id,
    TASK_STATUS.Deleting,
    TASK_STATUS.Deleted,
    'Deleted',
    TASK_EVENT.Deleted,
  );
}

export async function deleteTask(caller: TaskCaller, taskId: string) {
  const task = await taskById(caller, taskId);
  const refusal = deleteRefusal(task, caller.session.user.id);
  if (refusal) {
    throw fail(
      refusal.startsWith('Another') ? TaskErrorCode.CheckedOutByOtherUser : TaskErrorCode.ProcessTaskError,
      `The task cannot be deleted: ${refusal}`,
    );
  }
  await caller.repo.transaction((tx) => markDeleted(tx, caller.session, task));
}

/** SdTask/history/DeleteTaskFromHistoryAsync: only a task of the history (review over) → Deleted. */
export async function deleteFromHistory(caller: TaskCaller, taskId: string) {
  const task = await taskById(caller, taskId);
  if (!HISTORY_STATUSES.has(task.status)) {
    throw fail(
      TaskErrorCode.ProcessTaskError,
      `Only a task in the history can be deleted from it; this one is ${taskStatusText(task.status)} (${task.status}).`,
    );
  }
  await caller.repo.transaction((tx) => markDeleted(tx, caller.session, task));
}

/** Why processing cannot restart, or null. */
function restartRefusal(
  task: TaskRow,
  maxRestartCount: number,
  userId: string,
): { code: number; message: string } | null {
  if (DELETED_STATUSES.has(task.status))
    return { code: TaskErrorCode.ProcessTaskError, message: 'The task is deleted.' };
  if (IN_PROGRESS_STATUSES.has(task.status)) {
    return { code: TaskErrorCode.ProcessTaskError, message: 'The task is being processed right now.' };
  }
  if (task.status === TASK_STATUS.QueuedForPreProcessing) {
    return { code: TaskErrorCode.ProcessTaskError, message: 'The task is already queued for pre-processing.' };
  }
  if (task.restart_count >= maxRestartCount) {
    return {
      code: TaskErrorCode.ProcessTaskError,
      message: `The task was restarted ${task.restart_count} times, the most this workspace allows (maxRestartCount ${maxRestartCount}).`,
    };
  }
  if (deleteRefusal(task, userId) === 'Another user is reviewing the task.') {
    return { code: TaskErrorCode.CheckedOutByOtherUser, message: 'Another user is reviewing the task.' };
  }
  return null;
}

async function markRestarted(tx: TasksRepository, session: Session, task: TaskRow) {
  const actor = actorOf(session);
  await tx.update(
    task.id,
    {
      status: TASK_STATUS.QueuedForPreProcessing,
      restartCount: task.restart_count + 1,
      lastCheckedOutBy: null,
      lastCheckedOutUntil: null,
    },
    actor.userId,
  );
  await recordStatusChange(
    tx,
    actor,
    task.id,
    task.status,
    TASK_STATUS.QueuedForPreProcessing,
    `Processing restarted (restart ${task.restart_count + 1})`,
    TASK_EVENT.ProcessingRestarted,
  );
}

export async function restartTask(repo: TasksRepository, session: Session, task: TaskRow, maxRestartCount: number) {
  const refusal = restartRefusal(task, maxRestartCount, session.user.id);
  if (refusal) throw fail(refusal.code, `Processing cannot restart: ${refusal.message}`);
  await repo.transaction((tx) => markRestarted(tx, session, task));
  return ok(true);
}

export async function recoverTask(caller: TaskCaller, taskId: string) {
  const { repo, session } = caller;
  const task = await taskById(caller, taskId);
  if (!RECOVERABLE_STATUSES.has(task.status)) {
    throw fail(
      TaskErrorCode.ProcessTaskError,
      `Only tasks in the history or archive can be recovered; this one is ${task.status}.`,
    );
  }
  const actor = actorOf(session);
  await repo.transaction(async (tx) => {
    // Back in ToReview with no checkout (also for tasks deleted while someone held them).
    await tx.update(
      task.id,
      { status: TASK_STATUS.ToReview, deletedOn: null, lastCheckedOutBy: null, lastCheckedOutUntil: null },
      actor.userId,
    );
    await recordStatusChange(tx, actor, task.id, task.status, TASK_STATUS.ToReview, 'Recovered', TASK_EVENT.Recovered);
  });
  return ok(true);
}

export async function updateAssignment(
  caller: TaskCaller,
  taskId: string,
  order: number,
  remove: boolean,
  userIds: string[],
) {
  const { db, repo, session } = caller;
  const task = await taskById(caller, taskId);
  if (DELETED_STATUSES.has(task.status) || HISTORY_STATUSES.has(task.status)) {
    throw fail(TaskErrorCode.InvalidAssignmentState, 'A deleted or finished task cannot be assigned.');
  }
  const actor = actorOf(session);
  if (remove) {
    await repo.transaction(async (tx) => {
      await tx.setAssignment(task.id, null, [], actor.userId);
      await recordEvent(tx, actor, task.id, TASK_EVENT.AssignmentChanged, `Assignment removed by ${actor.label}.`, {
        order: null,
        userIds: [],
      });
    });
    return ok(true);
  }
  await validateAssignment(db, session, task.workspace_id, userIds, order);
  const names = Object.entries(ASSIGNMENT_ORDER).find(([, v]) => v === order)?.[0] ?? String(order);
  await repo.transaction(async (tx) => {
    await tx.setAssignment(task.id, order, userIds, actor.userId);
    await recordEvent(
      tx,
      actor,
      task.id,
      TASK_EVENT.AssignmentChanged,
      `Assigned to ${userIds.length} user(s), order ${names}, by ${actor.label}.`,
      { order, userIds },
    );
  });
  return ok(true);
}

// --- selections ---

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

function skippedResult(total: number, done: number, verb: string) {
  if (done === total) return ok(total > 0);
  return {
    succeeded: false,
    result: done > 0,
    errors: [
      {
        code: TaskErrorCode.ProcessTaskError,
        message: `${total - done} of ${total} selected tasks could not be ${verb} (deleted already, being processed or in review by someone else).`,
      },
    ],
  };
}
