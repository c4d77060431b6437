/**
 * The rows of the current tab, refreshed every 10 seconds (spec §9) without flicker:
 * - the previous page stays on screen while the next one loads (placeholderData);
 * - React Query's structural sharing hands back the SAME object for every task whose data did
 *   not change, so memoised rows skip rendering; a refresh with nothing new renders no row.
 * Each tab calls its own operation; the answers are brought to one row shape by stable `select`
 * functions (module level, so their results are shared structurally as well).
 */
import {
  type ApiCallError,
  type ApiClient,
  enumCodeOf,
  type Schema,
  TASK_LIST_REFRESH_INTERVAL_MS,
} from '@reviewdesk/api-client';
import { keepPreviousData, replaceEqualDeep, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { listBody, type TaskFilters, type TaskListTab, type TaskSort } from '../model/query';

/** One row of the list: a task list item, plus what the text search says when it came from there. */
export type TaskRowData = Schema<'TaskListItem'> & {
  /** The task's best matching passages, best first. */
  matches?: Schema<'IndexSearchMatch'>[];
  /** How many of the task's passages match (more than `matches` may hold). */
  matchCount?: number;
  /** The hit is a task of the history (it opens read-only there). */
  fromHistory?: boolean;
};

/** A page of rows and where it stands. */
export interface TaskPage {
  items: TaskRowData[];
  pageNumber: number;
  /** Unknown (null) for the archive, which pages with continuation tokens. */
  totalPages: number | null;
  totalCount: number | null;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
  /** The token of the next archive page. */
  continuationToken: string | null;
}

function fromPagedList(page: Schema<'PageOfTaskListItem'>): TaskPage {
  return {
    items: page.items,
    pageNumber: page.pageNumber,
    totalPages: page.totalPages,
    totalCount: page.totalCount,
    hasPreviousPage: page.hasPreviousPage,
    hasNextPage: page.hasNextPage,
    continuationToken: null,
  };
}

/** An archived task as a row: nothing can be done to it but recover, events and the dashboard. */
export function archivedRow(task: Schema<'Task'>): TaskRowData {
  return {
    id: task.taskId,
    sequentialByWorkspaceId: task.sequentialByWorkspaceId,
    batchId: task.batchId ?? null,
    tenantId: task.tenantId,
    workspaceId: task.workspaceId,
    displayName: task.displayName,
    description: task.description ?? null,
    externalId: task.externalId ?? null,
    totalPages: task.totalPages,
    status: task.status,
    createdOn: task.createdOn,
    expiresOn: task.expiresOn ?? null,
    isSplitSourceTask: task.isSplitSourceTask,
    languageCode: task.languageCode ?? null,
    lastIntegratedOn: task.lastIntegratedOn ?? null,
    assignmentOrderType: task.assignmentOrderType ?? null,
    assignmentUsers: [],
    canBeReviewed: false,
    canBeExported: false,
    canBeDeleted: false,
    canBeReprocessed: false,
  };
}

function fromArchive(page: Schema<'ContinuationListOfTask'>, pageNumber: number): TaskPage {
  return {
    items: page.items.map(archivedRow),
    pageNumber,
    totalPages: null,
    totalCount: null,
    hasPreviousPage: pageNumber > 1,
    hasNextPage: page.continuationToken !== null,
    continuationToken: page.continuationToken,
  };
}

/** A text-search hit as a row; opening it works, list actions need the task's own list. */
export function searchHitRow(hit: Schema<'IndexSearchHit'>, tenantId = ''): TaskRowData {
  return {
    id: hit.taskId,
    sequentialByWorkspaceId: hit.sequentialByWorkspaceId ?? 0,
    batchId: hit.batchId ?? null,
    batchDisplayName: hit.batchDisplayName ?? null,
    tenantId,
    workspaceId: hit.workspaceId,
    displayName: hit.displayName,
    totalPages: 0,
    status: hit.status ?? enumCodeOf('TaskStatus', 'ToReview'),
    createdOn: hit.createdOn ?? '',
    isSplitSourceTask: false,
    canBeReviewed: false,
    canBeExported: false,
    canBeDeleted: false,
    canBeReprocessed: false,
    matches: hit.matches,
    matchCount: hit.matchCount ?? hit.matches.length,
    fromHistory: hit.fromHistory ?? false,
  };
}

const selectPaged = fromPagedList;
const selectSearch = (page: Schema<'PageOfIndexSearchHit'>): TaskPage => ({
  ...fromPagedList({ ...page, items: [] }),
  items: page.items.map((hit) => searchHitRow(hit)),
});

/** What the list asks for. */
export interface TaskPageRequest {
  workspaceId: string;
  tab: TaskListTab;
  search: string;
  filters: TaskFilters;
  sort: TaskSort | null;
  pageNumber: number;
  pageSize: number;
  /** The archive page's continuation token (null for its first page). */
  archiveToken: string | null;
  /** @default 10 000 ms (spec §9) */
  refreshIntervalMs?: number;
}

type PageQueryOptions = UseQueryOptions<unknown, ApiCallError, TaskPage, readonly unknown[]>;

const pageNumberOf = (data: unknown) =>
  data !== null && typeof data === 'object' && 'pageNumber' in data ? data.pageNumber : undefined;

/**
 * Structural sharing between two answers for the same page only. A refresh keeps every unchanged
 * task object, so memoised rows skip rendering; on a page change the selected rows are compared
 * with the previous page's (React Query shares a `select` result with the one before it, whatever
 * query it came from), which finds nothing to keep and cost the click a deep walk of both pages.
 */
export function shareWithinPage(previous: unknown, next: unknown): unknown {
  return pageNumberOf(previous) === pageNumberOf(next) ? replaceEqualDeep(previous, next) : next;
}

/** The query options of a tab's page (exported for prefetching and tests). */
export function taskPageQueryOptions(api: ApiClient, request: TaskPageRequest): PageQueryOptions {
  const { workspaceId, tab } = request;
  const body = listBody(request);
  const common = {
    placeholderData: keepPreviousData,
    refetchInterval: request.refreshIntervalMs ?? TASK_LIST_REFRESH_INTERVAL_MS,
    refetchIntervalInBackground: false,
    structuralSharing: shareWithinPage,
    enabled: Boolean(workspaceId),
  };
  switch (tab) {
    case 'to-review':
      return {
        ...api.queryOptions('post', '/api/v{version}/SdTask/GetWithPagination/{workspaceId}', {
          params: { path: { workspaceId }, query: { inBatchesOnly: false } },
          body,
        }),
        select: selectPaged,
        ...common,
      } as PageQueryOptions;
    case 'my-assignments':
      return {
        ...api.queryOptions('post', '/api/v{version}/SdTask/GetMyAssignmentsWithPagination/{workspaceId}', {
          params: { path: { workspaceId }, query: { inBatchesOnly: false } },
          body,
        }),
        select: selectPaged,
        ...common,
      } as PageQueryOptions;
    case 'processed':
      return {
        ...api.queryOptions('post', '/api/v{version}/SdTask/history/GetAllHistoryByWorkspaceAsync/{workspaceId}', {
          params: { path: { workspaceId } },
          body,
        }),
        select: selectPaged,
        ...common,
      } as PageQueryOptions;
    case 'archive': {
      const pageNumber = request.pageNumber;
      return {
        ...api.queryOptions('post', '/api/v{version}/SdTask/archive/GetAllArchiveByWorkspaceAsync/{workspaceId}', {
          params: { path: { workspaceId }, query: { continuationToken: request.archiveToken } },
          body: { filter: body.filter, filters: body.filters, sort: body.sort, pageSize: request.pageSize },
        }),
        // The page number is not in the answer; it travels in the select's closure, and a new
        // closure per page is fine because the key changes with the token anyway.
        select: (page: Schema<'ContinuationListOfTask'>) => fromArchive(page, pageNumber),
        ...common,
      } as PageQueryOptions;
    }
    case 'text-search':
      return {
        ...api.queryOptions('get', '/api/v{version}/Index/Search', {
          params: {
            query: {
              Search: request.search.trim(),
              WorkspaceId: workspaceId,
              PageNumber: request.pageNumber,
              PageSize: request.pageSize,
            },
          },
        }),
        select: selectSearch,
        ...common,
        // Searching for nothing would list nothing; wait for words.
        enabled: Boolean(workspaceId) && request.search.trim().length > 0,
      } as PageQueryOptions;
  }
}

/** The current page of the list (see the module comment for how refreshes stay cheap). */
export function useTaskPage(api: ApiClient, request: TaskPageRequest) {
  return useQuery(taskPageQueryOptions(api, request));
}
