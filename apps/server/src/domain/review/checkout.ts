// Checkout, renewal and cancellation of a review. A checkout gives one user the task for the
// workspace's checkoutExpireMinutes; it moves ToReview (60) → InReview (70). Each command locks the
// task row (SELECT … FOR UPDATE) and decides on what it finds, so of many simultaneous checkouts
// exactly one wins and the others see its holder (CheckedOutByOtherUser 3). An expired checkout
// belongs to nobody: anyone allowed to review may take it over.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { ReviewStore } from '../../db/repositories/review.js';
import type { TasksRepository } from '../../db/repositories/tasks.js';
import type { TaskRow } from '../../db/schema.js';
import { TASK_STATUS } from '../tasks/flags.js';
import {
  actorOfCaller,
  checkoutMinutesOf,
  findTask,
  inTransaction,
  nowOf,
  type ReviewCaller,
  type TaskReference,
  userOf,
  workspaceOf,
} from './context.js';
import { REVIEW_EVENT, recordReviewEvent, recordReviewTransition } from './events.js';
import { type Assignee, assignmentRefusal, currentHolder, statusRefusal } from './guards.js';
import { ReviewRefusal, succeeded } from './outcome.js';

/** CheckoutResult of the contract. */
export interface CheckoutView {
  taskId: string;
  checkedOutBy: string;
  checkedOutByUserName: string | null;
  until: string;
  checkoutExpireMinutes: number;
  status: number;
}

export function toCheckoutView(
  task: TaskRow,
  holder: { userId: string; until: Date },
  holderName: string | null,
  minutes: number,
): CheckoutView {
  return {
    taskId: task.id,
    checkedOutBy: holder.userId,
    checkedOutByUserName: holderName,
    until: holder.until.toISOString(),
    checkoutExpireMinutes: minutes,
    status: task.status,
  };
}

export async function assigneesOf(tasks: TasksRepository, taskId: string): Promise<Assignee[]> {
  const records = (await tasks.assignmentUsers([taskId])).get(taskId) ?? [];
  return records.map((r) => ({ userId: r.user_id, userName: r.user_name, hasReviewed: r.has_reviewed }));
}

/** Locks the task; refuses when it vanished (deleted by id meanwhile cannot happen: rows stay). */
async function locked(store: ReviewStore, taskId: string): Promise<TaskRow> {
  const row = await store.lockTask(taskId);
  if (!row) throw new ReviewRefusal(TaskErrorCode.NotFound, 'The task does not exist.');
  return row;
}

/** CheckedOutByOtherUser (3) naming the holder and until when, if someone else holds the task. */
export async function refuseIfHeldByOther(store: ReviewStore, task: TaskRow, userId: string, now: Date) {
  const holder = currentHolder(task, now);
  if (holder && holder.userId !== userId) {
    const name = (await store.userNames([holder.userId])).get(holder.userId) ?? 'another user';
    throw new ReviewRefusal(
      TaskErrorCode.CheckedOutByOtherUser,
      `The task is checked out by ${name} until ${holder.until.toISOString()}.`,
    );
  }
}

