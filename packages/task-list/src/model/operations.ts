/**
 * Which server operations the list's actions call, by `operationId` of the OpenAPI contract, so a
 * host that knows the server's capabilities can hide what would only answer "not available on
 * this server" (501). The default supports everything.
 */

/** Says whether the server implements an operation (`'Index_Search'`, …). */
export type SupportsOperation = (operationId: string) => boolean;

/** Every operation supported: the default when the host says nothing. */
export const SUPPORTS_EVERYTHING: SupportsOperation = () => true;

/** The operation that lists each tab. */
export const TAB_OPERATIONS = {
  'to-review': 'SdTask_GetWithPagination',
  'my-assignments': 'SdTask_GetMyAssignmentsWithPagination',
  processed: 'SdTask_HistoryGetAllHistoryByWorkspaceAsync',
  archive: 'SdTask_ArchiveGetAllArchiveByWorkspaceAsync',
  'text-search': 'Index_Search',
} as const;

/** The operation of each bulk action; exports depend on what the tasks hold. */
export const BULK_OPERATIONS = {
  reprocess: 'SdTask_RestartProcessingMany',
  delete: 'SdTask_DeleteMany',
  export: 'SdTask_BulkExport',
  exportTranscripts: 'Transcript_ExportMultiple',
} as const;

/** The operation that turns an uploaded file into a task. */
export const IMPORT_OPERATION = 'SdTask_Process';
