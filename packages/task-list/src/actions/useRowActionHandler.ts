/**
 * Runs a row action: API calls with their notices, confirmations and dialogs opened through
 * `openDialog`, real downloads for exports. Returns a stable callback so memoised rows keep it.
 */
import { type ApiCallError, type ApiClient, enumCodeOf, isApiError, type Schema } from '@reviewdesk/api-client';
import { saveFile, useReviewdesk } from '@reviewdesk/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { TaskRowData } from '../data/useTaskPage';
import { useTaskListTranslation } from '../i18n/resources';
import type { TaskListTab } from '../model/query';
import { listViewOf } from '../model/query';
import { EXPORT_ACTIONS, type RowAction, TRANSCRIPT_EXPORT_ACTIONS } from '../model/rowActions';

/** A dialog the list shows for a row. */
export type RowDialog =
  | { kind: 'confirm-delete'; task: TaskRowData }
  | { kind: 'events'; task: TaskRowData }
  | { kind: 'index-logs'; task: TaskRowData }
  | { kind: 'share-history'; task: TaskRowData }
  | { kind: 'share'; task: TaskRowData }
  | { kind: 'assignments'; task: TaskRowData };

/** Refetches every task and batch query (lists, counts) after a change. */
export function invalidateTaskQueries(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({
    predicate: (query) => /\/(SdTask|SdBatch|Index)\//.test(String(query.queryKey[1])),
  });
}

/** Throws when a result wrapper says the command did not succeed, with the server's message (or `fallback`). */
export function ensureSucceeded(result: Schema<'ResultOfBoolean'> | null | undefined, fallback: string): void {
  if (result && !result.succeeded) throw new Error(result.errors.map((e) => e.message).join(' ') || fallback);
}

export function useRowActionHandler(options: {
  api: ApiClient;
  tab: TaskListTab;
  openDialog: (dialog: RowDialog) => void;
  onOpen: (task: TaskRowData) => void;
  onError: (error: ApiCallError | Error) => void;
}) {
  const { t } = useTaskListTranslation();
  const { notices } = useReviewdesk();
  const queryClient = useQueryClient();
  const latest = useRef({ ...options, t, notices, queryClient });
  latest.current = { ...options, t, notices, queryClient };

  return useCallback((action: RowAction, task: TaskRowData) => {
    const { api, tab, openDialog, onOpen, onError, t, notices, queryClient } = latest.current;
    const name = task.displayName;
    const run = async (work: () => Promise<string | null>) => {
      try {
        const message = await work();
        if (message) notices.getState().show({ tone: 'success', message, durationMs: 5_000 });
        void invalidateTaskQueries(queryClient);
      } catch (error) {
        const message = isApiError(error)
          ? ((error.result as { errors?: { message?: string }[] } | undefined)?.errors?.[0]?.message ?? error.message)
          : error instanceof Error
            ? error.message
            : String(error);
        notices.getState().show({ tone: 'error', message: t('actions.failed', { message }) });
        onError(error as ApiCallError);
      }
    };
    switch (action) {
      case 'view':
        onOpen(task);
        return;
      case 'delete':
        openDialog({ kind: 'confirm-delete', task });
        return;
      case 'event-inspector':
        openDialog({ kind: 'events', task });
        return;
      case 'index-logs':
        openDialog({ kind: 'index-logs', task });
        return;
      case 'share':
        openDialog({ kind: 'share', task });
        return;
      case 'view-task-share-history':
        openDialog({ kind: 'share-history', task });
        return;
      case 'edit-assignments':
        openDialog({ kind: 'assignments', task });
        return;
      case 'finishReview':
        void run(async () => {
          const { data } = await api.PATCH('/api/v{version}/Viewer/Review/Finish/{taskId}', {
            params: { path: { taskId: task.id } },
          });
          ensureSucceeded(data as Schema<'ResultOfBoolean'> | null, t('actions.notDone'));
          return t('actions.reviewFinished', { name });
        });
        return;
      case 'reprocess':
        void run(async () => {
          const { data } = await api.PATCH('/api/v{version}/SdTask/RestartProcessing', {
            params: { query: { TaskId: task.id } },
          });
          ensureSucceeded(data, t('actions.notDone'));
          return t('actions.reprocessed', { name });
        });
        return;
      case 'recover':
        void run(async () => {
          const { data } = await api.PATCH('/api/v{version}/SdTask/Recover', {
            params: { query: { taskId: task.id } },
          });
          ensureSucceeded(data, t('actions.notDone'));
          return t('actions.recovered', { name });
        });
        return;
      case 'devdashboard': {
        // The tab opens now, while the click still counts as the user's gesture (a window opened
        // after the call returns is blocked as a pop-up), and goes to the dashboard when its
        // address arrives. It cannot reach back to this page.
        const tab = globalThis.open?.('', '_blank') ?? null;
        if (tab) tab.opener = null;
        void run(async () => {
          try {
            const { data } = await api.GET('/api/v{version}/SdTask/TracesDashboardUrl/{taskId}', {
              params: { path: { taskId: task.id } },
            });
            if (tab) tab.location.href = data;
            else globalThis.open?.(data, '_blank', 'noopener,noreferrer');
          } catch (error) {
            tab?.close();
            throw error;
          }
          return null;
        });
        return;
      }
      case 'export-transcript-txt':
      case 'export-transcript-srt':
      case 'export-transcript-vtt':
      case 'export-transcript-json':
      case 'export-transcript-word':
        void run(async () => {
          const { data } = await api.POST('/api/v{version}/Transcript/Export/{taskId}', {
            params: { path: { taskId: task.id } },
            body: {
              type: enumCodeOf(
                'TranscriptExportType',
                TRANSCRIPT_EXPORT_ACTIONS[action],
              ) as Schema<'TranscriptExportType'>,
            },
          });
          saveFile(data);
          return t('actions.exported', { file: data.fileName });
        });
        return;
      case 'export-excel':
      case 'export-csv':
      case 'export-json':
      case 'export-xml':
      case 'export-word':
      case 'export-einvoice':
      case 'export-anonymised-pdf':
      case 'export-anonymised-png':
      case 'export-anonymised-jpeg':
        void run(async () => {
          const { data } = await api.POST('/api/v{version}/SdTask/Export', {
            body: {
              workspaceId: task.workspaceId,
              taskIdList: [task.id],
              type: listViewOf(tab) as Schema<'TaskListView'>,
              allSelected: false,
              exportType: enumCodeOf('ExportType', EXPORT_ACTIONS[action]) as Schema<'ExportType'>,
            },
          });
          saveFile(data);
          return t('actions.exported', { file: data.fileName });
        });
        return;
    }
  }, []);
}
