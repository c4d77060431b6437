/**
 * What the list asks the server for: the tab's call, its TaskListFilter body (search, filters,
 * sort, paging) and the SelectionRequest of bulk actions. Pure functions, so the rules are tested
 * without React and the same filters drive the list and "select all matching".
 */
import { enumCodeOf, type Schema } from '@reviewdesk/api-client';

/** The tabs of product-spec §2, in their order. */
export const TASK_LIST_TABS = ['to-review', 'my-assignments', 'processed', 'archive', 'text-search'] as const;
/** A tab of the task list. */
export type TaskListTab = (typeof TASK_LIST_TABS)[number];

/** The user's filters, as the filter panel edits them. Empty values filter nothing. */
export interface TaskFilters {
  /** Task status codes (any of). */
  statuses: readonly number[];
  /** First day (YYYY-MM-DD, local time), included. */
  createdFrom: string;
  /** Last day (YYYY-MM-DD, local time), included. */
  createdTo: string;
  batchId: string;
  /** User id of one of the task's assignees. */
  assignee: string;
  /** Part of the external id. */
  externalId: string;
  /** LabellingStatus codes (any of): tasks of labelling-and-training workspaces (product-spec §4). */
  labellingStatuses: readonly number[];
}

export const EMPTY_FILTERS: TaskFilters = {
  statuses: [],
  createdFrom: '',
  createdTo: '',
  batchId: '',
  assignee: '',
  externalId: '',
  labellingStatuses: [],
};

/** A sort the server understands (its whitelist of sortable fields). */
export interface TaskSort {
  field: string;
  descending: boolean;
}

/** Local midnight of a YYYY-MM-DD day as an ISO instant; `endOfDay` gives the last millisecond. */
function dayBoundary(day: string, endOfDay: boolean): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = endOfDay
    ? new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, 23, 59, 59, 999)
    : new Date(y ?? 0, (m ?? 1) - 1, d ?? 1);
  return date.toISOString();
}

/** The FilterItems of the user's filters, all joined with `and`. */
export function filterItems(filters: TaskFilters): Schema<'FilterItem'>[] {
  const items: Schema<'FilterItem'>[] = [];
  if (filters.statuses.length > 0) items.push({ field: 'status', operator: 'in', value: [...filters.statuses] });
  if (filters.createdFrom) {
    items.push({ field: 'createdOn', operator: 'gte', value: dayBoundary(filters.createdFrom, false) });
  }
  if (filters.createdTo)
    items.push({ field: 'createdOn', operator: 'lte', value: dayBoundary(filters.createdTo, true) });
  if (filters.batchId) items.push({ field: 'batchId', operator: 'eq', value: filters.batchId });
  if (filters.assignee) items.push({ field: 'assignedUserId', operator: 'eq', value: filters.assignee });
  const externalId = filters.externalId.trim();
  if (externalId) items.push({ field: 'externalId', operator: 'contains', value: externalId });
  if (filters.labellingStatuses.length > 0) {
    items.push({ field: 'labellingStatus', operator: 'in', value: [...filters.labellingStatuses] });
  }
  return items;
}

/** How many filters are set (for the "n filters active" badge). */
export function activeFilterCount(filters: TaskFilters): number {
  return filterItems(filters).length;
}

/** Body of the paged task lists (to-review, my-assignments, processed). */
export function listBody(input: {
  search: string;
  filters: TaskFilters;
  sort: TaskSort | null;
  pageNumber: number;
  pageSize: number;
}): Schema<'TaskListFilter'> {
  const search = input.search.trim();
  return {
    ...(search ? { filter: search } : {}),
    filters: filterItems(input.filters),
    ...(input.sort ? { sort: [{ field: input.sort.field, descending: input.sort.descending }] } : {}),
    pageNumber: input.pageNumber,
    pageSize: input.pageSize,
  };
}

/** Which list a tab's tasks live in, for SelectionRequest.type (TaskListView). */
export function listViewOf(tab: TaskListTab): number {
  return tab === 'processed' ? enumCodeOf('TaskListView', 'History') : enumCodeOf('TaskListView', 'MainTable');
}

/** Whether bulk actions apply to a tab (the archive and the text search hold no selectable list). */
export function tabAllowsSelection(tab: TaskListTab): boolean {
  return tab === 'to-review' || tab === 'my-assignments' || tab === 'processed';
}

/**
 * The SelectionRequest of a bulk action: the ticked ids, or every task of the list matching the
 * filters when the user chose "select all matching".
 */
export function selectionRequest(input: {
  workspaceId: string;
  tab: TaskListTab;
  filters: TaskFilters;
  taskIds: readonly string[];
  allMatching: boolean;
}): Schema<'SelectionRequest'> {
  return {
    workspaceId: input.workspaceId,
    type: listViewOf(input.tab) as Schema<'SelectionRequest'>['type'],
    allSelected: input.allMatching,
    taskIdList: input.allMatching ? [] : [...input.taskIds],
    filters: filterItems(input.filters),
  };
}

/** Fields the server sorts on, per column id; columns not listed are not sortable. */
export const SORT_FIELDS: Readonly<Record<string, string>> = {
  number: 'sequentialByWorkspaceId',
  displayName: 'displayName',
  status: 'status',
  labellingStatus: 'labellingStatus',
  batch: 'batchDisplayName',
  createdOn: 'createdOn',
  externalId: 'externalId',
  totalPages: 'totalPages',
  lastIntegratedOn: 'lastIntegratedOn',
  expiresOn: 'expiresOn',
};
