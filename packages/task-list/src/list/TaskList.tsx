/**
 * `<TaskList>`: the tabs of a workspace's tasks with server-side paging, sort, search and
 * filters, user-chosen columns, counts, row and bulk actions, and the import dialog.
 * Everything stateful is created per mount (stores, upload manager); the host's props win.
 * This file composes; the parts live beside it: the store (`useTaskListStore`), the columns
 * (`useTaskListColumns`), the page with the next one ahead (`useListedPage`), the import flow
 * (`useImportFlow`), the toolbar, the body states, the table, the bulk actions (`useBulkActions`)
 * and the dialogs.
 */
import type { ApiCallError } from '@reviewdesk/api-client';
import { PermissionDeniedState, Tabs, useApiClient, useCan } from '@reviewdesk/ui';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type RowDialog, useRowActionHandler } from '../actions/useRowActionHandler';
import { BulkBar } from '../bulk/BulkBar';
import { BulkDialogsHost } from '../bulk/BulkDialogsHost';
import { useBulkActions } from '../bulk/useBulkActions';
import type { TaskPageRequest, TaskRowData } from '../data/useTaskPage';
import { RowDialogs } from '../dialogs/TaskListDialogs';
import type { OpenTaskEvent, SelectionChangeEvent, TaskImportedEvent } from '../events';
import { useTaskListStrings, useTaskListTranslation } from '../i18n/resources';
import { ImportDialog } from '../import/ImportDialog';
import { useImportFlow } from '../import/useImportFlow';
import { availableBulkActions } from '../model/bulkActions';
import { SUPPORTS_EVERYTHING, type SupportsOperation, TAB_OPERATIONS } from '../model/operations';
import {
  selectionRequest,
  TASK_LIST_TABS,
  type TaskFilters,
  type TaskListTab,
  tabAllowsSelection,
} from '../model/query';
import {
  isAnonymisationTaskType,
  isLabellingTaskType,
  isMediaTaskType,
  isShareableTaskType,
  type TaskType,
} from '../model/taskKinds';
import { useDateFormatter } from '../shared/useDateFormatter';
import type { ColumnStorage } from '../state/columnPreferences';
import { TaskListToolbar } from '../toolbar/TaskListToolbar';
import { useFolderMonitorDownload } from '../toolbar/useFolderMonitorDownload';
import { CountsHeader } from './CountsHeader';
import { useCellLabels } from './cellLabels';
import type { CellContext } from './columns';
import { DiagnosticsContext, type TaskListDiagnostics } from './diagnostics';
import { RowContext, type TaskListRowContext } from './listContext';
import { Pager } from './Pager';
import { TaskListBody } from './TaskListBody';
import { TaskTable } from './TaskTable';
import { useListedPage } from './useListedPage';
import { useTaskListColumns } from './useTaskListColumns';
import { useTaskListStore } from './useTaskListStore';

/** Props of {@link TaskList}. */
export interface TaskListProps {
  /** The workspace whose tasks are listed. */
  workspaceId: string;
  /** The tab shown, when the host controls it (e.g. from the URL). */
  tab?: TaskListTab;
  /** The first tab when uncontrolled. @default 'to-review' */
  defaultTab?: TaskListTab;
  /** Rows per page at start. @default 25 */
  pageSize?: number;
  /** How often the list and counts refresh, ms. @default 10 000 (spec §9) */
  refreshIntervalMs?: number;
  /**
   * The bearer token for resumable uploads (`/files/`, outside `/api`, so the api client does not
   * carry it). Without it the import dialog uploads without a token and the server refuses.
   * @example getAccessToken={auth.getAccessToken}
   */
  getAccessToken?: () => string | undefined | null | Promise<string | undefined | null>;
  /** The tus endpoint. @default `${client.baseUrl}/files/` */
  uploadEndpoint?: string;
  /** Where the chosen columns persist, per workspace. `null` keeps them in memory. @default localStorage */
  columnsStorage?: ColumnStorage | null;
  /** The user whose column choice is remembered. @default the provider's preferences user */
  userId?: string | null;
  /**
   * The address of a task, so its name is a real link (open in a new tab, copy the address); a
   * plain click still calls `onOpenTask`. Route by `taskType`/`media` as `onOpenTask` does.
   * Without it names are buttons. Pass a stable function: a new one renders every row again.
   * @example taskHref={(task) => `/task/viewer${task.media ? '/transcripts' : ''}?taskId=${task.taskId}`}
   */
  taskHref?: (task: OpenTaskEvent) => string | undefined;
  /**
   * Whether the server implements an operation (by OpenAPI operationId, e.g. `Index_Search`), from
   * the server's capabilities. Tabs, row and bulk actions and the import whose operation is not
   * implemented are not offered. Pass a stable function. @default every operation is supported
   */
  supports?: SupportsOperation;
  /**
   * Filters set when the list mounts, e.g. `{ batchId }` to show a batch's tasks opened from the
   * batch list. @default none
   */
  initialFilters?: Partial<TaskFilters>;
  /**
   * A task was opened (row "view" action, its name, or the import's "open"). The event carries the
   * workspace's `taskType` and `media`: open a recording in the transcript editor, not the
   * document viewer.
   */
  onOpenTask?: (event: OpenTaskEvent) => void;
  /** The selection changed. */
  onSelectionChange?: (event: SelectionChangeEvent) => void;
  /** The tab changed (uncontrolled tabs change by themselves; controlled ones only report). */
  onTabChange?: (tab: TaskListTab) => void;
  /** A file became a task. */
  onTaskImported?: (event: TaskImportedEvent) => void;
  /** A call failed (the list also shows it). */
  onError?: (error: ApiCallError | Error) => void;
  /** Measuring hooks (row render counts) for benchmarks and tests. */
  diagnostics?: TaskListDiagnostics;
  className?: string;
}

