// The e-invoice hand-offs of the document stages (documents/einvoice):
//  - pre-processing: a task whose file is an e-invoice XML (XRechnung, UBL, CII) is given a PDF
//    rendering of it, in the task's language, whose pages are reviewed like any document's;
//  - post-processing: when the task's file is such an XML, or a PDF carrying an EN 16931 invoice
//    as an embedded file (ZUGFeRD, Factur-X, XRechnung), the XML's fields replace those the layout
//    rules read from the page, and the layout findings serve as the check on the XML. A PDF whose
//    XML attachment is not an invoice, or is broken, is read from its pages as before; the task's
//    timeline says why. The XML read is kept with the task (tasks.einvoice_blob_id) for the exports.
import type { TaskRow } from '../../db/schema.js';
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import {
  type Disagreement,
  type EmbeddedEInvoice,
  eInvoiceAmong,
  eInvoiceFields,
  readEInvoice,
  renderEInvoicePdf,
  renderLocaleOf,
} from '../documents/einvoice/index.js';
import {
  type DetectedFileType,
  DocumentEngineError,
  detectFileType,
  type Entity,
  type PageText,
  type Table,
} from '../documents/index.js';
import { type StageContext, TaskFailure } from '../worker/stage.js';
import type { StageStore } from './task-store.js';

export interface EInvoiceResults {
  fields: Entity[];
  table: Table | null;
  payload: Record<string, unknown>;
}

/** An e-invoice the task's file carries, found before its pages' fields are known. */
export type FoundEInvoice = Extract<EmbeddedEInvoice, { status: 'invoice' }>;

/**
 * The e-invoice the task's file carries, or null when it carries none (or one this server does not
 * read, which the task's timeline then says). Needs no recognised page, so the stage starts it
 * beside the page detectors.
 */
export async function findEInvoice(context: StageContext, store: StageStore): Promise<FoundEInvoice | null> {
  const original = await originalFile(store, context.task);
  if (!original) return null;
  let found: EmbeddedEInvoice;
  try {
    found =
      original.kind === 'pdf'
        ? // pdf.js parses the file on a pipeline thread, beside the page detectors.
          eInvoiceAmong(await context.threads.embeddedXmlFiles({ bytes: original.bytes }))
        : standaloneEInvoice(original.bytes, context.task.original_file_name ?? 'invoice.xml');
  } catch (error) {
    // The pages were already read; a PDF pdf.js cannot open for its attachments is read from them.
    if (!(error instanceof DocumentEngineError)) throw error;
    await context.note(
      `The PDF's attachments could not be read (${error.message}); the fields are read from the pages.`,
    );
    return null;
  }
  if (found.status === 'none') return null;
  if (found.status === 'rejected') {
    await context.note(
      `The PDF carries XML, but not an e-invoice this server reads, so the fields are read from the pages: ${found.reasons.join('; ')}.`,
      { eInvoice: 'rejected', reasons: found.reasons },
    );
    return null;
  }
  return found;
}

/** The e-invoice's fields and line items, checked against the fields the layout rules read from the pages. */
export async function eInvoiceResults(
  context: StageContext,
  store: StageStore,
  found: FoundEInvoice,
  pages: readonly PageText[],
  printed: readonly Entity[],
): Promise<EInvoiceResults> {
  const { invoice, file } = found;
  const result = eInvoiceFields(invoice, pages, printed);
  // Kept with the task, as received, for the exports (ExportType EInvoiceXml).
  await store.setEInvoiceXml(context.task.id, { bytes: file.bytes, fileName: xmlFileName(file.fileName) });
  const checked = result.failedTaxIds.length
    ? ` Tax ids failing their country's check digits, flagged for review: ${result.failedTaxIds.join('; ')}.`
    : '';
  await context.note(
    `${describe(file.fileName, invoice.syntax, invoice.lines.length, result.disagreements)}${checked}`,
    {
      eInvoice: file.fileName,
      syntax: invoice.syntax,
      profile: invoice.profile,
      documentType: invoice.documentType,
      disagreements: result.disagreements,
      failedTaxIds: result.failedTaxIds,
    },
  );
  return {
    fields: result.entities,
    table: result.table,
    payload: { eInvoice: file.fileName, eInvoiceDisagreements: result.disagreements.length },
  };
}

/** The task's own PDF or e-invoice XML (not a chunk of a split PDF: its attachment belongs to the whole file). */
async function originalFile(
  store: StageStore,
  task: TaskRow,
): Promise<{ kind: 'pdf' | 'einvoice-xml'; bytes: Uint8Array } | null> {
  if (!task.blob_id || task.split_source_id) return null;
  const bytes = await store.readBlob(task.blob_id);
  const kind = detectFileType(bytes)?.kind;
  return kind === 'pdf' || kind === 'einvoice-xml' ? { kind, bytes } : null;
}

/** An attachment is sometimes named without its extension; the export's name says what it is. */
function xmlFileName(name: string): string {
  return /\.xml$/i.test(name) ? name : `${name}.xml`;
}

function standaloneEInvoice(bytes: Uint8Array, fileName: string): EmbeddedEInvoice {
  const reading = readEInvoice(new TextDecoder('utf-8').decode(bytes));
  return reading.ok
    ? { status: 'invoice', invoice: reading.invoice, file: { fileName, bytes } }
    : { status: 'rejected', reasons: [`${fileName}: ${reading.reason}`] };
}

/**
 * Pre-processing of an e-invoice XML file: the PDF rendering its pages are made from. An XML the
 * reader refuses fails the task with the reason (there would be nothing to show).
 */
export async function eInvoiceRendering(
  bytes: Uint8Array,
  fileName: string,
  languages: readonly string[],
): Promise<{ bytes: Uint8Array; type: DetectedFileType }> {
  const reading = readEInvoice(new TextDecoder('utf-8').decode(bytes));
  if (!reading.ok) {
    throw new TaskFailure(
      S.PreProcessingConvertToPdfFailed,
      `'${fileName}' looks like an e-invoice but cannot be read: ${reading.reason}.`,
    );
  }
  const pdf = await renderEInvoicePdf(reading.invoice, renderLocaleOf(languages[0]));
  return { bytes: pdf, type: { kind: 'pdf', category: 'document', mime: 'application/pdf' } };
}

function describe(fileName: string, syntax: string, lines: number, disagreements: readonly Disagreement[]): string {
  const read = `E-invoice ${fileName} (${syntax}) read: fields and ${lines} line item${lines === 1 ? '' : 's'} taken from the XML`;
  if (disagreements.length === 0) return `${read}; the printed page agrees.`;
  const list = disagreements.map((item) => `${item.category} printed ${item.printed}, XML ${item.xml}`).join('; ');
  return `${read}; the printed page disagrees, flagged for review: ${list}.`;
}
