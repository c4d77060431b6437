// Where a task goes when a review is finished. With no assignment, or AnyUser, one review completes
// it. AnyOrder waits until every assignee has reviewed; Sequence hands the task to the next assignee
// in order. A completed task moves on as its workspace's pipeline says: to QueuedForExport (90) when
// the pipeline has integration steps (the integration worker takes it from there), else straight to
// Processed (100).
import { ASSIGNMENT_ORDER, TASK_STATUS } from '../tasks/flags.js';
import type { PipelineIds } from '../workspaces/pipelines.js';
import { type Assignee, currentInSequence } from './guards.js';

export type ReviewProgress =
  | { kind: 'complete' }
  /** Sequence: the task returns to ToReview for `next`. */
  | { kind: 'routed'; next: Assignee }
  /** AnyOrder: the task returns to ToReview for the assignees who have not reviewed. */
  | { kind: 'waiting'; remaining: Assignee[] };

export function progressAfterReview(
  order: number | null,
  assignees: readonly Assignee[],
  reviewerId: string,
): ReviewProgress {
  if (assignees.length === 0 || order === ASSIGNMENT_ORDER.AnyUser) return { kind: 'complete' };
  const after = assignees.map((a) => (a.userId === reviewerId ? { ...a, hasReviewed: true } : a));
  if (order === ASSIGNMENT_ORDER.Sequence) {
    const next = currentInSequence(after);
    return next ? { kind: 'routed', next } : { kind: 'complete' };
  }
  const remaining = after.filter((a) => !a.hasReviewed);
  return remaining.length > 0 ? { kind: 'waiting', remaining } : { kind: 'complete' };
}

/** The status of a task whose review is complete. */
export function statusAfterReview(pipeline: Pick<PipelineIds, 'integrationStepIds'>): number {
  return pipeline.integrationStepIds.length > 0 ? TASK_STATUS.QueuedForExport : TASK_STATUS.Processed;
}
