/**
 * `<TaskList>`: the tabs of a workspace's tasks with server-side paging, sort, search and
 * filters, user-chosen columns, counts, row and bulk actions, and the import dialog.
 * Everything stateful is created per mount (stores, upload manager); the host's props win.
 */
import { type ApiCallError, enumCodeOf, isApiError, type Schema } from '@reviewdesk/api-client';
import {
  Button,
  EmptyState,
  ErrorState,
  Input,
  LoadingState,
  PermissionDeniedState,
  Popover,
  registerTranslations,
  Tabs,
  useApiClient,
  useCan,
  useReviewdesk,
} from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { type TaskPageRequest, type TaskRowData, taskPageQueryOptions, useTaskPage } from '../data/useTaskPage';
import type { OpenTaskEvent, SelectionChangeEvent, TaskImportedEvent } from '../events';
import { TASK_LIST_NAMESPACE, taskListResources, useTaskListTranslation } from '../i18n/resources';
import { ImportDialog } from '../import/ImportDialog';
import {
  activeFilterCount,
  selectionRequest,
  TASK_LIST_TABS,
  type TaskListTab,
  tabAllowsSelection,
} from '../model/query';
import { type ColumnStorage, createColumnPreferencesStore } from '../state/columnPreferences';
import { createTaskListStore } from '../state/taskListStore';
import { type BulkAction, BulkBar } from './BulkBar';
import { ColumnsChooser } from './ColumnsChooser';
import { CountsHeader } from './CountsHeader';
import { type CellContext, detectedFieldColumn, OPTIONAL_COLUMNS } from './columns';
import { DiagnosticsContext, type TaskListDiagnostics } from './diagnostics';
import { AssignmentsDialog } from './dialogs/AssignmentsDialog';
import { BulkExportDialog, type BulkExportFormat, type BulkSummary, BulkSummaryDialog } from './dialogs/BulkDialogs';
import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { EventInspectorDialog, IndexLogsDialog, ShareHistoryDialog } from './dialogs/TaskInfoDialogs';
import { saveFile } from './download';
import { FiltersPanel } from './FiltersPanel';
import { Pager } from './Pager';
import { TaskTable } from './TaskTable';
import { useDateFormatter } from './useDateFormatter';
import { invalidateTaskQueries, type RowDialog, useRowActionHandler } from './useRowActionHandler';

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
  /** A task was opened (row "view" action or its name). */
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

const browserStorage = (): ColumnStorage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

/**
 * The task list of a workspace.
 * @example
 * <ReviewdeskProvider client={api} locale="en" abilities={abilities}>
 *   <TaskList workspaceId={id} getAccessToken={auth.getAccessToken} onOpenTask={({ taskId }) => navigate(`/task/viewer?taskId=${taskId}`)} />
 * </ReviewdeskProvider>
 */
