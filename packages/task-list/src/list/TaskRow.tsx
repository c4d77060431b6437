/**
 * One row of the task list, memoised: it renders again only when its task object, its selection
 * or the column set changes. The table keys rows by position, so a page change reuses them. With React Query's structural sharing an unchanged task keeps its
 * identity across refreshes, so a refresh where nothing changed renders no row at all.
 */
import { type Can, Menu, type MenuItem, useCan } from '@reviewdesk/ui';
import { memo, type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { TaskRowData } from '../data/useTaskPage';
import { useTaskListTranslation } from '../i18n/resources';
import type { TaskListTab } from '../model/query';
import { availableRowActions, type RowAction } from '../model/rowActions';
import { opensElsewhere } from '../shared/links';
import type { CellContext, TaskColumn } from './columns';
import { useDiagnostics } from './diagnostics';
import { type TaskListRowContext, useRowContext } from './listContext';

/** Height of a row in pixels; fixed so the virtualiser needs no measuring. */
export const ROW_HEIGHT = 48;

export interface TaskRowProps {
  task: TaskRowData;
  index: number;
  columns: readonly TaskColumn[];
  cellContext: CellContext;
  tab: TaskListTab;
  selectable: boolean;
  selected: boolean;
  onToggle: (taskId: string) => void;
  onAction: (action: RowAction, task: TaskRowData) => void;
  onOpen: (task: TaskRowData) => void;
}

/**
 * The row's actions. Until the pointer or the focus reaches it, it is a plain button: a floating
 * menu per row (focus management, list navigation, typeahead) would make every page change mount
 * 25 of them. Hovering or focusing swaps in the real menu before the user presses anything, so
 * mouse, touch and keyboard users get the menu's own behaviour with no seam.
 */
function RowActionsMenu({
  task,
  tab,
  onAction,
  can,
  context,
  label,
}: Pick<TaskRowProps, 'task' | 'tab' | 'onAction'> & { can: Can; context: TaskListRowContext; label: string }) {
  const { t } = useTaskListTranslation();
  // Armed for one task: a row reused for another task on a page change starts over with the plain
  // button, without unmounting and mounting the button of every row (as a key per task would).
  const [armedFor, setArmedFor] = useState<{ taskId: string; by: 'pointer' | 'focus' } | null>(null);
  const armed = armedFor?.taskId === task.id ? armedFor.by : false;
  const wrapper = useRef<HTMLSpanElement>(null);
  const actions = availableRowActions(task, tab, can, context);
  const items = useMemo<MenuItem[]>(
    () =>
      armed
        ? availableRowActions(task, tab, can, context).map((action) => ({
            id: action,
            label: t(`actions.${action}`),
            tone: action === 'delete' ? 'danger' : 'default',
            onSelect: () => onAction(action, task),
          }))
        : [],
    [armed, task, tab, can, context, onAction, t],
  );
  useLayoutEffect(() => {
    // The plain button had the focus; hand it to the real trigger that replaced it.
    if (armed === 'focus') wrapper.current?.querySelector('button')?.focus();
  }, [armed]);
  if (actions.length === 0) return null;
  if (!armed) {
    return (
      <button
        type="button"
        className="rd-button rd-button--secondary rd-button--md rd-focusable rd-task-list__actions-trigger"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        // flushSync: the real trigger must be in place before the press that follows this event.
        onPointerEnter={() => flushSync(() => setArmedFor({ taskId: task.id, by: 'pointer' }))}
        onFocus={() => flushSync(() => setArmedFor({ taskId: task.id, by: 'focus' }))}
      >
        <span aria-hidden="true">⋯</span>
        <span className="rd-menu__caret" aria-hidden="true" />
      </button>
    );
  }
  return (
    <span ref={wrapper} className="rd-task-list__actions-menu">
      <Menu
        label={label}
        items={items}
        placement="bottom-end"
        className="rd-task-list__actions-trigger"
        triggerContent={<span aria-hidden="true">⋯</span>}
      />
    </span>
  );
}

/**
 * The task's name. With an href from the host it is a real link, so "open in a new tab", middle
 * click and copying the address work; a plain click still goes through `onOpen` (the host
 * routes in place). Without an href it is a button.
 */
function TaskNameOpener({
  task,
  href,
  onOpen,
  children,
}: {
  task: TaskRowData;
  href: string | undefined;
  onOpen: (task: TaskRowData) => void;
  children: ReactNode;
}) {
  if (href) {
    return (
      <a
        href={href}
        className="rd-task-list__open rd-focusable"
        onClick={(event) => {
          if (opensElsewhere(event)) return;
          event.preventDefault();
          onOpen(task);
        }}
        data-testid={`task-list.open.${task.id}`}
      >
        {children}
      </a>
    );
  }
  return (
    <button
      type="button"
      className="rd-task-list__open rd-focusable"
      onClick={() => onOpen(task)}
      data-testid={`task-list.open.${task.id}`}
    >
      {children}
    </button>
  );
}

function TaskRowView({
  task,
  index,
  columns,
  cellContext,
  tab,
  selectable,
  selected,
  onToggle,
  onAction,
  onOpen,
}: TaskRowProps) {
  useDiagnostics()?.onRowRender?.(task.id);
  const can = useCan();
  const context = useRowContext();
  return (
    <tr
      className={selected ? 'rd-task-list__row rd-task-list__row--selected' : 'rd-task-list__row'}
      aria-rowindex={index + 2}
      aria-selected={selectable ? selected : undefined}
      data-task-id={task.id}
      data-testid={`task-list.row.${task.id}`}
      style={{ height: ROW_HEIGHT }}
    >
      {selectable ? (
        <td className="rd-table__td rd-task-list__select">
          <input
            type="checkbox"
            className="rd-task-list__checkbox rd-focusable"
            checked={selected}
            onChange={() => onToggle(task.id)}
            aria-label={cellContext.labels.selectRow(task.displayName)}
          />
        </td>
      ) : null}
      {columns.map((column) => (
        <td
          key={column.id}
          className={column.wraps ? 'rd-table__td rd-task-list__cell--wraps' : 'rd-table__td'}
          data-column={column.id}
        >
          {column.id === 'displayName' ? (
            <TaskNameOpener task={task} href={context.taskHref?.(task)} onOpen={onOpen}>
              {column.render(task, cellContext)}
            </TaskNameOpener>
          ) : column.wraps ? (
            <span className="rd-task-list__clamp">{column.render(task, cellContext)}</span>
          ) : (
            column.render(task, cellContext)
          )}
        </td>
      ))}
      <td className="rd-table__td rd-task-list__actions">
        <RowActionsMenu
          task={task}
          tab={tab}
          onAction={onAction}
          can={can}
          context={context}
          label={cellContext.labels.rowActions(task.displayName)}
        />
      </td>
    </tr>
  );
}

/** A memoised row (shallow prop comparison; see the module comment). */
export const TaskRow = memo(TaskRowView);
