/** Dialogs of the bulk actions: choose export formats, and the summary of what happened per task. */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Checkbox, Dialog } from '@reviewdesk/ui';
import { useState } from 'react';
import { useTaskListTranslation } from '../i18n/resources';

// The e-invoice XML is the file a task received, not a rendering of its result: the server refuses
// a selection in which a task has none, naming it, so the label says so up front.
export const BULK_EXPORT_FORMATS = ['Excel', 'Csv', 'Json', 'Xml', 'EInvoiceXml'] as const;
export type BulkExportFormat = (typeof BULK_EXPORT_FORMATS)[number];

export function BulkExportDialog({
  count,
  busy,
  onExport,
  onClose,
}: {
  count: number;
  busy: boolean;
  onExport: (formats: BulkExportFormat[]) => void;
  onClose: () => void;
}) {
  const { t } = useTaskListTranslation();
  const [formats, setFormats] = useState<BulkExportFormat[]>(['Excel']);
  return (
    <Dialog
      open
      onOpenChange={onClose}
      size="sm"
      title={t('bulk.exportTitle', { count })}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" loading={busy} disabled={formats.length === 0} onClick={() => onExport(formats)}>
            {t('bulk.export')}
          </Button>
        </>
      }
    >
      <fieldset className="rd-task-list__fieldset">
        <legend className="rd-field__label">{t('bulk.exportFormats')}</legend>
        {BULK_EXPORT_FORMATS.map((format) => (
          <Checkbox
            key={format}
            label={t(`bulk.formats.${format}`)}
            checked={formats.includes(format)}
            onChange={(event) =>
              setFormats((current) =>
                event.target.checked ? [...current, format] : current.filter((f) => f !== format),
              )
            }
          />
        ))}
      </fieldset>
    </Dialog>
  );
}

/** What a bulk action reported: how many tasks it changed and, per task, why others were not. */
export interface BulkSummary {
  action: string;
  requested: number;
  result: Schema<'ResultOfBoolean'>;
}

export function BulkSummaryDialog({ summary, onClose }: { summary: BulkSummary; onClose: () => void }) {
  const { t } = useTaskListTranslation();
  const problems = summary.result.errors ?? [];
  const changed = summary.result.result === true;
  return (
    <Dialog
      open
      onOpenChange={onClose}
      title={t('bulk.summaryTitle')}
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('import.close')}
        </Button>
      }
    >
      <p data-testid="bulk.summary">
        {changed
          ? t('bulk.summaryDone', { action: summary.action, count: summary.requested })
          : t('bulk.summaryNothing', { action: summary.action })}
      </p>
      {problems.length > 0 ? (
        <>
          <h3 className="rd-task-list__subtitle">{t('bulk.summaryProblems')}</h3>
          <ul className="rd-task-list__problems">
            {problems.map((problem) => (
              <li key={`${problem.code}-${problem.message}`}>{problem.message}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Dialog>
  );
}
