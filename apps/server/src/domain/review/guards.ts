// The rules every review command checks before it changes anything: the task's status, who holds
// the checkout, and whether the task's assignment lets the caller review it now. Pure functions of
// the (locked) rows, so the tests can name each case.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { TaskRow } from '../../db/schema.js';
import {
  ASSIGNMENT_ORDER,
  DELETED_STATUSES,
  HISTORY_STATUSES,
  REVIEWABLE_STATUSES,
  taskStatusText,
} from '../tasks/flags.js';
import type { ReviewError } from './outcome.js';

/** One assignee of the task, in review order. */
export interface Assignee {
  userId: string;
  userName: string;
  hasReviewed: boolean;
}

/** The unexpired checkout of a task, or null when nobody holds one. */
export function currentHolder(task: Pick<TaskRow, 'last_checked_out_by' | 'last_checked_out_until'>, now: Date) {
  const until = task.last_checked_out_until ? new Date(task.last_checked_out_until) : null;
  if (!task.last_checked_out_by || !until || until.getTime() <= now.getTime()) return null;
  return { userId: task.last_checked_out_by, until };
}

/** Why the task cannot be reviewed in its status, or null (ToReview and InReview can). */
export function statusRefusal(status: number, action: 'check out' | 'finish' | 'save'): ReviewError | null {
  if (REVIEWABLE_STATUSES.has(status)) return null;
  const named = `${taskStatusText(status)} (${status})`;
  if (DELETED_STATUSES.has(status)) {
    return { code: TaskErrorCode.NotFound, message: `The task is deleted (${named}); recover it first.` };
  }
  if (HISTORY_STATUSES.has(status)) {
    return action === 'finish'
      ? {
          code: TaskErrorCode.AutomaticFinishReview,
          message: `The review of this task is already finished (${named}).`,
        }
      : { code: TaskErrorCode.UnknownCheckoutError, message: `The review of this task is finished (${named}).` };
  }
  return { code: TaskErrorCode.NotReadyYet, message: `The task is not ready for review yet (${named}).` };
}

/** The current assignee of a Sequence: the first one who has not reviewed yet. */
export const currentInSequence = (assignees: readonly Assignee[]) => assignees.find((a) => !a.hasReviewed);

const names = (assignees: readonly Assignee[]) => assignees.map((a) => a.userName).join(', ');

/**
 * Whether the task's assignment lets `userId` review it now, as the lists' canBeReviewed says:
 * an unassigned task is open to every reviewer; AnyUser to each assignee until one has reviewed;
 * AnyOrder to each assignee who has not reviewed yet; Sequence only to the first assignee who has
 * not reviewed yet. Not an assignee (or not the one whose turn it is) → AssignedToOtherUser (29);
 * an assignment that leaves nothing to review for the caller → InvalidAssignmentState (30).
 */
export function assignmentRefusal(
  order: number | null,
  assignees: readonly Assignee[],
  userId: string,
): ReviewError | null {
  if (assignees.length === 0) return null;
  const mine = assignees.find((a) => a.userId === userId);
  if (!mine) {
    return {
      code: TaskErrorCode.AssignedToOtherUser,
      message: `The task is assigned to ${names(assignees)}; you are not one of its assignees.`,
    };
  }
  switch (order) {
    case ASSIGNMENT_ORDER.Sequence: {
      const current = currentInSequence(assignees);
      if (!current) {
        return { code: TaskErrorCode.InvalidAssignmentState, message: 'Every assignee has already reviewed the task.' };
      }
      if (current.userId !== userId) {
        return {
          code: TaskErrorCode.AssignedToOtherUser,
          message: `The task is reviewed in sequence and it is ${current.userName}'s turn.`,
        };
      }
      return null;
    }
    case ASSIGNMENT_ORDER.AnyOrder:
      return mine.hasReviewed
        ? { code: TaskErrorCode.InvalidAssignmentState, message: 'You have already reviewed this task.' }
        : null;
    case ASSIGNMENT_ORDER.AnyUser: {
      const reviewer = assignees.find((a) => a.hasReviewed);
      return reviewer
        ? {
            code: TaskErrorCode.InvalidAssignmentState,
            message: `${reviewer.userName} has already reviewed this task (any one assignee suffices).`,
          }
        : null;
    }
    default:
      return {
        code: TaskErrorCode.InvalidAssignmentState,
        message: `The task's assignment order ${String(order)} is not AnyUser (10), AnyOrder (20) or Sequence (30).`,
      };
  }
}
