/**
 * The bulk actions on the selection (reprocess, delete, export): the chosen action waiting for
 * its confirmation, the calls, and their outcome as a summary or a notice.
 */
import { type ApiCallError, type ApiClient, enumCodeOf, type Schema } from '@reviewdesk/api-client';
import { saveFile, useReviewdesk } from '@reviewdesk/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateTaskQueries } from '../actions/useRowActionHandler';
import { useTaskListTranslation } from '../i18n/resources';
import type { BulkAction } from './BulkBar';
import type { BulkExportFormat, BulkSummary } from './BulkDialogs';

export interface BulkActionsOptions {
  api: ApiClient;
  /** The selection request of the moment (ids or "all matching"). */
  selection: () => Schema<'SelectionRequest'>;
  /** How many tasks the selection holds, for the confirmation and the summary. */
  count: number;
  onDone: () => void;
  onError: (error: ApiCallError | Error) => void;
}

export function useBulkActions({ api, selection, count, onDone, onError }: BulkActionsOptions) {
  const { t } = useTaskListTranslation();
  const { notices } = useReviewdesk();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<BulkAction | null>(null);
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const failed = (error: ApiCallError) => {
    setPending(null);
    notices.getState().show({ tone: 'error', message: t('actions.failed', { message: error.message }) });
    onError(error);
  };

  const change = useMutation({
    mutationFn: async (action: BulkAction): Promise<Schema<'ResultOfBoolean'>> => {
      const body = selection();
      if (action === 'delete') return (await api.PATCH('/api/v{version}/SdTask/DeleteMany', { body })).data;
      return (await api.PATCH('/api/v{version}/SdTask/RestartProcessingMany', { body })).data;
    },
    onSuccess: (result, action) => {
      setPending(null);
      setSummary({ action: t(`bulk.${action}`), requested: count, result });
      onDone();
      void invalidateTaskQueries(queryClient);
    },
    onError: failed,
  });
  const exportFiles = useMutation({
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
      setPending(null);
      saveFile(file);
      notices
        .getState()
        .show({ tone: 'success', message: t('bulk.downloaded', { file: file.fileName }), durationMs: 5_000 });
    },
    onError: failed,
  });

  // The same archive kept by the server behind a link: the dialog stays open to show it.
  const exportLink = useMutation({
    mutationFn: async ({ formats, hours }: { formats: BulkExportFormat[]; hours: number }) =>
      (
        await api.POST('/api/v{version}/SdTask/BulkExportLink', {
          body: {
            ...selection(),
            exportTypes: formats.map((f) => enumCodeOf('ExportType', f) as Schema<'ExportType'>),
            expiresHours: hours,
          },
        })
      ).data,
    onError: failed,
  });

  return {
    /** The action waiting for its confirmation (or its export formats). */
    pending,
    choose: setPending,
    cancel: () => {
      setPending(null);
      exportLink.reset();
    },
    confirm: () => {
      if (pending === 'delete' || pending === 'reprocess') change.mutate(pending);
    },
    busy: change.isPending,
    exportFormats: (formats: BulkExportFormat[], linkHours?: number) =>
      linkHours === undefined ? exportFiles.mutate(formats) : exportLink.mutate({ formats, hours: linkHours }),
    exporting: exportFiles.isPending || exportLink.isPending,
    /** The download link made by the last export to a link. */
    link: exportLink.data ?? null,
    summary,
    closeSummary: () => setSummary(null),
  };
}