export function TaskList(props: TaskListProps) {
  const { i18n } = useReviewdesk();
  // Before the first translated render, on this provider's own i18n instance.
  if (!i18n.hasResourceBundle('en', TASK_LIST_NAMESPACE))
    registerTranslations(i18n, TASK_LIST_NAMESPACE, taskListResources);
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

function TaskListView(props: TaskListProps) {
  const { workspaceId } = props;
  const { t } = useTaskListTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const latest = useRef(props);
  latest.current = props;

  const [store] = useState(() =>
    createTaskListStore({ tab: props.tab ?? props.defaultTab ?? 'to-review', pageSize: props.pageSize }),
  );
  const state = useStore(store);
  const tab = props.tab ?? state.tab;
  useEffect(() => {
    if (props.tab) store.getState().setTab(props.tab);
  }, [props.tab, store]);
  // A new workspace is a new list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the workspace is the trigger
  useEffect(() => {
    store.getState().setFilters(store.getState().filters);
  }, [workspaceId]);

  const userId = props.userId ?? null;
  const storage = props.columnsStorage === undefined ? browserStorage() : props.columnsStorage;
  const columnStore = useMemo(
    () => createColumnPreferencesStore({ workspaceId, userId, storage }),
    [workspaceId, userId, storage],
  );
  const visibleColumnIds = useStore(columnStore, (s) => s.visible);

  const config = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdWorkspace/GetWorkspaceCustomConfig', {
      params: { query: { workspaceId } },
    }),
    enabled: Boolean(workspaceId),
  });
  const columns = useMemo(
    () => [
      ...OPTIONAL_COLUMNS,
      ...(can('Task.CustomColumns') ? (config.data?.detectableFields ?? []).map(detectedFieldColumn) : []),
    ],
    [can, config.data?.detectableFields],
  );

  const formatDate = useDateFormatter(false);
  const cellContext = useMemo<CellContext>(() => ({ formatDate }), [formatDate]);

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
  const page = useTaskPage(api, request);
  // The next page is fetched ahead while the user reads this one, so "next" only has to render
  // (the page-change budget of ARCHITECTURE §6 cannot include a server round trip).
  const hasNext = page.data?.hasNextPage === true && !page.isPlaceholderData;
  const nextRequest = hasNext && tab !== 'archive' ? { ...request, pageNumber: request.pageNumber + 1 } : null;
  const nextKey = nextRequest ? JSON.stringify(nextRequest) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the serialised request
  useEffect(() => {
    if (nextRequest) void queryClient.prefetchQuery(taskPageQueryOptions(api, nextRequest) as never);
  }, [nextKey, api, queryClient]);
  const rows: readonly TaskRowData[] = page.data?.items ?? EMPTY_ROWS;

  // Report errors of the list once per error object.
  useEffect(() => {
    if (page.error) latest.current.onError?.(page.error);
  }, [page.error]);

  // Selection events.
  useEffect(
    () =>
      store.subscribe((next, previous) => {
        if (next.selected !== previous.selected || next.allMatching !== previous.allMatching) {
          latest.current.onSelectionChange?.({ taskIds: Object.keys(next.selected), allMatching: next.allMatching });
        }
      }),
    [store],
  );

  const selectTab = (id: string) => {
    const next = id as TaskListTab;
    if (!props.tab) store.getState().setTab(next);
    latest.current.onTabChange?.(next);
  };

  const onOpen = useCallback(
    (task: TaskRowData) => {
      latest.current.onOpenTask?.({
        taskId: task.id,
        workspaceId: task.workspaceId,
        displayName: task.displayName,
        fromHistory: store.getState().tab === 'archive' || store.getState().tab === 'processed',
      });
    },
    [store],
  );
  const onError = useCallback((error: ApiCallError | Error) => latest.current.onError?.(error), []);
  const [dialog, setDialog] = useState<RowDialog | null>(null);
  const onAction = useRowActionHandler({ api, tab, openDialog: setDialog, onOpen, onError });
  const onToggle = useCallback((taskId: string) => store.getState().toggleSelected(taskId), [store]);

  const [importOpen, setImportOpen] = useState(false);
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const { notices } = useReviewdesk();

  const selectedCount = Object.keys(state.selected).length;
  const bulkCount = state.allMatching ? (page.data?.totalCount ?? selectedCount) : selectedCount;
  const selection = () =>
    selectionRequest({
      workspaceId,
      tab,
      filters: state.filters,
      taskIds: Object.keys(state.selected),
      allMatching: state.allMatching,
    });
  const bulkMutation = useMutation({
    mutationFn: async (action: BulkAction): Promise<Schema<'ResultOfBoolean'>> => {
      const body = selection();
      if (action === 'delete') return (await api.PATCH('/api/v{version}/SdTask/DeleteMany', { body })).data;
      return (await api.PATCH('/api/v{version}/SdTask/RestartProcessingMany', { body })).data;
    },
    onSuccess: (result, action) => {
      setBulk(null);
      setSummary({ action: t(`bulk.${action}`), requested: bulkCount, result });
      store.getState().clearSelection();
      void invalidateTaskQueries(queryClient);
    },
    onError: (error: ApiCallError) => {
      setBulk(null);
      notices.getState().show({ tone: 'error', message: t('actions.failed', { message: error.message }) });
      onError(error);
    },
  });
  const exportMutation = useMutation({
    mutationFn: async (formats: BulkExportFormat[]) =>
      (
        await api.POST('/api/v{version}/SdTask/BulkExport', {
          body: {
            ...selection(),
            exportTypes: formats.map((f) => enumCodeOf('ExportType', f) as Schema<'ExportType'>),
          },
        })
      ).data,
    onSuccess: (file) => {
      setBulk(null);
      saveFile(file);
      notices
        .getState()
        .show({ tone: 'success', message: t('bulk.downloaded', { file: file.fileName }), durationMs: 5_000 });
    },
    onError: (error: ApiCallError) => {
      setBulk(null);
      notices.getState().show({ tone: 'error', message: t('actions.failed', { message: error.message }) });
      onError(error);
    },
  });
  const deleteOne = useMutation({
    mutationFn: async (task: TaskRowData) => {
      await api.DELETE('/api/v{version}/SdTask/DeleteTask/{id}', { params: { path: { id: task.id } } });
      return task;
    },
    onSuccess: (task) => {
      setDialog(null);
      notices
        .getState()
        .show({ tone: 'success', message: t('actions.deleted', { name: task.displayName }), durationMs: 5_000 });
      void invalidateTaskQueries(queryClient);
    },
    onError: (error: ApiCallError) => {
      setDialog(null);
      notices.getState().show({ tone: 'error', message: t('actions.failed', { message: error.message }) });
      onError(error);
    },
  });

  const visibleTabs = TASK_LIST_TABS.filter((id) =>
    id === 'processed' || id === 'archive' ? can('Task.History') : true,
  );
  const selectable =
    tabAllowsSelection(tab) && (can('Task.ReprocessMany') || can('Task.DeleteMany') || can('Task.View'));
  const pageIds = rows.map((r) => r.id);
  const pageFullySelected = pageIds.length > 0 && pageIds.every((id) => state.selected[id]);
  const notAvailable = isApiError(page.error) && page.error.status === 501;
  const filterCount = activeFilterCount(state.filters);

  const body = (() => {
    if (!workspaceId) return <EmptyState title={t('list.noWorkspace')} description="" />;
    if (tab === 'text-search' && !state.search.trim())
      return <EmptyState title={t('toolbar.textSearchPlaceholder')} description="" />;
    if (page.isPending && page.fetchStatus !== 'idle') return <LoadingState label={t('common.loading')} />;
    if (page.isError && !page.data) {
      return (
        <ErrorState
          description={notAvailable ? t('list.notAvailable') : page.error.message}
          onRetry={notAvailable ? undefined : () => void page.refetch()}
        />
      );
    }
    if (rows.length === 0) {
      return (
        <EmptyState
          title={t('list.emptyTitle')}
          description={t('list.emptyDescription')}
          action={
            can('Task.Import') && tab === 'to-review' ? (
              <Button variant="primary" onClick={() => setImportOpen(true)}>
                {t('toolbar.import')}
              </Button>
            ) : undefined
          }
        />
      );
    }
    return (
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
    );
  })();

  const toolbar = (
    <div className="rd-task-list__toolbar">
      <search className="rd-task-list__search">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            store.getState().setSearch(String(data.get('search') ?? ''));
          }}
        >
          <Input
            key={tab === 'text-search' ? 'text' : 'list'}
            name="search"
            type="search"
            label={tab === 'text-search' ? t('toolbar.textSearch') : t('toolbar.search')}
            placeholder={tab === 'text-search' ? t('toolbar.textSearchPlaceholder') : t('toolbar.searchPlaceholder')}
            defaultValue={state.search}
            data-testid="task-list.search"
          />
        </form>
      </search>
      {tab !== 'text-search' ? (
        <Popover
          title={t('filters.title')}
          trigger={
            <Button data-testid="task-list.filters-toggle">
              {filterCount > 0 ? `${t('toolbar.filters')} (${filterCount})` : t('toolbar.filters')}
            </Button>
          }
        >
          <FiltersPanel workspaceId={workspaceId} value={state.filters} onApply={store.getState().setFilters} />
        </Popover>
      ) : null}
      <ColumnsChooser
        columns={columns}
        visible={visibleColumnIds}
        onToggle={columnStore.getState().setVisible}
        onReset={columnStore.getState().reset}
      />
      <span className="rd-task-list__toolbar-spacer" />
      {page.isFetching && page.data ? (
        <output className="rd-task-list__refreshing">{t('list.refreshing')}</output>
      ) : null}
      {can('Task.Import') ? (
        <Button variant="primary" onClick={() => setImportOpen(true)} data-testid="task-list.import">
          {t('toolbar.import')}
        </Button>
      ) : null}
    </div>
  );

  const panel = (
    <>
      {toolbar}
      {selectable ? (
        <BulkBar
          count={selectedCount}
          allMatching={state.allMatching}
          totalCount={page.data?.totalCount ?? null}
          pageFullySelected={pageFullySelected}
          onSelectAllMatching={store.getState().selectAllMatching}
          onClear={store.getState().clearSelection}
          onAction={setBulk}
        />
      ) : null}
      {body}
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
            open={importOpen}
            onClose={() => setImportOpen(false)}
            getAccessToken={props.getAccessToken}
            uploadEndpoint={props.uploadEndpoint}
            onTaskCreated={(created) => {
              void invalidateTaskQueries(queryClient);
              latest.current.onTaskImported?.(created);
            }}
            onError={onError}
          />
        ) : null}
        {dialog?.kind === 'confirm-delete' ? (
          <ConfirmDialog
            open
            title={t('actions.confirmDeleteTitle', { name: dialog.task.displayName })}
            body={t('actions.confirmDeleteBody')}
            confirmLabel={t('common.delete')}
            busy={deleteOne.isPending}
            onConfirm={() => deleteOne.mutate(dialog.task)}
            onCancel={() => setDialog(null)}
          />
        ) : null}
        {dialog?.kind === 'events' ? <EventInspectorDialog task={dialog.task} onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === 'index-logs' ? <IndexLogsDialog task={dialog.task} onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === 'share-history' ? (
          <ShareHistoryDialog task={dialog.task} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === 'assignments' ? (
          <AssignmentsDialog
            task={dialog.task}
            onClose={() => setDialog(null)}
            onError={(error) => {
              notices.getState().show({ tone: 'error', message: t('actions.failed', { message: error.message }) });
              onError(error);
            }}
            onSaved={(task) => {
              setDialog(null);
              notices.getState().show({
                tone: 'success',
                message: t('assignments.saved', { name: task.displayName }),
                durationMs: 5_000,
              });
              void invalidateTaskQueries(queryClient);
            }}
          />
        ) : null}
        {bulk === 'delete' || bulk === 'reprocess' ? (
          <ConfirmDialog
            open
            tone={bulk === 'delete' ? 'danger' : 'primary'}
            title={t(bulk === 'delete' ? 'bulk.confirmDeleteTitle' : 'bulk.confirmReprocessTitle', {
              count: bulkCount,
            })}
            body={t(bulk === 'delete' ? 'bulk.confirmDeleteBody' : 'bulk.confirmReprocessBody')}
            confirmLabel={t(bulk === 'delete' ? 'bulk.delete' : 'bulk.reprocess')}
            busy={bulkMutation.isPending}
            onConfirm={() => bulkMutation.mutate(bulk)}
            onCancel={() => setBulk(null)}
          />
        ) : null}
        {bulk === 'export' ? (
          <BulkExportDialog
            count={bulkCount}
            busy={exportMutation.isPending}
            onExport={(formats) => exportMutation.mutate(formats)}
            onClose={() => setBulk(null)}
          />
        ) : null}
        {summary ? <BulkSummaryDialog summary={summary} onClose={() => setSummary(null)} /> : null}
      </div>
    </DiagnosticsContext.Provider>
  );
}

const EMPTY_ROWS: readonly TaskRowData[] = [];
