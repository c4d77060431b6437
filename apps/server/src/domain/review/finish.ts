// Viewer/Review/Finish. Refuses while another user holds the task, when the assignment does not
// let the caller review it now, when required fields are empty (HasEmptyRequiredFields 22) or values
// do not match their field's pattern (HasFieldsNotMatchingRegex 27) — the messages name the fields
// for a person, and `invalidFields` lists them (key, reason, pages) for a client.
// Otherwise it records the caller's review on their assignment and moves the task on (routing.ts):
// complete → QueuedForExport/Processed; Sequence → back to ToReview for the next assignee ("Routed
// to <name>"); AnyOrder with reviews missing → back to ToReview. The checkout is released.
// A task in ToReview that nobody holds can be finished too (the task list's finishReview action).
import { FinishInvalidFieldReason, TaskErrorCode } from '../../contract/generated/enums.js';
import { TASK_STATUS } from '../tasks/flags.js';
import { labellingAfterReview, labellingText } from '../templates/labelling.js';
import { pipelineOf } from '../workspaces/pipelines.js';
import { assigneesOf, refuseIfHeldByOther } from './checkout.js';
import {
  actorOfCaller,
  findTask,
  inTransaction,
  nowOf,
  type ReviewCaller,
  storeOf,
  type TaskReference,
  userOf,
  workspaceOf,
} from './context.js';
import { REVIEW_EVENT, recordReviewEvent, recordReviewTransition } from './events.js';
import {
  emptyRequiredMessage,
  type FieldProblem,
  notMatchingMessage,
  type ValidationOutcome,
  validateFields,
} from './field-validation.js';
import { assignmentRefusal, statusRefusal } from './guards.js';
import { type InvalidField, type ReviewError, ReviewRefusal, succeeded } from './outcome.js';
import { progressAfterReview, statusAfterReview } from './routing.js';

/** FinishReviewResult of the contract. */
export interface FinishView {
  taskId: string;
  status: number;
  reviewCompleted: boolean;
  nextTaskId: string | null;
}

/** The fields a reviewer has to fix, in the order of the errors (empty required ones, then patterns). */
export function invalidFieldsOf(checked: ValidationOutcome): InvalidField[] {
  const of = (reason: InvalidField['reason']) => (p: FieldProblem) => ({
    categoryKey: p.categoryKey,
    reason,
    pages: p.pages,
  });
  return [
    ...checked.emptyRequired.map(of(FinishInvalidFieldReason.EmptyRequired)),
    ...checked.notMatching.map(of(FinishInvalidFieldReason.NotMatchingPattern)),
  ];
}

export async function finishReview(caller: ReviewCaller, ref: TaskReference) {
  const found = await findTask(caller, ref);
  const { row: workspace, config } = await workspaceOf(caller, found);
  const completedStatus = statusAfterReview(pipelineOf(workspace));
  const me = userOf(caller);
  const actor = actorOfCaller(caller);

  const outcome = await inTransaction(caller, async ({ store, tasks }) => {
    const now = nowOf(caller);
    const task = await store.lockTask(found.id);
    if (!task) throw new ReviewRefusal(TaskErrorCode.NotFound, 'The task does not exist.');
    const bad = statusRefusal(task.status, 'finish');
    if (bad) throw new ReviewRefusal(bad.code, bad.message);
    await refuseIfHeldByOther(store, task, me, now);
    const assignees = await assigneesOf(tasks, task.id);
    const assigned = assignmentRefusal(task.assignment_order_type, assignees, me);
    if (assigned) throw new ReviewRefusal(assigned.code, assigned.message);

    const checked = validateFields(config.categories, config.requiredFields, await store.pageDocuments(task.id));
    const errors: ReviewError[] = [];
    if (checked.invalidPatterns.length > 0) {
      errors.push({
        code: TaskErrorCode.WorkspaceConfigError,
        message: `The pattern of ${checked.invalidPatterns.map((p) => p.categoryKey).join(', ')} is not a valid regular expression; fix the workspace's fields.`,
      });
    }
    if (checked.emptyRequired.length > 0) {
      errors.push({ code: TaskErrorCode.HasEmptyRequiredFields, message: emptyRequiredMessage(checked.emptyRequired) });
    }
    if (checked.notMatching.length > 0) {
      errors.push({ code: TaskErrorCode.HasFieldsNotMatchingRegex, message: notMatchingMessage(checked.notMatching) });
    }
    if (errors.length > 0) {
      const invalidFields = invalidFieldsOf(checked);
      throw ReviewRefusal.of(errors, invalidFields.length > 0 ? { invalidFields } : {});
    }

    const isAssignee = assignees.some((a) => a.userId === me);
    if (isAssignee) await store.markReviewed(task.id, me, now);
    const progress = progressAfterReview(task.assignment_order_type, assignees, me);
    const to = progress.kind === 'complete' ? completedStatus : TASK_STATUS.ToReview;
    // Release: a checkout of the caller's ends now; anyone else's (expired) stays as it was.
    const mine = task.last_checked_out_by === me;
    await store.setReviewState(
      task.id,
      {
        status: to,
        checkedOutBy: task.last_checked_out_by,
        checkedOutUntil: mine ? now : task.last_checked_out_until,
      },
      me,
      now,
    );

    const reviewed = isAssignee ? assignees.filter((a) => a.hasReviewed || a.userId === me).length : null;
    const payload = {
      reviewedBy: me,
      assignmentOrderType: task.assignment_order_type,
      ...(reviewed === null ? {} : { reviewedAssignees: reviewed, totalAssignees: assignees.length }),
    };
    const reason =
      progress.kind === 'complete'
        ? 'Review finished'
        : `Review finished by ${actor.label} (${reviewed} of ${assignees.length} assignees)`;
    if (task.status !== to) {
      await recordReviewTransition(tasks, actor, task.id, REVIEW_EVENT.Finished, reason, task.status, to, payload);
    } else {
      await recordReviewEvent(tasks, actor, task.id, REVIEW_EVENT.Finished, `${reason}.`, payload);
    }
    if (progress.kind === 'routed') {
      await recordReviewEvent(tasks, actor, task.id, REVIEW_EVENT.Routed, `Routed to ${progress.next.userName}.`, {
        to: progress.next.userId,
        toName: progress.next.userName,
      });
    } else if (progress.kind === 'waiting') {
      await recordReviewEvent(
        tasks,
        actor,
        task.id,
        REVIEW_EVENT.Routed,
        `Waiting for the review of ${progress.remaining.map((a) => a.userName).join(', ')}.`,
        { waitingFor: progress.remaining.map((a) => a.userId) },
      );
    }
    const labelled = labellingAfterReview(workspace, progress.kind === 'complete');
    if (labelled !== null && task.labelling_status !== labelled) {
      await tasks.setLabellingStatus(task.id, labelled);
      await recordReviewEvent(
        tasks,
        actor,
        task.id,
        REVIEW_EVENT.Labelled,
        `Labelled by ${actor.label}: labelling status changed from ${labellingText(task.labelling_status)} to Classified (30).`,
        { from: task.labelling_status, to: labelled },
      );
    }
    return {
      taskId: task.id,
      status: to,
      reviewCompleted: progress.kind === 'complete',
      workspaceId: task.workspace_id,
    };
  });

  const next = await storeOf(caller).nextTask(outcome.workspaceId, null, me, nowOf(caller), outcome.taskId);
  const view: FinishView = {
    taskId: outcome.taskId,
    status: outcome.status,
    reviewCompleted: outcome.reviewCompleted,
    nextTaskId: next?.id ?? null,
  };
  return succeeded(view);
}
