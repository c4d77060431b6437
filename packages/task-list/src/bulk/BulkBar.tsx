/** The selection bar: how many tasks are selected, "select all matching", and the bulk actions. */
import { Button } from '@reviewdesk/ui';
import { useTaskListTranslation } from '../i18n/resources';
import type { BulkAction } from '../model/bulkActions';

export type { BulkAction } from '../model/bulkActions';

export function BulkBar({
  count,
  allMatching,
  totalCount,
  pageFullySelected,
  onSelectAllMatching,
  onClear,
  actions,
  onAction,
}: {
  count: number;
  allMatching: boolean;
  totalCount: number | null;
  pageFullySelected: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** The actions offered (see `availableBulkActions`). */
  actions: readonly BulkAction[];
  onAction: (action: BulkAction) => void;
}) {
  const { t } = useTaskListTranslation();
  if (count === 0 && !allMatching) return null;
  return (
    <section className="rd-task-list__bulk" aria-label={t('bulk.label')} data-testid="task-list.bulk">
      <span className="rd-task-list__bulk-count" aria-live="polite">
        {allMatching ? t('selection.allMatching', { count: totalCount ?? 0 }) : t('selection.selected', { count })}
      </span>
      {!allMatching && pageFullySelected && totalCount !== null && totalCount > count ? (
        <Button size="sm" variant="ghost" onClick={onSelectAllMatching} data-testid="task-list.select-all-matching">
          {t('selection.selectAllMatching', { count: totalCount })}
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onClear}>
        {t('selection.clear')}
      </Button>
      <span className="rd-task-list__bulk-spacer" />
      {actions.includes('reprocess') ? (
        <Button size="sm" onClick={() => onAction('reprocess')} data-testid="task-list.bulk.reprocess">
          {t('bulk.reprocess')}
        </Button>
      ) : null}
      {actions.includes('export') ? (
        <Button size="sm" onClick={() => onAction('export')} data-testid="task-list.bulk.export">
          {t('bulk.export')}
        </Button>
      ) : null}
      {actions.includes('delete') ? (
        <Button size="sm" variant="danger" onClick={() => onAction('delete')} data-testid="task-list.bulk.delete">
          {t('bulk.delete')}
        </Button>
      ) : null}
    </section>
  );
}
