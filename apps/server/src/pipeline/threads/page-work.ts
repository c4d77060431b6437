// The jobs the pipeline's threads run: the CPU-bound part of a page's processing (pdf.js text,
// the stored form of a recognised page, field, table and personal-data detection), the parses of a
// whole PDF by pdf.js (its page layout, its attachments: a long file's parse would hold up every
// other task's statements and the API on the JavaScript thread) and the child processes of poppler, tesseract and zbar,
// which are started from a thread so the fork of the large worker process blocks that thread, not
// the one that orchestrates the tasks. Every job takes and returns plain data.

import { pageText } from '../../domain/search/task-text.js';
import { type EmbeddedFile, embeddedXmlFiles } from '../documents/einvoice/embedded-xml.js';
import { detectInvoiceFields } from '../documents/fields/detect-invoice-fields.js';
import { type PagesWanted, type PdfPageGeometry, pagesWantedOf, readPdfLayout } from '../documents/pdf/inspect-pdf.js';
import { separatePdfBatch } from '../documents/pdf/separate-pages.js';
import { detectPii } from '../documents/pii/detect-pii.js';
import { type QrPage, readQrCodes } from '../documents/qr/read-qr-codes.js';
import {
  type FilePdfPage,
  NOT_READ,
  type PageEngine,
  type PageFileInput,
  readFileTextLayers,
  readTextLayers,
  recognizePageFile,
  type SizedPdfPage,
} from '../documents/recognize-page.js';
import { detectTables } from '../documents/tables/detect-tables.js';
import { pageTextFromOcr, type StoredOcrPage } from '../documents/text/from-ocr-result.js';
import type { PageText } from '../documents/text/page-text.js';
import { toStoredOcrPage } from '../documents/text/to-ocr-result.js';
import type { Entity, OcrPageResult, Table } from '../documents/types.js';

/**
 * A recognised page as the recognition stage stores it (task_pages.ocr), made in the thread: the
 * stored OCR travels back as one JSON string, which a thread hands over for a fraction of what
 * cloning the page's word objects, converting and stringifying them cost the JavaScript thread
 * (~20 ms of a ~126 kB page).
 */
export interface RecognizedPage {
  engine: PageText['engine'];
  words: number;
  orientation: PageText['orientation'];
  pageSize: OcrPageResult['pageSize'];
  /** The contract's OcrPageResult in its stored form (stored-ocr.ts), as JSON. */
  storedOcr: string;
  /** OCR: the languages the words were read in (PageText.languages). */
  languages?: string[];
}

function toRecognizedPage(text: PageText): RecognizedPage {
  const stored = toStoredOcrPage(text);
  return {
    engine: text.engine,
    words: text.words.length,
    orientation: text.orientation,
    pageSize: stored.pageSize,
    storedOcr: JSON.stringify(stored),
    ...(text.languages ? { languages: text.languages } : {}),
  };
}

/** What post-processing has found on a document's recognised pages (stored OCR, parsed in the thread). */
export interface DetectStoredInput {
  pages: StoredOcrPage[];
  /** Invoice or receipt fields of this kind; none when null. */
  fields: 'Invoice' | 'Receipt' | null;
  tables: boolean;
  pii: boolean;
  /** The document's languages: which lexicons look for person names. */
  languages: string[];
  /** Also the text of each page the search index keeps (task-text.ts `pageText`). */
  texts?: boolean;
}

export interface DetectedDocument {
  fields: Entity[];
  tables: Table[];
  pii: Entity[];
  /** The confidence of every word of the pages, in page and word order. */
  confidences: number[];
  /** Each page's text for the search index, when asked for (`texts`). */
  texts: Array<{ pageNumber: number; text: string }>;
}

export const pageWork = {
  async recognizePage(input: {
    engine: PageEngine;
    page: PageFileInput;
    languages: string[];
  }): Promise<RecognizedPage> {
    return toRecognizedPage(await recognizePageFile(input.engine, input.page, input.languages));
  },
  async readTextLayers(input: { pages: SizedPdfPage[] }): Promise<Array<RecognizedPage | null>> {
    return (await readTextLayers(input.pages)).map((text) => (text ? toRecognizedPage(text) : null));
  },
  /** Pages of the document's own file at `path` (readFileTextLayers): NOT_READ for those its page file must serve. */
  async readFileTextLayers(input: {
    path: string;
    pages: FilePdfPage[];
  }): Promise<Array<RecognizedPage | null | typeof NOT_READ>> {
    return (await readFileTextLayers(input.path, input.pages)).map((text) =>
      text === NOT_READ || text === null ? text : toRecognizedPage(text),
    );
  },
  separatePdfBatch(input: { path: string; from: number; to: number }): Promise<Uint8Array[]> {
    return separatePdfBatch(input.path, input.from, input.to);
  },
  /** The page count and the geometry of the pages `wanted` picks (pre-processing). */
  readPdfLayout(input: {
    bytes: Uint8Array;
    wanted: PagesWanted;
  }): Promise<{ numPages: number; pages: PdfPageGeometry[] }> {
    return readPdfLayout(input.bytes, (numPages) => pagesWantedOf(input.wanted, numPages));
  },
  /** The XML files a PDF carries as attachments (post-processing looks for an e-invoice among them). */
  embeddedXmlFiles(input: { bytes: Uint8Array }): Promise<EmbeddedFile[]> {
    return embeddedXmlFiles(input.bytes);
  },
  readQrCodes(input: { pages: QrPage[] }): Promise<Entity[][]> {
    return readQrCodes(input.pages);
  },
  /**
   * The stored pages' JSON is what crosses to the thread (a string is copied, where a page's word
   * objects are cloned one by one) and is parsed here; only the findings, the words' confidences
   * and the pages' text for the search index come back.
   */
  async detectStoredPages(input: DetectStoredInput): Promise<DetectedDocument> {
    const texts: DetectedDocument['texts'] = [];
    const pages = input.pages.map((page) => {
      const ocr = JSON.parse(page.storedOcr) as OcrPageResult;
      // The index's text of the page, from the words parsed here anyway: the stage need not read the page back to index it.
      if (input.texts) texts.push({ pageNumber: page.pageNumber, text: pageText(ocr) });
      return pageTextFromOcr(ocr, page.pageNumber);
    });
    const confidences: number[] = [];
    for (const page of pages) for (const word of page.words) confidences.push(word.confidence);
    return {
      fields: input.fields ? detectInvoiceFields(pages, { documentKind: input.fields }) : [],
      tables: input.tables ? detectTables(pages) : [],
      pii: input.pii ? pages.flatMap((page) => detectPii(page, input.languages)) : [],
      confidences,
      texts,
    };
  },
};

export type PageWork = typeof pageWork;
export type PageJob = keyof PageWork;
