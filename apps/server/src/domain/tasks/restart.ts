// Restarting the processing of a task: back to QueuedForPreProcessing, counted against the
// workspace's maxRestartCount. Refused while the task is processed, deleted or reviewed by another.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { TasksRepository } from '../../db/repositories/tasks.js';
import type { TaskRow } from '../../db/schema.js';
import type { Session } from '../session.js';
import { actorOf } from './callers.js';
import { fail, ok } from './command-results.js';
import { deleteRefusal } from './deletion.js';
import { recordStatusChange, TASK_EVENT } from './events.js';
import { DELETED_STATUSES, IN_PROGRESS_STATUSES, TASK_STATUS } from './flags.js';

/** Why processing cannot restart, or null. */
export function restartRefusal(
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

export async function markRestarted(tx: TasksRepository, session: Session, task: TaskRow) {
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
