/**
 * `@reviewdesk/task-list/embed`: the task list for any host page, React or not.
 *
 * `mountTaskList(element, options)` renders the list with its own provider (i18n, stores, query
 * client unless the host passes one) into `element` and returns a handle:
 * `update(options)` (host options win, merged over the current ones), `on(event, handler)`
 * returning an unsubscribe, and `destroy()`. Several mounts on one page are independent.
 */
import type { ReviewdeskProviderProps } from '@reviewdesk/ui';
import { createEmbed, relay, splitProviderOptions } from '@reviewdesk/ui/embed';
import { createElement } from 'react';
import type { TaskListEventMap } from './events';
import { TaskList, type TaskListProps } from './list/TaskList';

/** Options of {@link mountTaskList}: the provider's settings plus the list's props. */
export interface MountTaskListOptions
  extends Omit<ReviewdeskProviderProps, 'children' | 'className'>,
    Omit<TaskListProps, 'className'> {
  /** Extra class on the `.rd-root` element. */
  className?: string;
}

/** What {@link mountTaskList} returns. */
export interface TaskListHandle {
  /** Merges new options over the current ones and re-renders. */
  update(options: Partial<MountTaskListOptions>): void;
  /** Subscribes to an event; returns the unsubscribe. */
  on<E extends keyof TaskListEventMap>(event: E, handler: (payload: TaskListEventMap[E]) => void): () => void;
  /** Unmounts and releases everything this mount created. */
  destroy(): void;
}

/**
 * Mounts a task list into an element.
 * @example
 * const list = mountTaskList(document.getElementById('tasks')!, { client, workspaceId, locale: 'en', abilities });
 * const off = list.on('openTask', ({ taskId }) => location.assign(`/viewer?taskId=${taskId}`));
 * list.update({ workspaceId: other });
 * list.destroy();
 */
export function mountTaskList(element: HTMLElement, options: MountTaskListOptions): TaskListHandle {
  return createEmbed<MountTaskListOptions, TaskListEventMap>(element, options, {
    name: 'mountTaskList',
    provider: (options) => splitProviderOptions(options).provider,
    render: (current, events) => {
      const list = splitProviderOptions(current).rest;
      // Both the option callbacks and the subscribed handlers hear every event.
      return createElement(TaskList, {
        ...list,
        onOpenTask: relay(current.onOpenTask, events, 'openTask'),
        onSelectionChange: relay(current.onSelectionChange, events, 'selectionChange'),
        onTabChange: relay(current.onTabChange, events, 'tabChange'),
        onTaskImported: relay(current.onTaskImported, events, 'taskImported'),
        onError: relay(current.onError, events, 'error'),
      });
    },
  });
}

export type { TaskListEventMap } from './events';
export type { TaskListProps } from './list/TaskList';
