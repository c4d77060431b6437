/** The typed events of the task list, shared by the React props and the `/embed` handle. */
import type { ApiCallError } from '@reviewdesk/api-client';
import type { TaskListTab } from './model/query';
import type { TaskType } from './model/taskKinds';

/** What `onOpenTask` receives. */
export interface OpenTaskEvent {
  taskId: string;
  workspaceId: string;
  displayName: string;
  /** True when the task was opened from the archive or the history. */
  fromHistory: boolean;
  /**
   * The workspace's task type, so the host opens it where it belongs (a recording in the
   * transcript editor, never the document viewer); null while the workspace's config is loading.
   */
  taskType: TaskType | null;
  /** The task is an audio or video recording (derived from `taskType`). */
  media: boolean;
  /** Opened from a text-search hit: the page of its best passage (documents), to open there. */
  pageNumber?: number | null;
  /** Opened from a text-search hit: where its best passage starts, in seconds (recordings). */
  startTimeSeconds?: number | null;
  /** Opened from a text-search hit: the matched words of its best passage, to show on its page. */
  matchedWords?: string | null;
}

/** What `onOpenBatch` receives. */
export interface OpenBatchEvent {
  batchId: string;
  workspaceId: string;
  displayName: string;
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
