// Task lists and counts (SdTask). Thin: the rules are in domain/tasks/lists.ts and counts.ts.
import { countInList, countTotal, reviewedDocuments, timeByStatus, toReviewCounts } from '../../domain/tasks/counts.js';
import {
  archiveBatchPage,
  archivePage,
  readyToReviewPage,
  type TaskListRequest,
  taskPage,
} from '../../domain/tasks/lists.js';
import { type HandlerMap, requires } from '../handler.js';

const LIST = ['Task.ListView'];
const HISTORY = ['Task.History'];
/** Per-user productivity and timings are dashboard metrics. */
const METRICS = ['Metrics.View'];

/** Repeated query argument: Fastify gives a string for one value and an array for several. */
const many = (value: unknown): string[] | undefined =>
  value === undefined ? undefined : (Array.isArray(value) ? value : [value]).map(String);
const flag = (value: unknown) => value === true || value === 'true';

export const taskListHandlers: HandlerMap = {
  SdTask_GetWithPagination: requires(LIST, ({ params, query, body, session, services }) =>
    taskPage(
      services.db,
      session,
      'main',
      String(params.workspaceId),
      body as TaskListRequest,
      flag(query.inBatchesOnly),
    ),
  ),
  SdTask_GetMyAssignmentsWithPagination: requires(LIST, ({ params, query, body, session, services }) =>
    taskPage(
      services.db,
      session,
      'mine',
      String(params.workspaceId),
      body as TaskListRequest,
      flag(query.inBatchesOnly),
    ),
  ),
  SdTask_HistoryGetAllHistoryByWorkspaceAsync: requires(HISTORY, ({ params, body, session, services }) =>
    taskPage(services.db, session, 'history', String(params.workspaceId), body as TaskListRequest),
  ),
  SdTask_ArchiveGetAllArchiveByWorkspaceAsync: requires(HISTORY, ({ params, query, body, session, services }) =>
    archivePage(
      services.db,
      session,
      String(params.workspaceId),
      body as TaskListRequest,
      typeof query.continuationToken === 'string' ? query.continuationToken : null,
    ),
  ),
  SdTask_ArchiveGetAllByWorkspaceAndBatchWithPaginationAsync: requires(HISTORY, ({ params, body, session, services }) =>
    archiveBatchPage(services.db, session, String(params.workspaceId), String(params.batchId), body as TaskListRequest),
  ),
  SdTask_GetReadyToReview: requires(LIST, ({ body, session, services }) =>
    readyToReviewPage(services.db, session, body as { workspaceIds?: string[]; pageNumber: number; pageSize: number }),
  ),
  SdTask_ProcessedTasksCountInHistory: requires(HISTORY, ({ body, session, services }) =>
    countInList(services.db, session, body as { workspaceId: string; filters?: unknown; type: number }),
  ),
  SdTask_CountTotal: requires(LIST, ({ query, session, services }) =>
    countTotal(services.db, session, many(query.workspaceIds), false),
  ),
  SdTask_CountTotalUser: requires(LIST, ({ query, session, services }) =>
    countTotal(services.db, session, many(query.workspaceIds), true),
  ),
  SdTask_CountReviewedDocuments: requires(METRICS, ({ query, session, services }) =>
    reviewedDocuments(services.db, session, many(query.workspaceIds)),
  ),
  SdTask_CountTimestampByStatus: requires(METRICS, ({ query, session, services }) =>
    timeByStatus(services.db, session, many(query.workspaceIds)),
  ),
  SdTask_GetTotalToReviewByWorkSpaceId: requires(LIST, ({ body, session, services }) =>
    toReviewCounts(services.db, session, body as string[], false),
  ),
  SdTask_GetTotalToReviewWithDetectionsByWorkSpaceId: requires(LIST, ({ body, session, services }) =>
    toReviewCounts(services.db, session, body as string[], true),
  ),
};