/**
 * The task list of a workspace.
 * @example
 * <ReviewdeskProvider client={api} locale="en" abilities={abilities}>
 *   <TaskList workspaceId={id} getAccessToken={auth.getAccessToken} onOpenTask={({ taskId }) => navigate(`/task/viewer?taskId=${taskId}`)} />
 * </ReviewdeskProvider>
 */
export function TaskList(props: TaskListProps) {
  useTaskListStrings();
  const can = useCan();
  if (!can('Task.ListView')) {
    return (
      <div className="rd-task-list" data-testid="task-list">
        <PermissionDeniedState />
      </div>
    );
  }
  return <TaskListView {...props} />;
}

/** What the host learns about a task it opens (or links to). */
function openEvent(task: TaskRowData, tab: TaskListTab, taskType: TaskType | null): OpenTaskEvent {
  // A text-search hit opens where its best passage is.
  const match = task.matches?.[0];
  return {
    taskId: task.id,
    workspaceId: task.workspaceId,
    displayName: task.displayName,
    fromHistory: tab === 'archive' || tab === 'processed' || task.fromHistory === true,
    taskType,
    media: isMediaTaskType(taskType),
    ...(match
      ? {
          pageNumber: match.pageNumber ?? null,
          startTimeSeconds: match.startTimeSeconds ?? null,
          matchedWords: match.exactText ?? null,
        }
      : {}),
  };
}

