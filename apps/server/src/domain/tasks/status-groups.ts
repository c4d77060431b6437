// Status groups of product-spec §4 for the lists and counts, built on the statuses of flags.ts so
// every module draws the same lines.
//
// Where a task is listed (a task belongs to exactly one list, TaskListView):
// - history: flags.ts HISTORY_STATUSES — review is over (QueuedForExport, ExportFailed,
//   ExportSuccessful, Processed, SplitProcessed, ProcessedAfterPeriodAndDeletedFiles);
// - archive: Deleted 20 — deleted tasks, which Recover can bring back;
// - main table: everything else except Deleting 19.
import { DELETED_STATUSES as DELETED, HISTORY_STATUSES as HISTORY, TASK_STATUS } from './flags.js';

export { TASK_STATUS };

export const ALL_STATUSES: readonly number[] = Object.values(TASK_STATUS);
const S = TASK_STATUS;

export const DELETED_STATUSES: readonly number[] = [...DELETED];
export const HISTORY_STATUSES: readonly number[] = [...HISTORY];
export const ARCHIVE_STATUSES: readonly number[] = [S.Deleted];
export const MAIN_TABLE_STATUSES: readonly number[] = ALL_STATUSES.filter((s) => !DELETED.has(s) && !HISTORY.has(s));

/**
 * Dashboard stages (TaskCounts). "Processing" is work the machine still does or is about to do:
 * queued, in progress, or a successful step waiting for the next one (pre-processing, recognizing,
 * post-processing, export). Failed statuses belong to no stage but count in the total.
 */
export const PROCESSING_STATUSES: readonly number[] = [
  S.QueuedForPreProcessing,
  S.PreProcessingInProgress,
  S.PreProcessingSuccessful,
  S.PreProcessingSplittingInProgress,
  S.QueuedForRecognizing,
  S.RecognizingInProgress,
  S.RecognizingSuccessful,
  S.QueuedForPostProcessing,
  S.PostProcessingInProgress,
  S.PostProcessingSuccessful,
  S.QueuedForExport,
  S.ExportInProgress,
  S.ExportSuccessful,
];
export const TO_REVIEW_STATUSES: readonly number[] = [S.ToReview];
export const IN_REVIEW_STATUSES: readonly number[] = [S.InReview];
export const PROCESSED_STATUSES: readonly number[] = [
  S.Processed,
  S.SplitProcessed,
  S.ProcessedAfterPeriodAndDeletedFiles,
];
/** The total counts every task that is not being or has not been deleted. */
export const COUNTED_STATUSES: readonly number[] = ALL_STATUSES.filter((s) => !DELETED.has(s));

/** `ToReview` → 60, `"60"` → 60, 60 → 60; undefined for anything else. */
export function statusCode(value: string | number): number | undefined {
  if (typeof value === 'number') return ALL_STATUSES.includes(value) ? value : undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return statusCode(Number(trimmed));
  const byName = Object.entries(TASK_STATUS).find(([name]) => name.toLowerCase() === trimmed.toLowerCase());
  return byName?.[1];
}
