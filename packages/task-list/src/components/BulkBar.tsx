/** The selection bar: how many tasks are selected, "select all matching", and the bulk actions. */
import { Button, useCan } from '@reviewdesk/ui';
import { useTaskListTranslation } from '../i18n/resources';

export type BulkAction = 'reprocess' | 'delete' | 'export';

export function BulkBar({
  count,
  allMatching,
  totalCount,
  pageFullySelected,
  onSelectAllMatching,
  onClear,
  onAction,
}: {
  count: number;
  allMatching: boolean;
  totalCount: number | null;
  pageFullySelected: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onAction: (action: BulkAction) => void;
}) {
  const { t } = useTaskListTranslation();
  const can = useCan();
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
      {can('Task.ReprocessMany') ? (
        <Button size="sm" onClick={() => onAction('reprocess')} data-testid="task-list.bulk.reprocess">
          {t('bulk.reprocess')}
        </Button>
      ) : null}
      <Button size="sm" onClick={() => onAction('export')} data-testid="task-list.bulk.export">
        {t('bulk.export')}
      </Button>
      {can('Task.DeleteMany') ? (
        <Button size="sm" variant="danger" onClick={() => onAction('delete')} data-testid="task-list.bulk.delete">
          {t('bulk.delete')}
        </Button>
      ) : null}
    </section>
  );
}