function TaskListView(props: TaskListProps) {
  const { workspaceId } = props;
  const { t } = useTaskListTranslation();
  const api = useApiClient();
  const can = useCan();
  const latest = useRef(props);
  latest.current = props;
  const supports = props.supports ?? SUPPORTS_EVERYTHING;

  const { store, state, tab } = useTaskListStore(props);
  const { columnStore, visibleColumnIds, columns, taskType, media } = useTaskListColumns(props);
  const kind = useRef({ taskType, media });
  kind.current = { taskType, media };

  const formatDate = useDateFormatter(false);
  const labels = useCellLabels();
  const cellContext = useMemo<CellContext>(() => ({ formatDate, labels }), [formatDate, labels]);

  const request: TaskPageRequest = {
    workspaceId,
    tab,
    search: state.search,
    filters: state.filters,
    sort: state.sort,
    pageNumber: tab === 'archive' ? state.archiveTokens.length : state.pageNumber,
    pageSize: state.pageSize,
    archiveToken: state.archiveTokens[state.archiveTokens.length - 1] ?? null,
    refreshIntervalMs: props.refreshIntervalMs,
  };
  const onError = useCallback((error: ApiCallError | Error) => latest.current.onError?.(error), []);
  const page = useListedPage(api, request, onError);
  const downloadFolderMonitor = useFolderMonitorDownload(supports, onError);
  const rows: readonly TaskRowData[] = page.data?.items ?? EMPTY_ROWS;

  const selectTab = (id: string) => {
    const next = id as TaskListTab;
    if (!props.tab) store.getState().setTab(next);
    latest.current.onTabChange?.(next);
  };

  const onOpen = useCallback(
    (task: TaskRowData) => latest.current.onOpenTask?.(openEvent(task, store.getState().tab, kind.current.taskType)),
    [store],
  );
  const hrefOf = props.taskHref;
  const rowContext = useMemo<TaskListRowContext>(
    () => ({
      taskHref: hrefOf ? (task) => hrefOf(openEvent(task, store.getState().tab, taskType)) : null,
      media,
      anonymisation: isAnonymisationTaskType(taskType),
      shareable: isShareableTaskType(taskType),
      supports,
    }),
    [hrefOf, media, supports, taskType, store],
  );
  const [dialog, setDialog] = useState<RowDialog | null>(null);
  const onAction = useRowActionHandler({ api, tab, openDialog: setDialog, onOpen, onError });
  const onToggle = useCallback((taskId: string) => store.getState().toggleSelected(taskId), [store]);
  const importFlow = useImportFlow({ host: latest, store, supports, kind });

  const selectedCount = Object.keys(state.selected).length;
  const bulkCount = state.allMatching ? (page.data?.totalCount ?? selectedCount) : selectedCount;
  const bulk = useBulkActions({
    api,
    count: bulkCount,
    selection: () =>
      selectionRequest({
        workspaceId,
        tab,
        filters: state.filters,
        taskIds: Object.keys(state.selected),
        allMatching: state.allMatching,
      }),
    onDone: store.getState().clearSelection,
    onError,
  });
  const bulkActions = availableBulkActions(can, { media, supports });

  const visibleTabs = TASK_LIST_TABS.filter(
    (id) => (id === 'processed' || id === 'archive' ? can('Task.History') : true) && supports(TAB_OPERATIONS[id]),
  );
  const selectable =
    tabAllowsSelection(tab) &&
    bulkActions.length > 0 &&
    (can('Task.ReprocessMany') || can('Task.DeleteMany') || can('Task.View'));
  const pageIds = rows.map((r) => r.id);
  const pageFullySelected = pageIds.length > 0 && pageIds.every((id) => state.selected[id]);
  const openImport = importFlow.openImport;
  const closeDialog = useCallback(() => setDialog(null), []);

  const panel = (
    <>
      <TaskListToolbar
        workspaceId={workspaceId}
        labelling={isLabellingTaskType(taskType)}
        tab={tab}
        search={state.search}
        onSearch={store.getState().setSearch}
        filters={state.filters}
        onFilters={store.getState().setFilters}
        columns={columns}
        visibleColumnIds={visibleColumnIds}
        onToggleColumn={columnStore.getState().setVisible}
        onResetColumns={columnStore.getState().reset}
        refreshing={page.isFetching && Boolean(page.data)}
        onImport={openImport}
        onDownloadFolderMonitor={downloadFolderMonitor}
      />
      {selectable ? (
        <BulkBar
          count={selectedCount}
          allMatching={state.allMatching}
          totalCount={page.data?.totalCount ?? null}
          pageFullySelected={pageFullySelected}
          onSelectAllMatching={store.getState().selectAllMatching}
          onClear={store.getState().clearSelection}
          actions={bulkActions}
          onAction={bulk.choose}
        />
      ) : null}
      <TaskListBody workspaceId={workspaceId} tab={tab} search={state.search} page={page} onImport={openImport}>
        <TaskTable
          caption={t('list.caption')}
          rows={rows}
          columns={columns}
          visibleColumnIds={visibleColumnIds}
          cellContext={cellContext}
          tab={tab}
          sort={state.sort}
          onSortChange={store.getState().setSort}
          selectable={selectable}
          selected={state.selected}
          allMatching={state.allMatching}
          onToggle={onToggle}
          onTogglePage={(value) => store.getState().setPageSelected(pageIds, value)}
          onAction={onAction}
          onOpen={onOpen}
          resetScrollKey={`${tab}|${state.pageNumber}|${state.archiveTokens.length}|${state.pageSize}`}
        />
      </TaskListBody>
      {page.data && rows.length > 0 ? (
        <Pager
          pageNumber={page.data.pageNumber}
          totalPages={page.data.totalPages}
          totalCount={page.data.totalCount}
          hasPrevious={page.data.hasPreviousPage}
          hasNext={page.data.hasNextPage}
          pageSize={state.pageSize}
          onPageSize={store.getState().setPageSize}
          onPrevious={() =>
            tab === 'archive' ? store.getState().previousArchivePage() : store.getState().setPage(state.pageNumber - 1)
          }
          onNext={() => {
            if (tab !== 'archive') store.getState().setPage(state.pageNumber + 1);
            else if (page.data?.continuationToken) store.getState().nextArchivePage(page.data.continuationToken);
          }}
        />
      ) : null}
    </>
  );

  return (
    <DiagnosticsContext.Provider value={props.diagnostics}>
      <RowContext.Provider value={rowContext}>
        <div className={props.className ? `rd-task-list ${props.className}` : 'rd-task-list'} data-testid="task-list">
          {workspaceId ? <CountsHeader workspaceId={workspaceId} refreshIntervalMs={props.refreshIntervalMs} /> : null}
          <Tabs
            label={t('tabs.label')}
            selectedId={tab}
            onSelect={selectTab}
            tabs={visibleTabs.map((id) => ({
              id,
              label: <span data-testid={`task-list.tab.${id}`}>{t(`tabs.${id}`)}</span>,
              panel,
            }))}
          />
          {workspaceId ? (
            <ImportDialog
              workspaceId={workspaceId}
              open={importFlow.open}
              onClose={importFlow.close}
              getAccessToken={props.getAccessToken}
              uploadEndpoint={props.uploadEndpoint}
              onTaskCreated={importFlow.onTaskCreated}
              onOpenImported={importFlow.onOpenImported}
              onError={onError}
            />
          ) : null}
          <RowDialogs api={api} dialog={dialog} onClose={closeDialog} onError={onError} />
          <BulkDialogsHost bulk={bulk} count={bulkCount} />
        </div>
      </RowContext.Provider>
    </DiagnosticsContext.Provider>
  );
}

const EMPTY_ROWS: readonly TaskRowData[] = [];
