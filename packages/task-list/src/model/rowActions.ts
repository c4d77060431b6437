/**
 * Which row actions of product-spec §2 a task offers: the user's permission (§6, checked with
 * the provider's `can`) AND the task's own flags set by the server (canBeReviewed,
 * canBeExported, canBeDeleted, canBeReprocessed) AND the list the task is in AND what works for
 * its kind (a recording exports its transcript, not the document formats; only an e-invoice
 * exports its XML; only an anonymisation task exports anonymised renders) AND what the server implements (the host's `supports`).
 */
import { enumCodeOf, type Schema } from '@reviewdesk/api-client';
import type { Can } from '@reviewdesk/ui';
import { SUPPORTS_EVERYTHING, type SupportsOperation } from './operations';
import type { TaskListTab } from './query';

/** The row actions of product-spec §2, plus the transcript exports of recordings and sharing, in menu order. */
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
  'export-word',
  'export-einvoice',
  'export-anonymised-pdf',
  'export-anonymised-png',
  'export-anonymised-jpeg',
  'export-transcript-txt',
  'export-transcript-srt',
  'export-transcript-vtt',
  'export-transcript-json',
  'export-transcript-word',
  'event-inspector',
  'recover',
  'edit-assignments',
  'index-logs',
  'share',
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
  'export-word': 'Word',
  'export-einvoice': 'EInvoiceXml',
  'export-anonymised-pdf': 'AnonymizedPdf',
  'export-anonymised-png': 'AnonymizedPng',
  'export-anonymised-jpeg': 'AnonymizedJpeg',
} as const satisfies Partial<Record<RowAction, string>>;

/** The transcript export actions and the TranscriptExportType each one asks for. */
export const TRANSCRIPT_EXPORT_ACTIONS = {
  'export-transcript-txt': 'Txt',
  'export-transcript-srt': 'Srt',
  'export-transcript-vtt': 'Vtt',
  'export-transcript-json': 'Json',
  'export-transcript-word': 'Word',
} as const satisfies Partial<Record<RowAction, string>>;

/** The operation each action calls (`null`: the host does it, e.g. opening the task). */
export const ROW_ACTION_OPERATIONS: Readonly<Record<RowAction, string | null>> = {
  view: null,
  finishReview: 'Viewer_ReviewFinish',
  reprocess: 'SdTask_RestartProcessing',
  delete: 'SdTask_DeleteTask',
  devdashboard: 'SdTask_TracesDashboardUrl',
  'export-excel': 'SdTask_Export',
  'export-csv': 'SdTask_Export',
  'export-json': 'SdTask_Export',
  'export-xml': 'SdTask_Export',
  'export-word': 'SdTask_Export',
  'export-einvoice': 'SdTask_Export',
  'export-anonymised-pdf': 'SdTask_Export',
  'export-anonymised-png': 'SdTask_Export',
  'export-anonymised-jpeg': 'SdTask_Export',
  'export-transcript-txt': 'Transcript_Export',
  'export-transcript-srt': 'Transcript_Export',
  'export-transcript-vtt': 'Transcript_Export',
  'export-transcript-json': 'Transcript_Export',
  'export-transcript-word': 'Transcript_Export',
  'event-inspector': 'SdTask_Events',
  recover: 'SdTask_Recover',
  'edit-assignments': 'SdTask_UpdateTaskAssignment',
  'index-logs': 'Index_Logs',
  share: 'SdTask_Share',
  'view-task-share-history': 'SdTaskShare_GetTaskShareHistoryDetails',
};

/** What besides the task, the tab and the user decides the actions. */
export interface RowActionContext {
  /** The workspace's tasks are recordings (see `model/taskKinds.ts`). @default false */
  media?: boolean;
  /** The workspace anonymises documents or images (see `model/taskKinds.ts`). @default false */
  anonymisation?: boolean;
  /** The workspace's tasks can be shared (translation tasks cannot, product-spec §4). @default true */
  shareable?: boolean;
  /** What the server implements. @default everything */
  supports?: SupportsOperation;
}

/** The fields of a row the rules read (list items and archived tasks both have them). */
export type ActionSubject = Pick<
  Schema<'TaskListItem'>,
  'status' | 'canBeReviewed' | 'canBeExported' | 'canBeDeleted' | 'canBeReprocessed' | 'hasEInvoiceXml'
>;

/** The actions a task offers in a tab, for a user. */
export function availableRowActions(
  task: ActionSubject,
  tab: TaskListTab,
  can: Can,
  { media = false, anonymisation = false, shareable = true, supports = SUPPORTS_EVERYTHING }: RowActionContext = {},
): RowAction[] {
  const inReview = task.status === enumCodeOf('TaskStatus', 'InReview');
  const archived = tab === 'archive';
  const documentExport = !media && !archived && task.canBeExported && can('Task.View');
  // The original file with the reviewed regions burned in: only anonymisation tasks have them.
  const anonymisedExport = documentExport && anonymisation;
  const transcriptExport = media && !archived && task.canBeExported && can('Task.View');
  const rules: Record<RowAction, boolean> = {
    view: !archived && can(['Viewer.View', 'Task.View']),
    finishReview: !archived && inReview && task.canBeReviewed && can('Task.Review'),
    reprocess: !archived && task.canBeReprocessed && can('Task.ReprocessMany'),
    delete: !archived && task.canBeDeleted && can('Task.Delete'),
    devdashboard: can('Task.TracesDashboardView'),
    'export-excel': documentExport,
    'export-csv': documentExport,
    'export-json': documentExport,
    'export-xml': documentExport,
    'export-word': documentExport,
    // The EN 16931 XML the invoice was read from: only a task that keeps one offers it.
    'export-einvoice': documentExport && task.hasEInvoiceXml === true,
    'export-anonymised-pdf': anonymisedExport,
    'export-anonymised-png': anonymisedExport,
    'export-anonymised-jpeg': anonymisedExport,
    'export-transcript-txt': transcriptExport,
    'export-transcript-srt': transcriptExport,
    'export-transcript-vtt': transcriptExport,
    'export-transcript-json': transcriptExport,
    'export-transcript-word': transcriptExport,
    'event-inspector': can('Task.ListEvents'),
    recover: archived && can('Task.Delete'),
    'edit-assignments': (tab === 'to-review' || tab === 'my-assignments') && can('Task.EditAssignments'),
    'index-logs': can('Index.ListLogs'),
    share: !archived && shareable && can('Task.View'),
    'view-task-share-history': !archived && shareable && can('Task.View'),
  };
  return ROW_ACTIONS.filter((action) => {
    const operation = ROW_ACTION_OPERATIONS[action];
    return rules[action] && (operation === null || supports(operation));
  });
}
