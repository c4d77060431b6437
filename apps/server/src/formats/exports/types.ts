// The inputs and output of the export writers: the contract's types (src/contract/generated).
// Stored results are read as they are; fields the writers do not know pass through untouched.

import type { Schema } from '../../contract/types.js';

export { ExportType, TranscriptExportType } from '../../contract/generated/enums.js';

export type KeyValue = Schema<'KeyValue'>;
export type TableHeader = Schema<'TableHeader'>;
export type TableCell = Schema<'TableCell'>;
export type Table = Schema<'Table'>;
export type Entity = Schema<'Entity'>;
export type DocumentResult = Schema<'DocumentResult'>;

/** The text of a Translation task in its target language, page by page, and who translated it. */
export interface DocumentTranslation {
  from: string;
  to: string;
  engine: string;
  pages: Array<{ pageNumber: number; text: string }>;
}

/** What the document writers take: the reviewed result and, for a Translation task, its translation. */
export type ExportedDocument = DocumentResult & { translation?: DocumentTranslation };

/** The contract's TranscriptExportOptions without the format (`type`), which picks the writer. */
export type TranscriptExportOptions = Omit<Schema<'TranscriptExportOptions'>, 'type'>;

/** What every writer returns: ready to stream as a download or to wrap as ExportFileResult. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The contract's ExportFileResult: the file inside a JSON body, base64-encoded. */
export type ExportFileResult = Schema<'ExportFileResult'>;

export function toExportFileResult(file: ExportFile): ExportFileResult {
  return {
    fileName: file.fileName,
    contentType: file.contentType,
    content: Buffer.from(file.bytes).toString('base64'),
  };
}
