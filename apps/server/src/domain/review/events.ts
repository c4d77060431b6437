// Events of the review lifecycle, written with the same shape as the other task events
// (tasks/events.ts): a sentence a person can read and the data behind it. Status changes use the
// shared wording "…: status changed from ToReview (60) to InReview (70) by <name>."
import type { TasksRepository } from '../../db/repositories/tasks.js';
import { type Actor, eventSourceOf } from '../tasks/events.js';
import { taskStatusText } from '../tasks/flags.js';

export const REVIEW_EVENT = {
  CheckedOut: 'ReviewCheckedOut',
  CheckoutRenewed: 'ReviewCheckoutRenewed',
  CheckoutTakenOver: 'ReviewCheckoutTakenOver',
  Cancelled: 'ReviewCancelled',
  Finished: 'ReviewFinished',
  Routed: 'ReviewRouted',
  DocumentSaved: 'DocumentChangesSaved',
  TranscriptSaved: 'TranscriptChangesSaved',
  DetectedFieldsCleared: 'DetectedFieldsCleared',
  /** A task of a labelling workspace was labelled (its review finished): Classified. */
  Labelled: 'LabellingChanged',
} as const;

export type ReviewEventType = (typeof REVIEW_EVENT)[keyof typeof REVIEW_EVENT];

export async function recordReviewEvent(
  tasks: TasksRepository,
  actor: Actor,
  taskId: string,
  eventType: ReviewEventType,
  description: string,
  payload: Record<string, unknown> = {},
): Promise<void> {
  await tasks.addEvent({
    taskId,
    eventType,
    description,
    payload: { ...payload, ...(actor.clientId ? { clientId: actor.clientId } : {}) },
    userId: actor.userId,
    eventSource: eventSourceOf(actor),
  });
}

/** A review event that also moves the task from one status to another. */
export function recordReviewTransition(
  tasks: TasksRepository,
  actor: Actor,
  taskId: string,
  eventType: ReviewEventType,
  reason: string,
  from: number,
  to: number,
  payload: Record<string, unknown> = {},
): Promise<void> {
  return recordReviewEvent(
    tasks,
    actor,
    taskId,
    eventType,
    `${reason}: status changed from ${taskStatusText(from)} (${from}) to ${taskStatusText(to)} (${to}) by ${actor.label}.`,
    { ...payload, from, to, fromText: taskStatusText(from), toText: taskStatusText(to) },
  );
}
