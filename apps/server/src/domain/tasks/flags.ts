// Task statuses and what the current user may do with a task (the per-task flags of the lists:
// canBeReviewed, canBeExported, canBeDeleted, canBeReprocessed). Derived from the status, the
// assignment, the checkout and the caller's abilities — never stored.

/** TaskStatus of the contract (the fuller reading: ExportFailed 92, ExportSuccessful 93). */
export const TASK_STATUS = {
  Deleting: 19,
  Deleted: 20,
  QueuedForPreProcessing: 30,
  PreProcessingInProgress: 31,
  PreProcessingFailed: 32,
  PreProcessingDownloadFailed: 33,
  PreProcessingSuccessful: 34,
  PreProcessingGetPagesFailed: 35,
  PreProcessingInsufficientVolume: 36,
  PreProcessingLicenseExpired: 37,
  PreProcessingSplittingInProgress: 38,
  PreProcessingSplittingFailed: 39,
  QueuedForRecognizing: 40,
  RecognizingInProgress: 41,
  RecognizingFailed: 42,
  RecognizingSuccessful: 43,
  QueuedForPostProcessing: 50,
  PostProcessingInProgress: 51,
  PostProcessingFailed: 52,
  PostProcessingSuccessful: 53,
  PostProcessingSharePointUploadingFailedAccessLock: 54,
  ToReview: 60,
  InReview: 70,
  QueuedForExport: 90,
  ExportInProgress: 91,
  ExportFailed: 92,
  ExportSuccessful: 93,
  Processed: 100,
  SplitProcessed: 101,
  ProcessedAfterPeriodAndDeletedFiles: 110,
  ValidationErrorInvalidDimensions: 400,
  GlobalGlossaryDownloadFailedError: 401,
  GlossaryDownloadFailedError: 402,
  GlossaryInvalidError: 403,
  GlobalGlossaryInvalidError: 404,
  PreProcessingConvertToPdfFailed: 405,
  PreProcessingFileLengthCountFailed: 406,
  PreProcessingUnknownLicenseError: 407,
} as const;

export type TaskStatusName = keyof typeof TASK_STATUS;

const STATUS_NAMES = new Map<number, TaskStatusName>(
  Object.entries(TASK_STATUS).map(([name, value]) => [value, name as TaskStatusName]),
);

/** "ToReview" for 60; the number itself for a status the contract does not know. */
export function taskStatusText(status: number): string {
  return STATUS_NAMES.get(status) ?? String(status);
}

export const INTEGRATION_STATUS = { Never: 1, Queued: 2, Successful: 3, Failed: 4 } as const;
const INTEGRATION_NAMES = new Map<number, string>(Object.entries(INTEGRATION_STATUS).map(([n, v]) => [v, n]));
export const integrationStatusText = (status: number): string => INTEGRATION_NAMES.get(status) ?? String(status);

export const ASSIGNMENT_ORDER = { AnyUser: 10, AnyOrder: 20, Sequence: 30 } as const;

/** A worker holds the task right now; commands that would pull the rug wait until it is done. */
export const IN_PROGRESS_STATUSES: ReadonlySet<number> = new Set([
  TASK_STATUS.PreProcessingInProgress,
  TASK_STATUS.PreProcessingSplittingInProgress,
  TASK_STATUS.RecognizingInProgress,
  TASK_STATUS.PostProcessingInProgress,
  TASK_STATUS.ExportInProgress,
]);

export const DELETED_STATUSES: ReadonlySet<number> = new Set([TASK_STATUS.Deleting, TASK_STATUS.Deleted]);

/** The machine result exists and a person may work on it. */
export const REVIEWABLE_STATUSES: ReadonlySet<number> = new Set([TASK_STATUS.ToReview, TASK_STATUS.InReview]);

/** Statuses of the history list (TaskListView History): review is over. */
export const HISTORY_STATUSES: ReadonlySet<number> = new Set([
  TASK_STATUS.QueuedForExport,
  TASK_STATUS.ExportFailed,
  TASK_STATUS.ExportSuccessful,
  TASK_STATUS.Processed,
  TASK_STATUS.SplitProcessed,
  TASK_STATUS.ProcessedAfterPeriodAndDeletedFiles,
]);

