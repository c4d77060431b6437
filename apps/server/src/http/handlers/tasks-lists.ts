// Task lists and counts (SdTask). Thin: the rules are in domain/tasks/lists.ts and counts.ts.
import type { Permission } from '../../contract/generated/enums.js';
import { countInList, countTotal, reviewedDocuments, timeByStatus, toReviewCounts } from '../../domain/tasks/counts.js';
import { archiveBatchPage, archivePage, readyToReviewPage, taskPage } from '../../domain/tasks/lists.js';
import { defineHandlers, requires } from '../handler.js';

const LIST: readonly Permission[] = ['Task.ListView'];
const HISTORY: readonly Permission[] = ['Task.History'];
/** Per-user productivity and timings are dashboard metrics. */
const METRICS: readonly Permission[] = ['Metrics.View'];

export const taskListHandlers = defineHandlers({
  SdTask_GetWithPagination: requires(LIST, ({ params, query, body, session, services }) =>
    taskPage(services.db, session, 'main', params.workspaceId, body, query.inBatchesOnly),
  ),
  SdTask_GetMyAssignmentsWithPagination: requires(LIST, ({ params, query, body, session, services }) =>
    taskPage(services.db, session, 'mine', params.workspaceId, body, query.inBatchesOnly),
  ),
  SdTask_HistoryGetAllHistoryByWorkspaceAsync: requires(HISTORY, ({ params, body, session, services }) =>
    taskPage(services.db, session, 'history', params.workspaceId, body),
  ),
  SdTask_ArchiveGetAllArchiveByWorkspaceAsync: requires(HISTORY, ({ params, query, body, session, services }) =>
    archivePage(
      services.db,
      session,
      params.workspaceId,
      body,
      typeof query.continuationToken === 'string' ? query.continuationToken : null,
    ),
  ),
  SdTask_ArchiveGetAllByWorkspaceAndBatchWithPaginationAsync: requires(HISTORY, ({ params, body, session, services }) =>
    archiveBatchPage(services.db, session, params.workspaceId, params.batchId, body),
  ),
  SdTask_GetReadyToReview: requires(LIST, ({ body, session, services }) =>
    readyToReviewPage(services.db, session, body),
  ),
  SdTask_ProcessedTasksCountInHistory: requires(HISTORY, ({ body, session, services }) =>
    countInList(services.db, session, body),
  ),
  SdTask_CountTotal: requires(LIST, ({ query, session, services }) =>
    countTotal(services.db, session, query.workspaceIds, false),
  ),
  SdTask_CountTotalUser: requires(LIST, ({ query, session, services }) =>
    countTotal(services.db, session, query.workspaceIds, true),
  ),
  SdTask_CountReviewedDocuments: requires(METRICS, ({ query, session, services }) =>
    reviewedDocuments(services.db, session, query.workspaceIds),
  ),
  SdTask_CountTimestampByStatus: requires(METRICS, ({ query, session, services }) =>
    timeByStatus(services.db, session, query.workspaceIds),
  ),
  SdTask_GetTotalToReviewByWorkSpaceId: requires(LIST, ({ body, session, services }) =>
    toReviewCounts(services.db, session, body, false),
  ),
  SdTask_GetTotalToReviewWithDetectionsByWorkSpaceId: requires(LIST, ({ body, session, services }) =>
    toReviewCounts(services.db, session, body, true),
  ),
});
