/** The typed events of the task list, shared by the React props and the `/embed` handle. */
import type { ApiCallError } from '@reviewdesk/api-client';
import type { TaskListTab } from './model/query';

/** What `onOpenTask` receives. */
export interface OpenTaskEvent {
  taskId: string;
  workspaceId: string;
  displayName: string;
  /** True when the task was opened from the archive or the history. */
  fromHistory: boolean;
}

/** What `onSelectionChange` receives. */
export interface SelectionChangeEvent {
  /** The ticked task ids (empty when `allMatching`). */
  taskIds: string[];
  /** Every task matching the filters is selected. */
  allMatching: boolean;
}

/** What `onTaskImported` receives, once per file that became a task. */
export interface TaskImportedEvent {
  taskId: string;
  fileName: string;
}

/** Event name → payload, for `handle.on(name, handler)`. */
export interface TaskListEventMap {
  openTask: OpenTaskEvent;
  selectionChange: SelectionChangeEvent;
  tabChange: TaskListTab;
  taskImported: TaskImportedEvent;
  error: ApiCallError | Error;
}
