// Deleting tasks (also from the history) and recovering them from the history or the archive.
// A task being processed or reviewed by someone else is not deleted. Every transition writes an event.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { TasksRepository } from '../../db/repositories/tasks.js';
import type { TaskRow } from '../../db/schema.js';
import type { Session } from '../session.js';
import { actorOf } from './callers.js';
import { fail, ok } from './command-results.js';
import { recordStatusChange, TASK_EVENT } from './events.js';
import {
  checkedOutByOther,
  DELETED_STATUSES,
  HISTORY_STATUSES,
  IN_PROGRESS_STATUSES,
  RECOVERABLE_STATUSES,
  TASK_STATUS,
  taskStatusText,
} from './flags.js';
import { type TaskCaller, taskById } from './task-access.js';

/** Why a task cannot be deleted now, or null. */
export function deleteRefusal(task: TaskRow, userId: string): string | null {
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
