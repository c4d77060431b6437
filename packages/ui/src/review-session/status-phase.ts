/**
 * What a review screen can do with a task in a given status, the same for documents and
 * recordings: still in the pipeline, failed, reviewable, or past review.
 */
import { enumCodeOf } from '@reviewdesk/api-client';

/** Task statuses that decide what a review screen shows. */
export const ReviewStatus = {
  ToReview: enumCodeOf('TaskStatus', 'ToReview'),
  InReview: enumCodeOf('TaskStatus', 'InReview'),
} as const;

// Every *Failed / *Error status of spec §4 plus the validation and glossary errors (400–407).
const FAILED_STATUSES = new Set<number>([
  32, 33, 35, 36, 37, 39, 42, 52, 54, 92, 400, 401, 402, 403, 404, 405, 406, 407,
]);

/** What a review screen can do with a task in this status. */
export type StatusPhase = 'processing' | 'failed' | 'review' | 'done';

/** Classifies a task status: still in the pipeline, failed, reviewable, or past review. */
export function statusPhase(status: number): StatusPhase {
  if (FAILED_STATUSES.has(status)) return 'failed';
  if (status === ReviewStatus.ToReview || status === ReviewStatus.InReview) return 'review';
  if (status < ReviewStatus.ToReview) return 'processing';
  return 'done';
}
