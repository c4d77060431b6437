// The jobs the pipeline's threads run: the CPU-bound part of a page's processing (pdf.js text,
// field, table and personal-data detection) and the child processes of poppler, tesseract and zbar,
// which are started from a thread so the fork of the large worker process blocks that thread, not
// the one that orchestrates the tasks. Every job takes and returns plain data.
import { detectInvoiceFields } from '../documents/fields/detect-invoice-fields.js';
import { separatePdfBatch } from '../documents/pdf/separate-pages.js';
import { detectPii } from '../documents/pii/detect-pii.js';
import { type QrPage, readQrCodes } from '../documents/qr/read-qr-codes.js';
import {
  type PageEngine,
  type PageFileInput,
  readTextLayers,
  recognizePageFile,
  type SizedPdfPage,
} from '../documents/recognize-page.js';
import { detectTables } from '../documents/tables/detect-tables.js';
import type { PageText } from '../documents/text/page-text.js';
import type { Entity, Table } from '../documents/types.js';

export interface DetectDocumentInput {
  pages: PageText[];
  /** Invoice or receipt fields of this kind; none when null. */
  fields: 'Invoice' | 'Receipt' | null;
  tables: boolean;
  pii: boolean;
  /** The document's languages: which lexicons look for person names. */
  languages: string[];
}

export interface DetectedDocument {
  fields: Entity[];
  tables: Table[];
  pii: Entity[];
}

export const pageWork = {
  recognizePage(input: { engine: PageEngine; page: PageFileInput; languages: string[] }): Promise<PageText> {
    return recognizePageFile(input.engine, input.page, input.languages);
  },
  readTextLayers(input: { pages: SizedPdfPage[] }): Promise<Array<PageText | null>> {
    return readTextLayers(input.pages);
  },
  separatePdfBatch(input: { path: string; from: number; to: number }): Promise<Uint8Array[]> {
    return separatePdfBatch(input.path, input.from, input.to);
  },
  readQrCodes(input: { pages: QrPage[] }): Promise<Entity[][]> {
    return readQrCodes(input.pages);
  },
  async detectDocument(input: DetectDocumentInput): Promise<DetectedDocument> {
    return {
      fields: input.fields ? detectInvoiceFields(input.pages, { documentKind: input.fields }) : [],
      tables: input.tables ? detectTables(input.pages) : [],
      pii: input.pii ? input.pages.flatMap((page) => detectPii(page, input.languages)) : [],
    };
  },
};

export type PageWork = typeof pageWork;
export type PageJob = keyof PageWork;
