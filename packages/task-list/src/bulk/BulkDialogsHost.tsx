/** The dialogs of the bulk actions: confirm reprocess or delete, choose export formats, the summary. */

import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTaskListTranslation } from '../i18n/resources';
import { BulkExportDialog, BulkSummaryDialog } from './BulkDialogs';
import type { useBulkActions } from './useBulkActions';

export function BulkDialogsHost({ bulk, count }: { bulk: ReturnType<typeof useBulkActions>; count: number }) {
  const { t } = useTaskListTranslation();
  const { pending } = bulk;
  return (
    <>
      {pending === 'delete' || pending === 'reprocess' ? (
        <ConfirmDialog
          open
          tone={pending === 'delete' ? 'danger' : 'primary'}
          title={t(pending === 'delete' ? 'bulk.confirmDeleteTitle' : 'bulk.confirmReprocessTitle', { count })}
          body={t(pending === 'delete' ? 'bulk.confirmDeleteBody' : 'bulk.confirmReprocessBody')}
          confirmLabel={t(pending === 'delete' ? 'bulk.delete' : 'bulk.reprocess')}
          busy={bulk.busy}
          onConfirm={bulk.confirm}
          onCancel={bulk.cancel}
        />
      ) : null}
      {pending === 'export' ? (
        <BulkExportDialog
          count={count}
          busy={bulk.exporting}
          link={bulk.link}
          onExport={bulk.exportFormats}
          onClose={bulk.cancel}
        />
      ) : null}
      {bulk.summary ? <BulkSummaryDialog summary={bulk.summary} onClose={bulk.closeSummary} /> : null}
    </>
  );
}
