// The e-invoice XML kept with a task (tasks.einvoice_blob_id: the ZUGFeRD / Factur-X attachment of
// its PDF, or the XRechnung / UBL / CII file it was imported from), exported byte for byte as
// received (ExportType EInvoiceXml): the accounting systems that take EN 16931 want the original,
// not the reviewed values re-serialised. A task without one is refused with ExportDataError (17).
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { ResultsScope } from '../../db/repositories/results.js';
import type { TaskRow } from '../../db/schema.js';
import { type ExportFile, safeFileName } from '../../formats/exports/index.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { hasResult, notReadyYet, resultError } from '../results/viewer-task.js';

/** "Invoice 12.pdf" → "Invoice 12.einvoice.xml": beside the Xml export's "Invoice 12.xml", not over it. */
export function eInvoiceFileName(displayName: string): string {
  return safeFileName(displayName.replace(/\.xml$/i, ''), 'einvoice.xml');
}

export async function eInvoiceXmlFile(scope: ResultsScope, storage: BlobStorage, task: TaskRow): Promise<ExportFile> {
  if (!hasResult(task.status)) throw notReadyYet();
  const blob = task.einvoice_blob_id ? await scope.blob(task.einvoice_blob_id) : undefined;
  if (!blob) {
    throw resultError(
      TaskErrorCode.ExportDataError,
      `'${task.display_name}' carries no e-invoice XML (ZUGFeRD, Factur-X, XRechnung or UBL) to export.`,
    );
  }
  return {
    fileName: eInvoiceFileName(task.display_name),
    contentType: 'application/xml',
    bytes: await storage.readAll(blob.storage_key),
  };
}