/** Viewer/Checkout: the caller takes (or extends) the checkout; ToReview → InReview. */
export async function checkout(caller: ReviewCaller, ref: TaskReference) {
  const found = await findTask(caller, ref);
  const { config } = await workspaceOf(caller, found);
  const minutes = checkoutMinutesOf(config);
  const me = userOf(caller);
  const actor = actorOfCaller(caller);
  return inTransaction(caller, async ({ store, tasks }) => {
    const now = nowOf(caller);
    const task = await locked(store, found.id);
    const bad = statusRefusal(task.status, 'check out');
    if (bad) throw new ReviewRefusal(bad.code, bad.message);
    await refuseIfHeldByOther(store, task, me, now);
    const assigned = assignmentRefusal(task.assignment_order_type, await assigneesOf(tasks, task.id), me);
    if (assigned) throw new ReviewRefusal(assigned.code, assigned.message);

    const until = new Date(now.getTime() + minutes * 60_000);
    const previous = task.last_checked_out_by;
    const updated = await store.setReviewState(
      task.id,
      { status: TASK_STATUS.InReview, checkedOutBy: me, checkedOutUntil: until },
      me,
      now,
    );
    const payload = { checkedOutBy: me, until: until.toISOString(), checkoutExpireMinutes: minutes };
    if (task.status !== TASK_STATUS.InReview) {
      await recordReviewTransition(
        tasks,
        actor,
        task.id,
        REVIEW_EVENT.CheckedOut,
        `Checked out for review until ${until.toISOString()}`,
        task.status,
        TASK_STATUS.InReview,
        payload,
      );
    } else if (previous && previous !== me) {
      const name = (await store.userNames([previous])).get(previous) ?? 'another user';
      await recordReviewEvent(
        tasks,
        actor,
        task.id,
        REVIEW_EVENT.CheckoutTakenOver,
        `${actor.label} took over the expired checkout of ${name}, until ${until.toISOString()}.`,
        { ...payload, previousHolder: previous },
      );
    } else {
      await recordReviewEvent(
        tasks,
        actor,
        task.id,
        previous ? REVIEW_EVENT.CheckoutRenewed : REVIEW_EVENT.CheckedOut,
        previous
          ? `Checkout extended by ${actor.label} until ${until.toISOString()}.`
          : `Checked out for review by ${actor.label} until ${until.toISOString()}.`,
        payload,
      );
    }
    return succeeded(toCheckoutView(updated, { userId: me, until }, actor.label, minutes));
  });
}

/**
 * Viewer/Review/Renew: only the holder extends, by checkoutExpireMinutes from now. A holder whose
 * checkout ran out may still renew while nobody else took the task.
 */
export async function renew(caller: ReviewCaller, ref: TaskReference) {
  const found = await findTask(caller, ref);
  const { config } = await workspaceOf(caller, found);
  const minutes = checkoutMinutesOf(config);
  const me = userOf(caller);
  const actor = actorOfCaller(caller);
  return inTransaction(caller, async ({ store, tasks }) => {
    const now = nowOf(caller);
    const task = await locked(store, found.id);
    await refuseIfHeldByOther(store, task, me, now);
    if (task.status !== TASK_STATUS.InReview || task.last_checked_out_by !== me) {
      throw new ReviewRefusal(
        TaskErrorCode.UnknownCheckoutError,
        'You do not hold a checkout of this task; check it out first.',
      );
    }
    const assigned = assignmentRefusal(task.assignment_order_type, await assigneesOf(tasks, task.id), me);
    if (assigned) throw new ReviewRefusal(assigned.code, assigned.message);
    const until = new Date(now.getTime() + minutes * 60_000);
    const updated = await store.setReviewState(
      task.id,
      { status: TASK_STATUS.InReview, checkedOutBy: me, checkedOutUntil: until },
      me,
      now,
    );
    await recordReviewEvent(
      tasks,
      actor,
      task.id,
      REVIEW_EVENT.CheckoutRenewed,
      `Checkout renewed by ${actor.label} until ${until.toISOString()}.`,
      { checkedOutBy: me, until: until.toISOString(), checkoutExpireMinutes: minutes },
    );
    return succeeded(toCheckoutView(updated, { userId: me, until }, actor.label, minutes));
  });
}

/**
 * Viewer/Review/Cancel: the holder releases the checkout and the task returns to ToReview; saved
 * changes stay. The release ends the checkout now (last_checked_out_by is kept as "last checked out
 * by"). `result` false: there was no checkout of the caller's to release.
 */
export async function cancel(caller: ReviewCaller, ref: TaskReference) {
  const found = await findTask(caller, ref);
  const me = userOf(caller);
  const actor = actorOfCaller(caller);
  return inTransaction(caller, async ({ store, tasks }) => {
    const now = nowOf(caller);
    const task = await locked(store, found.id);
    await refuseIfHeldByOther(store, task, me, now);
    if (task.status !== TASK_STATUS.InReview || task.last_checked_out_by !== me) return succeeded(false);
    await store.setReviewState(
      task.id,
      { status: TASK_STATUS.ToReview, checkedOutBy: me, checkedOutUntil: now },
      me,
      now,
    );
    await recordReviewTransition(
      tasks,
      actor,
      task.id,
      REVIEW_EVENT.Cancelled,
      'Review cancelled, checkout released',
      task.status,
      TASK_STATUS.ToReview,
    );
    return succeeded(true);
  });
}
