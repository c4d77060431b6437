// The document viewer's reads of one page: its document result with the OCR layer
// (Document/PageAndOCR) and the page itself as a file (Document/PageDocument).
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { ResultsScope } from '../../db/repositories/results.js';
import type { BlobRow, TaskPageRow, TaskRow } from '../../db/schema.js';
import { safeFileName } from '../../formats/file-names.js';
import { iso } from '../tasks/mappers.js';
import { fromStoredOcr } from './stored-ocr.js';
import { hasResult, notReadyYet, resultError } from './viewer-task.js';

const outOfBounds = (pageNumber: number, total: number) =>
  resultError(
    TaskErrorCode.PageOutOfBounds,
    `Page ${pageNumber} does not exist: the task has ${total} page${total === 1 ? '' : 's'}.`,
  );

/** The page row, or the contract's error: NotReadyYet before pages exist, PageOutOfBounds past the last. */
async function pageOf(scope: ResultsScope, task: TaskRow, pageNumber: number) {
  const total = await scope.pageCount(task.id);
  if (total === 0) throw notReadyYet('The task has no pages yet: it is still being processed.');
  if (pageNumber > total) throw outOfBounds(pageNumber, total);
  const page = await scope.page(task.id, pageNumber);
  if (!page) throw notReadyYet(`Page ${pageNumber} is not processed yet.`);
  return { page, total };
}

/** DocumentResult of a page as stored, with the version and audit fields of the row. */
export function pageDocument(page: TaskPageRow, retrievedOn = new Date()) {
  const stored = page.document as Record<string, unknown>;
  return {
    ...stored,
    entities: Array.isArray(stored.entities) ? stored.entities : [],
    tables: Array.isArray(stored.tables) ? stored.tables : [],
    version: page.version,
    retrievedOn: retrievedOn.toISOString(),
    lastModifiedBy: page.modified_by,
    lastModifiedOn: iso(page.modified_on),
  };
}

/** PageAndOcrResult. Only a task with a recognised result has one (else NotReadyYet). */
export async function pageAndOcr(scope: ResultsScope, task: TaskRow, pageNumber: number) {
  if (!hasResult(task.status)) throw notReadyYet();
  const { page, total } = await pageOf(scope, task, pageNumber);
  return { pageNumber, totalPages: total, page: pageDocument(page), ocr: fromStoredOcr(page.ocr) };
}

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** `invoice-p3.pdf` for page 3 of the task "invoice.pdf". */
export function pageFileName(displayName: string, pageNumber: number, contentType: string): string {
  const extension = EXTENSIONS[contentType] ?? 'bin';
  return safeFileName(displayName, extension).replace(new RegExp(`\\.${extension}$`), `-p${pageNumber}.${extension}`);
}

/**
 * The stored page file (a one-page PDF or an image) and its download name. Pages are rendered in
 * pre-processing, so the viewer can show them before recognition ends.
 */
export async function pageFile(
  scope: ResultsScope,
  task: TaskRow,
  pageNumber: number,
): Promise<{ blob: BlobRow; fileName: string; contentType: string }> {
  const { page } = await pageOf(scope, task, pageNumber);
  const blob = page.image_blob_id ? await scope.blob(page.image_blob_id) : undefined;
  if (!blob) throw notReadyYet(`Page ${pageNumber} has no page file yet.`);
  // The contract offers application/pdf, image/png and image/jpeg; the page renderer writes only those.
  const contentType = blob.content_type.split(';')[0]?.trim().toLowerCase() ?? 'application/octet-stream';
  return { blob, contentType, fileName: pageFileName(task.display_name, pageNumber, contentType) };
}
