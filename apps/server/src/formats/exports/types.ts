// The inputs and output of the export writers. The enumerations, TranscriptExportOptions and
// ExportFileResult are the contract's (src/contract/generated). DocumentResult and its parts are
// narrower read views of the contract's: only the fields exports read are typed, because the
// writers also take stored results that predate fields the contract added since; extra fields
// pass through untouched.

import type { Schema } from '../../contract/types.js';

export { ExportType, TranscriptExportType } from '../../contract/generated/enums.js';

export interface KeyValue {
  pageNumber: number;
  category?: string | null;
  categoryNormalized?: string | null;
  content?: string | null;
  contentNormalized?: string | null;
  confidence?: number | null;
}

export interface TableHeader {
  uniqueId: string;
  fieldType?: number;
  isRequired?: boolean;
}

export interface TableCell {
  rowIndex: number;
  columnIndex: number;
  content?: string | null;
  contentNormalized?: string | null;
  pageNumber?: number | null;
  uniqueId?: string | null;
  headerId?: string | null;
}

export interface Table {
  rowCount: number;
  columnCount: number;
  tableHeaders: TableHeader[];
  /** Cells by row index (`"0"`, `"1"`, …). */
  tableRows: Record<string, TableCell[]>;
}

export interface Entity {
  temporaryId: string;
  type?: string | null;
  category: string;
  groupName?: string | null;
  pageNumber: number;
  keyValues: KeyValue[];
  confidence?: number | null;
  table?: Table | null;
  notDetected?: boolean;
}

export interface DocumentResult {
  entities: Entity[];
  tables: Table[];
  documentConfidence?: number | null;
  averageConfidence?: number | null;
  version?: number | null;
}

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
