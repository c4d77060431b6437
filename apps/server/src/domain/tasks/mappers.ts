// Rows of `tasks` to the contract's shapes: TaskListItem (lists), Task (full entity) and
// TaskStatusSummary (API clients). Columns that later migrations may add (integration, stuck,
// labelling, languages, index …) are read when present and sent as null otherwise, so a query that
// selects more columns gets them mapped without touching this file.
import type { TaskRow } from '../../db/schema.js';
import {
  type AssignmentState,
  INTEGRATION_STATUS,
  integrationStatusText,
  type TaskFlags,
  type TaskViewer,
  taskFlags,
  taskStatusText,
} from './flags.js';

type DateLike = Date | string | null | undefined;

/** Columns a later migration may add to `tasks`; the mappers send them when a query selects them. */
export interface OptionalTaskColumns {
  request_id: string | null;
  clean_entities_request_id: string | null;
  pipeline_id: string | null;
  total_credits_spent: number | string | null;
  total_credits_cost: number | string | null;
  credits_mapping_id: string | null;
  labelling_status: number | null;
  pre_processing_started_on: DateLike;
  last_integrated_by: string | null;
  last_integrated_by_user_name: string | null;
  last_integrated_on: DateLike;
  last_integration_queued_on: DateLike;
  last_integration_status: number | null;
  last_stuck_status: number | null;
  last_stuck_status_modified_on: DateLike;
  processing_type: string | null;
  expires_on: DateLike;
  schedule_delete_sequence_id: string | null;
  offset_start: number | string | null;
  offset_end: number | string | null;
  is_split_source_task: boolean | null;
  language_code: string | null;
  input_language_code: string | null;
  output_language_code: string | null;
  last_finish_review_attempt_by: string | null;
  last_finish_review_attempt_by_user_name: string | null;
  last_finish_review_attempt_on: DateLike;
  index_id: string | null;
  index_service_name: string | null;
  index_status: number | null;
  last_indexed_on: DateLike;
  schedule_index_sequence_id: string | null;
  schedule_index_triggers_on: DateLike;
  summary_id: string | null;
  chatbot_service_name: string | null;
  detected_fields: Record<string, string | null> | null;
  /** Joined from users by the query (name of lastCheckedOutBy). */
  last_checked_out_by_user_name: string | null;
}

/** A task row, possibly with joined batch columns and columns of later migrations. */
export type TaskRowLike = TaskRow &
  Partial<OptionalTaskColumns> & {
    batch_display_name?: string | null;
    batch_type?: number | null;
  };

/** One assignment user as the lists show it (AssignmentUser of the contract). */
export interface AssignmentUserView {
  userId: string;
  hasReviewed: boolean;
  isValid: boolean;
  userName: string | null;
  profilePicture: string | null;
}

export interface TaskListItemContext extends TaskViewer {
  /** Assignment users of this task in review order (TasksRepository.assignmentUsers gives them). */
  assignmentUsers?: AssignmentUserView[] | undefined;
}

export const iso = (value: DateLike): string | null => {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
};
const num = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);
const orNull = <T>(value: T | null | undefined): T | null => (value === undefined ? null : value);
const asDate = (value: DateLike): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(value);

export function assignmentStateOf(row: TaskRowLike, users: AssignmentUserView[] | undefined): AssignmentState {
  return {
    order: users && users.length > 0 ? (row.assignment_order_type ?? null) : null,
    users: (users ?? []).map((u) => ({ userId: u.userId, hasReviewed: u.hasReviewed })),
  };
}

/** The four per-task flags for the caller (see flags.ts). */
export function flagsOf(row: TaskRowLike, context: TaskListItemContext): TaskFlags {
  return taskFlags(
    {
      status: row.status,
      restartCount: row.restart_count,
      lastCheckedOutBy: row.last_checked_out_by ?? null,
      lastCheckedOutUntil: asDate(row.last_checked_out_until),
      assignment: assignmentStateOf(row, context.assignmentUsers),
    },
    context,
  );
}

/** TaskListItem of the contract. */
export function toTaskListItem(row: TaskRowLike, context: TaskListItemContext) {
  const assignmentUsers = context.assignmentUsers ?? [];
  return {
    id: row.id,
    sequentialByWorkspaceId: row.sequential_by_workspace_id,
    batchId: row.batch_id,
    batchDisplayName: orNull(row.batch_display_name),
    tenantId: row.tenant_id,
    workspaceId: row.workspace_id,
    displayName: row.display_name,
    description: row.description,
    externalId: row.external_id,
    totalPages: row.total_pages,
    status: row.status,
    lastCheckedOutBy: row.last_checked_out_by ?? null,
    lastIntegratedBy: orNull(row.last_integrated_by),
    lastIntegratedByUserName: orNull(row.last_integrated_by_user_name),
    lastIntegratedOn: iso(row.last_integrated_on),
    lastIntegrationStatus: orNull(row.last_integration_status),
    createdOn: iso(row.created_on) as string,
    expiresOn: iso(row.expires_on),
    detectedFields: row.detected_fields ?? {},
    lastStuckStatus: orNull(row.last_stuck_status),
    labellingStatus: orNull(row.labelling_status),
    batchType: orNull(row.batch_type),
    isSplitSourceTask: row.is_split_source_task ?? false,
    languageCode: orNull(row.language_code),
    inputLanguageCode: orNull(row.input_language_code),
    outputLanguageCode: orNull(row.output_language_code),
    lastFinishReviewAttemptBy: orNull(row.last_finish_review_attempt_by),
    lastFinishReviewAttemptByUserName: orNull(row.last_finish_review_attempt_by_user_name),
    lastFinishReviewAttemptOn: iso(row.last_finish_review_attempt_on),
    indexStatus: orNull(row.index_status),
    scheduleIndexTriggersOn: iso(row.schedule_index_triggers_on),
    offsetStart: num(row.offset_start),
    assignmentOrderType: assignmentUsers.length > 0 ? (row.assignment_order_type ?? null) : null,
    assignmentUsers,
    ...flagsOf(row, context),
    hasEInvoiceXml: Boolean(row.einvoice_blob_id),
  };
}

