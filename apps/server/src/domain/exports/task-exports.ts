// Exports of reviewed results as files: one task (Viewer/Export, Transcript/Export), a selection in
// one file (SdTask/Export), one file per task and type in a zip (SdTask/BulkExport,
// Transcript/ExportMultiple). The writers are in src/formats/exports; the anonymised renders of
// anonymisation tasks are made from the original file (anonymised-export.ts); a format that cannot
// be made is refused with ExportDataError (17) — never a stand-in file. EInvoiceXml is the XML kept
// with the task, as received (einvoice-export.ts).
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { ResultsScope } from '../../db/repositories/results.js';
import type { TaskRow } from '../../db/schema.js';
import type { Language } from '../../formats/cultures.js';
import {
  type ExportFile,
  ExportType,
  exportDocument,
  exportTranscript,
  safeFileName,
  type TranscriptExportOptions,
  TranscriptExportType,
} from '../../formats/exports/index.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { DomainError } from '../errors.js';
import { resultError } from '../results/viewer-task.js';
import { anonymisedExport } from './anonymised-export.js';
import { combinedExport } from './combined-export.js';
import { eInvoiceXmlFile } from './einvoice-export.js';
import { isMediaTask, reviewedDocument, reviewedTranscript } from './reviewed-result.js';
import { uniqueNames, zip } from './zip.js';

const EXPORT_NAMES = new Map<number, string>(Object.entries(ExportType).map(([n, v]) => [v, n]));
const TRANSCRIPT_NAMES = new Map<number, string>(Object.entries(TranscriptExportType).map(([n, v]) => [v, n]));

/** Document formats this server writes. */
export const DOCUMENT_EXPORTS: ReadonlySet<number> = new Set([
  ExportType.Excel,
  ExportType.Csv,
  ExportType.Json,
  ExportType.Xml,
  ExportType.Word,
  ExportType.AnonymizedPng,
  ExportType.AnonymizedJpeg,
  ExportType.AnonymizedPdf,
  ExportType.EInvoiceXml,
]);

/** Renders of the original file, one per task: never combined with other tasks into one file. */
const ANONYMISED: ReadonlySet<number> = new Set([
  ExportType.AnonymizedPng,
  ExportType.AnonymizedJpeg,
  ExportType.AnonymizedPdf,
]);
/** Transcript formats this server writes. */
export const TRANSCRIPT_EXPORTS: ReadonlySet<number> = new Set([
  TranscriptExportType.Txt,
  TranscriptExportType.Srt,
  TranscriptExportType.Vtt,
  TranscriptExportType.Json,
  TranscriptExportType.Word,
]);

const unsupported = (name: string) =>
  resultError(TaskErrorCode.ExportDataError, `${name} export is not available on this server.`);

export function checkDocumentType(type: number): void {
  if (!DOCUMENT_EXPORTS.has(type)) unsupportedDocument(type);
}

function unsupportedDocument(type: number): never {
  throw unsupported(EXPORT_NAMES.get(type) ?? `Type ${type}`);
}

export function checkTranscriptType(type: number): void {
  if (!TRANSCRIPT_EXPORTS.has(type)) throw unsupported(TRANSCRIPT_NAMES.get(type) ?? `Type ${type}`);
}

/**
 * A document task's reviewed result in one format (`files` holds the e-invoice XML kept with it);
 * `language` is the reader's, for the headings a Word file writes itself.
 */
export async function exportTask(
  scope: ResultsScope,
  files: BlobStorage,
  task: TaskRow,
  type: number,
  language: Language,
): Promise<ExportFile> {
  checkDocumentType(type);
  if (isMediaTask(task)) {
    throw resultError(
      TaskErrorCode.ExportDataError,
      `'${task.display_name}' is an audio or video task: export its transcript (Transcript/Export).`,
    );
  }
  if (type === ExportType.EInvoiceXml) return eInvoiceXmlFile(scope, files, task);
  if (ANONYMISED.has(type)) return anonymisedExport(scope, files, task, type);
  return exportDocument(type as ExportType, await reviewedDocument(scope, task), task.display_name, language);
}

/** A media task's transcript in one format. */
export async function exportTaskTranscript(
  scope: ResultsScope,
  task: TaskRow,
  type: number,
  options: TranscriptExportOptions,
): Promise<ExportFile> {
  checkTranscriptType(type);
  if (!isMediaTask(task) && task.file_kind !== null) {
    throw resultError(
      TaskErrorCode.ExportDataError,
      `'${task.display_name}' is a document task: it has no transcript.`,
    );
  }
  return exportTranscript(
    type as TranscriptExportType,
    await reviewedTranscript(scope, task),
    task.display_name,
    options,
  );
}

