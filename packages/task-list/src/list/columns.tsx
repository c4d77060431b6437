/**
 * The columns of the task list. Fixed ones (selection, actions) are always there; the rest can
 * be shown or hidden by the user, including the workspace's detected fields as custom columns
 * (`field:<categoryKey>`, permission Task.CustomColumns). Each column renders from the task alone,
 * so a row re-renders only when its task object changes.
 */
import { AvatarGroup } from '@reviewdesk/ui';
import type { ReactNode } from 'react';
import type { TaskRowData } from '../data/useTaskPage';
import type { TaskListTranslationKey } from '../i18n/resources';
import { SORT_FIELDS } from '../model/query';
import type { CellLabels } from './cellLabels';
import { SearchMatch } from './SearchMatch';
import { TaskStatusCell } from './TaskStatusCell';

/** What a cell may need besides its task (stable per list, so it does not break row memoisation). */
export interface CellContext {
  formatDate: (iso: string | null | undefined) => string;
  labels: CellLabels;
}

/** A column of the list. */
export interface TaskColumn {
  id: string;
  /** Translation key of the header, or a literal header for custom columns. */
  header: { key: TaskListTranslationKey } | { text: string };
  /** Server field to sort on; absent = not sortable. */
  sortField?: string;
  /** CSS width. */
  width?: string;
  /** Long text breaks onto a second line (a row has room for two) instead of being cut. */
  wraps?: boolean;
  render: (task: TaskRowData, context: CellContext) => ReactNode;
}

const dash = '—';
/** A medium date ("Nov 27, 2026", "27/11/2026", "27 nov. 2026") and the cell's padding, in every culture. */
const DATE_WIDTH = '8.5rem';

const BASE_COLUMNS: TaskColumn[] = [
  {
    id: 'number',
    header: { key: 'columns.number' },
    width: '5rem',
    render: (task) => (task.sequentialByWorkspaceId ? `#${task.sequentialByWorkspaceId}` : dash),
  },
  {
    id: 'displayName',
    header: { key: 'columns.displayName' },
    render: (task, context) => (
      <span className="rd-task-list__name">
        <span className="rd-task-list__name-text">{task.displayName}</span>
        {task.matches?.[0] ? (
          <SearchMatch
            match={task.matches[0]}
            place={context.labels.matchPlace(task.matches[0])}
            more={
              (task.matchCount ?? task.matches.length) > 1 ? context.labels.moreMatches((task.matchCount ?? 0) - 1) : ''
            }
          />
        ) : null}
      </span>
    ),
  },
  {
    id: 'status',
    header: { key: 'columns.status' },
    width: '11rem',
    render: (task, context) => <TaskStatusCell status={task.status} name={context.labels.statusName(task.status)} />,
  },
  { id: 'batch', header: { key: 'columns.batch' }, width: '9rem', render: (task) => task.batchDisplayName ?? dash },
  {
    id: 'createdOn',
    header: { key: 'columns.createdOn' },
    width: DATE_WIDTH,
    render: (task, context) => context.formatDate(task.createdOn),
  },
  {
    id: 'assignees',
    header: { key: 'columns.assignees' },
    width: '8rem',
    render: (task) => (
      <AvatarGroup
        size="sm"
        people={(task.assignmentUsers ?? []).map((user) => ({
          id: user.userId,
          name: user.userName ?? user.userId,
          imageUrl: user.profilePicture ?? undefined,
        }))}
      />
    ),
  },
  { id: 'externalId', header: { key: 'columns.externalId' }, width: '9rem', render: (task) => task.externalId ?? dash },
  { id: 'description', header: { key: 'columns.description' }, render: (task) => task.description ?? dash },
  { id: 'totalPages', header: { key: 'columns.totalPages' }, width: '5rem', render: (task) => task.totalPages || dash },
  {
    id: 'lastIntegratedOn',
    header: { key: 'columns.lastIntegratedOn' },
    width: DATE_WIDTH,
    render: (task, context) => context.formatDate(task.lastIntegratedOn),
  },
  {
    id: 'lastIntegratedBy',
    header: { key: 'columns.lastIntegratedBy' },
    width: '9rem',
    render: (task) => task.lastIntegratedByUserName ?? dash,
  },
  {
    id: 'languageCode',
    header: { key: 'columns.languageCode' },
    width: '6rem',
    render: (task) => task.languageCode ?? dash,
  },
  {
    id: 'expiresOn',
    header: { key: 'columns.expiresOn' },
    width: DATE_WIDTH,
    render: (task, context) => context.formatDate(task.expiresOn),
  },
];

/** Optional columns the user can show, in their display order, with their sort fields. */
export const OPTIONAL_COLUMNS: readonly TaskColumn[] = BASE_COLUMNS.map((column) => ({
  ...column,
  sortField: SORT_FIELDS[column.id],
}));

/** The labelling status of a task, shown in labelling-and-training workspaces only (product-spec §4). */
export const LABELLING_COLUMN: TaskColumn = {
  id: 'labellingStatus',
  header: { key: 'columns.labellingStatus' },
  sortField: SORT_FIELDS.labellingStatus,
  // "To label again (new fields)" and its translations read whole on two lines of a narrow column.
  width: '11rem',
  wraps: true,
  render: (task, context) => context.labels.labellingName(task.labellingStatus) || dash,
};

/** A custom column showing one detected field of the workspace. */
export function detectedFieldColumn(field: { categoryKey: string; displayName?: string | null }): TaskColumn {
  return {
    id: `field:${field.categoryKey}`,
    header: { text: field.displayName || field.categoryKey },
    render: (task) => task.detectedFields?.[field.categoryKey] ?? dash,
  };
}

/** The least width of a column that takes what the sized ones leave (the name, a description…). */
const FLEXIBLE_COLUMN_MIN = '12rem';
/** The selection and actions cells, as task-list.css sizes them. */
const SELECT_CELL = '3.25rem';
const ACTIONS_CELL = '5.5rem';

/**
 * The table's least width: every sized column at its width and every other one at
 * FLEXIBLE_COLUMN_MIN. The table is laid out fixed, so without it a list with many columns in a
 * narrow panel squeezed the name down to a few letters; below this width the list scrolls sideways.
 */
export function tableMinWidth(columns: readonly TaskColumn[], selectable: boolean): string {
  const widths = columns.map((column) => column.width ?? FLEXIBLE_COLUMN_MIN);
  if (selectable) widths.push(SELECT_CELL);
  widths.push(ACTIONS_CELL);
  return `calc(${widths.join(' + ')})`;
}
