/** Previous / next and the page size. The archive knows no page count (continuation tokens). */
import { Button, Select } from '@reviewdesk/ui';
import { memo, useMemo } from 'react';
import { useTaskListTranslation } from '../i18n/resources';
import { PAGE_SIZES } from '../state/taskListStore';

export interface PagerProps {
  pageNumber: number;
  totalPages: number | null;
  totalCount: number | null;
  hasPrevious: boolean;
  hasNext: boolean;
  pageSize: number;
  onPrevious: () => void;
  onNext: () => void;
  onPageSize: (size: number) => void;
}

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/** The page size, memoised: a page change does not touch it. */
const PageSizeSelect = memo(function PageSizeSelect({
  pageSize,
  onPageSize,
}: Pick<PagerProps, 'pageSize' | 'onPageSize'>) {
  const { t } = useTaskListTranslation();
  return (
    <Select
      className="rd-task-list__page-size"
      label={t('paging.pageSize')}
      value={String(pageSize)}
      onChange={(event) => onPageSize(Number(event.target.value))}
      options={PAGE_SIZE_OPTIONS}
    />
  );
});

export function Pager(props: PagerProps) {
  const { t, culture } = useTaskListTranslation();
  const number = useMemo(() => new Intl.NumberFormat(culture), [culture]);
  return (
    <nav className="rd-task-list__pager" aria-label={t('paging.label')}>
      <span className="rd-task-list__total" data-testid="task-list.total">
        {props.totalCount !== null
          ? t('paging.total', {
              count: props.totalCount,
              formatted: number.format(props.totalCount),
            })
          : null}
      </span>
      <PageSizeSelect pageSize={props.pageSize} onPageSize={props.onPageSize} />
      <Button size="sm" onClick={props.onPrevious} disabled={!props.hasPrevious} data-testid="task-list.previous">
        {t('paging.previous')}
      </Button>
      <span className="rd-task-list__page" aria-live="polite" data-testid="task-list.page">
        {props.totalPages
          ? t('paging.page', { page: props.pageNumber, total: props.totalPages })
          : t('paging.pageOnly', { page: props.pageNumber })}
      </span>
      <Button size="sm" onClick={props.onNext} disabled={!props.hasNext} data-testid="task-list.next">
        {t('paging.next')}
      </Button>
    </nav>
  );
}
