/** Dialogs of the bulk actions: choose export formats, and the summary of what happened per task. */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Checkbox, Dialog, Input } from '@reviewdesk/ui';
import { useState } from 'react';
import { useTaskListTranslation } from '../i18n/resources';
import { useDateFormatter } from '../shared/useDateFormatter';

// The e-invoice XML is the file a task received, not a rendering of its result: the server refuses
// a selection in which a task has none, naming it, so the label says so up front.
export const BULK_EXPORT_FORMATS = ['Excel', 'Csv', 'Json', 'Xml', 'EInvoiceXml'] as const;
export type BulkExportFormat = (typeof BULK_EXPORT_FORMATS)[number];

/** How long an export link works, in hours (product-spec §5), and what the dialog proposes. */
export const EXPORT_LINK_HOURS = { min: 1, max: 168, default: 24 } as const;

/** An export kept by the server behind an expiring download link. */
export type ExportLink = Schema<'ExportLink'>;

/**
 * Choose the formats, and whether the archive is downloaded now or sent as a link that works for
 * 1 to 168 hours; once made, the link is shown to copy.
 */
export function BulkExportDialog({
  count,
  busy,
  link,
  onExport,
  onClose,
}: {
  count: number;
  busy: boolean;
  /** The link made, once the server answered it. */
  link?: ExportLink | null;
  /** `linkHours` when the archive goes to a link instead of a download. */
  onExport: (formats: BulkExportFormat[], linkHours?: number) => void;
  onClose: () => void;
}) {
  const { t } = useTaskListTranslation();
  const dateTime = useDateFormatter(true);
  const [formats, setFormats] = useState<BulkExportFormat[]>(['Excel']);
  const [asLink, setAsLink] = useState(false);
  const [hours, setHours] = useState(String(EXPORT_LINK_HOURS.default));
  const [copied, setCopied] = useState(false);
  const hourCount = Number(hours);
  const hoursError =
    asLink && !(Number.isInteger(hourCount) && hourCount >= EXPORT_LINK_HOURS.min && hourCount <= EXPORT_LINK_HOURS.max)
      ? t('bulk.linkHoursInvalid', { min: EXPORT_LINK_HOURS.min, max: EXPORT_LINK_HOURS.max })
      : null;
  if (link) {
    const until = dateTime(link.expiresOn);
    return (
      <Dialog
        open
        onOpenChange={onClose}
        size="sm"
        title={t('bulk.linkTitle')}
        footer={
          <>
            <Button
              onClick={async () => {
                await navigator.clipboard?.writeText(link.url);
                setCopied(true);
              }}
              data-testid="bulk.link.copy"
            >
              {copied ? t('bulk.linkCopied') : t('bulk.copyLink')}
            </Button>
            <Button variant="primary" onClick={onClose}>
              {t('import.close')}
            </Button>
          </>
        }
      >
        <Input
          label={t('bulk.linkLabel', { file: link.fileName })}
          readOnly
          value={link.url}
          hint={t('bulk.linkExpires', { date: until })}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="bulk.link"
        />
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={onClose}
      size="sm"
      title={t('bulk.exportTitle', { count })}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            loading={busy}
            disabled={formats.length === 0 || Boolean(hoursError)}
            onClick={() => (asLink ? onExport(formats, hourCount) : onExport(formats))}
          >
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
      <Checkbox
        label={t('bulk.asLink')}
        checked={asLink}
        onChange={(event) => setAsLink(event.target.checked)}
        data-testid="bulk.as-link"
      />
      {asLink ? (
        <Input
          label={t('bulk.linkHours')}
          type="number"
          min={EXPORT_LINK_HOURS.min}
          max={EXPORT_LINK_HOURS.max}
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          error={hoursError}
          data-testid="bulk.link-hours"
        />
      ) : null}
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
