// The inputs and output of the export writers, mirroring the contract (openapi/reviewdesk.yaml):
// DocumentResult, Entity, KeyValue, Table, TableHeader, TableCell, ExportType,
// TranscriptExportType, TranscriptExportOptions and ExportFileResult. Only the fields exports read
// are typed; extra fields in the stored result pass through untouched.

/** Contract enum ExportType. */
export const ExportType = {
  Excel: 0,
  Csv: 1,
  Json: 2,
  Xml: 3,
  Word: 4,
  AnonymizedPng: 5,
  AnonymizedJpeg: 6,
  AnonymizedPdf: 7,
} as const;
export type ExportType = (typeof ExportType)[keyof typeof ExportType];

/** Contract enum TranscriptExportType. */
export const TranscriptExportType = { Txt: 10, Word: 20, Srt: 30, Vtt: 40, Json: 50 } as const;
export type TranscriptExportType = (typeof TranscriptExportType)[keyof typeof TranscriptExportType];

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

/** Contract schema TranscriptExportOptions (without the selection fields). */
export interface TranscriptExportOptions {
  /** @default true */
  includeTimestamps?: boolean;
  /** @default true */
  includeSpeakers?: boolean;
  /** Merge consecutive paragraphs of the same speaker. @default false */
  mergeParagraphs?: boolean;
}

/** What every writer returns: ready to stream as a download or to wrap as ExportFileResult. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Contract schema ExportFileResult: the file inside a JSON body, base64-encoded. */
export interface ExportFileResult {
  fileName: string;
  contentType: string;
  content: string;
}

export function toExportFileResult(file: ExportFile): ExportFileResult {
  return {
    fileName: file.fileName,
    contentType: file.contentType,
    content: Buffer.from(file.bytes).toString('base64'),
  };
}