/** Tasks of a selection in one file: one task is exported as itself, several together. */
export async function exportSelection(
  scope: ResultsScope,
  files: BlobStorage,
  tasks: TaskRow[],
  type: number,
  bundleName: string,
  language: Language,
): Promise<ExportFile> {
  checkDocumentType(type);
  if (tasks.length === 0) throw resultError(TaskErrorCode.ExportDataError, 'The selection holds no task to export.');
  if (tasks.length === 1 && tasks[0]) return exportTask(scope, files, tasks[0], type, language);
  // Each e-invoice is a document of its own: several go into a zip, never into one XML.
  if (type === ExportType.EInvoiceXml) {
    throw resultError(
      TaskErrorCode.ExportDataError,
      'Several e-invoice XML files cannot be one file: export them with SdTask/BulkExport (a zip).',
    );
  }
  if (ANONYMISED.has(type)) {
    throw resultError(
      TaskErrorCode.ExportDataError,
      'Several anonymised documents cannot be one file: export them with SdTask/BulkExport (a zip).',
    );
  }
  const documents = [];
  for (const task of tasks) {
    documents.push({ task, result: await exportable(scope, task) });
  }
  return combinedExport(type as ExportType, documents, bundleName, language);
}

/** The reviewed document of a task in a multi-task export; a task without one names itself in the error. */
async function exportable(scope: ResultsScope, task: TaskRow) {
  if (isMediaTask(task)) {
    throw resultError(
      TaskErrorCode.ExportDataError,
      `Task #${task.sequential_by_workspace_id} '${task.display_name}' is an audio or video task: export transcripts with Transcript/ExportMultiple.`,
    );
  }
  try {
    return await reviewedDocument(scope, task);
  } catch (error) {
    throw namingTask(task, error);
  }
}

/** In a selection, an error says which task it is about; anything but a contract error goes on as it is. */
function namingTask(task: TaskRow, error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  return resultError(error.code, `Task #${task.sequential_by_workspace_id} '${task.display_name}': ${error.message}`);
}

/** Each task in each type, zipped; entries are named after the tasks (unique within the archive). */
export async function bulkExport(
  scope: ResultsScope,
  storage: BlobStorage,
  tasks: TaskRow[],
  types: number[],
  language: Language,
): Promise<Buffer> {
  for (const type of types) checkDocumentType(type);
  if (tasks.length === 0) throw resultError(TaskErrorCode.ExportDataError, 'The selection holds no task to export.');
  const files: ExportFile[] = [];
  for (const task of tasks) {
    const result = await exportable(scope, task);
    for (const type of new Set(types)) {
      if (type !== ExportType.EInvoiceXml && !ANONYMISED.has(type)) {
        files.push(await exportDocument(type as ExportType, result, task.display_name, language));
        continue;
      }
      try {
        files.push(
          ANONYMISED.has(type)
            ? await anonymisedExport(scope, storage, task, type)
            : await eInvoiceXmlFile(scope, storage, task),
        );
      } catch (error) {
        throw namingTask(task, error);
      }
    }
  }
  const names = uniqueNames(files.map((f) => f.fileName));
  return zip(files.map((file, i) => ({ name: names[i] ?? file.fileName, bytes: file.bytes })));
}

/** The transcripts of several media tasks, zipped. */
export async function bulkTranscriptExport(
  scope: ResultsScope,
  tasks: TaskRow[],
  type: number,
  options: TranscriptExportOptions,
): Promise<Buffer> {
  checkTranscriptType(type);
  if (tasks.length === 0) throw resultError(TaskErrorCode.ExportDataError, 'The selection holds no task to export.');
  const files: ExportFile[] = [];
  for (const task of tasks) {
    try {
      files.push(await exportTaskTranscript(scope, task, type, options));
    } catch (error) {
      throw namingTask(task, error);
    }
  }
  const names = uniqueNames(files.map((f) => f.fileName));
  return zip(files.map((file, i) => ({ name: names[i] ?? file.fileName, bytes: file.bytes })));
}

/** Name of a file bundling several tasks, e.g. "Supplier invoices.zip". */
export const bundleFileName = (name: string, extension: string) => safeFileName(name, extension);
