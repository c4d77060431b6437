/**
 * Which row actions of product-spec §2 a task offers: the user's permission (§6, checked with
 * the provider's `can`) AND the task's own flags set by the server (canBeReviewed,
 * canBeExported, canBeDeleted, canBeReprocessed) AND the list the task is in.
 */
import { enumCodeOf, type Schema } from '@reviewdesk/api-client';
import type { Can } from '@reviewdesk/ui';
import type { TaskListTab } from './query';

/** The row actions of product-spec §2, in menu order. */
export const ROW_ACTIONS = [
  'view',
  'finishReview',
  'reprocess',
  'delete',
  'devdashboard',
  'export-excel',
  'export-csv',
  'export-json',
  'export-xml',
  'event-inspector',
  'recover',
  'edit-assignments',
  'index-logs',
  'view-task-share-history',
] as const;
/** One row action. */
export type RowAction = (typeof ROW_ACTIONS)[number];

/** The export actions and the ExportType each one asks for. */
export const EXPORT_ACTIONS = {
  'export-excel': 'Excel',
  'export-csv': 'Csv',
  'export-json': 'Json',
  'export-xml': 'Xml',
} as const satisfies Partial<Record<RowAction, string>>;

/** The fields of a row the rules read (list items and archived tasks both have them). */
export type ActionSubject = Pick<
  Schema<'TaskListItem'>,
  'status' | 'canBeReviewed' | 'canBeExported' | 'canBeDeleted' | 'canBeReprocessed'
>;

/** The actions a task offers in a tab, for a user. */
export function availableRowActions(task: ActionSubject, tab: TaskListTab, can: Can): RowAction[] {
  const inReview = task.status === enumCodeOf('TaskStatus', 'InReview');
  const archived = tab === 'archive';
  const rules: Record<RowAction, boolean> = {
    view: !archived && can(['Viewer.View', 'Task.View']),
    finishReview: !archived && inReview && task.canBeReviewed && can('Task.Review'),
    reprocess: !archived && task.canBeReprocessed && can('Task.ReprocessMany'),
    delete: !archived && task.canBeDeleted && can('Task.Delete'),
    devdashboard: can('Task.TracesDashboardView'),
    'export-excel': !archived && task.canBeExported && can('Task.View'),
    'export-csv': !archived && task.canBeExported && can('Task.View'),
    'export-json': !archived && task.canBeExported && can('Task.View'),
    'export-xml': !archived && task.canBeExported && can('Task.View'),
    'event-inspector': can('Task.ListEvents'),
    recover: archived && can('Task.Delete'),
    'edit-assignments': (tab === 'to-review' || tab === 'my-assignments') && can('Task.EditAssignments'),
    'index-logs': can('Index.ListLogs'),
    'view-task-share-history': !archived && can('Task.View'),
  };
  return ROW_ACTIONS.filter((action) => rules[action]);
}
