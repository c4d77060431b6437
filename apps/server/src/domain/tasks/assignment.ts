// Who reviews a task and in which order (AssignmentOrder): checking the chosen users, changing or
// removing a task's assignment, and the assignment views of the lists. Every change writes an event.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import type { AssignmentUserRecord } from '../../db/repositories/tasks.js';
import type { Session } from '../session.js';
import { workspaceScope } from '../workspaces/access.js';
import { validUsers } from '../workspaces/members.js';
import { actorOf } from './callers.js';
import { fail, ok } from './command-results.js';
import { recordEvent, TASK_EVENT } from './events.js';
import { ASSIGNMENT_ORDER, DELETED_STATUSES, HISTORY_STATUSES } from './flags.js';
import type { AssignmentUserView } from './mappers.js';
import { type TaskCaller, taskById } from './task-access.js';

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