/** Task (the full entity) of the contract. */
export function toTask(row: TaskRowLike) {
  return {
    taskId: row.id,
    workspaceId: row.workspace_id,
    tenantId: row.tenant_id,
    batchId: row.batch_id,
    displayName: row.display_name,
    description: row.description,
    sequentialByWorkspaceId: row.sequential_by_workspace_id,
    externalId: row.external_id,
    requestId: orNull(row.request_id),
    cleanEntitiesRequestId: orNull(row.clean_entities_request_id),
    pipelineId: orNull(row.pipeline_id),
    totalPages: row.total_pages,
    totalCreditsSpent: num(row.total_credits_spent ?? row.credits_spent),
    totalCreditsCost: num(row.total_credits_cost),
    creditsMappingId: orNull(row.credits_mapping_id),
    status: row.status,
    labellingStatus: orNull(row.labelling_status),
    restartCount: row.restart_count,
    preProcessingStartedOn: iso(row.pre_processing_started_on ?? row.processing_started_on),
    lastCheckedOutByUserName: orNull(row.last_checked_out_by_user_name),
    lastCheckedOutBy: row.last_checked_out_by ?? null,
    lastCheckedOutUntil: iso(row.last_checked_out_until),
    lastIntegratedBy: orNull(row.last_integrated_by),
    lastIntegratedOn: iso(row.last_integrated_on),
    lastIntegrationQueuedOn: iso(row.last_integration_queued_on),
    lastIntegrationStatus: orNull(row.last_integration_status),
    lastStuckStatus: orNull(row.last_stuck_status),
    lastStuckStatusModifiedOn: iso(row.last_stuck_status_modified_on),
    processingType: orNull(row.processing_type),
    expiresOn: iso(row.expires_on),
    scheduleDeleteSequenceId: orNull(row.schedule_delete_sequence_id),
    createdBy: row.created_by,
    createdOn: iso(row.created_on) as string,
    modifiedBy: row.modified_by ?? null,
    modifiedOn: iso(row.modified_on),
    offsetStart: num(row.offset_start),
    offsetEnd: num(row.offset_end),
    isSplitSourceTask: row.is_split_source_task ?? false,
    languageCode: orNull(row.language_code),
    inputLanguageCode: orNull(row.input_language_code),
    outputLanguageCode: orNull(row.output_language_code),
    lastFinishReviewAttemptBy: orNull(row.last_finish_review_attempt_by),
    lastFinishReviewAttemptByUserName: orNull(row.last_finish_review_attempt_by_user_name),
    lastFinishReviewAttemptOn: iso(row.last_finish_review_attempt_on),
    indexId: orNull(row.index_id),
    indexServiceName: orNull(row.index_service_name),
    indexStatus: orNull(row.index_status),
    lastIndexedOn: iso(row.last_indexed_on),
    scheduleIndexSequenceId: orNull(row.schedule_index_sequence_id),
    scheduleIndexTriggersOn: iso(row.schedule_index_triggers_on),
    summaryId: orNull(row.summary_id),
    chatbotServiceName: orNull(row.chatbot_service_name),
    assignmentOrderType: row.assignment_order_type ?? null,
  };
}

/** TaskStatusSummary of the contract (Status, StatusList). */
export function toTaskStatusSummary(row: TaskRowLike) {
  const integrationStatus = row.last_integration_status ?? INTEGRATION_STATUS.Never;
  return {
    taskId: row.id,
    workspaceId: row.workspace_id,
    batchId: row.batch_id,
    taskNumber: row.sequential_by_workspace_id,
    externalId: row.external_id,
    displayName: row.display_name,
    description: row.description,
    createdOn: iso(row.created_on) as string,
    taskStatus: row.status,
    totalPages: row.total_pages,
    restartCount: row.restart_count,
    integrationStatus,
    taskStatusText: taskStatusText(row.status),
    integrationStatusText: integrationStatusText(integrationStatus),
    preProcessingStartedOn: iso(row.pre_processing_started_on ?? row.processing_started_on),
    languageCode: orNull(row.language_code),
  };
}

/** TaskStatusSummaryWithAssignment (Status). */
export function toTaskStatusSummaryWithAssignment(row: TaskRowLike, assignmentUserIds: string[]) {
  return {
    ...toTaskStatusSummary(row),
    requestId: orNull(row.request_id),
    taskAssignment:
      assignmentUserIds.length > 0 && row.assignment_order_type
        ? { assignedUsers: assignmentUserIds, order: row.assignment_order_type }
        : null,
  };
}
