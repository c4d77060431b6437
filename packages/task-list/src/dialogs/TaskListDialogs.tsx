/**
 * The dialogs a row action opens (confirm delete, events, index logs, share, share history,
 * assignments), one at a time, with the single-task delete they confirm.
 */
import type { ApiCallError, ApiClient } from '@reviewdesk/api-client';
import { useReviewdesk } from '@reviewdesk/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memo } from 'react';
import { invalidateTaskQueries, type RowDialog } from '../actions/useRowActionHandler';
import type { TaskRowData } from '../data/useTaskPage';
import { useTaskListTranslation } from '../i18n/resources';
import { AssignmentsDialog } from './AssignmentsDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { ShareTaskDialog } from './ShareTaskDialog';
import { EventInspectorDialog, IndexLogsDialog, ShareHistoryDialog } from './TaskInfoDialogs';

export interface RowDialogsProps {
  api: ApiClient;
  dialog: RowDialog | null;
  onClose: () => void;
  onError: (error: ApiCallError | Error) => void;
}

export const RowDialogs = memo(function RowDialogs({ api, dialog, onClose, onError }: RowDialogsProps) {
  const { t } = useTaskListTranslation();
  const { notices } = useReviewdesk();
  const queryClient = useQueryClient();
  const failed = (error: ApiCallError | Error) => {
    notices.getState().show({ tone: 'error', message: t('actions.failed', { message: error.message }) });
    onError(error);
  };
  const deleteOne = useMutation({
    mutationFn: async (task: TaskRowData) => {
      await api.DELETE('/api/v{version}/SdTask/DeleteTask/{id}', { params: { path: { id: task.id } } });
      return task;
    },
    onSuccess: (task) => {
      onClose();
      notices
        .getState()
        .show({ tone: 'success', message: t('actions.deleted', { name: task.displayName }), durationMs: 5_000 });
      void invalidateTaskQueries(queryClient);
    },
    onError: (error: ApiCallError) => {
      onClose();
      failed(error);
    },
  });

  switch (dialog?.kind) {
    case undefined:
      return null;
    case 'confirm-delete':
      return (
        <ConfirmDialog
          open
          title={t('actions.confirmDeleteTitle', { name: dialog.task.displayName })}
          body={t('actions.confirmDeleteBody')}
          confirmLabel={t('common.delete')}
          busy={deleteOne.isPending}
          onConfirm={() => deleteOne.mutate(dialog.task)}
          onCancel={onClose}
        />
      );
    case 'events':
      return <EventInspectorDialog task={dialog.task} onClose={onClose} />;
    case 'index-logs':
      return <IndexLogsDialog task={dialog.task} onClose={onClose} />;
    case 'share':
      return (
        <ShareTaskDialog
          task={dialog.task}
          onClose={onClose}
          onError={failed}
          onShared={(task) => {
            onClose();
            notices
              .getState()
              .show({ tone: 'success', message: t('actions.shared', { name: task.displayName }), durationMs: 5_000 });
          }}
        />
      );
    case 'share-history':
      return <ShareHistoryDialog task={dialog.task} onClose={onClose} />;
    case 'assignments':
      return (
        <AssignmentsDialog
          task={dialog.task}
          onClose={onClose}
          onError={failed}
          onSaved={(task) => {
            onClose();
            notices.getState().show({
              tone: 'success',
              message: t('assignments.saved', { name: task.displayName }),
              durationMs: 5_000,
            });
            void invalidateTaskQueries(queryClient);
          }}
        />
      );
  }
});
