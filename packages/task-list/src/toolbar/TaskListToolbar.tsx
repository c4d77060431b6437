/** The toolbar above the list: search (as you type and on Enter), filters, columns, folder monitor, import. */
import { Button, Input, Popover } from '@reviewdesk/ui';
import { memo } from 'react';
import { useTaskListTranslation } from '../i18n/resources';
import type { TaskColumn } from '../list/columns';
import { activeFilterCount, type TaskFilters, type TaskListTab } from '../model/query';
import { ColumnsChooser } from './ColumnsChooser';
import { FiltersPanel } from './FiltersPanel';
import { useDebouncedSearch } from './useDebouncedSearch';

export interface TaskListToolbarProps {
  workspaceId: string;
  /** The workspace labels tasks for training (the labelling-status filter). */
  labelling?: boolean;
  tab: TaskListTab;
  search: string;
  onSearch: (text: string) => void;
  filters: TaskFilters;
  onFilters: (filters: TaskFilters) => void;
  columns: readonly TaskColumn[];
  visibleColumnIds: readonly string[];
  onToggleColumn: (id: string, visible: boolean) => void;
  onResetColumns: () => void;
  refreshing: boolean;
  /** Absent: the user may not import (or the server cannot). */
  onImport?: () => void;
  /** Downloads the folder monitor; absent: the user may not (or the server cannot). */
  onDownloadFolderMonitor?: () => void;
}

/** Memoised with stable callbacks from the list: a page change does not render the toolbar. */
export const TaskListToolbar = memo(function TaskListToolbar(props: TaskListToolbarProps) {
  const { t } = useTaskListTranslation();
  const { tab } = props;
  const search = useDebouncedSearch(props.search, props.onSearch);
  const filterCount = activeFilterCount(props.filters);
  const textSearch = tab === 'text-search';
  return (
    <div className="rd-task-list__toolbar">
      <search className="rd-task-list__search">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            search.submit();
          }}
        >
          <Input
            name="search"
            type="search"
            label={textSearch ? t('toolbar.textSearch') : t('toolbar.search')}
            placeholder={textSearch ? t('toolbar.textSearchPlaceholder') : t('toolbar.searchPlaceholder')}
            value={search.text}
            onChange={(event) => search.type(event.target.value)}
            data-testid="task-list.search"
          />
        </form>
      </search>
      {textSearch ? null : (
        <Popover
          title={t('filters.title')}
          trigger={
            <Button data-testid="task-list.filters-toggle">
              {filterCount > 0 ? t('toolbar.filtersWithCount', { count: filterCount }) : t('toolbar.filters')}
            </Button>
          }
        >
          <FiltersPanel
            workspaceId={props.workspaceId}
            labelling={props.labelling ?? false}
            value={props.filters}
            onApply={props.onFilters}
          />
        </Popover>
      )}
      <ColumnsChooser
        columns={props.columns}
        visible={props.visibleColumnIds}
        onToggle={props.onToggleColumn}
        onReset={props.onResetColumns}
      />
      <span className="rd-task-list__toolbar-spacer" />
      {props.refreshing ? <output className="rd-task-list__refreshing">{t('list.refreshing')}</output> : null}
      {props.onDownloadFolderMonitor ? (
        <Button
          onClick={props.onDownloadFolderMonitor}
          title={t('toolbar.folderMonitorHint')}
          data-testid="task-list.folder-monitor"
        >
          {t('toolbar.folderMonitor')}
        </Button>
      ) : null}
      {props.onImport ? (
        <Button variant="primary" onClick={props.onImport} data-testid="task-list.import">
          {t('toolbar.import')}
        </Button>
      ) : null}
    </div>
  );
});
