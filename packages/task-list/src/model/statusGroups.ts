/**
 * The status filter options of the task list, grouped the way product-spec §4 lists them:
 * Deleting, Deleted, the queued states, the pre-processing, recognizing, post-processing and
 * export groups, ValidationErrorInvalidDimensions, the four glossary errors, ToReview, InReview,
 * Processed, SplitProcessed, ProcessedAfterPeriodAndDeletedFiles. Codes come from the contract's
 * enum (via the api-client helpers), never typed in by hand twice.
 */
import { type EnumMemberName, enumCodeOf } from '@reviewdesk/api-client';

type StatusName = EnumMemberName<'TaskStatus'>;

/** One group of the status filter; `id` is also its translation key under `filters.statusGroups`. */
export interface StatusGroup {
  id:
    | 'deleting'
    | 'deleted'
    | 'queued'
    | 'preProcessing'
    | 'recognizing'
    | 'postProcessing'
    | 'export'
    | 'validation'
    | 'glossary'
    | 'review'
    | 'processed';
  statuses: readonly StatusName[];
}

const GROUPS: readonly StatusGroup[] = [
  { id: 'deleting', statuses: ['Deleting'] },
  { id: 'deleted', statuses: ['Deleted'] },
  {
    id: 'queued',
    statuses: ['QueuedForPreProcessing', 'QueuedForRecognizing', 'QueuedForPostProcessing', 'QueuedForExport'],
  },
  {
    id: 'preProcessing',
    statuses: [
      'PreProcessingInProgress',
      'PreProcessingFailed',
      'PreProcessingDownloadFailed',
      'PreProcessingSuccessful',
      'PreProcessingGetPagesFailed',
      'PreProcessingInsufficientVolume',
      'PreProcessingLicenseExpired',
      'PreProcessingSplittingInProgress',
      'PreProcessingSplittingFailed',
      'PreProcessingConvertToPdfFailed',
      'PreProcessingFileLengthCountFailed',
      'PreProcessingUnknownLicenseError',
    ],
  },
  { id: 'recognizing', statuses: ['RecognizingInProgress', 'RecognizingFailed', 'RecognizingSuccessful'] },
  {
    id: 'postProcessing',
    statuses: [
      'PostProcessingInProgress',
      'PostProcessingFailed',
      'PostProcessingSuccessful',
      'PostProcessingSharePointUploadingFailedAccessLock',
    ],
  },
  { id: 'export', statuses: ['ExportInProgress', 'ExportFailed', 'ExportSuccessful'] },
  { id: 'validation', statuses: ['ValidationErrorInvalidDimensions'] },
  {
    id: 'glossary',
    statuses: [
      'GlobalGlossaryDownloadFailedError',
      'GlossaryDownloadFailedError',
      'GlossaryInvalidError',
      'GlobalGlossaryInvalidError',
    ],
  },
  { id: 'review', statuses: ['ToReview', 'InReview'] },
  { id: 'processed', statuses: ['Processed', 'SplitProcessed', 'ProcessedAfterPeriodAndDeletedFiles'] },
];

/** The groups with each status's code resolved from the contract. */
export function statusGroups(): ReadonlyArray<StatusGroup & { codes: readonly number[] }> {
  return GROUPS.map((group) => ({
    ...group,
    codes: group.statuses.map((name): number => enumCodeOf('TaskStatus', name)),
  }));
}
