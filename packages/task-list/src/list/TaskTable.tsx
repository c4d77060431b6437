/**
 * The table body of the list: @tanstack/react-table owns the column model (visibility and the
 * server-side sort state), @tanstack/react-virtual mounts only the rows in view. Rows are
 * memoised `TaskRow`s keyed by position (reused across pages) and fed the task object itself,
 * never the table's row wrapper (which is rebuilt whenever the data array changes).
 */
import {
  type ColumnDef,
  columnVisibilityFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import type { TaskRowData } from '../data/useTaskPage';
import { useTaskListTranslation } from '../i18n/resources';
import type { TaskListTab, TaskSort } from '../model/query';
import type { RowAction } from '../model/rowActions';
import { type CellContext, type TaskColumn, tableMinWidth } from './columns';
import { ROW_HEIGHT, TaskRow } from './TaskRow';

const features = tableFeatures({ columnVisibilityFeature, rowSortingFeature });

export interface TaskTableProps {
  caption: string;
  rows: readonly TaskRowData[];
  /** Every column the user may show, in order. */
  columns: readonly TaskColumn[];
  /** Ids of the columns shown. */
  visibleColumnIds: readonly string[];
  cellContext: CellContext;
  tab: TaskListTab;
  sort: TaskSort | null;
  onSortChange: (sort: TaskSort | null) => void;
  selectable: boolean;
  selected: Readonly<Record<string, true>>;
  allMatching: boolean;
  onToggle: (taskId: string) => void;
  onTogglePage: (selected: boolean) => void;
  onAction: (action: RowAction, task: TaskRowData) => void;
  onOpen: (task: TaskRowData) => void;
  /** Scroll back to the top when this changes (a new page, tab or filter — not a refresh). */
  resetScrollKey: string;
}

export function TaskTable(props: TaskTableProps) {
  const { rows, columns, visibleColumnIds, sort, selectable, selected, allMatching } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const headerCheckbox = useRef<HTMLInputElement>(null);

  const columnDefs = useMemo<ColumnDef<typeof features, TaskRowData>[]>(
    () => columns.map((column) => ({ id: column.id, enableSorting: Boolean(column.sortField) })),
    [columns],
  );
  const columnVisibility = useMemo(
    () => Object.fromEntries(columns.map((c) => [c.id, visibleColumnIds.includes(c.id)])),
    [columns, visibleColumnIds],
  );
  const sorting = useMemo<SortingState>(() => {
    const column = sort ? columns.find((c) => c.sortField === sort.field) : undefined;
    return column && sort ? [{ id: column.id, desc: sort.descending }] : [];
  }, [sort, columns]);

  const table = useTable({
    features,
    columns: columnDefs,
    data: rows as TaskRowData[],
    getRowId: (task) => task.id,
    manualSorting: true,
    state: { columnVisibility, sorting },
  });

  const visibleIds = table
    .getVisibleLeafColumns()
    .map((c) => c.id)
    .join('|');
  // The same array instance while the visible set is the same, so rows keep their props.
  const visibleColumns = useMemo(
    () => visibleIds.split('|').flatMap((id) => columns.filter((c) => c.id === id)),
    [visibleIds, columns],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });

  // Back to the top for a new page, only when the user had scrolled: scrolling (even to where it
  // already is) forces a synchronous layout of the whole page inside the click that changed the
  // page, the largest cost of a page change in profiles. Whether it scrolled is noted on scroll.
  const scrolled = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the trigger
  useEffect(() => {
    if (!scrolled.current) return;
    scrolled.current = false;
    scrollRef.current?.scrollTo?.({ top: 0 });
  }, [props.resetScrollKey]);

  // The host may pass a new closure each render; the memoised head gets one stable callback.
  const togglePage = useRef(props.onTogglePage);
  togglePage.current = props.onTogglePage;
  const onTogglePage = useCallback((value: boolean) => togglePage.current(value), []);

  const pageIds = rows.map((r) => r.id);
  const pageSelectedCount = pageIds.filter((id) => selected[id]).length;
  const pageAll = allMatching || (pageIds.length > 0 && pageSelectedCount === pageIds.length);
  useEffect(() => {
    if (headerCheckbox.current) headerCheckbox.current.indeterminate = !pageAll && pageSelectedCount > 0;
  }, [pageAll, pageSelectedCount]);

  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const columnCount = visibleColumns.length + (selectable ? 2 : 1);

  return (
    <div
      ref={scrollRef}
      className="rd-task-list__scroll"
      data-testid="task-list.scroll"
      onScroll={(event) => {
        scrolled.current = event.currentTarget.scrollTop > 0;
      }}
    >
      <table
        className="rd-table rd-task-list__table"
        style={{ minWidth: tableMinWidth(visibleColumns, selectable) }}
        aria-rowcount={rows.length + 1}
      >
        <caption className="rd-visually-hidden">{props.caption}</caption>
        <TaskTableHead
          columns={visibleColumns}
          sort={sort}
          onSortChange={props.onSortChange}
          selectable={selectable}
          pageAll={pageAll}
          empty={rows.length === 0}
          onTogglePage={onTogglePage}
          checkboxRef={headerCheckbox}
        />
        <tbody className="rd-table__body">
          {paddingTop > 0 ? (
            <tr className="rd-task-list__spacer">
              <td colSpan={columnCount} style={{ height: paddingTop }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const task = rows[item.index];
            if (!task) return null;
            return (
              // Keyed by position, not task id: a page change then updates the ~20 mounted rows in
              // place instead of removing and creating every <tr> (the DOM work dominated its
              // profile). A refresh with nothing changed still renders none (same task at each place).
              <TaskRow
                key={item.index}
                task={task}
                index={item.index}
                columns={visibleColumns}
                cellContext={props.cellContext}
                tab={props.tab}
                selectable={selectable}
                selected={allMatching || selected[task.id] === true}
                onToggle={props.onToggle}
                onAction={props.onAction}
                onOpen={props.onOpen}
              />
            );
          })}
          {paddingBottom > 0 ? (
            <tr className="rd-task-list__spacer">
              <td colSpan={columnCount} style={{ height: paddingBottom }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

interface TaskTableHeadProps {
  columns: readonly TaskColumn[];
  sort: TaskSort | null;
  onSortChange: (sort: TaskSort | null) => void;
  selectable: boolean;
  pageAll: boolean;
  empty: boolean;
  onTogglePage: (selected: boolean) => void;
  checkboxRef: RefObject<HTMLInputElement | null>;
}

/**
 * The header row, memoised: a page change leaves the columns, the sort and the labels as they
 * were, so it does not translate and reconcile every header again.
 */
const TaskTableHead = memo(function TaskTableHead({
  columns,
  sort,
  onSortChange,
  selectable,
  pageAll,
  empty,
  onTogglePage,
  checkboxRef,
}: TaskTableHeadProps) {
  const { t } = useTaskListTranslation();
  const cycleSort = (column: TaskColumn) => {
    if (!column.sortField) return;
    if (!sort || sort.field !== column.sortField) onSortChange({ field: column.sortField, descending: false });
    else if (!sort.descending) onSortChange({ field: column.sortField, descending: true });
    else onSortChange(null);
  };
  return (
    <thead className="rd-table__head rd-task-list__head">
      <tr aria-rowindex={1}>
        {selectable ? (
          <th scope="col" className="rd-table__th rd-table__cell--start rd-task-list__select">
            <input
              ref={checkboxRef}
              type="checkbox"
              className="rd-task-list__checkbox rd-focusable"
              checked={pageAll}
              disabled={empty}
              onChange={(event) => onTogglePage(event.target.checked)}
              aria-label={t('selection.page')}
              data-testid="task-list.select-page"
            />
          </th>
        ) : null}
        {columns.map((column) => {
          const label = 'key' in column.header ? t(column.header.key) : column.header.text;
          const active = sort && column.sortField === sort.field ? sort : null;
          return (
            <th
              key={column.id}
              scope="col"
              className="rd-table__th rd-table__cell--start"
              style={column.width ? { width: column.width } : undefined}
              aria-sort={active ? (active.descending ? 'descending' : 'ascending') : undefined}
            >
              {column.sortField ? (
                <button
                  type="button"
                  className="rd-task-list__sort rd-focusable"
                  onClick={() => cycleSort(column)}
                  aria-label={t('columns.sortBy', { column: label })}
                  data-testid={`task-list.sort.${column.id}`}
                >
                  {label}
                  <span
                    className={`rd-task-list__sort-icon rd-task-list__sort-icon--${active ? (active.descending ? 'desc' : 'asc') : 'none'}`}
                    aria-hidden="true"
                  />
                </button>
              ) : (
                label
              )}
            </th>
          );
        })}
        <th scope="col" className="rd-table__th rd-table__cell--end rd-task-list__actions">
          <span className="rd-visually-hidden">{t('columns.actions')}</span>
        </th>
      </tr>
    </thead>
  );
});
