/**
 * What every row of one list needs from the host and the workspace besides its task: where a task
 * name links to, whether the tasks are recordings, and what the server implements. One context
 * per list; its value changes only when one of these changes (the host's functions are read
 * through a ref), so it does not break the rows' memoisation.
 */
import { createContext, useContext } from 'react';
import type { TaskRowData } from '../data/useTaskPage';
import { SUPPORTS_EVERYTHING, type SupportsOperation } from '../model/operations';

export interface TaskListRowContext {
  /** The href of a task's name; null: the name is a button, not a link. */
  taskHref: ((task: TaskRowData) => string | undefined) | null;
  /** The workspace's tasks are recordings. */
  media: boolean;
  /** The workspace's tasks are anonymised (they export burned-in Pdf, Png and Jpeg). */
  anonymisation: boolean;
  /** The workspace's tasks can be shared (not translations). */
  shareable: boolean;
  supports: SupportsOperation;
}

export const RowContext = createContext<TaskListRowContext>({
  taskHref: null,
  media: false,
  anonymisation: false,
  shareable: true,
  supports: SUPPORTS_EVERYTHING,
});

export function useRowContext(): TaskListRowContext {
  return useContext(RowContext);
}
