/**
 * `@reviewdesk/task-list`: the task list of a workspace (tabs, server-side paging, sort, search,
 * filters, custom columns, counts, row and bulk actions), resumable import with tus, and batches.
 * Render `<TaskList>` / `<BatchList>` inside a `<ReviewdeskProvider>`; hosts without React use
 * `mountTaskList` from `@reviewdesk/task-list/embed`. Import `@reviewdesk/task-list/styles.css`.
 * @packageDocumentation
 */

export { BatchList, type BatchListProps } from './batches/BatchList';
export type {
  OpenBatchEvent,
  OpenTaskEvent,
  SelectionChangeEvent,
  TaskImportedEvent,
  TaskListEventMap,
} from './events';
export { TASK_LIST_NAMESPACE, type TaskListTranslationKey, taskListResources } from './i18n/resources';
export type { TaskListDiagnostics } from './list/diagnostics';
export { TaskList, type TaskListProps } from './list/TaskList';
export type { BulkAction } from './model/bulkActions';
export { checkFile, type FileProblem, type ImportRules } from './model/fileChecks';
export type { SupportsOperation } from './model/operations';
export { TASK_LIST_TABS, type TaskFilters, type TaskListTab, type TaskSort } from './model/query';
export { ROW_ACTIONS, type RowAction } from './model/rowActions';
export { isMediaTaskType, MEDIA_TASK_TYPES, type TaskType } from './model/taskKinds';
export type { ColumnStorage } from './state/columnPreferences';
