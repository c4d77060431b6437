/**
 * Finishing and cancelling a review (Viewer/Review/Finish, Viewer/Review/Cancel) and asking for the
 * next task, the same for every kind of task. A refused finish is read from the answer's data: its
 * TaskErrorCode and, for fields that stop it, the contract's `invalidFields` — never from the
 * errors' words.
 */
import { type ApiClient, enumCodeOf, type Schema } from '@reviewdesk/api-client';
import { ownershipLost } from './checkout-lease.js';

export type FinishReviewResult = Schema<'FinishReviewResult'>;
export type FinishInvalidFieldReason = Schema<'FinishInvalidFieldReason'>;

const AUTOMATIC_FINISH = enumCodeOf('TaskErrorCode', 'AutomaticFinishReview');
const FIELD_REFUSALS: readonly number[] = [
  enumCodeOf('TaskErrorCode', 'HasEmptyRequiredFields'),
  enumCodeOf('TaskErrorCode', 'HasFieldsNotMatchingRegex'),
];

/** What a finish request came to. */
export type FinishOutcome =
  | { kind: 'finished'; result: FinishReviewResult }
  /** Fields stop the finish: why each one, by category key. */
  | { kind: 'invalid-fields'; fields: Record<string, FinishInvalidFieldReason> }
  /** The task is no longer the reviewer's (someone else holds it, the assignment moved on). */
  | { kind: 'ownership-lost'; message: string; code?: number }
  | { kind: 'refused'; message: string; code?: number };

export interface ReviewCallTarget {
  client: ApiClient;
  taskId: string;
  externalId?: string | null;
}

/**
 * Asks the server to finish the review. `already` is the result to report when the server says the
 * review was finished automatically meanwhile (AutomaticFinishReview carries none). Network and
 * HTTP failures throw.
 */
export async function requestFinish(target: ReviewCallTarget, already: FinishReviewResult): Promise<FinishOutcome> {
  const { data } = await target.client.call('Viewer_ReviewFinish', {
    params: { path: { taskId: target.taskId }, query: { externalId: target.externalId ?? null } },
  });
  const first = data.errors[0];
  if (data.succeeded || first?.code === AUTOMATIC_FINISH) return { kind: 'finished', result: data.result ?? already };
  if (first && FIELD_REFUSALS.includes(first.code)) {
    const fields: Record<string, FinishInvalidFieldReason> = {};
    for (const field of data.invalidFields ?? []) fields[field.categoryKey] = field.reason;
    return { kind: 'invalid-fields', fields };
  }
  const refusal = { message: first?.message ?? '', code: first?.code };
  return ownershipLost(data.errors) ? { kind: 'ownership-lost', ...refusal } : { kind: 'refused', ...refusal };
}

/** Gives the review up (the checkout ends, edits already saved stay). Resolves the refusal, if any. */
export async function requestCancel(target: ReviewCallTarget): Promise<{ message: string; code?: number } | null> {
  const { data } = await target.client.call('Viewer_ReviewCancel', {
    params: { path: { taskId: target.taskId }, query: { externalId: target.externalId ?? null } },
  });
  return data.succeeded ? null : { message: data.errors[0]?.message ?? '', code: data.errors[0]?.code };
}

/** Id of the next task of the workspace (and batch) to review, null when none is left (204). */
export async function requestNextTask(
  client: ApiClient,
  workspaceId: string,
  batchId: string | null | undefined,
): Promise<string | null> {
  const { data } = await client.call('SdTask_GetNextTask', {
    params: { path: { workspaceId }, query: { batchId: batchId ?? null } },
  });
  return data?.taskId ?? null;
}
