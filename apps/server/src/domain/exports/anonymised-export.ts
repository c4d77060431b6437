// The anonymised exports of an anonymisation task (AnonymizedPng 5, AnonymizedJpeg 6,
// AnonymizedPdf 7): its original file with exactly the regions the reviewer kept burned in, in the
// workspace's anonymizationFillColor. Other task types, a task whose file is gone and a part of a
// split document are refused with ExportDataError (17); so is a file that fails the check after
// writing — a file that might still show personal data is never delivered.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { ResultsScope } from '../../db/repositories/results.js';
import type { TaskRow } from '../../db/schema.js';
import { exportAnonymised, PdfiumError, RedactionCheckError, regionsOf } from '../../formats/anonymised/index.js';
import type { ExportFile } from '../../formats/exports/index.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { hasResult, notReadyYet, resultError } from '../results/viewer-task.js';
import { resolveConfiguration } from '../workspaces/configuration.js';
import { reviewedDocument } from './reviewed-result.js';

export const ANONYMISATION_TASK_TYPES: ReadonlySet<string> = new Set(['DocumentAnonymization', 'ImageAnonymization']);

const refused = (message: string) => resultError(TaskErrorCode.ExportDataError, message);

export async function anonymisedExport(
  scope: ResultsScope,
  storage: BlobStorage,
  task: TaskRow,
  type: number,
): Promise<ExportFile> {
  if (!hasResult(task.status)) throw notReadyYet();
  const workspace = await scope.workspace(task.workspace_id);
  if (!workspace) throw refused('The workspace of the task no longer exists.');
  const configuration = resolveConfiguration(workspace);
  if (!ANONYMISATION_TASK_TYPES.has(configuration.taskType)) {
    throw refused(
      `'${task.display_name}' is a ${configuration.taskType} task: anonymised exports are for DocumentAnonymization and ImageAnonymization tasks.`,
    );
  }
  if (task.split_source_id) {
    throw refused(
      `'${task.display_name}' is part of a split document: anonymised exports are made of whole documents.`,
    );
  }
  const kind = task.file_kind === 'pdf' ? 'pdf' : task.file_kind === 'image' ? 'image' : null;
  const blob = task.blob_id ? await scope.blob(task.blob_id) : undefined;
  if (!kind || !blob)
    throw refused(`The original file of '${task.display_name}' is no longer kept: it cannot be anonymised.`);
  const original = await storage.readAll(blob.storage_key);
  const regions = regionsOf(await reviewedDocument(scope, task));
  try {
    return await exportAnonymised(
      type,
      { bytes: new Uint8Array(original), kind },
      regions,
      configuration.anonymizationFillColor,
      task.display_name,
    );
  } catch (error) {
    if (error instanceof RedactionCheckError || error instanceof PdfiumError) {
      throw refused(`'${task.display_name}' could not be anonymised safely: ${error.message}`);
    }
    throw error;
  }
}