/** A result exists that can be exported. */
export const EXPORTABLE_STATUSES: ReadonlySet<number> = new Set([
  TASK_STATUS.ToReview,
  TASK_STATUS.InReview,
  TASK_STATUS.ExportFailed,
  TASK_STATUS.ExportSuccessful,
  TASK_STATUS.Processed,
]);

/** Recover brings these back to ToReview: the history (review finished) and deleted tasks (archive). */
export const RECOVERABLE_STATUSES: ReadonlySet<number> = new Set([
  TASK_STATUS.Deleted,
  TASK_STATUS.ExportFailed,
  TASK_STATUS.ExportSuccessful,
  TASK_STATUS.Processed,
]);

export interface AssignmentState {
  /** AssignmentOrder, null when the task is not assigned. */
  order: number | null;
  /** In review order. */
  users: ReadonlyArray<{ userId: string; hasReviewed: boolean }>;
}

export interface TaskFlagInput {
  status: number;
  restartCount: number;
  lastCheckedOutBy: string | null;
  lastCheckedOutUntil: Date | null;
  assignment: AssignmentState;
}

export interface TaskViewer {
  userId: string;
  abilities: ReadonlySet<string>;
  /** The workspace's maxRestartCount when known (reprocessing is refused at the limit). */
  maxRestartCount?: number | undefined;
  now?: Date | undefined;
}

export interface TaskFlags {
  canBeReviewed: boolean;
  canBeExported: boolean;
  canBeDeleted: boolean;
  canBeReprocessed: boolean;
}

/** Another user holds an unexpired checkout. */
export function checkedOutByOther(task: TaskFlagInput, userId: string, now = new Date()): boolean {
  return (
    task.lastCheckedOutBy !== null &&
    task.lastCheckedOutBy !== userId &&
    task.lastCheckedOutUntil !== null &&
    task.lastCheckedOutUntil.getTime() > now.getTime()
  );
}

/**
 * Whether the assignment lets this user review: unassigned tasks are open to every reviewer;
 * AnyUser and AnyOrder to each assigned user who has not reviewed yet; Sequence only to the first
 * assigned user who has not reviewed yet.
 */
export function assignmentAllows(assignment: AssignmentState, userId: string): boolean {
  if (assignment.order === null || assignment.users.length === 0) return true;
  if (assignment.order === ASSIGNMENT_ORDER.AnyUser && assignment.users.some((u) => u.hasReviewed)) return false;
  if (assignment.order === ASSIGNMENT_ORDER.Sequence) {
    return assignment.users.find((u) => !u.hasReviewed)?.userId === userId;
  }
  return assignment.users.some((u) => u.userId === userId && !u.hasReviewed);
}

export function taskFlags(task: TaskFlagInput, viewer: TaskViewer): TaskFlags {
  const now = viewer.now ?? new Date();
  const can = (ability: string) => viewer.abilities.has(ability);
  const heldByOther = checkedOutByOther(task, viewer.userId, now);
  const busy = IN_PROGRESS_STATUSES.has(task.status);
  const deleted = DELETED_STATUSES.has(task.status);
  const underLimit = viewer.maxRestartCount === undefined || task.restartCount < viewer.maxRestartCount;
  return {
    canBeReviewed:
      can('Task.Review') &&
      REVIEWABLE_STATUSES.has(task.status) &&
      !heldByOther &&
      assignmentAllows(task.assignment, viewer.userId),
    canBeExported: can('Task.View') && EXPORTABLE_STATUSES.has(task.status),
    canBeDeleted: can('Task.Delete') && !deleted && !busy && !heldByOther,
    canBeReprocessed:
      can('Task.ReprocessMany') &&
      !deleted &&
      !busy &&
      !heldByOther &&
      task.status !== TASK_STATUS.QueuedForPreProcessing &&
      underLimit,
  };
}
